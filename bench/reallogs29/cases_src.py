# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MASTER = 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n'
ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1']]
APPT_RUN = 'srun apptainer exec --nv --bind /scratch pytorch_24.04.sif \\\n    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py'
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
    # s38relabel: python is not found and the script sets up no environment; which env to activate (~/greenweight_env.sh in the source) is in neither log nor script: asks python_path
    expect={'families': ['environment', 'modules'], 'ask': True, 'ask_for': ['path', 'python_path', 'program_path']},
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

# ---------------------------------------------------------------- Cray EX / Slingshot notes

case(
    id='auroragrpo-frameworks-2025-3-1-cxil-map-write-error-pin-2025-2-0',
    kind='script',
    source='find_string:54128690905',
    thread_site='a project\'s design notes for a GRPO evaluation loop in a torchtune XPU recipe on ALCF Aurora (PBS, Intel GPU tiles, vLLM server, FSDP; found with the code search, text id 54128690905, the tool shows no repository name); "Run 1: Qwen3-32B (2026-04-05)", issues found and fixed: "frameworks/2025.3.1 caused `cxil_map: write error` crash - fixed to 2025.2.0"',
    what='the job loads a release of the site\'s AI frameworks module whose fabric stack crashes on memory registration; the fix is in the job script (`module load frameworks/2025.2.0` instead of 2025.3.1); the line is the notes\' own inline quotation; ran on Aurora; assumed shape - a one-node Aurora job (PBS, PALS mpiexec, 12 ranks a node) that loads `frameworks/2025.3.1` and starts the recipe with mpiexec',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['module load frameworks', 'module load frameworks/2025.3.1'], ['python train.py', 'python recipes/dev/grpo_full_finetune_distributed_xpu.py --config recipes/configs/dev/qwen3_32B_grpo_xpu.yaml']],
    log='''
cxil_map: write error
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+\s*module\s+(load|swap)\s+.*frameworks/2025\.2\.0|^-\s*module\s+load\s+frameworks/2025\.3\.1'},
)

case(
    id='gb25readme-perlmutter-reactant-nccl-ofi-register-memory-cuda-compat',
    kind='script',
    source='find_string:2411416972',
    thread_site='the README of a 2025 Gordon Bell submission (Reactant-accelerated Oceananigans/ClimaOcean, Julia, XLA sharding across nodes; found with the code search, text id 2411416972; the same notes were reviewed in PRONTOLab/GB-25 PR#152), section "Oh the Woes of Running on Perlmutter": with the NERSC NCCL module (`ml load nccl/2.24.3` and an LD_PRELOAD of its libnccl.so) the run failed - `cxil_map: write error` in the logs, an XLA `ncclGroupEnd() failed: unhandled system error` in the .err, and with NCCL_DEBUG=INFO these lines; NCCL buffer size, the NERSC FI_CXI_* recommendations, MPICH_SMP_SINGLE_COPY_MODE, FI_MR_CACHE_MONITOR and MPICH_GPU_SUPPORT_ENABLED did not help; "Ludovic Fixed it! Looks like this was missing: `export JULIA_CUDA_USE_COMPAT=false`" (the reviewer: the flag disables loading the forward-compatibility driver)',
    what='the job lets the Julia CUDA stack load its forward-compatibility driver instead of the node\'s driver, so the network plugin cannot register GPU memory with the Slingshot NIC and NCCL fails at connect; the fix is in the job script\'s environment (`export JULIA_CUDA_USE_COMPAT=false`); ran on Perlmutter; assumed shape - a two-node Perlmutter GPU job that loads the NCCL module and starts `julia --project sharding/simple_sharding_problem.jl` with srun, one task a GPU',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], ['module load pytorch/2.3.1', 'module load nccl/2.24.3\nexport LD_PRELOAD=/global/common/software/nersc9/nccl/2.24.3/lib/libnccl.so\nexport NCCL_DEBUG=INFO'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores julia --project -O0 sharding/simple_sharding_problem.jl']],
    log='''
nid001264:1291155:1293014 [1] register_mr_buffers:647 NCCL WARN NET/OFI Unable to register memory (type = 2) for device 5. RC: -22, Error: Invalid argument
nid001264:1291155:1293014 [1] NCCL INFO transport/net.cc:829 -> 2
nid001261:1906368:1908364 [1] proxy.cc:1632 NCCL WARN [Service thread] Error encountered progressing operation=Connect, res=3, closing connection
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*JULIA_CUDA_USE_COMPAT=(false|0)'},
)

case(
    id='dgnettestdoc-pmpi-init-pmi2-init-failed-srun-mpi-type',
    kind='script',
    source='find_string:12167761363',
    thread_site='HPE\'s troubleshooting page for `dgnettest` (the Slingshot network test run with srun across nodes on HPE Cray EX systems; found with the code search, text id 12167761363, the tool shows no repository name), section "`PMPI_Init` error": "By default, `dgnettest` uses the MPI selection set in Slurm on the system. If this fails with the following error, try using the `--mpi` option to select a different version of MPI. A system\'s supported versions can be queried with `srun --mpi=list`."',
    what='the MPI program is started by srun with a process-management interface the MPI library does not match, so MPI_Init fails in PMI2 init; the fix is on the launch line in the job script (an explicit `srun --mpi=` type the library supports, e.g. `--mpi=cray_shasta` or `pmix`); the lines are the page\'s own; a vendor page for HPE Cray EX systems under Slurm - mapped: assumed shape - an eight-node Perlmutter CPU job (Slurm, cray-mpich) whose srun step runs the MPI test with no `--mpi` option, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH -C cpu\n#SBATCH -q regular\n#SBATCH -A m0000\n#SBATCH --nodes=8'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --cpu-bind=cores ./dgnettest loopback']],
    log='''
aborting job:
Fatal error in PMPI_Init: Other MPI error, error stack:
MPIR_Init_thread(632):
MPID_Init(286).......:  PMI2 init failed: 1
MPICH ERROR [Rank 0] [job id unknown] [Wed Aug 26 14:01:10 2020] [unknown] [nid000009] - Abort(590863) (rank 0 in comm 0): Fatal error in PMPI_Init: Other MPI error, error stack:
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*srun\b.*--mpi[= ]\S+'},
)

# ---------------------------------------------------------------- ARCHER2 ancillary-suite debug notes (2)

ARC_SOURCE = 'find_string:53156161483'
ARC_SITE = 'a user\'s notes on setting up the UM ancillary-file workflow (Rose/Cylc suite u-cc111, CAP and ANTS tasks submitted with sbatch) on ARCHER2 (HPE Cray EX, Slurm; found with the code search, text id 53156161483, the tool shows no repository name), section "DEBUG", each error with its resolution'
ARC_MAP = 'not one of the ten sites - ARCHER2, a Slurm HPE Cray EX CPU system - so mapped'

case(
    id='archer2ancil-sbatch-working-dir-on-home-not-on-compute-nodes',
    kind='script',
    source=ARC_SOURCE,
    thread_site=ARC_SITE + '; error 2 ("ERROR with working directory", task ancil_clim_sst): the submission printed this warning on stderr; reason given: "The tasks can only be submitted to standard queue under the work filesystem"; resolution given: add `--chdir=/work/n02/n02/{{USERNAME}}` to the Slurm directives',
    what='the job is submitted from (and so runs in) a home directory that the compute nodes cannot see, so Slurm warns and the task cannot work there; the fix is in the job script (`#SBATCH --chdir=` a directory on the work file system, or a `cd` there); the line is the notes\' own, without its `(ln02) <time> [STDERR]` prefix; ' + ARC_MAP + ': assumed shape - a one-node Anvil CPU job (Slurm) with no --chdir, submitted from home, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --cpu-bind=cores rose task-run --verbose']],
    log='''
sbatch: Warning: It appears your working directory may not be on the work filesystem. It is /home1/home/n02/n02/an25872. The home filesystem and RDFaaS are not available from the compute nodes - please check that this is what you intended. You can cancel your job with 'scancel <JOBID>' if you wish to resubmit.
''',
    expect={'families': ['filesystem', 'scheduler'], 'fix': r'(?m)^\+.*(--chdir[= ]|\bcd\s+)\S*/work\b'},
)

case(
    id='archer2ancil-cap-vegfrac-namelist-keys-not-in-program-version',
    kind='not_script',
    source=ARC_SOURCE,
    thread_site=ARC_SITE + '; error 3 ("ERROR reading VEGFRAC namelist", task ancilVegfrac): job.out ended with the first line, job.err with the rest; cause found in the CAP source: the VEGFRAC namelist of this CAP version (igbp.F) has no `l_region_reset`, `region_reset`, `reset_type`, which the suite\'s `vegfrac.nl` sets; resolution given: drop those three entries from the namelist ("The version of CAP may be the root of the error")',
    what='the program\'s input namelist names keys that this version of the program does not define, so reading it fails and the program calls MPI_Abort; the cause and the fix are in the input file (the suite\'s namelist), not the job script\'s launch line, resources or environment; ' + ARC_MAP + ': assumed shape - a one-task Anvil CPU job (Slurm) whose srun step runs the ancillary program, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --distribution=block:block --hint=nomultithread -n 1 /work/y07/shared/umshared/CAP9.1/build/bin//central_ancillary.exe']],
    log='''
 ***ERROR reading VEGFRAC namelist
gc_abort (Processor     0): ANCIL EXIT
MPICH ERROR [Rank 0] [job id 13393664.0] [Thu Apr 23 18:50:41 2026] [dvn01] - Abort(9) (rank 0 in comm 0): application called MPI_Abort(MPI_COMM_WORLD, 9) - process 0
srun: error: dvn01: task 0: Exited with exit code 9
''',
)

case(
    id='balfrinrepro-mpi-buffer-attach-int32-size-overflow',
    kind='not_script',
    source='find_string:10555340272',
    thread_site='a reproducer note "Attach Large Buffer to MPI" (CSCS balfrin, Slurm, `srun -N 2 ./attach_large_buffer`, built in the ICON spack environment; found with the code search, text id 10555340272, the tool shows no repository name): the program asks for 2,000,000,000 four-byte elements; the buffer size in bytes, passed as a 32-bit integer, overflows to -589934592 and MPI rejects it with these lines; "the size of the buffer is limited by the fact that `MPI_Buffer_attach` takes a 32-bit integer as input, and that this input is the size in bytes"',
    what='the program computes a buffer size that overflows a 32-bit integer and passes it to MPI, which rejects it; the cause is in the program (and the MPI interface limit it hits), not the job script\'s launch line, resources or environment; not one of the ten sites - CSCS balfrin (Slurm, HPE Cray EX) - so mapped: assumed shape - a two-node Anvil CPU job (Slurm) whose srun step runs the program, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['srun --cpu-bind=cores ./solver input.dat', 'srun -N 2 ./attach_large_buffer']],
    log='''
Size in bytes as int(4) [OVERFLOW]-589934592
MPICH ERROR [Rank 1] [job id 40623.0] [Thu Jan 12 13:25:28 2023] [nid003049] - Abort(336143116) (rank 1 in comm 0): Fatal error in PMPI_Buffer_attach: Invalid argument, error stack:
PMPI_Buffer_attach(114): MPI_Buffer_attach(buf=0x150c42495020, size=-589934592) failed
PMPI_Buffer_attach(89).: Invalid value for size, must be non-negative but is -589934592
srun: error: nid003048: task 0: Exited with exit code 255
''',
)

# ---------------------------------------------------------------- hangs and user-code faults

case(
    id='segrunnote-single-gpu-ddp-watchdog-hang-after-21-hours',
    kind='not_script',
    source='find_string:68804493754',
    thread_site='a project\'s incident note "Long training runs die at ~21 h to an NCCL watchdog hang, and `--requeue` does not catch it" (2026-09-20, Slurm; found with the code search, text id 68804493754, the tool shows no repository name): both full-data runs (jobs 38481342 and 38486083) failed after about 21 hours, at epoch ~172 of 220, within 41 minutes of each other, with these lines; the note: "The watchdog, not the training step, is what got stuck" - single-GPU jobs that still construct DDP (find_unused_parameters=True); mitigation applied on restart: `TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC=1800`; "The real fix, not applied yet: A single-GPU job should not be building a process group at all" (a change to the launcher\'s distributed set-up code); no run is reported after either change',
    what='DOUBTFUL (neither the mitigation nor the code fix is shown to work): a process group built for a one-GPU job lets the NCCL watchdog hang after about 21 hours of good training; the note places the real fix in the Python code (no process group for one GPU), with a longer heartbeat timeout only as a stop-gap; so not the job script\'s launch line, resources or environment; the lines are the note\'s own with its wrapped continuation lines, the watchdog line of the same block left out (it repeats an earlier set); not one of the ten sites - a Slurm cluster - so mapped: assumed shape - a one-GPU Delta job (Slurm, 3-day limit) whose step runs `torchrun --standalone --nproc_per_node=1 train.py`, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1\n#SBATCH --requeue'], ['#SBATCH --time=01:00:00', '#SBATCH --time=3-00:00:00'], [TORCHRUN1, 'torchrun --standalone --nnodes=1 --nproc_per_node=1 train.py --config configs/merged_full.yaml']],
    log='''
[rank0] Exception (either an error or timeout) detected by watchdog at work: 1940009,
        last enqueued NCCL work: 1940014, last completed NCCL work: 1940008.
''',
)

case(
    id='conceptenc-ddp-allreduce-timeout-after-53-minutes-expand-aliasing',
    kind='not_script',
    source='find_string:27867738904',
    thread_site='a project\'s "NCCL Timeout Debug Report - November 11, 2025" (a Concept Encoder masked-LM model trained with DDP/NCCL on 4x RTX 3090; found with the code search, text id 27867738904, the tool shows no repository name): after ~53 minutes (3708 of 35185 iterations, 800 s an iteration) an ALLREDUCE timed out after 30 minutes and all four processes were aborted; root cause given: `.expand()` instead of `.repeat()` in the model\'s forward (memory aliasing of the position weights); code fix applied; "Status: Ready for re-testing" (the report was written with an AI assistant; no rerun is shown); it also added NCCL debug variables to the launch script, not as the fix',
    what='DOUBTFUL (the fix is not verified by a rerun, and the report\'s analysis is its own): the report places the cause of the collective hang in the model code, after nearly an hour of (slow) training; so not the job script\'s launch line, resources or environment; the lines are the report\'s own, the watchdog-stuck line of the same block left out (it repeats an earlier set); not a cluster - a 4x RTX 3090 machine - so mapped: assumed shape - a one-node, four-GPU Delta job (Slurm) whose step runs `torchrun --standalone --nproc_per_node=4 train_weighted_mlm.py`, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[[TORCHRUN1, 'torchrun --standalone --nnodes=1 --nproc_per_node=4 training/train_weighted_mlm.py --per_device_train_batch_size 48']],
    log='''
[rank1]:[E1111 17:01:37] [Rank 1] Watchdog caught collective operation timeout:
WorkNCCL(SeqNum=14863, OpType=ALLREDUCE, NumelIn=14845952, NumelOut=14845952, Timeout(ms)=1800000)
ran for 1800048 milliseconds before timing out.
''',
)

case(
    id='spoverl-pth-hook-imports-torch-before-ray-binds-gpu-duplicate-gpu',
    kind='not_script',
    source='find_string:66671468956',
    thread_site='a project\'s notes on running its own advantage estimator (SPO) inside verl (Ray actors on a 4-GPU node; found with the code search, text id 66671468956, the tool shows no repository name), "Things that don\'t work cleanly": a `.pth` file in site-packages that imports the project package at interpreter start-up pulls torch in before Ray sets CUDA_VISIBLE_DEVICES per worker, so torch caches all four GPUs, every rank binds to GPU 0 and NCCL dies with this message; the approach kept instead: a small patch to verl\'s `core_algos.py` that imports the package only on a registry miss',
    what='an import hook installed into the Python environment initialises torch in every Ray worker before the framework binds the worker to its GPU, so all ranks land on one device; the cause and the fix are in the Python installation and code (the hook, replaced by a code patch), not the job script\'s launch line, resources or environment; the line is the notes\' own inline quotation; not a cluster - a 4-GPU node - so mapped: assumed shape - a one-node, four-GPU Delta job (Slurm) whose batch step runs `python3 -m verl.trainer.main_ppo ... algorithm.adv_estimator=spo`, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[[TORCHRUN1, 'python3 -m verl.trainer.main_ppo algorithm.adv_estimator=spo trainer.n_gpus_per_node=4 trainer.nnodes=1']],
    log='''
Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 98000
''',
)

# ---------------------------------------------------------------- accounts and partitions

case(
    id='mrflowhelma-h100-partition-not-in-account-use-h200',
    kind='script',
    source='find_string:58218502680',
    thread_site='a project\'s README for MR-flow training on NHR@FAU\'s Helma cluster (Slurm, H200 nodes, multi-node by `sbatch --nodes=4`; found with the code search, text id 58218502680, the tool shows no repository name): "This account has h200 GPUs but no h100 allocation. Always request `--partition=h200 --gres=gpu:h200:N`. An h100 request fails two different ways: `-p h100` is rejected at submit" with this message, "while `-p preempt --gres=gpu:h100:1` is accepted but pends forever on `AssocGrpGRES`"',
    what='the job asks for a partition its account has no allocation on, so the submission is rejected; the fix is in the job script (`#SBATCH --partition=h200` with `--gres=gpu:h200:N`); the line is the README\'s own quotation (without the `sbatch: error:` prefix); not one of the ten sites - Helma, a Slurm cluster - so mapped: assumed shape - a one-node, four-GPU Delta job with `#SBATCH -p h100`, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1\n#SBATCH -p h100'], ['srun torchrun --nnodes=2', 'srun torchrun --nnodes=1']],
    log='''
Invalid account or account/partition combination
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+\s*#SBATCH\s+(-p|--partition)[= ]\s*h200\b|^-\s*#SBATCH\s+-p\s+h100\b'},
)

case(
    id='saejobscript-gpu-partition-needs-named-gpu-account',
    kind='script',
    source='find_string:69025979609',
    thread_site='a project\'s Slurm array job script for training probes (found with the code search, text id 69025979609, the tool shows no repository name), whose header comment records: the "compute" partition has no GPUs and the "gpu" partition only admits the pilot_gpu/its-research accounts, "so --gres=gpu:1 there fails at submit time with" these messages; "Our GPU access is the "sae" partition via the pilot_sae_gpu account ... it is not the default account, so -A has to be named explicitly" - the script then carries `#SBATCH -A pilot_sae_gpu` and `#SBATCH -p sae`',
    what='the job asks for a GPU in a partition that its (default) account may not use, so the submission is rejected; the fix is in the job script (name the GPU account and its partition: `#SBATCH -A pilot_sae_gpu`, `#SBATCH -p sae`); the line is the comment\'s own quotation (the other message it names, split over two comment lines, left out); not one of the ten sites - a university Slurm cluster - so mapped: assumed shape - a one-GPU Delta job with `#SBATCH -p gpu` and no `-A`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH -p gpu\n#SBATCH --nodes=1'], *ONE_GPU, [MASTER, ''], [SRUNPY, 'srun python scripts/train.py --task "$SLURM_ARRAY_TASK_ID"']],
    log='''
Invalid account or account/partition combination
''',
    # s38relabel: the default account may not use -p gpu; the GPU account (pilot_sae_gpu) is in neither log nor script: asks the account
    expect={'families': ['scheduler'], 'ask': True, 'ask_for': ['account']},
)

case(
    id='llnlskill-dane-no-bank-association-every-submission-fails',
    kind='not_script',
    source='find_string:71471674845',
    thread_site='a user\'s skill notes for LLNL\'s dane cluster (Slurm, TOSS 4, CPU only; found with the code search, text id 71471674845, the tool shows no repository name), section "Before anything else - do you have a bank here?": "An LC account on tuolumne/matrix/tioga does not imply a Slurm association on dane. Without one, every submission fails - including the supposedly harmless `--test-only` dry run, on every partition, with every explicit `-A`" with this line; "The message names neither the bank nor the cluster, so it reads like a partition problem. Check first, and stop rather than debugging partitions" (`sacctmgr show assoc`); the bank is requested from the project coordinator',
    what='the user has no accounting association (bank) on the cluster, so every submission is rejected whatever the script says; the cause and the fix are with the centre\'s allocations (a bank to be granted), not the job script\'s launch line, resources or environment; the line is the notes\' own; not one of the ten sites - LLNL dane, Slurm - so mapped: assumed shape - a one-node Anvil CPU job (Slurm) with an explicit `-A`, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH -A myproj\n#SBATCH -p pdebug\n#SBATCH --nodes=1']],
    log='''
allocation failure: Invalid account or account/partition combination specified
''',
)

# ---------------------------------------------------------------- DDP audit notes (1)

DDP_SOURCE = 'find_string:67458999955'
DDP_SITE = 'a project\'s audit "DDP Issues in This Repo" for world-model training on a Slurm cluster, each task started by `srun --ntasks=3 --gpus-per-task=1 ... apptainer exec --nv ... bash -c "..."` (found with the code search, text id 67458999955, the tool shows no repository name)'
DDP_MAP = 'not one of the ten sites - a Slurm cluster with Apptainer - so mapped: diagnosed as on Delta (Slurm, apptainer)'
DDP_RUN = 'srun --ntasks=3 --gpus-per-task=1 --cpu-bind=cores \\\n    apptainer exec --nv --bind /scratch wm.sif \\\n    bash -c "export RANK=\\${SLURM_PROCID} WORLD_SIZE=\\${SLURM_NTASKS} LOCAL_RANK=\\${SLURM_LOCALID} && \\\n    export MASTER_ADDR=\\$(scontrol show hostnames \\${SLURM_NODELIST} | head -n 1) && \\\n    export MASTER_PORT=\\${MASTER_PORT:-29500} && python dino_wm/train_wan_wm.py"'

case(
    id='ddpaudit-scontrol-inside-apptainer-master-addr-empty',
    kind='script',
    source=DDP_SOURCE,
    thread_site=DDP_SITE + '; Issue 10: the scripts resolved MASTER_ADDR inside the container (`export MASTER_ADDR=\\$(scontrol show hostnames \\${SLURM_NODELIST} | head -n 1)` in the `bash -c` string); scontrol does not exist in the image, the substitution silently failed, MASTER_ADDR was empty and init_process_group crashed with this error; fix given: resolve MASTER_ADDR on the host before srun and pass the literal value into the container\'s command',
    what='the job computes the rendezvous address with a host command inside the container, where the command does not exist, so the variable is empty and the process group cannot start; the fix is in the job script (set MASTER_ADDR on the host, before srun, and pass it in); the line is the second of the note\'s two-line quotation (the first repeats an earlier set); ' + DDP_MAP + '; assumed shape - a one-node, three-GPU job whose srun step runs the training in apptainer with the exports in `bash -c`',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=1', '#SBATCH --ntasks-per-node=3'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=3'], ['#SBATCH --cpus-per-task=32', '#SBATCH --cpus-per-task=8'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], [APPT_RUN, DDP_RUN]],
    log='''
environment variable MASTER_ADDR expected, but not set
''',
    expect={'families': ['containers', 'rendezvous', 'environment'], 'fix': r'(?m)^\+\s*(export\s+)?MASTER_ADDR="?\$\(scontrol'},
)

# ---------------------------------------------------------------- Polaris datascience to-do (1)

case(
    id='polaristodo-conda-2023-09-29-duplicate-gpu-wrong-nccl-2-14',
    kind='script',
    source='find_string:34147784746',
    thread_site='the ALCF data-science software maintainers\' "October 2023 to-do" for the Polaris conda modules (found with the code search, text id 34147784746, the tool shows no repository name): an open item "S. Foreman reporting multiple ranks place on a single GPU with PyTorch DDP? Specific to `Megatron-DeepSpeed`? Wrong NCCL version too; should be 2.18.3", with this traceback from the `/soft/datascience/conda/2023-09-29` module; another item of the same list calls that module "hacked-together" and names `conda/2023-10-04` as its successor; no resolution is recorded for this item',
    what='DOUBTFUL (an open to-do, no resolution recorded): the job runs under a conda module build whose PyTorch carries an older NCCL than intended, and ranks land two to a GPU; labelled script because the maintainers tie it to the module build (wrong NCCL) and the launch\'s rank placement, both set in the job script - the fix expected is the later module (`module load conda/2023-10-04`) or an explicit per-rank GPU binding; ran on Polaris; assumed shape - a two-node Polaris PBS job that loads `conda/2023-09-29` and starts Megatron-DeepSpeed with mpiexec, 4 ranks a node, no GPU binding',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['module load conda', 'module load conda/2023-09-29'], ['python train.py', 'python pretrain_gpt.py --deepspeed --deepspeed_config ds_config.json']],
    log='''
torch.distributed.DistBackendError: NCCL error in: /soft/datascience/conda/2023-09-29/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1275, internal error, NCCL version 2.14.3
Last error:
Duplicate GPU detected : rank 0 and rank 4 both on CUDA device 7000
''',
    expect={'families': ['modules', 'devices', 'launcher'], 'fix': r'(?m)^\+.*(module\s+(load|swap)\s+.*conda/20(2[4-9]|23-1[0-2])|CUDA_VISIBLE_DEVICES=\S*(PMI_LOCAL_RANK|PALS_LOCAL_RANKID|LOCAL_RANK)|set_affinity_gpu)'},
)

# ---------------------------------------------------------------- cosmos-rl on an NVIDIA GB200/GB300 Slurm cluster (3)

COS_SOURCE = 'find_string:69436704629'
COS_SITE = 'a project\'s troubleshooting chapter for fine-tuning with cosmos-rl (NVIDIA TAO container run with enroot/pyxis on an NVIDIA internal Slurm cluster with gb200 and gb300 arm64 partitions and Lustre; found with the code search, text id 69436704629, the tool shows no repository name): "Every problem hit while bringing the pipeline up, in the order they appeared, with the root cause and the fix that is now in the code", one table row each'
COS_MAP = 'not one of the ten sites - an NVIDIA Slurm cluster with Grace-Blackwell arm64 nodes and pyxis containers - so mapped: diagnosed as on DeltaAI (Slurm, aarch64 GH200 nodes)'
COS_IMG = [['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=/lustre/fsw/portfolios/tao/users/me/tao-toolkit-pyt-arm64.sqsh'], ['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=4']]

case(
    id='cosmosrlnotes-guessed-launcher-name-cosmos-rl-command-not-found',
    kind='script',
    source=COS_SOURCE,
    thread_site=COS_SITE + '; row 5: symptom this line; root cause "guessed launcher name"; fix "launcher is `cosmos-rl --config spec.toml /opt/cosmos_rl/tao_sft_example.py`, found by reading TAO\'s client source"',
    what='the job\'s launch line calls a command name that the image does not have, so the step fails at once; the fix is on the launch line in the job script (`cosmos-rl --config spec.toml ...`); the line is the table\'s own; ' + COS_MAP + '; assumed shape - a one-node job whose srun step runs `cosmos_rl --config spec.toml ...` in the TAO image through pyxis',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=[*COS_IMG, ['python /workspace/train.py', 'cosmos_rl --config /workspace/spec.toml /opt/cosmos_rl/tao_sft_example.py']],
    log='''
cosmos_rl: command not found
''',
    expect={'families': ['launcher', 'containers'], 'fix': r'(?m)^\+.*\bcosmos-rl\s+--config\b'},
)

case(
    id='cosmosrlnotes-gb300-sm103-nvrtc-arch-unsupported-run-on-gb200',
    kind='script',
    source=COS_SOURCE,
    thread_site=COS_SITE + '; row 11: symptom this line "at the first CUDA kernel"; root cause "GB300 (`sm_103`) not supported by the image\'s CUDA/NVRTC"; fix "run on GB200 (`gb200`) or x86 H100; documented in README"',
    what='the job runs an image whose CUDA runtime compiler does not know the GPU architecture of the partition it asked for, so the first kernel compile fails; the fix is in the job script (a partition whose GPUs the image supports - `#SBATCH -p gb200` - or a newer image); the line is the table\'s own; ' + COS_MAP + '; assumed shape - a one-node job with `#SBATCH -p gb300` whose srun step runs cosmos-rl in the TAO image through pyxis',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=[*COS_IMG, ['#SBATCH --nodes=1', '#SBATCH -p gb300\n#SBATCH --nodes=1'], ['python /workspace/train.py', 'cosmos-rl --config /workspace/spec.toml /opt/cosmos_rl/tao_sft_example.py']],
    log='''
nvrtc: error: invalid value for --gpu-architecture (-arch)
''',
    # s38relabel: the image's NVRTC does not know the partition's GPU arch; a newer image or a partition the image supports is the user's choice (gb200 is no DeltaAI partition): asks the image
    expect={'families': ['scheduler', 'containers'], 'ask': True, 'ask_for': ['container_image', 'image', 'partition']},
)

case(
    id='cosmosrlnotes-gb200-cudnn-fused-sdpa-no-execution-plan',
    kind='not_script',
    source=COS_SOURCE,
    thread_site=COS_SITE + '; row 16: the baseline evaluation failed with this line; root cause "cuDNN fused SDPA on GB200 for these shapes"; fix "`torch.backends.cuda.enable_cudnn_sdp(False)`" in the evaluation code',
    what='the cuDNN fused attention kernel finds no execution plan for these shapes on this GPU, a limitation of the library for the architecture; the fix is a switch in the Python code (disable the cuDNN SDPA backend), not the job script\'s launch line, resources or environment; the line is the table\'s own; ' + COS_MAP + '; assumed shape - a one-node job whose srun step runs the evaluation script in the TAO image through pyxis',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=[*COS_IMG, ['python /workspace/train.py', 'python /workspace/eval/eval_baseline.py --model /workspace/models/base']],
    log='''
cuDNN Frontend error: No valid execution plans built
''',
)

# ---------------------------------------------------------------- BlueBEAR vLLM harness troubleshooting (3)

BEAR_SOURCE = 'find_string:55107787738'
BEAR_SITE = 'a harness\'s troubleshooting page for serving models with vLLM from Slurm jobs on the University of Birmingham BlueBEAR cluster (the vLLM server runs in an apptainer image `vllm-openai.sif` in a rendered sbatch script, `module load CUDA/...` first, A100 GPUs by gres; found with the code search, text id 55107787738, the tool shows no repository name), "Keyed to the failure symptom the operator actually sees. Each entry lists the most likely root cause and the next diagnostic step"'
BEAR_MAP = 'not one of the ten sites - BlueBEAR, a Slurm cluster with apptainer - so mapped: diagnosed as on Delta (Slurm, apptainer)'
BEAR_BASE = [['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', '']]
BEAR_SIF = '$RDS_ROOT/.bear-harness/apptainer/vllm-openai.sif'

case(
    id='bearharness-module-load-cuda-version-rotated-unknown',
    kind='script',
    source=BEAR_SOURCE,
    thread_site=BEAR_SITE + '; entry "`module load CUDA/...` fails on the compute node": the vLLM job\'s output starts with this line; cause given: "the module name in `bear.toml` doesn\'t match what the compute node actually has. CUDA modules on BlueBEAR rotate"; fix given: pick a version `module avail CUDA` lists (the default or a known-good one) and set it',
    what='the job script loads a module version the cluster no longer provides, so the module load fails before the server starts; the fix is in the job script (a CUDA module version that exists); the line is the page\'s own; ' + BEAR_MAP + '; assumed shape - a one-node, two-GPU job that runs `module load CUDA/12.1.1` and starts `vllm serve` in the image with srun',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[*BEAR_BASE, ['module load apptainer', 'module load apptainer\nmodule load CUDA/12.1.1'], [APPT_RUN, 'srun apptainer exec --nv --bind "$RDS_ROOT" ' + BEAR_SIF + ' \\\n    vllm serve Qwen/Qwen2.5-7B-Instruct --served-model-name Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2 --port 8000']],
    log='''
Lmod has detected the following error: The following module(s) are unknown: "CUDA/12.1.1"
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+\s*module\s+load\s+(.*\s)?CUDA(/(?!12\.1\.1\b)\S+)?\s*$|^-\s*module\s+load\s+CUDA/12\.1\.1'},
)

case(
    id='bearharness-served-model-name-differs-from-model-probe-fails',
    kind='script',
    source=BEAR_SOURCE,
    thread_site=BEAR_SITE + '; entry "`bear-harness launch` reports `vllm probe failed` with `does not list`": this line; cause given: "`--served-model-name` and `--model` disagree. In SLURM mode the wrapper derives both from the harness\'s `model` argument, so this only happens if someone has edited the sbatch script by hand"; fix given: re-render the script (both names the same)',
    what='the job script starts the server under a served name different from the model the client asks for, so the readiness probe finds no such model; the fix is on the launch line in the job script (`--served-model-name` equal to the model name, or dropped); the line is the page\'s own; ' + BEAR_MAP + '; assumed shape - a one-node, two-GPU job whose srun step runs `vllm serve Qwen/Qwen2.5-7B-Instruct --served-model-name qwen7b ...` in the image, followed by the harness\'s probe',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[*BEAR_BASE, [APPT_RUN, 'srun apptainer exec --nv --bind "$RDS_ROOT" ' + BEAR_SIF + ' \\\n    vllm serve Qwen/Qwen2.5-7B-Instruct --served-model-name qwen7b --tensor-parallel-size 2 --port 8000']],
    log='''
vllm probe failed: endpoint does not list expected model 'Qwen/Qwen2.5-7B-Instruct'
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*vllm serve (?!.*--served-model-name\s+qwen7b\b)'},
)

case(
    id='bearharness-old-vllm-image-no-messages-route-404',
    kind='script',
    source=BEAR_SOURCE,
    thread_site=BEAR_SITE + '; entry "`vllm probe failed: POST /v1/messages returned 404`": this line; cause given: "the vLLM apptainer image is older than late-2025 and does not implement the Anthropic Messages API route"; fix given: re-pull the image, or override the image tag (`--apptainer-image docker://vllm/vllm-openai:v0.11.0`)',
    what='the job serves the model from a container image too old to have the API route the client uses, so the probe gets 404; the fix is in the job script (a newer image on the container line, e.g. one pulled from `vllm/vllm-openai:v0.11.0`); the line is the page\'s own; ' + BEAR_MAP + '; assumed shape - a one-node, two-GPU job whose srun step runs `vllm serve` in an old `vllm-openai_v0.6.3.sif`',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[*BEAR_BASE, [APPT_RUN, 'srun apptainer exec --nv --bind "$RDS_ROOT" $RDS_ROOT/.bear-harness/apptainer/vllm-openai_v0.6.3.sif \\\n    vllm serve Qwen/Qwen2.5-7B-Instruct --served-model-name Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2 --port 8000']],
    log='''
vllm probe failed: POST /v1/messages returned 404 — upgrade vllm to a version that natively supports /v1/messages (>=0.11 or post PR #22627/#27882)
''',
    expect={'families': ['containers'], 'fix': r'(?m)^\+.*apptainer\s+(exec|run)\b(?!.*vllm-openai_v0\.6\.3\.sif)'},
)

# ---------------------------------------------------------------- single notes (2)

case(
    id='aiipipeline-ocr-vllm-xid79-gpu-gone-reboot-does-not-recover',
    kind='not_script',
    source='find_string:56420506747',
    thread_site='a project\'s Chinese-language pipeline record for a single-GPU host (an OCR vLLM container and an embedding service sharing a 9.65 GB GPU; found with the code search, text id 56420506747, the tool shows no repository name): 2026-07-06 06:35, while the OCR daemon was processing a book, `journalctl -k` recorded the Xid 79 lines and afterwards `nvidia-smi` reported this error / `No devices were found`; the record: "not a problem of the ocr-vllm container - the GPU dropped off at the hardware/driver level, a host-level fault"; the host was rebooted at 10:18 and `nvidia-smi` still failed - "reboot has been tried and did not solve it", next step is checking the hardware itself (cables, PCIe slot, power, vendor support)',
    what='the GPU fell off the bus and stays lost even after a reboot, a hardware fault of the host; nothing in the job\'s launch line, resources or environment caused or can fix it (the job-side answer is at most to avoid the node); the lines are the record\'s own; not a cluster - a single workstation host - so mapped: assumed shape - a one-GPU Bridges-2 job (Slurm, GPU-shared) whose srun step runs the OCR server, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[*ONE_GPU, [MASTER, ''], [SRUNPY, 'srun vllm serve /models/ocr --gpu-memory-utilization 0.75 --port 8000']],
    log='''
NVRM: GPU 0000:01:00.0: GPU has fallen off the bus.
Unable to determine the device handle for GPU0: Unknown Error
''',
)

# ---------------------------------------------------------------- PMIx plugin missing (2 sources)

case(
    id='unigebaobab-srun-defaults-to-pmix-v3-plugin-missing-use-pmi2',
    kind='script',
    source='find_string:61805744611',
    thread_site='a UNIGE HPC community thread "Srun error when runing job" (hpc-community.unige.ch/t/3727, cluster Baobab, Slurm; found with the code search, text id 61805744611): an array job on shared-gpu (`--gpus=2`, a venv activated and `ml GCC/12.3.0 OpenMPI/4.1.5 PyTorch-bundle/2.1.2-CUDA-12.1.1`, then `srun ~/baobab_python_env_LLM3/bin/python -u classify_SR.py ...`), "was working before (last week)", stopped at launch with these lines; an HPC team member: "A quick working workaround is to force srun in your sbatch to use pmi2" (`srun --mpi=pmi2 ...`); the user: "Perfect, this does the trick"; a day later the team wrote the default had been fixed and the workaround could be removed',
    what='srun starts the step with an MPI plugin type (the cluster\'s default at the time, pmix_v3) that is not installed, so the step fails before the program starts; the fix that worked is on the launch line in the job script (`srun --mpi=pmi2`); the centre later corrected its default, which the label notes but does not count against the script fix; not one of the ten sites - UNIGE Baobab, Slurm - so mapped: assumed shape - a one-node, two-GPU Delta job array whose srun step runs the venv\'s python with no `--mpi`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --array=1,5,13'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], [MASTER, '. ~/baobab_python_env_LLM3/bin/activate\nmodule load GCC/12.3.0 OpenMPI/4.1.5 PyTorch-bundle/2.1.2-CUDA-12.1.1\n'], [SRUNPY, 'srun ~/baobab_python_env_LLM3/bin/python -u classify_SR.py ${SLURM_ARRAY_TASK_ID} > ./results/classify.out']],
    log='''
srun: error: Couldn't find the specified plugin name for mpi/pmix_v3 looking at all files
srun: error: cannot find mpi plugin for mpi/pmix_v3
srun: error: MPI: Cannot create context for mpi/pmix_v3
srun: error: MPI: Unable to load any plugin
srun: error: Invalid MPI type 'pmix_v3', --mpi=list for acceptable types
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*\bsrun\b.*--mpi[= ](pmi2|none|pmix_v[45]|cray_shasta)\b'},
)

case(
    id='lclsdaq-node-slurm-package-without-pmix-plugin-it-repair',
    kind='not_script',
    source='find_string:56499534747',
    thread_site='a facility\'s DAQ operations runbook for Slurm-launched data-acquisition processes (LCLS hutch DAQ nodes, configless Slurm from psslurm-drp, DAQ commands started with `srun --mpi=pmix`; found with the code search, text id 56499534747, the tool shows no repository name), section "Slurm Configless / PMIx Package Drift": IT kernel or OS maintenance can pull in an incompatible Slurm RPM for one hutch DAQ node; it may omit `mpi/pmix`, so jobs on other nodes run while jobs scheduled on the affected host fail before the DAQ process starts with these errors; "Correct fix: ... Ask IT/root to install the site-compatible Slurm package set for the hutch nodes, including PMIx plugin support" (the RIX 2026-07 incident: working peers used slurm-20.11.3-1.el7_9 with mpi_pmix.so/mpi_pmix_v3.so)',
    what='one node carries a Slurm build without the PMIx plugin after maintenance, so steps that land there fail while the same script runs on the other nodes; the cause and the fix are in the node\'s installed packages (an IT repair), not the job script\'s launch line, resources or environment; the lines are the runbook\'s own, its middle line (`cannot find mpi plugin for mpi/pmix`) left out as it repeats an earlier set; not one of the ten sites - an experimental-facility Slurm cluster - so mapped: assumed shape - a one-node Anvil CPU job (Slurm) whose srun step (`--mpi=pmix`) starts the DAQ process, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=4'], ['module load cray-mpich', 'module load openmpi'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --mpi=pmix --cpu-bind=cores drp -P rix -C drp-srcf-cmp001 -d /dev/datadev_0']],
    log='''
srun: error: Couldn't find the specified plugin name for mpi/pmix
srun: error: invalid MPI type 'pmix'
''',
)

case(
    id='homelabrunbook-gpu-node-driver-bumped-nvml-mismatch-reboot',
    kind='not_script',
    source='find_string:57885824206',
    thread_site='an operator\'s runbook for a home-lab k3s cluster with one GPU node (`k3s-agent-gpu`, GPU pods ollama and dispatcharr; found with the code search, text id 57885824206, the tool shows no repository name), triage section "GPU node": "every GPU pod ... crash-looping with" this line "means unattended-upgrades bumped the NVIDIA driver on disk while the old kernel module is still loaded. Confirm by comparing `cat /proc/driver/nvidia/version` with `nvidia-smi`\'s NVML version ... The fix is a node reboot - recommend it, never run it. Non-GPU pods and other nodes being fine is the confirming signal"',
    what='the node\'s driver packages were upgraded under a running kernel module, so every GPU program on that node fails to initialise NVML until the node is rebooted; the cause and the fix are the node\'s (an administrator\'s reboot), not the job script\'s launch line, resources or environment; the line is the runbook\'s own quotation; not a cluster of the ten - a k3s GPU node - so mapped: assumed shape - a one-node Lonestar6 GPU job (Slurm) whose batch step starts `ollama serve`, diagnosed as on Lonestar6',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['ibrun python train.py --epochs 10', 'ollama serve']],
    log='''
failed to initialize NVML: Driver/library version mismatch
''',
)
