# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

PBS_CONDA = 'module use /soft/modulefiles\nmodule load conda\nconda activate\n'
PBS_MPI = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
AURORA_MPI = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
PM_RUN = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'

# ---------------------------------------------------------------- ALCF Polaris gpt-neox page (1)

case(
    id='alcfneox-polaris-deepy-stuck-at-torch-extensions-root-stale-lock',
    kind='not_script',
    source='https://github.com/argonne-lcf/user-guides/blob/0e9d96ca579056de711369689015987caed9ce1e/docs/polaris/data-science/applications/gpt-neox.md',
    thread_site='ALCF\'s user-guide page "Instructions for gpt-neox" on Polaris (PBS, 4 A100 a node; argonne-lcf/user-guides, docs/polaris/data-science/applications/gpt-neox.md): on a compute node, `module load conda; conda activate base`, the site\'s venv, a DeepSpeed hostfile built from $PBS_NODEFILE (`slots=4`), `.deepspeed_env`, then `python3 ./deepy.py train.py -d configs small.yml local_setup.yml` (gpt-neox\'s wrapper around the DeepSpeed launcher); its "danger" box: if training seems stuck at this line, there may be a leftover `.lock` file from an aborted build - clean the whole `.cache` or the extensions\' sub-directory to force a clean build on the next attempt',
    what='the DeepSpeed launcher\'s ranks wait forever on a lock file that an earlier, aborted JIT build of a C++/CUDA extension left in the user\'s own cache directory; the cure the centre gives is to delete that stale cache (user state), not a change to the job script\'s directives, launch line or environment; the line is the page\'s own quotation (its placeholder user name kept); assumed shape - a two-node Polaris PBS job that writes the hostfile and starts `deepy.py` from the batch script, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[PBS_CONDA, 'module load conda\nconda activate base\nsource /soft/datascience/venvs/polaris/2022-09-08/bin/activate\ncd gpt-neox\n'], [PBS_MPI, 'cat $PBS_NODEFILE > hostfile\nsed -e \'s/$/ slots=4/\' -i hostfile\nexport DLTS_HOSTFILE=hostfile\npython3 ./deepy.py train.py -d configs small.yml local_setup.yml']],
    log='''
Using /home/user/.cache/torch_extensions as PyTorch extensions root...
''',
)

# ---------------------------------------------------------------- ezpz bad-node failover notes (Perlmutter pattern module, Sunspot post-mortem)

case(
    id='ezpzpmnode-perlmutter-srun-tasks-killed-on-one-node-sigkill-from-outside',
    kind='not_script',
    source='find_string:58926737240',
    thread_site='the Perlmutter pattern module of a training-failover tool (ezpz; its module docstring, found with the code search, text id 58926737240, the tool shows no repository name): "What srun DOES emit names the host directly" - these two lines, "Captured on Perlmutter job 57540936, which SIGKILLed the ranks on one node of a 2-active/2-spare allocation"; cause given: `Killed` is SIGKILL - "something outside the job stopped that rank" - while `Terminated` is the SIGTERM every other rank gets when the step is torn down; remedy the tool implements: name that node as bad and relaunch on a spare',
    what='the ranks on one node were killed from outside the job (here by the tool\'s own fault injection standing in for a node loss) and srun tore the step down on the other node; the cause is outside the job script - a node problem or an external kill - and the remedy is to leave the node out and restart, not a change to the script\'s directives, launch line or environment; the lines are the docstring\'s quotation of the captured job; assumed shape - a Perlmutter GPU job of four nodes (two active, two spare) whose training step is `srun -N 2 --ntasks-per-node=4 python3 -m ezpz.examples.fsdp_tp` (the tool\'s launcher builds the srun line; not shown), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 4'], ['module load pytorch/2.3.1\n', 'module load pytorch\n'], [PM_RUN, 'srun -N 2 --ntasks-per-node=4 --cpu-bind=cores python3 -m ezpz.examples.fsdp_tp']],
    log='''
srun: error: nid001321: tasks 4-7: Killed
srun: error: nid001320: tasks 0-3: Terminated
''',
)

case(
    id='ezpzsunspotpm-checkpoint-enospc-two-of-four-osts-full-fewer-saves',
    kind='script',
    source='find_string:58600997861',
    thread_site='a post-mortem "Node-kill postmortem: what --auto-retry actually proved" of a training-failover tool (ezpz) on ALCF Sunspot (the Aurora test system: PBS, PALS mpiexec, Intel GPUs; found with the code search, text id 58600997861, the tool shows no repository name): job 12473704, `select=4` (2 active + 2 spare), `ezpz.examples.fsdp_tp` agpt-2b on 24 ranks, `--train-iters 400 --save-interval 20`; attempt 2 died mid-checkpoint with this traceback tail and PALS teardown; Finding 4: the file system was 10 % full but two of its four OSTs were 99-100 % full, and with `stripe_count: 1` each checkpoint shard lands wholly on one OST; what filled them was the experiment itself (~22 GB a checkpoint, none pruned, 15 saves ~331 GB); fix applied to the job (the harness PBS script): 100 iterations saving every 25, an EXIT trap that reclaims the checkpoints and a preflight that refuses to start without room; advice: check `lfs df`, widen `stripe_count`',
    what='the job\'s own checkpoints (one every 20 steps, never pruned) filled the two small OSTs its single-stripe shard files land on, so the checkpoint write fails with ENOSPC although the file system is mostly empty; the fix the source applies is in the job script (fewer saves on the launch line, a cleanup trap and a space preflight; a wider stripe count set on the checkpoint directory is the advice) - DOUBTFUL: the changed harness is described, no passing rerun is shown, and a retry can pass by drawing another OST; the lines are the post-mortem\'s own quotation without its line `with path.open(mode) as stream:`, which repeats earlier sets; not one of the ten sites - Sunspot, ALCF\'s Aurora test system - so mapped to Aurora (same PBS/PALS launch and Intel GPU nodes): assumed shape - a four-node Aurora job whose launch line is `mpiexec -n 24 --ppn 12 ... python3 -m ezpz.examples.fsdp_tp --train-iters 400 --save-interval 20` (the tool\'s launcher builds it), diagnosed as on Aurora; any of the fixes named (a longer save interval, a cleanup trap, a wider stripe) counts',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=4'], ['NNODES=$(wc -l < $PBS_NODEFILE)', 'NNODES=2'], [AURORA_MPI, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python3 -m ezpz.examples.fsdp_tp --train-iters 400 --save-interval 20']],
    log='''
[rank23]:   File ".../torch/distributed/checkpoint/filesystem.py", line 520, in create_stream
[rank23]: OSError: [Errno 28] No space left on device

x1921c1s1b0n0-hsn0.hsn.cm.sunspot.alcf.anl.gov: rank 16 exited with code 1
x1921c1s4b0n0-hsn0.hsn.cm.sunspot.alcf.anl.gov: rank 0 died from signal 15
''',
    # s37: 'filesystem' is no record family, so no answer could be right; the storage records
    # are of the families site and environment (labels widened, the fix pattern unchanged)
    expect={'families': ['filesystem', 'site', 'environment'], 'fix': r'(?m)^\+.*(\blfs\s+setstripe\b.*-c\s*(-1|[2-9]|\d{2,})\b|--save-interval[= ]+(2[1-9]|[3-9]\d|\d{3,})\b|\btrap\b.*\bEXIT\b)'},
)

# ---------------------------------------------------------------- Midway3 ByT5 fine-tuning report (2)

MIDWAY_SOURCE = 'find_string:54737168734'
MIDWAY_SITE = 'a project\'s fine-tuning report "Calculus Tactic Model - Fine-Tuning Report" (University of Chicago RCC Midway3, Slurm, one V100-32GB; `python training/finetune.py ...` started from the batch script after `module load python/3.11.9`, `module load cuda/12.1` and a venv; found with the code search, text id 54737168734, the tool shows no repository name), section 7 "Implementation Notes and Bugs Fixed"'
MIDWAY_MAP = 'not one of the ten sites - Midway3, a university Slurm cluster with V100-32GB GPUs - so mapped by scheduler family to the Slurm site with V100-32GB nodes: assumed shape - a one-GPU Bridges-2 job (`-p GPU-shared`) that loads the modules, activates the venv and runs the training script from the batch step, diagnosed as on Bridges-2'
MIDWAY_HEAD = '#SBATCH --job-name=finetune_calculus\n#SBATCH -p GPU-shared\n#SBATCH --gpus=v100-32:1\n#SBATCH --cpus-per-task=8\n#SBATCH --time=36:00:00'
MIDWAY_RUN = 'module load python/3.11.9\nmodule load cuda/12.1\nsource $HOME/prover/venv/bin/activate\nexport PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\npython training/finetune.py --train-data data/calculus/train.jsonl --val-data data/calculus/val.jsonl --output-dir models/finetuned/calculus/ --epochs 10 --batch-size 4 --grad-accum 4 --max-input-length 512 --resume'
SRUN_PY_HEAD = '#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8\n#SBATCH --time=02:00:00'
SRUN_PY_RUN = 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\nsrun python -u train.py --batch-size 256 --epochs 32'

case(
    id='midwaybyt5-sbatch-rejected-account-is-not-specified',
    kind='script',
    source=MIDWAY_SOURCE,
    thread_site=MIDWAY_SITE + '; 7.5 "Missing SLURM Account": the first job submission was rejected with this message; fix: `#SBATCH --account=pi-dachxiu` added (the account found with `sacctmgr show user $USER`)',
    what='the batch script names no allocation account and the site has no default for the user, so the scheduler refuses the job at submission; the fix is a job-script directive (`#SBATCH --account=...` / `-A`); the line is the report\'s own quotation of the rejection; ' + MIDWAY_MAP + '; any account directive counts',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, MIDWAY_HEAD], [SRUN_PY_RUN, MIDWAY_RUN]],
    log='''
Account is not specified
''',
    # s37: 'account'/'directives' are no record families, and the account is a value only the
    # user has (the source found it with sacctmgr): the right answer asks for it (scheduler
    # family), as an unknown value is asked for, never invented
    expect={'families': ['scheduler'], 'ask': True, 'ask_for': ['account']},
)

case(
    id='midwaybyt5-eval-batch-decode-chr-arg-out-of-range-clip-predictions',
    kind='not_script',
    source=MIDWAY_SOURCE,
    thread_site=MIDWAY_SITE + '; 7.4 "ByT5 Tokenizer chr() Crash in Eval": during epoch 1 evaluation `batch_decode` raised this error - `generate()` occasionally produced token ids outside ByT5\'s byte range [0, 383]; fix: clip the predictions to the vocabulary (pad id elsewhere) in `compute_metrics` in training/finetune.py',
    what='the program\'s evaluation hands out-of-range token ids from generation to the byte-level tokenizer, which cannot turn them into characters; the cause and the fix are in the Python code (`compute_metrics`), not in the job script\'s directives, launch line or environment; the line is the report\'s own quotation; ' + MIDWAY_MAP,
    cluster='bridges2',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, MIDWAY_HEAD + '\n#SBATCH --account=pi-dachxiu'], [SRUN_PY_RUN, MIDWAY_RUN]],
    log='''
ValueError: chr() arg not in range(0x110000)
''',
)

# ---------------------------------------------------------------- OSC "SLURM Troubleshooting Log" (2)

OSC_SOURCE = 'find_string:43153289246'
OSC_SITE = 'a project\'s "SLURM Troubleshooting Log - Quick reference for known issues encountered on OSC (Ohio Supercomputer Center) cluster" (Pitzer, Slurm, A100-40GB; PPO training of the ALF framework with a JIT-compiled C++ extension, `submit_snake_ppo.slurm`; found with the code search, text id 43153289246, the tool shows no repository name), each issue with job id, error message, root cause, solution and the files modified'
OSC_MAP = 'not one of the ten sites - OSC Pitzer, a Slurm cluster with A100-40GB GPUs and Lmod - so mapped by scheduler family to the TACC Slurm site with A100-40GB nodes: assumed shape - a one-GPU Lonestar6 job that activates the venv and starts the training with `python3` from the batch step (the training command is not shown), diagnosed as on Lonestar6'
TACC_HEAD = '#SBATCH -N 2\n#SBATCH -n 6'
TACC_RUN = 'module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\nibrun python train.py --epochs 10'

case(
    id='oscsnakeppo-libimf-missing-after-gcc-module-switch-add-intel-runtime-path',
    kind='script',
    source=OSC_SOURCE,
    thread_site=OSC_SITE + '; Issue #006 (job 43914194, RESOLVED): this error; root cause given: the `cnest` package the framework uses was compiled against Intel\'s libraries, and after the job script switched to `module load gcc/13.2.0` with `CC=gcc`/`CXX=g++` (Issue #002, to silence icc deprecation warnings) the Intel runtime libraries were no longer loaded; solution: add the Intel runtime library directory (intel-oneapi-compilers .../compiler/lib/intel64_lin) to LD_LIBRARY_PATH in submit_snake_ppo.slurm and test_integration.slurm, without loading the whole Intel module',
    what='a compiled Python extension needs the Intel math runtime, which the job script stopped putting on the library path when it swapped the default Intel compiler module for GCC; the fix is in the job script (the Intel runtime directory on LD_LIBRARY_PATH, or the Intel module loaded again); the line is the log\'s own quotation; ' + OSC_MAP + '; either form counts',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[[TACC_HEAD, '#SBATCH -N 1\n#SBATCH -n 1'], [TACC_RUN, 'module load gcc/13.2.0\nexport CC=gcc\nexport CXX=g++\nmodule load cuda/12.2\nVENV_PATH=$WORK/snake/.venv\nexport PATH="${VENV_PATH}/bin:${PATH}"\nsource "${VENV_PATH}/bin/activate"\npython3 train_snake_ppo.py']],
    log='''
ImportError: libimf.so: cannot open shared object file: No such file or directory
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+\s*(export\s+LD_LIBRARY_PATH=\S*(intel|oneapi|compiler/lib)|module\s+load\s+\S*(intel|oneapi))'},
)

case(
    id='oscsnakeppo-deterministic-cublas-needs-workspace-config-env',
    kind='script',
    source=OSC_SOURCE,
    thread_site=OSC_SITE + '; Issue #008 (job 43914410, RESOLVED): this error; root cause given: the framework turns on deterministic mode, and cuBLAS then needs a fixed workspace configuration; solution: `export CUBLAS_WORKSPACE_CONFIG=:4096:8` added to submit_snake_ppo.slurm and test_integration.slurm; the next job (43914413) passed',
    what='the program asks for deterministic algorithms and cuBLAS refuses unless the workspace variable is set before the process starts; the fix is in the job script\'s environment (`export CUBLAS_WORKSPACE_CONFIG=:4096:8`, as the message itself says), and a passing rerun is shown; the lines are the log\'s own quotation; ' + OSC_MAP + '; either documented value (`:4096:8` or `:16:8`) counts',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[[TACC_HEAD, '#SBATCH -N 1\n#SBATCH -n 1'], [TACC_RUN, 'module load cuda/12.2\nVENV_PATH=$WORK/snake/.venv\nexport PATH="${VENV_PATH}/bin:${PATH}"\nsource "${VENV_PATH}/bin/activate"\npython3 train_snake_ppo.py']],
    log='''
RuntimeError: Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)`
or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not deterministic because
it uses CuBLAS and you have CUDA >= 10.2. To enable deterministic behavior in this case, you must
set an environment variable before running your PyTorch application: CUBLAS_WORKSPACE_CONFIG=:4096:8
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+\s*export\s+CUBLAS_WORKSPACE_CONFIG=["\']?:(4096|16):8'},
)

# ---------------------------------------------------------------- Accelerate troubleshooting guide (1)

ACC_HEAD = '#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=2\n#SBATCH --time=08:00:00'
ACC_RUN = 'accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py'

case(
    id='accelfaq-debug-mode-broadcast-shape-mismatch-across-processes',
    kind='not_script',
    source='https://github.com/huggingface/accelerate/blob/087fa0aa7a1b42562cac9b959f432ec3fbb86d57/docs/source/basic_tutorials/troubleshooting.md',
    thread_site='the Accelerate "Troubleshooting guide" (huggingface/accelerate, docs/source/basic_tutorials/troubleshooting.md), section "Hanging code and timeout errors": distributed code that hangs and then times out is commonly caused by tensors of different shapes on different processes passed to gather/reduce/broadcast; with the operational debug mode (`accelerate launch --debug ...`, `ACCELERATE_DEBUG_MODE=1` or `debug: true` in the config) the failure is reported at once with this traceback; the cure is in the training code (make the shapes agree)',
    what='the user\'s program hands tensors of different shapes to a collective on different processes, which hangs without the debug mode and fails with this message with it; the cause and the fix are in the Python code, not in the job script\'s directives, launch line or environment (the `--debug` flag only makes the error visible); the lines are the guide\'s own example traceback without its `File ...` lines; not one of the ten sites - a framework page with a two-process example - so mapped: assumed shape - a two-node Vista job (one GH200 a node) that starts one `accelerate launch --debug` a node with srun, the node rank from $SLURM_NODEID, diagnosed as on Vista',
    cluster='vista',
    script='accelerate.sh',
    replace=[[ACC_HEAD, '#SBATCH -J acc_debug\n#SBATCH -p gh\n#SBATCH -N 2\n#SBATCH -n 2\n#SBATCH -t 02:00:00\n#SBATCH -A MyProject\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)'], [ACC_RUN, 'srun bash -c \'accelerate launch --num_machines 2 --num_processes 2 --machine_rank $SLURM_NODEID --main_process_ip $MASTER_ADDR --main_process_port 29500 --debug test.py\'']],
    log='''
accelerate.utils.operations.DistributedOperationException:

Cannot apply desired operation due to shape mismatches. All shapes across devices must be valid.

Operation: `accelerate.utils.operations.broadcast`
Input shapes:
  - Process 0: [1, 5]
  - Process 1: [1, 2, 5]
''',
)

# ---------------------------------------------------------------- a cluster's node_env.sh preamble comments (2)

NODEENV_SOURCE = 'find_string:58942951088'
NODEENV_SITE = 'a project\'s `node_env.sh` - "environment preamble for any slurm job on this cluster", sourced by its Slurm job scripts before the training (torch JIT extensions, vLLM, Triton; model weights on a shared /workspace; found with the code search, text id 58942951088, the tool shows no repository name); its comments quote the failures it works around'
NODEENV_MAP = 'not one of the ten sites - a private multi-node Slurm GPU cluster - so mapped by scheduler family: assumed shape - a two-node DeltaAI job, one torchrun a node started by srun (the training command is not shown), diagnosed as on DeltaAI'
SRUN_TR_RUN = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'

case(
    id='nodeenvsat-compute-nodes-lack-home-dir-caches-fail-point-home-at-tmp',
    kind='script',
    source=NODEENV_SOURCE,
    thread_site=NODEENV_SITE + ': "The compute nodes do NOT have our home directory: $HOME=/home/allie does not exist there and is not writable, and our UID (1005) isn\'t even in their passwd database (`whoami` fails with ...)"; anything that caches under $HOME dies on a fresh node - the torch JIT build of fused_adam, vLLM / torch.compile with PermissionError, Triton autotune with the `df` line; fix in the preamble: `export HOME=/tmp/allie-home` and XDG_CACHE_HOME, TORCH_EXTENSIONS_DIR, TORCHINDUCTOR_CACHE_DIR and TRITON_CACHE_DIR under it (node-local /tmp), HF_HOME kept on the shared /workspace',
    what='the job lets every cache default to a home directory that does not exist on the compute nodes, so the first component that writes a cache fails; the fix is in the job script\'s environment (HOME and the cache directories pointed at a writable node-local or shared path before the launch); the lines are the comment\'s own quotations (the `fused_adam` line is left out - it repeats a knowledge-base fixture); ' + NODEENV_MAP + '; any writable HOME or cache directory counts',
    cluster='deltaai',
    script='srun_torchrun.sh',
    replace=[[SRUN_TR_RUN, 'export HF_HOME=/workspace/hf\n' + SRUN_TR_RUN]],
    log='''
cannot find name for user ID 1005
df: /home/allie/.triton/autotune: No such file
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+\s*export\s+(HOME|XDG_CACHE_HOME|TORCH_EXTENSIONS_DIR|TRITON_CACHE_DIR|TORCHINDUCTOR_CACHE_DIR)=["\']?(/tmp|\$\{?TMPDIR|/scratch|/workspace|/local|/projects|/work)'},
)

case(
    id='nodeenvsat-runtime-only-cuda-jit-build-missing-cusparse-header-cpath',
    kind='script',
    source=NODEENV_SOURCE,
    thread_site=NODEENV_SITE + ': "The compute nodes ship a RUNTIME-ONLY CUDA: /usr/local/cuda exists and nvcc runs, but the dev headers are absent, so any JIT build dies with" this line; fix in the preamble: the include directories of the venv\'s pip `nvidia-*` wheels (which carry those headers) added to CPATH before the launch (and a prebuilt extension copied in where possible)',
    what='a JIT build of a CUDA extension on the compute node finds nvcc but not the CUDA library headers, which the node image leaves out; the fix is in the job script\'s environment (the headers shipped with the pip nvidia wheels put on CPATH, or a full CUDA toolkit module loaded); the line is the comment\'s own quotation; ' + NODEENV_MAP + '; either counts',
    cluster='deltaai',
    script='srun_torchrun.sh',
    replace=[[SRUN_TR_RUN, 'export HOME=/tmp/$USER-home\nmkdir -p "$HOME"\nexport TORCH_EXTENSIONS_DIR=$HOME/.cache/torch_extensions\nexport CUDA_HOME=/usr/local/cuda\nexport PATH="$CUDA_HOME/bin:$PATH"\n' + SRUN_TR_RUN]],
    log='''
fatal error: cusparse.h: No such file or directory
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(\b(CPATH|CPLUS_INCLUDE_PATH|C_INCLUDE_PATH)=\S*(nvidia|include)|module\s+load\s+\S*(cuda|cudatoolkit|nvhpc))'},
)

# ---------------------------------------------------------------- UNIGE HPC community forum threads (one case each)

UNIGE_SITE = 'a thread of the University of Geneva HPC community forum ({url}, clusters Baobab / Yggdrasil / Bamboo, Slurm, Lmod/EasyBuild modules; found with the code search as a saved copy, text id {tid}, the tool shows no repository name)'
PM_HEAD = '#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4'

case(
    id='unigegpu008-faulty-gpu-uncorrectable-ecc-node-drained',
    kind='not_script',
    source='find_string:61623143949',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/4364 "Gpu008 Faulty GPU 3"', tid='61623143949') + ': on Bamboo, GPU 3 of node gpu008 fails with this error as soon as a tensor is moved to it (`torch.zeros((2,2)).to("cuda")` on a single-GPU allocation); a second user got the same error; the admins drained the node from production',
    what='one GPU of the node has an uncorrectable memory (ECC) fault, so any use of it fails; the cause is the hardware and the remedy is node administration (drain the node, avoid it, report it), not a change to the job script\'s directives, launch line or environment; the lines are the thread\'s own quotation; not one of the ten sites - a university Slurm GPU cluster - so mapped by scheduler family: assumed shape - a one-GPU Perlmutter job that runs a PyTorch script with srun, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[[PM_HEAD, '#SBATCH -N 1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1'], [PM_RUN, 'srun python train.py']],
    log='''
CUDA error: uncorrectable ECC error encountered
Search for `cudaErrorECCUncorrectable' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.
''',
)

case(
    id='unigetfgpu-tensorflow-module-without-cuda-sees-zero-gpus',
    kind='script',
    source='find_string:61675337436',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/3743 "TensorFlow not recognising GPU"', tid='61675337436') + ': a one-GPU job on `shared-gpu` loads `GCC/10.3.0 OpenMPI/4.1.1 TensorFlow/2.6.0` and `cuDNN/8.6 CUDA/11.8.0`; nvidia-smi shows the TITAN RTX but the test script prints this; admin answer: that TensorFlow module is not built with CUDA - load a CUDA build instead (`GCC/11.3.0 OpenMPI/4.1.4 TensorFlow/2.11.0-CUDA-11.7.0` with `cuDNN/8.4.1.50-CUDA-11.7.0`), shown working ("Num GPUs Available: 1"); the user confirmed',
    what='the job script loads a CPU-only build of the framework, so the program sees no GPU although one is allocated; the fix is in the job script (the module line changed to the framework build made for CUDA, with its matching cuDNN), and a passing rerun is shown; the line is the thread\'s own quotation of the test output; not one of the ten sites - a university Slurm cluster with EasyBuild modules - so mapped by scheduler family to a site with Lmod modules and GPU nodes: assumed shape - a one-GPU Anvil job with the thread\'s module lines running the test from the batch step, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH --job-name=cosmopower\n#SBATCH --partition=gpu\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n#SBATCH --time=00:15:00\n#SBATCH --cpus-per-task=1'], [SRUN_PY_RUN, 'conda activate cp_env\nmodule load GCC/10.3.0  OpenMPI/4.1.1 TensorFlow/2.6.0\nmodule load cuDNN/8.6 CUDA/11.8.0\nnvidia-smi\npython gpu_test.py']],
    log='''
Num GPUs Available: 0
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+\s*(module\s+load|ml)\b.*TensorFlow/\S*CUDA'},
)

case(
    id='unigeexport-pytorch-too-many-open-files-on-some-nodes-shared-storage',
    kind='not_script',
    source='find_string:61372487019',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/3388 "Too many open files error"', tid='61372487019') + ': a one-GPU PyTorch export job (`--cpus-per-task=12`, `--mem=15GB`, `--gpus=1`, partitions private-dpnc-gpu,shared-gpu) fails with this message, only on nodes gpu023, gpu024, gpu038, not on gpu040; the user asks whether to request fewer CPUs; admin answer: "This problem does not concern nodes or software, but shared storage" - too many files open at once on the shared storage, often caused by other users\' heavy I/O (asks for the job id to check the logs); a second admin points at the known PyTorch issue and asks for the PyTorch parameters; no resolution shown',
    what='the program\'s data-loader workers lose contact because the process hits the open-files limit; the centre\'s diagnosis puts the cause on the shared storage under other users\' I/O (a node- or storage-side condition), not on the job script\'s directives, launch line or environment - DOUBTFUL: no resolution is shown, and the second admin\'s pointer (the known PyTorch file-descriptor issue) leaves a program-side cause open; the line is the thread\'s own quotation; not one of the ten sites - a university Slurm GPU cluster - so mapped by scheduler family: assumed shape - a one-GPU Lonestar6 job running the export script from the batch step (the command is not shown), diagnosed as on Lonestar6',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[[TACC_HEAD, '#SBATCH -N 1\n#SBATCH -n 1'], [TACC_RUN, 'module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\npython export.py']],
    log='''
Too many open files. Communication with the workers is no longer possible.
''',
)

case(
    id='unigestorage-job-failed-at-start-no-output-file-storage-incident',
    kind='not_script',
    source='find_string:61680605754',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/3655 "Job failed without .out file"', tid='61680605754') + ': a one-task job on shared-cpu (`-o run_stones_sa-%A_%a.out`, modules GCCcore/Gurobi/Python, a venv, a Python script) failed at once and left no output file; `seff` showed these lines; admin answer: the failure was due to an error with the storage (linked to the "Current issues on HPC Cluster" incident thread) - just resubmit; the user confirmed it worked',
    what='the job died at start-up, before writing its output file, because the cluster\'s storage had a fault at that time; the cause is a site incident and the fix was to resubmit unchanged, not a change to the job script (the admin\'s side remark about the small --mem request was not the cause); the lines are the `seff` output the thread quotes (its locale warnings left out); not one of the ten sites - a university Slurm cluster - so mapped by scheduler family: assumed shape - a one-task CPU job on Stampede3 running the Python script from the batch step, diagnosed as on Stampede3',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], [TACC_HEAD, '#SBATCH -N 1\n#SBATCH -n 1'], [TACC_RUN, 'module load python3\nsource ~/python_env/bin/activate\necho "Running Stones SA on node " $(hostname)\npython 02_sensitivity_analysis.py']],
    log='''
State: FAILED (exit code 15)
Nodes: 1
Cores per node: 4
CPU Utilized: 00:00:00
CPU Efficiency: 0.00% of 00:00:00 core-walltime
Job Wall-clock time: 00:00:00
Memory Utilized: 1.03 MB
''',
)

case(
    id='unigeygg-remote-io-error-importing-from-home-conda-env-storage-incident',
    kind='not_script',
    source='find_string:61486022328',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/3795 "IO Error when loading python libraries on Yggdrasil compute node"', tid='61486022328') + ': a GPU step started from the login node (`srun -t 4:00:00 --mem-per-cpu=8G -c12 -p shared-gpu --gpus=1 python bias_halos_hmc_mycw.py ...`) fails while importing packages from a conda env in $HOME - the failing file changes each time, always an I/O error - while the same imports work on the login node; the script had run for weeks; soon after, logins hung too; admin answer: "I/O remote error => duplicate issue" of the "Login Issues Yggdrasil" storage incident, thread closed',
    what='the home file system that holds the conda environment failed on the compute nodes (a site storage incident that also broke logins), so imports fail with a remote I/O error at random files; the cause is the storage, not the job\'s directives, launch line or environment, and nothing in the script was changed; the lines are the thread\'s own quotation, trimmed to the head and tail of the traceback; not one of the ten sites - a university Slurm GPU cluster - so mapped by scheduler family: assumed shape - a one-GPU Vista job whose step is `srun ... python bias_halos_hmc_mycw.py ...` with the env in $HOME, diagnosed as on Vista',
    cluster='vista',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH -p gh\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH -c 12\n#SBATCH -t 04:00:00\n#SBATCH -A MyProject\nsource $HOME/miniconda3/bin/activate numpyro'], [SRUN_PY_RUN, 'srun python bias_halos_hmc_mycw.py -tracer lrg -ztarget 0.5 -ngrid 360 -lbox 2000 -save_mocks -seeds 1 2 3 4 -train']],
    log='''
Traceback (most recent call last):
  File "/home/users/d/dforeros/projects/diff-alpt-paper/src/cosmo_unit_hmc.py", line 1, in <module>
    import arviz as az
  File "/home/users/d/dforeros/.conda/envs/numpyro/lib/python3.11/site-packages/scipy/integrate/__init__.py", line 94, in <module>
    from ._quadrature import *
  File "<frozen importlib._bootstrap_external>", line 1662, in _fill_cache
OSError: [Errno 121] Remote I/O error: '/home/users/d/dforeros/.conda/envs/numpyro/lib/python3.11/site-packages/scipy/integrate'
''',
)

case(
    id='unigeslurmdb-sacctmgr-connection-refused-slurm-database-outage',
    kind='not_script',
    source='find_string:61598547883',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/3839 "Unable to test the validity of the given or guessed SLURM account"', tid='61598547883') + ': a Snakemake workflow submitting its jobs to Slurm (account "golling") fails with these lines for the user and another group member since that morning; admin answer: "We had an issue this morning on slurm database. It have been fixed", shown with a working `srun hostname`; the user confirmed',
    what='the scheduler\'s accounting database was down, so the workflow\'s account check (sacctmgr) could not connect and no job was submitted; the cause is a site service outage fixed by the admins, not the job script\'s directives, launch line or environment - the same script worked afterwards; the lines are the thread\'s own quotation; not one of the ten sites - a university Slurm cluster - so mapped by scheduler family: assumed shape - a DeltaAI controller job that runs `snakemake --executor slurm` from the batch step (the workflow command is not shown), diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=2\n#SBATCH --account=golling\n#SBATCH --time=24:00:00'], [SRUN_PY_RUN, 'snakemake --executor slurm --jobs 50 --default-resources slurm_account=golling']],
    log='''
Unable to test the validity of the given or guessed SLURM account 'golling' with sacctmgr: sacctmgr: error: _open_persist_conn: failed to open persistent connection to host:lunihpcslurm1.admin.unige.ch:6819: Connection refused
sacctmgr: error: Sending PersistInit msg: Connection refused
''',
)

case(
    id='unigevenv-python-module-no-longer-bundles-virtualenv-load-its-module',
    kind='script',
    source='find_string:61731882077',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/3281 "Virtualenv command not found despite loading python"', tid='61731882077') + ': after `module load GCCcore/13.2.0` and `module load Python/3.11.5` (both listed by `module list`), `virtualenv ~/baobab_mne` fails with this error (the user also reports `venv: command not found`); admin answer: `virtualenv` is no longer bundled with the recent Python module - load the `virtualenv` module in addition to Python (installed that day)',
    what='the script calls a tool that the loaded Python module no longer provides, so the shell cannot find it; the fix the centre gives is in the environment set-up (load the virtualenv module next to Python - or create the environment with `python -m venv`); the line is the thread\'s own quotation (the user ran the commands in a login shell; the assumed batch shape runs the same lines before the program); not one of the ten sites - a university Slurm cluster with EasyBuild modules - so mapped by scheduler family: assumed shape - an Anvil CPU job that loads the modules, creates and activates the venv and runs a Python script, diagnosed as on Anvil; either fix counts',
    cluster='anvil',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=4\n#SBATCH --partition=shared\n#SBATCH --time=02:00:00'], [SRUN_PY_RUN, 'module load GCCcore/13.2.0\nmodule load Python/3.11.5\nvirtualenv ~/baobab_mne\nsource ~/baobab_mne/bin/activate\npython analysis.py']],
    log='''
-bash: virtualenv: command not found
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+\s*((module\s+load|ml)\b.*\bvirtualenv\b|.*\bpython3?\s+-m\s+venv\b)'},
)

case(
    id='unigegpu002-gpu3-down-no-cuda-gpus-no-devices-node-drained',
    kind='not_script',
    source='find_string:61429952773',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/3537 "Error when running GPU jobs on gpu002 (GPU #3 seems down)"', tid='61429952773') + ': one-GPU jobs on node gpu002 (`--gres=gpu:1`, shared-gpu) fail with the Python error, and `nvidia-smi` in the job prints "No devices were found" - only once the node\'s other GPUs are taken, i.e. whenever the job is given GPU 3; admin answer: the node was drained to be fixed',
    what='one GPU of the node is dead, so a job that Slurm gives that GPU sees no CUDA device at all; the cause is the hardware and the remedy is node administration (drain and repair it; meanwhile avoid the node), not a change to the job script\'s directives, launch line or environment; the line is the job output the thread quotes (its Python error line, `RuntimeError: No CUDA GPUs are available`, is left out - it repeats a knowledge-base fixture); not one of the ten sites - a university Slurm GPU cluster - so mapped by scheduler family: assumed shape - a one-GPU Delta job (`--gres=gpu:1`) that runs nvidia-smi and then a Python script, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH --partition=gpuA100x4\n#SBATCH --job-name=jobname\n#SBATCH --time=00:10:00\n#SBATCH --gres=gpu:1\n#SBATCH --ntasks=1'], [SRUN_PY_RUN, 'nvidia-smi\npython train.py']],
    log='''
No devices were found
''',
)

case(
    id='unigeg4calo-container-libglx-needs-newer-glibc-set-ld-library-path',
    kind='script',
    source='find_string:61512709442',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/3836 "Geant4 based package import failing due to \'GLIBC_2.34\' Not found"', tid='61512709442') + ': a Python simulation run inside a Singularity image (`minicalosim.sif`, a custom Geant4-Python integration) that had worked for months fails, right after a cluster maintenance, on `from G4Calo import GeometryDescriptor` with this error - the host library injected into the container (`/.singularity.d/libs/libGLX.so.0`) needs a newer glibc than the image has; fix reported by the user: pass `--env LD_LIBRARY_PATH=/opt/geant4-v11.1.2/lib:/lib/x86_64-linux-gnu:/usr/lib64` to singularity, so the image\'s own libraries are found first',
    what='the container launch lets a host graphics library, updated at the maintenance, shadow the image\'s libraries, and that library needs a glibc the image lacks; the fix is on the container launch line (the library path inside the container set with `--env LD_LIBRARY_PATH=...`), applied by the user; the lines are the thread\'s own quotation, trimmed to the import failure; not one of the ten sites - a university Slurm cluster with Singularity/Apptainer - so mapped by scheduler family: assumed shape - a one-task Bridges-2 job that runs the simulation with `singularity exec --nv minicalosim.sif python generate.py` (the exact singularity options are not shown), diagnosed as on Bridges-2; a LD_LIBRARY_PATH given to the container by --env or SINGULARITYENV_/APPTAINERENV_ counts',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH -p GPU-shared\n#SBATCH --gpus=v100-32:1\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=5\n#SBATCH --time=12:00:00'], [SRUN_PY_RUN, 'singularity exec --nv /ocean/projects/phy000000p/containers/minicalosim.sif python generate.py']],
    log='''
  File "/usr/local/lib/python3.8/dist-packages/G4Calo.py", line 14, in <module>
    from minicalo import GeometryDescriptor
ImportError: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.34' not found (required by /.singularity.d/libs/libGLX.so.0)
''',
    expect={'families': ['containers', 'environment'], 'fix': r'(?m)^\+.*(--env\s+["\']?LD_LIBRARY_PATH=|\b(SINGULARITYENV|APPTAINERENV)_LD_LIBRARY_PATH=)'},
)

case(
    id='unigeams-lmod-module-exists-but-needs-intel-compilers-impi-first',
    kind='script',
    source='find_string:61625558780',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/3745 "Error loading AMS"', tid='61625558780') + ': `module load AMS/2023.105-intelmpi` fails on Bamboo with these lines; admin answer: follow the hint - `module spider AMS/2023.105-intelmpi` shows that `intel-compilers/2022.2.1 impi/2021.7.1` must be loaded first, and `ml intel-compilers/2022.2.1 impi/2021.7.1 AMS/2023.105-intelmpi` then loads it (and says SCMLICENSE and SCM_TMPDIR must be set before using AMS)',
    what='the job loads an application module whose compiler and MPI prerequisites are not loaded, so Lmod refuses it (and the program is then not found); the fix is in the job script\'s module lines (load the compiler and MPI modules the spider output names before the application); the lines are the thread\'s own quotation of the Lmod error; not one of the ten sites - a university Slurm cluster with EasyBuild/Lmod - so mapped by scheduler family to the TACC site whose MPI runs go through ibrun with Intel MPI: assumed shape - a Stampede3 CPU job that loads the modules and starts the AMS driver with ibrun (the run command is not shown), diagnosed as on Stampede3',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], [TACC_HEAD, '#SBATCH -N 1\n#SBATCH -n 48'], [TACC_RUN, 'module load AMS/2023.105-intelmpi\nexport SCM_TMPDIR=$SCRATCH/ams_tmp\nibrun ams < job.in']],
    log='''
Lmod has detected the following error:  These module(s) or extension(s) exist but cannot be loaded as requested: "AMS/2023.105-intelmpi"
   Try: "module spider AMS/2023.105-intelmpi" to see how to load the module(s).
''',
    # s38relabel: Lmod says AMS exists but cannot be loaded; its prerequisites (intel-compilers, impi) are printed only by `module spider` on the site, not in log, script or profile: asks them
    expect={'families': ['modules'], 'ask': True, 'ask_for': ['prerequisite_module', 'module']},
)

case(
    id='unigedorado-gpu002-faulty-gpu-garbled-name-invalid-device-ordinal',
    kind='not_script',
    source='find_string:61673306299',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/4190 "Dorado fails to find GPU inside GPU002"', tid='61673306299') + ': `srun --nodelist=gpu002 --gres=gpu:1 --partition=shared-gpu dorado basecaller --device cuda:0 ...` fails on node gpu002 with these lines (the device name printed as garbage) while the same command works on every other GPU node (a run on gpu004 shown, "cuda:0 - NVIDIA TITAN RTX"); without `--device` or with `cuda:all` the same error; nvidia-smi on the node looks fine; admin answer: "One of the GPUs was faulty and we are now preventing jobs to use it. It should be working now."',
    what='the GPU Slurm handed to the job is faulty (its name reads as garbage and CUDA cannot select it), so the program cannot use it; the cause is the hardware and the remedy was node administration (the admins kept jobs off that GPU), not a change to the job script\'s directives, launch line or environment; the lines are the thread\'s own quotation, trimmed before the C++ stack frames; not one of the ten sites - a university Slurm GPU cluster - so mapped by scheduler family: assumed shape - a one-GPU Vista job whose step is `srun dorado basecaller --device cuda:0 ...`, diagnosed as on Vista',
    cluster='vista',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH -p gh\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH -t 04:00:00\n#SBATCH -A MyProject\nMODELDIR=results/PAO_SHIFT_SMK/dorado_model/dna_r10.4.1_e8.2_400bps_sup@v5.0.0\nPOD5=$SCRATCH/pao-shift/pod5/FBD81765_9dfd643d_ec484651_10.pod5'], [SRUN_PY_RUN, 'srun dorado basecaller --device cuda:0 --kit-name SQK-NBD114-24 --trim none $MODELDIR $POD5 > test_cuda0.bam']],
    log='''
[2026-01-13 09:47:52.877] [info] Using CUDA devices:
[2026-01-13 09:47:52.878] [info] cuda:0 -  fX\ufffd
[2026-01-13 09:47:52.883] [error] CUDA error: invalid device ordinal
GPU device may be out of range, do you have enough GPUs?
''',
)

# ---------------------------------------------------------------- Mila cluster FAQ (2)

MILA_SOURCE = 'https://github.com/mila-iqia/mila-docs/blob/00c8355587c9f160fbf05491dd7048a7b48cec44/docs/Userguide_faq.rst'
MILA_SITE = 'the user FAQ of the Mila cluster (Slurm, GPU nodes; mila-iqia/mila-docs, docs/Userguide_faq.rst), section "SLURM issues", each question headed by the message it answers'
MILA_MAP = 'not one of the ten sites - a university/institute Slurm GPU cluster with shared nodes - so mapped by scheduler family to a Slurm site where jobs request memory: assumed shape - a one-GPU DeltaAI job that runs a Python training script with srun, diagnosed as on DeltaAI'

case(
    id='milafaq-batch-step-oom-kill-raise-mem-request',
    kind='script',
    source=MILA_SOURCE,
    thread_site=MILA_SITE + '; "slurmstepd: error: Detected 1 oom-kill event(s) in step #####.batch cgroup": "You exceeded the amount of memory allocated to your job, either you did not request enough memory or you have a memory leak in your process. Try increasing the amount of memory requested with `--mem=` or `--mem-per-cpu=`."',
    what='the job\'s processes used more host memory than the job asked for, so the kernel killed them inside the job\'s cgroup; the centre\'s cure is a job-script directive (a larger `--mem` / `--mem-per-cpu`), with a memory leak in the program named as the other possibility; the line is the FAQ\'s own heading, with its `#####` placeholder for the job id; ' + MILA_MAP + ' with a small `--mem` request (16G); any larger memory request counts',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH --cpus-per-task=8\n#SBATCH --mem=16G\n#SBATCH --time=02:00:00'], [SRUN_PY_RUN, 'srun python -u train.py --batch-size 256 --epochs 32']],
    log='''
slurmstepd: error: Detected 1 oom-kill event(s) in step #####.batch cgroup
''',
    expect={'families': ['resources', 'directives'], 'fix': r'(?m)^\+\s*#SBATCH\s+(--mem[= ]\s*((1[7-9]|[2-9]\d|\d{3,})G|\d{5,}M?|0)\b|--mem-per-cpu[= ]\s*([3-9]|\d{2,})G\b|--mem-per-gpu[= ]\s*(1[7-9]|[2-9]\d|\d{3,})G\b)'},
)

case(
    id='milafaq-srun-mem-and-mem-per-cpu-mutually-exclusive-harmless',
    kind='not_script',
    source=MILA_SOURCE,
    thread_site=MILA_SITE + '; "srun: error: --mem and --mem-per-cpu are mutually exclusive": "You can safely ignore this, `salloc` has a default memory flag in case you don\'t provide one."',
    what='the message comes from the site\'s own default memory setting meeting the step\'s memory option, and the centre says it is harmless - nothing in the job script needs to change, and a repair that edits memory directives would be an invented fix; labelled not_script (no fault); the line is the FAQ\'s own heading; ' + MILA_MAP + ', with `--mem-per-cpu` on the srun line',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH --cpus-per-task=8\n#SBATCH --time=02:00:00'], [SRUN_PY_RUN, 'srun --mem-per-cpu=4G python -u train.py --batch-size 256 --epochs 32']],
    log='''
srun: error: --mem and --mem-per-cpu are mutually exclusive
''',
)

case(
    id='unigefaq-illegal-instruction-built-on-login-node-run-on-older-node',
    kind='script',
    source='find_string:61548490976',
    thread_site='the University of Geneva HPC FAQ (doc.eresearch.unige.ch/hpc/FAQ, clusters Baobab / Yggdrasil / Bamboo, Slurm; found with the code search as a saved copy, text id 61548490976, the tool shows no repository name), section Applications, "Q: Illegal instruction": a program that crashes with this error was probably compiled on the login node and runs on an older compute node whose CPU lacks instructions used in the build; two cures: recompile with less optimisation or on an older node, or run only on newer servers by specifying the CPU type in the job (Slurm constraint / compute-node list)',
    what='the program was built for a newer CPU than the node the scheduler gave the job, so it dies on the first unsupported instruction; one of the two cures the centre gives is in the job script (ask for the newer CPU type with a constraint or partition), the other is a rebuild - labelled script for the directive; the line is the FAQ\'s own quotation of the error; not one of the ten sites - a university Slurm cluster with several CPU generations - so mapped by scheduler family to the TACC site whose partitions are CPU generations: assumed shape - a Stampede3 job on the older partition that runs a binary built on the login node with ibrun, diagnosed as on Stampede3; a CPU-type constraint or a partition of newer nodes (not skx) counts',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], [TACC_HEAD, '#SBATCH -N 1\n#SBATCH -n 48'], [TACC_RUN, 'module load intel\nibrun ./mycode.x']],
    log='''
Illegal instruction
''',
    expect={'families': ['directives', 'resources'], 'fix': r'(?m)^\+\s*#SBATCH\s+((--constraint|-C)[= ]\s*\S+|(-p|--partition)[= ]\s*(?!skx\b)\S+)'},
)

# ---------------------------------------------------------------- ALCF Polaris-class notes (Sirius NCCL study, makani checkpoint note)

SIRIUS_ENV = 'export NCCL_NET_GDR_LEVEL=PHB\nexport NCCL_CROSS_NIC=1\nexport NCCL_COLLNET_ENABLE=1\nexport NCCL_NET="AWS Libfabric"\nexport LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:$LD_LIBRARY_PATH\nexport LD_LIBRARY_PATH=/soft/libraries/hwloc/lib/:$LD_LIBRARY_PATH\nexport FI_CXI_DISABLE_HOST_REGISTER=1\nexport FI_MR_CACHE_MONITOR=userfaultfd\nexport FI_CXI_DEFAULT_CQ_SIZE=131072\n'

case(
    id='siriusnccl-gdr-level-phb-multinode-allreduce-watchdog-timeout',
    kind='script',
    source='find_string:20949955536',
    thread_site='a study note "Torch NCCL issue with AWS plugin" from ALCF\'s Sirius system (a Polaris-class test machine: PBS, PALS mpiexec, A100 nodes, the /soft conda 2024-04-29 PyTorch and the aws-ofi-nccl plugin; found with the code search, text id 20949955536, the tool shows no repository name): going beyond one node, PyTorch jobs hang or fail with this watchdog timeout and PALS teardown; the note tests four environment set-ups on 1x4, 2x1, 2x2 and 2x4 process grids and finds that whenever `export NCCL_NET_GDR_LEVEL=PHB` is set (the full set-up found with nccl-tests) runs with more than one rank a node on two nodes fail; conclusion: for PyTorch use the set-up without `NCCL_NET_GDR_LEVEL=PHB` (keeping NCCL_CROSS_NIC, NCCL_COLLNET_ENABLE, NCCL_NET="AWS Libfabric", the plugin paths and the FI_CXI settings)',
    what='one NCCL tuning variable exported in the job environment makes multi-node collectives of PyTorch stall, so the first all-reduce times out and PALS tears the job down; the fix is in the job script\'s environment (drop the `NCCL_NET_GDR_LEVEL=PHB` export, keep the rest) - a removal, matched on the diff\'s removed line, or an unset/override of that variable; the lines are the note\'s own quotation, trimmed to the first rank\'s exception and the teardown; not one of the ten sites - Sirius, an ALCF Polaris-class system with the same PBS/PALS launch and software paths - so mapped to Polaris: assumed shape - a two-node Polaris job that exports the note\'s set-up (0) and starts `./launcher.sh python` with mpiexec, four ranks a node, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[PBS_CONDA, 'module use /soft/modulefiles\nmodule load conda/2024-04-29\nconda activate\n' + SIRIUS_ENV], [PBS_MPI, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth ./launcher.sh python test_allreduce.py']],
    log='''
terminate called after throwing an instance of 'c10::DistBackendError'
  what():  [PG 0 Rank 1] Process group watchdog thread terminated with exception: [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=120000) ran for 120092 milliseconds before timing out.
./launcher.sh: line 14: 191644 Aborted                 (core dumped) $@
x3200c0s19b1n0.hsn.cm.sirius.alcf.anl.gov: rank 0 exited with code 134
x3200c0s19b1n0.hsn.cm.sirius.alcf.anl.gov: rank 1 died from signal 15
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^(-\s*export\s+NCCL_NET_GDR_LEVEL=PHB\b|\+\s*(unset\s+NCCL_NET_GDR_LEVEL\b|export\s+NCCL_NET_GDR_LEVEL=(?!PHB\b)\S+))'},
)

case(
    id='makanipolaris-seeded-expdir-resume-with-wandb-on-every-rank-dies-set-wandb-0',
    kind='script',
    source='find_string:59442817176',
    thread_site='a project\'s checkpoint-usage note for a makani SFNO weather model trained on ALCF Polaris (PBS, `polaris/polaris_makani_multinode_scaling.pbs` submitted with `qsub -v RUN_NUM=...,SKIP_TRAIN=1,WANDB=0,...`; found with the code search, text id 59442817176, the tool shows no repository name), section 3b "A scratch/forked expDir needs WANDB=0": with wandb on and `resuming=True` the driver reads `<expDir>/wandb/makani_restart.yaml` to rejoin the original run; a seeded directory has no such file and every rank dies at construction - "the visible symptom is a wall of NCCL/TCPStore teardown traces and `rank 0 exited with code 1`, which reads as a fabric fault and is not"; fix: run with `WANDB=0` (do not copy the restart file in)',
    what='the job resumes from a copied checkpoint directory with experiment tracking switched on, and the tracker\'s restart file the program then needs does not exist there, so every rank dies at start-up and the teardown looks like a network fault; the fix the note gives is in the job\'s environment (WANDB=0 passed to the job script); caveat: the log line alone carries almost no evidence (the note summarises the rest of the output instead of quoting it), so a right diagnosis needs the script\'s WANDB default; the line is the note\'s own quotation; assumed shape - a one-node Polaris PBS job that scores a seeded directory with SKIP_TRAIN=1 and leaves WANDB at its default of 1, started with mpiexec, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], [PBS_CONDA, 'module use /soft/modulefiles\nmodule load conda\nconda activate\nRUN_NUM=score_best\nSKIP_TRAIN=1\nWANDB=${WANDB:-1}\nexport RUN_NUM SKIP_TRAIN WANDB\n'], [PBS_MPI, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py --yaml_config e3sm_alldata_full.yaml --run_num ${RUN_NUM}']],
    log='''
rank 0 exited with code 1
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*\bWANDB=["\']?0\b'},
)

# ---------------------------------------------------------------- KAUST Ibex NeMo/Lightning workshop guide (2)

IBEX_SOURCE = 'find_string:10887510876'
IBEX_SITE = 'a workshop guide "Model Parallel Fine-Tuning (No LoRA / No PEFT)" for NeMo Factory / NeMo Lightning on KAUST\'s Ibex cluster (Slurm, A100 nodes, `srun singularity exec --nv <nemo_image.sif> nemo llm finetune --factory llama31_8b ...` with `trainer.devices=N`; found with the code search, text id 10887510876, the tool shows no repository name), section "SLURM Directives": "Lightning and NeMo Factory expect very specific SLURM configurations. Incorrect directives will cause training to fail before it even starts."'
IBEX_MAP = 'not one of the ten sites - KAUST Ibex, a Slurm A100 cluster - so mapped by scheduler family: assumed shape - a one-node job of two GPUs that runs NeMo (Lightning) in a container with `srun singularity exec --nv ...`'
LIGHT_HEAD = '#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=16\n#SBATCH --mem=0\n#SBATCH --time=12:00:00'
LIGHT_RUN = 'srun python train.py trainer.devices=4 trainer.num_nodes=2'
NEMO_RUN = 'module load singularity\nsrun singularity exec --nv /ibex/project/nemo/nemo_24.12.sif nemo llm finetune --factory llama31_8b peft=none trainer.devices=2 trainer.strategy.tensor_model_parallel_size=2 trainer.max_steps=250'

case(
    id='ibexnemo-lightning-rejects-sbatch-ntasks-use-ntasks-per-node',
    kind='script',
    source=IBEX_SOURCE,
    thread_site=IBEX_SITE + '; 3.1 "--ntasks vs --ntasks-per-node": do not use `#SBATCH --ntasks=2` ("Unsupported with Lightning"), it produces these errors; correct: `--ntasks-per-node`, equal to the number of devices Lightning uses (`trainer.devices=2` -> `#SBATCH --ntasks-per-node=2`)',
    what='the job asks Slurm for a total task count, and Lightning\'s Slurm environment refuses a total without a per-node count; the fix is a job-script directive (`--ntasks-per-node` equal to trainer.devices instead of `--ntasks`); the lines are the guide\'s own quotation; ' + IBEX_MAP + ' with `#SBATCH --ntasks=2`, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='lightning_srun.sh',
    replace=[[LIGHT_HEAD, '#SBATCH -A m0000_g\n#SBATCH -C gpu\n#SBATCH -q regular\n#SBATCH --nodes=1\n#SBATCH --ntasks=2\n#SBATCH --gpus-per-node=2\n#SBATCH --cpus-per-task=4\n#SBATCH --time=08:00:00'], [LIGHT_RUN, NEMO_RUN]],
    log='''
Unexpected error: You set `--ntasks=2` in your SLURM bash script,
but this variable is not supported.
HINT: Use `--ntasks-per-node=2` instead.
''',
    expect={'families': ['directives', 'launcher'], 'fix': r'(?m)^\+\s*#SBATCH\s+--ntasks-per-node[= ]\s*2\b'},
)

case(
    id='unigelaunch-srun-task-launch-socket-timeout-after-env-unset-lines-removed',
    kind='script',
    source='find_string:61740380140',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/4345 "Baobab Application launch failed since yesterday afternoon"', tid='61740380140') + ': since the previous afternoon every Slurm script of the user fails to launch its step with these lines (a few jobs also stuck in COMPLETING); the scripts contain `unset PYTHONPATH`, `export PYTHONNOUSERSITE=1`, a conda env bin put first on PATH and an alias running `srun <env>/bin/python3`; admin answer: `srun hostname` works; PYTHONPATH is set because modules are loaded from the user\'s .bash_profile - use `module purge` instead of unsetting it (and prefer sbatch to interactive srun); the user: "I used module purge and commented out these lines: unset PYTHONPATH / export PYTHONNOUSERSITE=1 - Now the jobs launch and execute."',
    what='the step launch fails from the job script\'s own environment handling (modules loaded from the login profile half-undone by unsetting their variables); the fix the thread shows is in the job script (module purge instead of the unset/export lines), confirmed by the user - DOUBTFUL in that the thread does not explain how those lines make the launch time out, and the failure began without a script change; the lines are the thread\'s own quotation without its line `srun: error: Application launch failed: Socket timed out on send/recv operation`, which repeats an earlier set; not one of the ten sites - a university Slurm GPU cluster - so mapped by scheduler family: assumed shape - an Anvil GPU job whose script unsets PYTHONPATH, sets PYTHONNOUSERSITE and runs `srun <env>/bin/python3 train.py`, diagnosed as on Anvil; removing either line or adding module purge counts',
    cluster='anvil',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH --partition=gpu\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gpus-per-node=1\n#SBATCH --cpus-per-task=8\n#SBATCH --time=12:00:00'], [SRUN_PY_RUN, 'unset PYTHONPATH\nexport PYTHONNOUSERSITE=1\nexport PATH=$HOME/.conda/envs/dinov3/bin:$PATH\nsrun $HOME/.conda/envs/dinov3/bin/python3 train.py']],
    log='''
srun: error: slurm_receive_msgs: \\[gpu016.baobab:6818\\] failed: Socket timed out on send/recv operation
srun: error: Task launch for StepId=10301666.2 failed on node gpu016: Socket timed out on send/recv operation
srun: Job step aborted
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^(-\s*(unset\s+PYTHONPATH|export\s+PYTHONNOUSERSITE=1)\b|\+\s*module\s+purge\b)'},
)

case(
    id='unigenoaccount-sbatch-no-account-specified-association-missing',
    kind='not_script',
    source='find_string:61578589500',
    thread_site=UNIGE_SITE.format(url='hpc-community.unige.ch/t/4306 "Unable to submit jobs: \\"No account specified\\" although I could submit jobs previously"', tid='61578589500') + ': every submission (also an older script that used to work, an explicit `--account=share_guedjc_teach`, another partition) fails with these lines; `sshare -U -u $USER` and `sacctmgr show user $USER withassoc` return only headers, i.e. the user has no account association any more; the admin answered by email and closed the thread (resolution not shown)',
    what='the user\'s Slurm account association is missing on the cluster, so no submission is accepted whatever account the script names; the cause is account administration on the site side, not the job script (an explicit account directive did not help) - DOUBTFUL: the admins\' answer is not shown; the line is the thread\'s own quotation without its second line (`sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified`), which repeats earlier sets; not one of the ten sites - a university Slurm cluster - so mapped by scheduler family: assumed shape - a Delta CPU array job, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[[SRUN_PY_HEAD, '#SBATCH --partition=cpu\n#SBATCH --account=share_guedjc_teach\n#SBATCH --array=1-20\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=4\n#SBATCH --time=04:00:00'], [SRUN_PY_RUN, 'charm subject_${SLURM_ARRAY_TASK_ID} T1.nii.gz']],
    log='''
sbatch: error: No account specified.
''',
)
