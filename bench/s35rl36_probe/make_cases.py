# ruff: noqa: E501
"""Probe set of helper s35rl36 (session 35): new real excerpts of the classes of the
reallogs36 tune misses, and look-alikes that must stay untouched. Written before any run."""
from pathlib import Path

import yaml

C = []


def case(id, kind, source, site, what, cluster, script, replace, log, expect=None):
    C.append({"id": id, "split": "tune", "kind": kind, "source": source, "thread_site": site,
              "what": what, "cluster": cluster, "script": script, "replace": replace,
              "log": log, "expect": expect or {}})


LIBPY = {"families": ["modules", "environment"],
         "fix": r"(?m)^\+\s*(module\s+load\s+\S*[Pp]ython|ml\s+\S*[Pp]ython)"}
# --- venv on a module Python, module not loaded: libpython missing
case("scoop79-venv-python-libpython36m-module-not-loaded-remote-workers", "script",
     "https://github.com/soravux/scoop/issues/79",
     "scoop issue: remote workers on an HPC cluster die at start; the fix the user reports is a "
     "prolog that loads the python3/3.6.5 environment module and then activates the venv",
     "the venv's python is linked to the module Python's libpython; the job activates the venv "
     "without loading that module; assumed shape - srun job activating the venv, no module line",
     "delta", "srun_python.sh",
     [["export MASTER_PORT=12802\n", "export MASTER_PORT=12802\nsource $HOME/proj/venv/bin/activate\n"]],
     "/.../venv/bin/python: error while loading shared libraries: libpython3.6m.so.1.0: cannot open shared\nobject file: No such file or directory\n",
     # s38relabel: the log names libpython3.6m but the Delta profile lists no python module of that version, so the module that built the venv is the user's: asks python_module
     {'families': ['modules', 'environment'], 'ask': True, 'ask_for': ['python_module', 'module']})
case("radicalpilot2606-frontera-virtualenv-libpython37m-missing", "script",
     "https://github.com/radical-cybertools/radical.pilot/issues/2606",
     "radical.pilot issue on TACC Frontera: a job using an existing virtualenv (Python 3.7) fails "
     "at start; adding the venv lib dir to LD_LIBRARY_PATH did not help",
     "the virtualenv was made from a module Python 3.7 that the job does not load; assumed shape - "
     "the TACC ibrun job activating the venv with no python module loaded (mapped to Stampede3)",
     "stampede3", "tacc_ibrun.sh",
     [["module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate", "source $WORK/rpilot/ve/raptor/bin/activate"]],
     "python3: error while loading shared libraries: libpython3.7m.so.1.0: cannot open shared object file: No such file or directory.\n",
     # s38relabel: the log names libpython3.7m but the Stampede3 profile lists no python module of that version, so the module that built the venv is the user's: asks python_module
     {'families': ['modules', 'environment'], 'ask': True, 'ask_for': ['python_module', 'module']})
case("gumby53-das4-venv-python-libpython27-missing", "script",
     "https://github.com/Tribler/gumby/issues/53",
     "gumby issue: experiments on the DAS4 VU cluster fail at start; fixed by fixing the venv set-up script",
     "the venv's python cannot find its libpython on the compute node; assumed shape - a Slurm "
     "job activating the venv with no python module (DAS4 mapped to Delta)",
     "delta", "srun_python.sh",
     [["export MASTER_PORT=12802\n", "export MASTER_PORT=12802\nsource $HOME/venv/bin/activate\n"]],
     "python: error while loading shared libraries: libpython2.7.so.1.0: cannot open shared object file: No such file or directory\n",
     # s38relabel: the log names libpython2.7 but the Delta profile lists no python module of that version, so the module that built the venv is the user's: asks python_module
     {'families': ['modules', 'environment'], 'ask': True, 'ask_for': ['python_module', 'module']})
case("pymchelper169-site-python34-setup-not-sourced", "script",
     "https://github.com/DataMedSci/pymchelper/issues/169",
     "pymchelper issue on a PL-Grid cluster: the tool's python 3.4 from the site software tree "
     "cannot load libpython; fix: source the group's setup script first",
     "no venv here: the site's Python is run without its environment set up; assumed shape - a "
     "Slurm job running the tool directly, no module or setup line (mapped to Delta)",
     "delta", "srun_python.sh",
     [["srun python -u train.py --batch-size 256 --epochs 32", "convertmc txt --many \"output/*\" ./txt_output/"]],
     "net/software/local/python/3.4.2/bin/python3.4: error while loading shared libraries: libpython3.4m.so.1.0: cannot open shared object file: No such file or directory\n",
     {"families": ["modules", "environment"],
      "fix": r"(?m)^\+\s*(module\s+load\s+\S*[Pp]ython|ml\s+\S*[Pp]ython|source\s+\S+setup)"})
# --- MASTER_PORT broadcast degenerates ('None')
case("ezpzpolaris-mpi4py-wheel-master-port-none", "script", "find_string:65714928377",
     "a project note on ALCF Polaris (ezpz launch, venv with mpi4py from a PyPI wheel bundling its "
     "own MPICH): every non-zero rank dies at distributed init while rank 0 computed a real port",
     "the port broadcast degenerates (mpi4py cannot reach the launcher's PMI); the job does not "
     "export MASTER_PORT itself; assumed shape - Polaris PBS job, mpiexec python ranks, "
     "MASTER_ADDR exported, no MASTER_PORT; exporting MASTER_PORT sidesteps the broadcast",
     "polaris", "pbs_polaris_torchrun.sh",
     [["mpiexec -n ${NNODES} --ppn 1 --depth=64 --cpu-bind depth \\\n    torchrun --nnodes=${NNODES} --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint=${MASTER_ADDR}:29400 train.py",
       "mpiexec -n $((NNODES*4)) --ppn 4 --depth=16 --cpu-bind depth python3 -m ezpz.examples.test"]],
     "master_port = int(_get_env_or_raise(\"MASTER_PORT\"))\nValueError: invalid literal for int() with base 10: 'None'\n",
     {"families": ["rendezvous", "environment", "launcher"], "fix": r"(?m)^\+.*\bMASTER_PORT=\S+"})
case("digitacion-streamlit-int-none-precio-evento-lookalike", "not_script", "find_string:54734495892",
     "a work order of a Streamlit app: int() of a database field that is the string 'None'",
     "a bug of the program (a None value from its data); nothing to do with a port or the job; "
     "look-alike of the MASTER_PORT class; assumed shape - the app's script run as one srun task",
     "delta", "srun_python.sh",
     [["srun python -u train.py --batch-size 256 --epochs 32", "srun python -u app.py"]],
     "ValueError: invalid literal for int() with base 10: 'None'\n  File modules/digitacion/ui.py\", line 195, in _render_asignacion\n    if int(ev_actual) in ids_list:\n")
# --- profiler counters held by the node's DCGM
case("gromacsl40s-nsys-gpu-metrics-dcgm-holds-counters", "not_script", "find_string:70540480882",
     "an experiment log of GROMACS profiling on an L40S node: ncu and nsys GPU metrics fail, "
     "nv-hostengine (DCGM) holds the counters; unblocking needs admin commands",
     "the counters are held by the node's monitoring service; no job-script change helps",
     "perlmutter", "perlmutter_srun_gpu.sh",
     [["srun --cpu-bind=cores python train.py --config configs/run.yaml", "srun -n 1 ncu --set basic ./gmx mdrun -s prod.tpr"]],
     "==ERROR== Profiling failed\n  because a driver resource was unavailable. Ensure that no other tool (like DCGM) is concurrently\n  collecting profiling data.\n")
case("dsafwd-ncu-dcgm-resource-conflict", "not_script", "find_string:59332482961",
     "a kernel project's note: ncu --set basic of a split-K kernel fails on a node where it worked "
     "before; DCGM on the node collects profiling data",
     "a node service holds the performance counters; a question for the admins, not the script",
     "delta", "srun_python.sh",
     [["srun python -u train.py --batch-size 256 --epochs 32", "srun -n 1 ncu --set basic python bench_dsa.py"]],
     "==ERROR== An error was reported by the driver:\n==ERROR== Profiling failed because a driver resource was unavailable.\nEnsure that no other tool (like DCGM) is concurrently collecting\nprofiling data.\n")
case("gpuoperator-ncu-dcgm-background-metrics", "not_script", "find_string:57416540981",
     "a cluster guide: ncu fails because the NVIDIA GPU Operator runs DCGM to collect GPU metrics "
     "in the background; contact the admin",
     "the cluster's monitoring holds the counters; not the job script",
     "deltaai", "srun_pyxis.sh",
     [["python /workspace/train.py", "ncu ./a.out"]],
     "==ERROR== An error was reported by the driver:\n==ERROR== Profiling failed because a driver resource was unavailable. Ensure that no other tool (like DCGM) is concurrently collecting profiling data. See https://docs.nvidia.com/nsight-compute/ProfilingGuide/index.html#faq for more details.\n")
case("rtx5090-nsys-gpu-metrics-already-under-profiling", "not_script", "find_string:56697886341",
     "a project report (Chinese) on an RTX 5090 node: Nsight GPU metrics return 'Already under "
     "profiling', so no SM utilisation; later closed after the admin restored access",
     "the counters are held by another collector on the node; admin matter, not the script; "
     "line: nsys --gpu-metrics-devices=help output as the report quotes it",
     "delta", "srun_python.sh",
     [["srun python -u train.py --batch-size 256 --epochs 32", "srun -n 1 nsys profile --gpu-metrics-devices=all python bench_decode.py"]],
     "NVIDIA GeForce RTX 5090 - Already under profiling\n")

# --- (added second, before any run of the new code) a model's input over its token limit
case("chai58-too-many-tokens-in-input-4775-over-2048", "not_script",
     "https://github.com/chaidiscovery/chai-lab/issues/58",
     "chai-lab issue: Chai-1 inference on the user's server refuses an input of 4775 tokens; the "
     "maintainer: models allow inference on up to 2048 tokens, limit the input length",
     "the input is larger than the model supports; the cure is a smaller input, not the job "
     "script; assumed shape - one Delta GPU job running chai-lab fold on the input",
     "delta", "srun_python.sh",
     [["srun python -u train.py --batch-size 256 --epochs 32", "srun -n 1 chai-lab fold input.fasta out/"]],
     "chai_lab.chai1.UnsupportedInputError: Too many tokens in input: 4775 > 2048. Please limit the length of the input sequence.\n")
case("venusfold-scaled-model-n-token-over-2560", "not_script", "find_string:69520989366",
     "VenusFold inference code (a Protenix derivative): the scaled model refuses samples over "
     "2560 tokens; the line is the message the program raises",
     "the sample is larger than the model supports; input, not job script - DOUBTFUL as a log "
     "(taken from the code that raises it); assumed shape - one Delta GPU job running inference",
     "delta", "srun_python.sh",
     [["srun python -u train.py --batch-size 256 --epochs 32", "srun -n 1 python runner/inference.py --input_json_path inputs.json"]],
     "AssertionError: venusfold scaled model does not support n_token > 2560.\n")

Path(__file__).with_name("cases.yaml").write_text(
    "# s35rl36 probe (see make_cases.py)\n" + yaml.safe_dump({"schema": 1, "cases": C}, sort_keys=False, allow_unicode=True, width=120))
