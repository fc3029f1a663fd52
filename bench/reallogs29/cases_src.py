# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MASTER = 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n'
ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1']]
TORCHRUN1 = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'

# ---------------------------------------------------------------- SkyRL vLLM 0.26 upgrade notes (3)

SKY_SOURCE = 'find_string:59646744747'
SKY_SITE = 'a project\'s working notes for bumping its RL framework (SkyRL) from vLLM 0.24 to vLLM 0.26 (torch 2.11, GPU CI jobs on 4xH100 nodes; found with the code search, text id 59646744747, the tool shows no repository name), "every entry below is a change that was required to get a CI job from red to green, with the underlying cause, so reviewers can tell an upstream bug from a SkyRL misuse"'
SKY_MAP = 'not one of the ten sites - GPU CI nodes (4xH100) - so mapped: assumed shape - a one-node, four-GPU Delta job (Slurm) whose batch step runs the framework\'s GPU tests with pytest, diagnosed as on Delta'
SKY_RUN = [[TORCHRUN1, 'python -m pytest -s tests/backends/skyrl_train/gpu/gpu_ci -m megatron']]

case(
    id='skyrlnotes-vllm026-rayexecutorv2-tcpstore-privileged-port-100',
    kind='not_script',
    source=SKY_SOURCE,
    thread_site=SKY_SITE + '; section 4: every engine died before loading the model with this error; cause given: vLLM 0.26 makes RayExecutorV2 the default for the ray backend and derives the TCPStore port as `master_port + 100 + local_dp_rank * window`; with data parallelism off `VLLM_DP_MASTER_PORT` defaults to 0, so the port is 100, a privileged port; "This looks like an upstream vLLM bug - `_select_tcpstore_port` never guards `master_port == 0`"; fix given: the framework seeds `VLLM_DP_MASTER_PORT` with a free port per server actor (`pick_free_port()` in its own code)',
    what='a defect of the serving library\'s new default executor picks a privileged port when data parallelism is off, so every engine fails to bind; the cause is the library (an upstream bug, worked around in the framework\'s Python code), not the job script\'s launch line, resources or environment; the line is the second of the notes\' two-line quotation, with its `...` (the first repeats an earlier set); ' + SKY_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=SKY_RUN,
    log='''
local network address. port: 100, ..., EADDRINUSE
''',
)

case(
    id='skyrlnotes-vllm026-create-server-socket-reuse-port-kwarg',
    kind='not_script',
    source=SKY_SOURCE,
    thread_site=SKY_SITE + '; section 3: the server actor failed with this error; cause given: the 0.26 signature is `create_server_socket(addr, *, reuse_port: bool)`; fix given: the framework\'s `vllm_server_actor.py` passes `reuse_port=False`',
    what='the framework calls a library function whose signature changed in the new release, so the call raises; the cause and the fix are in the Python code (API drift between the framework and the library), not the job script\'s launch line, resources or environment; ' + SKY_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=SKY_RUN,
    log='''
TypeError: create_server_socket() missing 1 required keyword-only argument: 'reuse_port'
''',
)

case(
    id='skyrlnotes-flash-attn-cute-vs-cutlass-dsl-46-thrmma-missing',
    kind='not_script',
    source=SKY_SOURCE,
    thread_site=SKY_SITE + '; section 2: every megatron-core import failed (7 test modules at collection) with this traceback; cause given: flash-attn 2.8.3 bundles `flash_attn/cute` written against the nvidia-cutlass-dsl 4.0/4.1 API, vLLM 0.26 hard-pins nvidia-cutlass-dsl 4.6.0 where `cutlass.cute.core.ThrMma` no longer exists, and megatron-core\'s FA4 probe catches only ImportError; fix given: a code shim (`sys.modules["flash_attn.cute"] = None` in the framework\'s `_compat.py`); upstream fixes suggested to Megatron-LM',
    what='two libraries pinned by the install are incompatible (a bundled subpackage uses an API the pinned version removed) and a third lets the error escape, so the import fails; the cause is the library set and the fix a code shim, not the job script\'s launch line, resources or environment; the lines are the notes\' own quotation, with its `...`; ' + SKY_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=SKY_RUN,
    log='''
File ".../flash_attn/cute/utils.py", line 44, in <module>
    smem: cute.Tensor, thr_mma: cute.core.ThrMma, ...
AttributeError: module 'cutlass.cute.core' has no attribute 'ThrMma'
''',
)

# ---------------------------------------------------------------- SPIT college cluster blocker notes (2)

SPIT_SOURCE = 'find_string:59506817089'
SPIT_SITE = 'a student project\'s "Session 2 Blocker Documentation" for an lm-eval accuracy evaluation on a college GPU cluster (SPIT HPC, Slurm, RTX 6000 Ada 48 GB; found with the code search, text id 59506817089, the tool shows no repository name)'
SPIT_MAP = 'not one of the ten sites - a college Slurm cluster - so mapped: diagnosed as on Delta (Slurm)'

case(
    id='spitblocker-srun-python-not-found-venv-not-active-in-job',
    kind='script',
    source=SPIT_SOURCE,
    thread_site=SPIT_SITE + '; job 1487 (TIMEOUT after 30 min): sbatch without a wrapper, the environment set only by `source ~/greenweight_env.sh` in the user\'s login shell, then `srun python training/scripts/kaggle_accuracy_eval.py`; error: this line; the notes\' root cause: the venv activation in the login shell does not reach the job step, and python is not on the system PATH (only in the venv\'s bin/); no fix was confirmed - the notes recommend interactive `salloc`, a container, or an admin request; a later wrapper that sourced the env file failed at launch for other reasons',
    what='DOUBTFUL (no rerun shows the fix): the job step runs `python` while the job script never activates the virtual environment or names its interpreter, so the command is not found; labelled script because the notes\' own analysis places the cause in where the environment is set up (the batch script, not the login shell); the fix is in the job script (activate the venv or load a Python module before srun, or call the venv\'s python by its path); the line is the notes\' own quotation; ' + SPIT_MAP + '; assumed shape - a one-node, one-GPU job with no environment set-up',
    cluster='delta',
    script='srun_python.sh',
    replace=[*ONE_GPU, [MASTER, 'cd ~/greenAI/major-project\n'], [SRUNPY, 'srun python training/scripts/kaggle_accuracy_eval.py']],
    log='''
-sh: python: command not found
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(source\s+\S*(activate|greenweight_env\.sh)|conda\s+activate|module\s+load\s+\S*python|/env/bin/python)'},
)

case(
    id='spitblocker-lm-eval-hflm-wrapper-leak-oom-27gb',
    kind='not_script',
    source=SPIT_SOURCE,
    thread_site=SPIT_SITE + '; job 1485 (cancelled after 20 min): the dry run of the evaluation (Llama-3.2-1B in 4-bit through lm-eval\'s HFLM wrapper) failed with this error; root cause given: the HFLM wrapper object was not deleted between task evaluations and the model stayed on the GPU, so memory accumulated; fix given: `del lm` in the evaluation\'s finally-block and `model.to(\'cpu\')` before deletion (in the Python code), not yet verified on the cluster',
    what='DOUBTFUL (the code fix is not verified by a rerun): the evaluation program keeps earlier model wrappers alive on the GPU, so memory grows until an allocation fails; the cause and the fix are in the Python code, not the job script\'s launch line, resources or environment; the line is the notes\' own quotation; ' + SPIT_MAP + '; assumed shape - a one-node, one-GPU job whose srun step runs the evaluation script',
    cluster='delta',
    script='srun_python.sh',
    replace=[*ONE_GPU, [MASTER, 'source ~/greenAI/major-project/env/bin/activate\n'], [SRUNPY, 'srun python training/scripts/kaggle_accuracy_eval.py --dry-run']],
    log='''
memory allocation failed with OOM on device 0 while trying to allocate 27GB
''',
)

# ---------------------------------------------------------------- single notes / threads

case(
    id='vllmargdoc-headless-node-head-address-loopback-no-master-addr',
    kind='script',
    source='find_string:60294983514',
    thread_site='a Russian-language reference page for the vLLM option `--master-addr` (rendezvous address of the head node for multi-node mp launches; default 127.0.0.1; found with the code search, text id 60294983514, the tool shows no repository name), section "Типовые проблемы и диагностика" (typical problems): symptom - this line on a follower node; cause - `--master-addr` not set; treatment - give the head node\'s address; the page\'s examples run `vllm serve ... --nnodes 2 --node-rank 0|1 --master-addr 192.168.1.100 --master-port 29501` (`--headless` on rank 1)',
    what='a two-node vLLM launch leaves the rendezvous address at its loopback default, so the follower node looks for the head on itself and the server never forms; the fix is on the launch line in the job script (`--master-addr` set to the first node of the allocation); the line is the page\'s own text with its `...`; not a cluster - a reference page - so mapped: assumed shape - a two-node Delta job (Slurm) whose srun step starts `vllm serve` once a node with `--nnodes 2 --node-rank $SLURM_NODEID` and `--headless` on the follower, without `--master-addr`, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['export MASTER_PORT=29500\n', 'export MASTER_PORT=29501\n'], ['srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10', 'srun bash -c \'HL=""; [ "$SLURM_NODEID" -gt 0 ] && HL="--headless"; \\\n    vllm serve /models/Llama-3.1-70B --tensor-parallel-size 4 --pipeline-parallel-size 2 \\\n    --nnodes 2 --node-rank "$SLURM_NODEID" --master-port "$MASTER_PORT" $HL\'']],
    log='''
Launching vLLM (v...) headless multiproc executor, with head node address 127.0.0.1:29501 ...
''',
    expect={'families': ['launcher', 'network'], 'fix': r'(?m)^\+.*--master-addr[= ]+\S*(MASTER_ADDR|head|scontrol)'},
)
