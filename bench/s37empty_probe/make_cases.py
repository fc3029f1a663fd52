# ruff: noqa: E501
"""Write cases.yaml of the s37empty probe (written BEFORE any run of the new code on it).

Classes whose record was found but ended with "no fix applies": a program that is not Python
misses the Intel compiler runtime (the module op found no Python launch line); PBS kills a job
whose CPU use passed its ncpus request (the record had an empty fix); Slurm refuses a job whose
GPUs are asked typed on the submit command and untyped in the script (cases 9-12, added before
their first run)."""

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
INTEL = {"families": ["modules", "environment"],
         "fix": "(?m)^\\+\\s*(module\\s+load\\s+\\S*(intel|oneapi)|export\\s+LD_LIBRARY_PATH=\\S*(intel|oneapi|compiler)|source\\s+\\S*(setvars|compilervars)\\.sh)"}
NCPUS = {"families": ["resources", "scheduler"],
         "fix": "(?m)^\\+.*(ncpus=\\d|OMP_NUM_THREADS)"}
TACC_HEAD = ("module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\n"
             "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
             "export MASTER_PORT=29500\nibrun python train.py --epochs 10")


def cpu_job(body: str) -> list[list[str]]:
    """The TACC script as a one-node Stampede3 CPU job that loads gcc and runs ``body``."""
    return [["#SBATCH -p gpu-a100", "#SBATCH -p skx"], ["#SBATCH -N 2", "#SBATCH -N 1"],
            ["#SBATCH -n 6", "#SBATCH -n 1"], [TACC_HEAD, "module load gcc/13.2.0\n" + body]]


def case(cid, kind, source, site, what, cluster, script, log, expect=None, replace=None):
    """One case in the format of bench/reallogs29/cases.yaml (all `tune`: a probe)."""
    out = {"id": cid, "split": "tune", "kind": kind, "source": source, "thread_site": site,
           "what": what, "cluster": cluster, "script": script}
    if replace:
        out["replace"] = replace
    out["log"] = log
    out["expect"] = expect or {}
    return out


CASES = [
    # (1) a compiled program (not Python) misses the Intel runtime: load the Intel module
    case("rmodnote-r-exec-libiomp5-missing-module-load-intel", "script",
         "find_string:28291206707",
         "a user's notes on building R modulefiles on a cluster (text id 28291206707): the R 3.6.3 build linked against Intel OpenMP fails to start with this error unless `module load intel` is added",
         "R's own executable was linked against the Intel OpenMP runtime, which is on the library path only once the Intel module is loaded; the job script loads gcc only; the fix is a module load in the job script; mapped to a one-node Stampede3 CPU job that runs `Rscript analysis.R` after `module load gcc/13.2.0`",
         "stampede3", "tacc_ibrun.sh",
         "/opt/share/R/3.6.3-v2/lib64/R/bin/exec/R: error while loading shared libraries: libiomp5.so: cannot open shared object file: No such file or directory\n",
         INTEL, cpu_job("Rscript analysis.R")),
    case("dineofdoc-libifport-missing-load-ifort-module", "script",
         "find_string:24128364549",
         "DINEOF's installation notes (text id 24128364549), troubleshooting: `../../dineof` fails with this error; solution given: make sure the module with the ifort compiler is loaded before the run (`module load intel/2019b`)",
         "a Fortran program built with ifort needs the Intel Fortran runtime at run time; the fix is the module load in the job script; mapped to a one-node Stampede3 CPU job that runs `../../dineof dineof.init` after `module load gcc/13.2.0`",
         "stampede3", "tacc_ibrun.sh",
         "../../dineof: error while loading shared libraries: libifport.so.5: cannot open shared object file: No such file or directory\n",
         INTEL, cpu_job("../../dineof dineof.init")),
    case("hpcgnote-xhpcg-avx2-libiomp5-source-compilervars", "script",
         "find_string:40006800142",
         "a user's notes on running Intel's HPCG binaries from MKL (text id 40006800142): `./xhpcg_avx2` fails with this error; fix given: `source /opt/intel/bin/compilervars.sh intel64`",
         "the benchmark binary links Intel OpenMP and runs without the Intel environment; the fix is in the job script (the Intel module or compilervars); mapped to a one-node Stampede3 CPU job that starts `ibrun ./xhpcg_avx2` after `module load gcc/13.2.0`",
         "stampede3", "tacc_ibrun.sh",
         "./xhpcg_avx2: error while loading shared libraries: libiomp5.so: cannot open shared object file: No such file or directory\n",
         INTEL, cpu_job("ibrun ./xhpcg_avx2")),
    case("verfg2g-modulefile-libiomp5-grid2grid-binary", "script",
         "find_string:3535418124",
         "a verification package's environment script (text id 3535418124): a comment says LD_LIBRARY_PATH was set (`source /opt/intel/bin/compilervars.sh intel64`) to solve this runtime error of its `verf_g2g_grid2grid_grib2` executable",
         "the Fortran executable was built with the Intel compilers and runs without their runtime; the fix is the Intel environment in the job script; mapped to a one-node Stampede3 CPU job that runs `./verf_g2g_grid2grid_grib2 < input` after `module load gcc/13.2.0`",
         "stampede3", "tacc_ibrun.sh",
         "error while loading shared libraries: libiomp5.so: cannot open shared object file\n",
         INTEL, cpu_job("./verf_g2g_grid2grid_grib2 < input")),
    case("teinotes-container-libiomp5-symlink-in-image-lookalike", "not_script",
         "find_string:71284236250",
         "a project's notes on running a text-embeddings server image extracted into a rootfs (text id 71284236250): symptom this error; cause given: the binary links Intel OpenMP, which the CPU image ships as libomp.so.5; fix given: a symlink libiomp5.so -> libomp.so.5 inside the image's library path",
         "LOOK-ALIKE: the library is missing from the container image, whose contents the job script does not set; a host module load does not reach the image (the image is the fix); assumed shape - a Delta job that starts the server in an Apptainer image with srun",
         "delta", "apptainer_srun_torchrun.sh",
         "error while loading shared libraries: libiomp5.so: cannot open shared object file\n",
         None, [["torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint=\"$MASTER_ADDR:$MASTER_PORT\" --rdzv_id=\"$SLURM_JOB_ID\" train.py",
                 "text-embeddings-router --model-id BAAI/bge-large-en-v1.5 --port 8080"]]),
    # (2) PBS kills a job whose processes keep more cores busy than its ncpus request
    case("joblib1268-pbs-ncpus-1938-exceeded-8-select", "script",
         "https://github.com/joblib/joblib/issues/1268",
         "joblib/joblib #1268: a PBS job with `#PBS -lselect=1:ncpus=8:mem=96gb` running joblib Parallel(n_jobs=4, prefer=threads) is killed with this message; maintainer: the worker function itself runs parallel code (numpy)",
         "the program's threads use more cores than the select chunk asks, so PBS kills it; the script-side fixes are a larger ncpus request or a thread limit; the log gives the use, so the request can be raised above it; assumed shape - a one-node Polaris PBS job with select=1:ncpus=8:mem=96gb",
         "polaris", "pbs_mpiexec.sh",
         "PBS: job killed: ncpus 19.38 exceeded limit 8\n",
         NCPUS, [["#PBS -l select=2:system=polaris", "#PBS -l select=1:ncpus=8:mem=96gb"]]),
    case("osprey201-pbs-job-wide-ncpus-8-exceeded-1185", "script",
         "https://github.com/msmbuilder/osprey/issues/201",
         "msmbuilder/osprey #201: PBS Pro job with `#PBS -l ncpus=8` starting 8 osprey workers is killed minutes in with this message; the estimator's numpy/BLAS threads are the suspected cause",
         "the workers' threads use more cores than the job-wide ncpus request; the script-side fix is a larger request (or a thread limit); assumed shape - a one-node Polaris PBS job asking `-l ncpus=8` job-wide (no select)",
         "polaris", "pbs_mpiexec.sh",
         "=>> PBS: job killed: ncpus 11.85 exceeded limit 8 (sum)\n",
         NCPUS, [["#PBS -l select=2:system=polaris", "#PBS -l ncpus=8"]]),
    case("globalworkflow4720-ncpus-burst-over-node-mpiexec-ranks-lookalike", "script",
         "https://github.com/NOAA-EMC/global-workflow/issues/4720",
         "NOAA-EMC/global-workflow #4720: on WCOSS2 (PBS Pro, 128-core nodes) tracejob shows this message; the job's mpiexec starts 2048 ranks at 128 per node while the job asks 10 nodes x 128 = 1280",
         "LOOK-ALIKE: the use per node is above what a whole node has, so raising ncpus cannot help; the fault is the mpiexec rank count (the user's layout) - no ncpus fix may be written; assumed shape - a two-node Polaris PBS job with select=2:ncpus=64 and `mpiexec -n 256 --ppn 128`",
         "polaris", "pbs_mpiexec.sh",
         "ncpus 164.4 exceeded limit 128 (burst)\n",
         {"families": ["launcher", "resources", "scheduler"], "fix": "(?m)^\\+.*mpiexec\\b.*-n\\s+128\\b"},
         [["#PBS -l select=2:system=polaris", "#PBS -l select=2:ncpus=64"],
          ["mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py",
           "mpiexec -n 256 --ppn 128 --cpu-bind depth --depth 1 ./gcafs_model.x"]]),
    # (3) a typed GPU request from the submit command and the script's untyped GPU directive
    case("lexhybridnotes-untyped-gpus-directive-typed-gres-on-submit", "script",
         "find_string:70970728722",
         "a project's cluster notes (text id 70970728722): `#SBATCH --gpus=1` in a job file is not overridden by the submit command; combining it with a typed --gres on the command line was refused with this message (\"hit live\")",
         "the script asks its GPUs untyped while the submission asks them typed, so Slurm sees both kinds; the script's own untyped directive is the line to drop (the typed request from the command line carries type and count); assumed shape - the one-node Delta srun job with `#SBATCH --gpus=1` in place of --gpus-per-node",
         "delta", "srun_python.sh",
         "sbatch: error: Batch job submission failed: Invalid GRES specification (with and without type identification)\n",
         {"families": ["scheduler", "resources", "devices"], "fix": "(?m)^-#SBATCH --gpus=1$"},
         [["#SBATCH --gpus-per-node=4", "#SBATCH --gpus=1"], ["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"]]),
    case("migsweep-default-gpus-1-typed-gres-would-conflict", "script",
         "find_string:53968123845",
         "a benchmark sweep's submit script (text id 53968123845): its comment says a typed --gres on the sbatch command line would conflict with the default `--gpus=1` of the job script (the \"with and without type identification\" sbatch error); it passes a typed --gpus instead",
         "the job file's default untyped GPU request meets a typed one from the submission; the script-side fix is to drop the untyped default; assumed shape - a one-node Delta job whose header has `#SBATCH --gpus=1` and runs the TensorFlow benchmark with srun",
         "delta", "srun_python.sh",
         "sbatch: error: Invalid GRES specification (with and without type identification)\n",
         {"families": ["scheduler", "resources", "devices"], "fix": "(?m)^-#SBATCH --gpus=1$"},
         [["#SBATCH --gpus-per-node=4", "#SBATCH --gpus=1"], ["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"],
          ["srun python -u train.py --batch-size 256 --epochs 32", "srun python run_tf_benchmarks.py"]]),
    case("gresnotes-both-typed-site-lua-rewrite-lookalike", "not_script",
         "find_string:71585164080",
         "a project's run log (text id 71585164080, Chinese): a request naming `--gpus=nvidia_a100:1` and `--gpus-per-node=nvidia_a100:1` (both typed) was refused by Slurm 25.05.5 with this message; the cluster runs JobSubmitPlugins=lua, whose rewrite is not known; the next step is the administrators'",
         "LOOK-ALIKE: every GPU request of the job names a type; the untyped one comes from the site's submit plugin, which the script does not control - no directive of the script may be dropped; assumed shape - a one-node Delta job with both typed directives",
         "delta", "srun_python.sh",
         "Invalid GRES specification (with and without type identification)\n",
         None, [["#SBATCH --gpus-per-node=4", "#SBATCH --gpus=nvidia_a100:1\n#SBATCH --gpus-per-node=nvidia_a100:1"]]),
    case("arinotes-typed-gres-and-untyped-gpus-per-task-in-script", "script",
         "find_string:55620659431",
         "a tool's FAQ (text id 55620659431): this sbatch error was caused by emitting both `--gres=gpu:TYPE:N` and `--gpus-per-task N`; the fix keeps the typed request only",
         "CONTROL: both requests are in the script; the untyped --gpus-per-task is dropped (the existing rule); assumed shape - a one-node Delta job with `--gres=gpu:a100:1` and `--gpus-per-task=1`",
         "delta", "srun_python.sh",
         "sbatch: error: Invalid GRES specification (with and without type identification)\n",
         {"families": ["scheduler", "resources", "devices"], "fix": "(?m)^-#SBATCH --gpus-per-task=1$"},
         [["#SBATCH --gpus-per-node=4", "#SBATCH --gres=gpu:a100:1\n#SBATCH --gpus-per-task=1"], ["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"]]),
    # (4) a rendezvous timeout in seconds (newer torch) where torchrun runs once: look-alikes
    # of one node only (no new real multi-node excerpt of the class was found: report)
    case("glm2notes-single-node-torchrun-localhost-29400-60s-lookalike", "not_script",
         "find_string:10574285424",
         "a user's notes on fine-tuning ChatGLM2 with p-tuning (text id 10574285424): `bash train.sh` on one machine fails with these lines (torchrun's c10d store on localhost:29400 not reached)",
         "LOOK-ALIKE: one node, torchrun once is right there; the timeout is the local store (the notes do not give the cause) - no launch-on-every-node fix; assumed shape - a one-node Delta job that runs the torchrun line once",
         "delta", "torchrun_batch_multinode.sh",
         "[E socket.cpp:860] [c10d] The client socket has timed out after 60s while trying to connect to (localhost, 29400).\n",
         None, [["#SBATCH --nodes=3", "#SBATCH --nodes=1"], ["--nnodes=3", "--nnodes=1"]]),
    case("ddpnotes-program-overwrites-master-port-1800s-lookalike", "not_script",
         "find_string:69408631992",
         "a project's job-submission notes (text id 69408631992): training scripts that hard-code os.environ['MASTER_PORT'] in main.py overwrite the port torchrun listens on, so init_process_group hangs for 1800 s and fails with this line; fix given: guard the assignments in main.py",
         "LOOK-ALIKE: the program's own code sets the port (not the job script); one node; assumed shape - a one-node Delta job that runs torchrun once",
         "delta", "torchrun_batch_multinode.sh",
         "[E socket.cpp:922] The client socket has timed out after 1800s while trying to connect to (127.0.0.1, 28890)\n",
         None, [["#SBATCH --nodes=3", "#SBATCH --nodes=1"], ["--nnodes=3", "--nnodes=1"]]),
]


def main() -> None:
    head = ("# s37empty probe: NEW real excerpts of two 'record found, no fix applies' classes and\n"
            "# look-alikes, written before the new code ran on them (make_cases.py).\n")
    (HERE / "cases.yaml").write_text(head + yaml.safe_dump({"schema": 1, "cases": CASES},
                                                           sort_keys=False, width=100))


if __name__ == "__main__":
    main()
