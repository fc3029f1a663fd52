# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Written and labelled before any run of maple on these cases.

# ---------------------------------------------------------------- NUMT pipeline README (Slurm spool copy of the job script)

NUMT_SOURCE = 'find_string:53620762129'
case(
    id='numtpipe-slurm-spool-copy-sourcing-helper-beside-script-not-found',
    kind='script',
    source=NUMT_SOURCE,
    thread_site='a genomics pipeline README (NUMT discovery, Slurm array jobs): modules and conda env are centralised in `load_numt_modules.sh`, sourced by `run_numt_discovery.sh`, `process_numt_candidates_one_ready.sh` and `submit_numt_end2end_array.sh`; section "Slurm 报错 (Slurm error)": `load_numt_modules.sh: No such file or directory` because Slurm runs the script from `/var/spool/slurmd/...`, so the current directory is not the repository; fix: the scripts now locate the repository with `SLURM_SUBMIT_DIR` first and source the helper from there',
    what='the job script finds its helper relative to its own location, which under sbatch is Slurm\'s spool copy, not the repository; the fix the README states is a change to the job script (take the directory from SLURM_SUBMIT_DIR), so labelled script; the line is the README\'s own quoted error (inside a Chinese heading, the error text itself is English); not one of the ten sites - an EasyBuild/Slurm cluster (SAMtools/1.21-GCC-13.3.0 modules) - mapped by scheduler family to Anvil (Slurm, CPU job); assumed shape - a CPU job that sources the helper with `source "$(dirname "$0")/load_numt_modules.sh"` and runs one srun step',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=16\n#SBATCH --array=1-40'], ['module load cray-mpich\n', 'source "$(dirname "$0")/load_numt_modules.sh"\n'], ['srun --cpu-bind=cores ./solver input.dat', 'srun bash process_numt_candidates_one_ready.sh "$SLURM_ARRAY_TASK_ID"']],
    log='''
load_numt_modules.sh: No such file or directory
''',
    expect={'families': ['filesystem', 'environment', 'syntax'], 'fix': r'(?m)^\+.*\bSLURM_SUBMIT_DIR\b'},
)

# ---------------------------------------------------------------- Vista accelerate job script comment (conda libstdc++ vs system)

VISTACXX_SOURCE = 'find_string:59660914375'
case(
    id='vistaflow-accelerate-conda-env-cxxabi-1-3-15-not-found-ld-library-path',
    kind='script',
    source=VISTACXX_SOURCE,
    thread_site='a user\'s TACC Vista job script (flow-matching training, `#SBATCH -p gh-dev`, `conda activate geossub_env`, `accelerate launch --num_processes 1 --mixed_precision fp16 ml_model/train_flow.py`); its comment records the fix: `# Fix for "CXXABI_1.3.15 not found" Matplotlib error on TACC` followed by `export LD_LIBRARY_PATH="$CONDA_PREFIX/lib:$LD_LIBRARY_PATH"`',
    what='the conda environment\'s C++ extensions need a newer libstdc++ than the system one found first; the fix recorded in the job script is an exported LD_LIBRARY_PATH putting $CONDA_PREFIX/lib first, a job-script change, so labelled script; the line is the fragment the script\'s comment quotes (the full loader message is not shown, nothing added); Vista is one of the ten sites; assumed shape - the same job before the fix (no LD_LIBRARY_PATH line)',
    cluster='vista',
    script='accelerate.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH -J diff_v5\n#SBATCH -p gh-dev\n#SBATCH -A ATM25008\n#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=2\n#SBATCH --time=08:00:00', '#SBATCH --time=02:00:00\nsource ~/.bashrc\nconda activate geossub_env\nexport PYTHONUNBUFFERED=1'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --num_processes 1 --mixed_precision fp16 ml_model/train_flow.py --config ml_model/config_flow.yaml --epochs-per-run 20']],
    log='''
CXXABI_1.3.15 not found
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*\bLD_LIBRARY_PATH=\S*(CONDA_PREFIX|conda|envs)\S*'},
)

# ---------------------------------------------------------------- V100 patch notes (raylight fp8 FSDP, NCCL < sm90)

V100_SOURCE = 'find_string:71084870935'
case(
    id='v100patch-fsdp-fp8-allgather-nccl-fp8-reduction-needs-sm90',
    kind='not_script',
    source=V100_SOURCE,
    thread_site='a user\'s patch notes for ComfyUI + raylight on 2x Tesla V100 32GB (torch 2.9.1+cu128, NCCL 2.27.5), reproduced with `torchrun --nproc_per_node=2 tests-unit/test_fp8_fsdp_repro.py`: FSDP2 unshard all-gathers raw fp8 weights through NCCL, whose FP8 support starts at sm90, so V100 (sm70) fails with these lines; cause: torch 2.9.1 FSDP2 all-gather goes through group._allgather_base, which raylight\'s fp8 patch did not intercept; fix: a code patch in raylight (pre_all_gather returns the fp8 bytes as uint8, post_all_gather views them back) - both ranks then FORWARD OK',
    what='the failing collective comes from the library code sending fp8 tensors to NCCL on a pre-Hopper GPU; the cure is a patch to the program/library (uint8 view around the all-gather), nothing in the launch script changes it, so not_script; lines as the notes quote them; not a cluster job - a 2-GPU V100 workstation started with torchrun - mapped to Bridges-2 (V100-32 GPU nodes, Slurm) with a single-node torchrun job',
    cluster='bridges2',
    script='torchrun_single.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH -p GPU-shared\n#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=v100-32:2'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=2 tests-unit/test_fp8_fsdp_repro.py']],
    log='''
torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:3690, invalid argument
Last error:
FP8 reduction support begins with sm90 capable devices.
''',
)

# ---------------------------------------------------------------- Parsl PR #3853 (PBSProProvider submit errors, Aurora)

PARSL3853_SOURCE = 'https://github.com/Parsl/parsl/pull/3853'
case(
    id='parslpbspro-aurora-qsub-unknown-queue-debug5',
    kind='script',
    source=PARSL3853_SOURCE,
    thread_site='Parsl pull request #3853 "Improved error handling in the PBSProProvider" (2025-05): the provider now raises SubmitException with qsub\'s stderr; example from a login node of ALCF Aurora (account AuroraGPT): "Error raised when the PBSProProvider is misconfigured with a bad queue name", the generated submit script went to `qsub -q debug5 -A AuroraGPT ...` and PBS answered `qsub: Unknown queue`',
    what='the job was submitted to a queue that does not exist (debug5); the cure is the queue directive of the batch script (Aurora\'s queues are debug, debug-scaling, prod, ...), so labelled script - the PR states the cause (misconfigured bad queue name) but shows no rerun; the line is the PR\'s own example output, trimmed to the first block\'s line; Aurora is one of the ten sites; assumed shape - the Aurora mpiexec job with `#PBS -q debug5`',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -A MyProject', '#PBS -A AuroraGPT\n#PBS -q debug5']],
    log='''
	Failed to start block 0: Cannot launch job parsl.HighThroughputExecutor.block-0.1746723134.8832731: Submit command 'qsub  -q debug5 -A AuroraGPT /home/yadunand/parsl/parsl/providers/pbspro/runinfo/001/submit_scripts/parsl.HighThroughputExecutor.block-0.1746723134.8832731' failed; recode=None, stdout=, stderr=qsub: Unknown queue
''',
    expect={'families': ['scheduler', 'directives'], 'fix': r'(?m)^\+#PBS\s+-q\s+(?!debug5\b)\S+'},
)

# ---------------------------------------------------------------- LSF job script comment (small node-local /tmp, Triton JIT)

HSRING_SOURCE = 'find_string:67352349365'
case(
    id='hsringjob-triton-jit-gcc-scratch-full-node-tmp-no-space',
    kind='script',
    source=HSRING_SOURCE,
    thread_site='a user\'s LSF GPU job script (vLLM hook parity test, `bsub < run_hs_ring_parity.sh`, `#BSUB -gpu "num=1:mode=exclusive_process"`, python legs run in one job); its comment: the Triton kernel specialisations JIT-compile at boot and gcc\'s assembler scratch lands under the compute node\'s /tmp, which is small; a full /tmp aborts the JIT with this error "and has killed jobs before"; fix in the script: `export TMPDIR=/opt/nvme/${USER}/hsring_${LSB_JOBID}` (fallback to project scratch) plus TRITON_CACHE_DIR and TORCHINDUCTOR_CACHE_DIR under it',
    what='the job leaves TMPDIR (and the compile caches) on the node\'s small /tmp; the cure the script records is exporting TMPDIR/TRITON_CACHE_DIR to per-job scratch, a job-script change, so labelled script; the line is the comment\'s quoted error; not one of the ten sites and LSF, not Slurm or PBS - mapped to Stampede3 (a one-GPU batch job on the h100 partition) as the nearest shape, which changes the scheduler family, said here; assumed shape - the job without the TMPDIR block',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'source ~/miniconda3/etc/profile.d/conda.sh\nconda activate vllm_hook_env\nexport VLLM_HOOK_CUDAGRAPH_MODE=FULL\n'], ['ibrun python train.py --epochs 10', 'python -u tests/cuda_graph/tests/ring/hs_ring_parity.py capture --mode graph --out "$WORK/graph.pkl"']],
    log='''
error writing to /tmp/ccXXXXXX.s: No space left on device
''',
    expect={'families': ['filesystem', 'environment'], 'fix': r'(?m)^\+.*\b(TMPDIR|TRITON_CACHE_DIR)=(?!/tmp\b)\S+'},
)

# ---------------------------------------------------------------- Beatnik Flux batch script comment (two submissions, one checkpoint dir)

BEATNIK_SOURCE = 'find_string:71535656605'
case(
    id='beatnikflux-overlapping-jobs-shared-checkpoint-dir-hdf5-lock-mpi-tag-abort',
    kind='script',
    source=BEATNIK_SOURCE,
    thread_site='a Beatnik (FMM fluid solver, Kokkos/HIP) batch script for LLNL Tuolumne (`flux batch`, `flux run --ntasks=... --gpus-per-task=1`), writing an MPI-IO checkpoint series to Lustre scratch; its comment: "T5 lost a launch to two overlapping submissions writing the same checkpoint files, with `H5FD__sec2_lock(): unable to lock file, errno = 11` at step 1325 and a `collective tags 14 and 1 do not match` MPI abort behind it"; fix in the script: the scratch path carries the job id (`.../job${_jobid}/...`), "load-bearing, not tidiness", so two submissions cannot share a directory',
    what='two runs of the same job script wrote into one fixed scratch directory; the cure the script records is a per-job scratch path (job id in the directory name), a job-script change, so labelled script; lines are the two fragments the comment quotes, one a line (backticks dropped); not one of the ten sites and Flux, not Slurm or PBS - mapped to Perlmutter (an srun-launched MPI+GPU application writing to $SCRATCH) as the nearest shape, which changes the scheduler family, said here; assumed shape - the scratch path without the job id',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1\n', 'export BEATNIK_TEST_SCRATCH=$SCRATCH/beatnik/t5_fmm_L4\nmkdir -p "$BEATNIK_TEST_SCRATCH"\n'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores ./Beatnik_Test_Milestone0Fmm 4']],
    log='''
H5FD__sec2_lock(): unable to lock file, errno = 11
collective tags 14 and 1 do not match
''',
    expect={'families': ['filesystem', 'environment'], 'fix': r'(?m)^\+.*\bBEATNIK_TEST_SCRATCH=\S*\$\{?SLURM_JOB_?ID'},
)

# ---------------------------------------------------------------- anemoi-core PR #1064 (TimeLimit callback, multi-node)

ANEMOI_SOURCE = 'https://github.com/ecmwf/anemoi-core/pull/1064'
case(
    id='anemoitimelimit-rank-local-stop-after-1d-collective-mismatch-watchdog',
    kind='not_script',
    source=ANEMOI_SOURCE,
    thread_site='anemoi-core pull request #1064 "fix: Fix anemoi TimeLimit callback" (ECMWF, 2026-04, merged): with multi-node training (PyTorch Lightning under Slurm) the TimeLimit callback stopped training after its 1-day limit, and 30 minutes later the ranks timed out in mismatched collectives (rank 0 in an ALLREDUCE, rank 5 in a BROADCAST); the fix is in the callback\'s code so that the stop decision is taken consistently across nodes',
    what='a day of good training ended in a hang caused by the program\'s own stop logic (ranks leave the loop at different points), cured by a code fix in the callback; nothing in the job script changes it, so not_script; lines are the PR\'s quoted log, trimmed (its "..." lines dropped); the site is not named - ECMWF runs anemoi on Slurm clusters with srun-started Lightning ranks - so mapped by scheduler family to DeltaAI with the Lightning-under-srun shape; assumed shape - 2 nodes x 4 GPUs',
    cluster='deltaai',
    script='lightning_srun.sh',
    replace=[['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun anemoi-training train --config-name=era5_o96 training.max_time=1d']],
    log='''
[2026-04-20 19:14:34,416][anemoi.training.diagnostics.callbacks.stopping][INFO] - Time limit of 1d reached. Stopping training.
[rank0]:[E420 19:44:35.569754537 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4832284, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800051 milliseconds before timing out.
[rank5]:[E420 19:44:36.136978018 ProcessGroupNCCL.cpp:632] [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4832284, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800059 milliseconds before timing out.
''',
)

# ---------------------------------------------------------------- WeatherGenerator issue #360 (multi-node NCCL timeout, broken uv env)

WGEN_SOURCE = 'https://github.com/ecmwf/WeatherGenerator/issues/360'
case(
    id='weathergen-multinode-allreduce-timeout-fixed-by-reinstalling-uv-env',
    kind='not_script',
    source=WGEN_SOURCE,
    thread_site='WeatherGenerator issue #360 "NCCL Timeout During Multi-Node Training" (2025-06, closed): a multi-node run (srun-labelled output, rank 11 and up; environment under /work/ab0995/..., i.e. DKRZ Levante, Slurm, 4x A100 nodes) timed out in its 52nd collective; the asker\'s resolution: "Problem solved. I\'ve deleted entire uv enviroment, updated the uv and installed WeatherGenerator again"',
    what='the hang went away when the user rebuilt the Python environment, with the same job script; no script change is the cure, so not_script - the actual defect in the old environment is not identified (DOUBTFUL as to cause, the cure is shown); lines are the issue\'s own, trimmed to one rank, srun label kept; Levante is not one of the ten sites - mapped by scheduler family and node shape (Slurm, 4 A100 a node, srun-started ranks) to Perlmutter; assumed shape - 4 nodes x 4 ranks, a uv venv activated in the script',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 4'], ['module load pytorch/2.3.1\n', 'source $HOME/WeatherGenerator/.venv/bin/activate\n'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --label --cpu-bind=cores python src/weathergen/run_train.py']],
    log='''
11: [rank11]:[E617 15:17:35.519071987 ProcessGroupNCCL.cpp:681] [Rank 11] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.
11: [rank11]:[E617 15:17:35.519087787 ProcessGroupNCCL.cpp:695] [Rank 11] To avoid data inconsistency, we are taking the entire process down.
11: [rank11]:[E617 15:17:35.520063769 ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank 11] Process group watchdog thread terminated with exception: [Rank 11] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=52, OpType=ALLREDUCE, NumelIn=11, NumelOut=11, Timeout(ms)=240000) ran for 240077 milliseconds before timing out.
''',
)

# ---------------------------------------------------------------- LMEnt troubleshooting page (student Slurm cluster)

LMENT_SOURCE = 'find_string:69037754814'
LMENT_SITE = 'the LMEnt project\'s "Troubleshoot" page (a course/lab setup that trains OLMo-core models with `sbatch slurm/train.sbatch` on a university Slurm cluster whose student partitions have only titan_xp and geforce_rtx_2080 GPUs; entries "ordered by how often it has actually happened")'
LMENT_MAP = 'not one of the ten sites - a university Slurm cluster with single consumer GPUs - mapped by scheduler family to Delta (Slurm, srun-started python, one GPU)'
LMENT_REPLACE = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=12:00:00\n#SBATCH --partition=studentbatch'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'source "$REPO_ROOT/slurm/env.sh"\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun --gres=gpu:1 python -m lment.train_entry --experiment "$EXPERIMENT" --run-name "$RUN_NAME"']]
case(
    id='lmenttrouble-cuda-unknown-error-gpu-driver-bad-machine',
    kind='not_script',
    source=LMENT_SOURCE,
    thread_site=LMENT_SITE + '; "A training job dies before training starts": `RuntimeError: CUDA unknown error` - "the GPU driver failed to start up ... It\'s rare on a healthy machine, so suspect the machine"; if the job and the training step both saw a GPU and torch still fails: "Bad machine. Resubmit with `--exclude=<host>` on the `sbatch` line"',
    what='a GPU driver that fails to initialise on one node is a fault of that machine, not of the job script; the page\'s cure is to avoid the node (resubmit elsewhere) and report it - excluding a host is a workaround, not a repair of the script, so not_script (hardware/node fault); the line is the page\'s quoted error; ' + LMENT_MAP,
    cluster='delta',
    script='srun_python.sh',
    replace=LMENT_REPLACE,
    log='''
RuntimeError: CUDA unknown error
''',
)

case(
    id='lmenttrouble-torch-compile-triton-needs-sm70-job-landed-on-titan-xp',
    kind='script',
    source=LMENT_SOURCE,
    thread_site=LMENT_SITE + '; "A training job dies before training starts": `torch.compile needs Triton, which needs sm_70+` - "your job landed on an old `titan_xp` card. Resubmit with `LMENT_COMPILE=0` added to the front of your `sbatch` line" (train.sbatch tests for this up front and refuses to start)',
    what='the job can land on a pre-Volta GPU where the compiled path cannot run; the page\'s cure is in how the job is submitted - turn compilation off through the job environment (LMENT_COMPILE=0), or equally keep the job off the old GPU type with a GPU-type request - both job-script changes, so labelled script; the line is the job\'s own preflight message as the page quotes it; ' + LMENT_MAP + '; assumed shape - the job without LMENT_COMPILE set and without a GPU-type constraint',
    cluster='delta',
    script='srun_python.sh',
    replace=LMENT_REPLACE,
    log='''
torch.compile needs Triton, which needs sm_70+
''',
    expect={'families': ['environment', 'resources', 'devices'], 'fix': r'(?m)^\+.*(\bLMENT_COMPILE=0\b|--gres=gpu:(?!titan)\w+:|--constraint=|--gpus(-per-node)?=(?!titan)[a-z]\w*:)'},
)

# ---------------------------------------------------------------- "Submitting Jobs on Gautschi" notes (Purdue RCAC)

GAUT_SOURCE = 'find_string:68835646436'
GAUT_SITE = 'a user\'s "Submitting Jobs on Gautschi" notes (Purdue RCAC Gautschi, Slurm, partition `ai` with 8x H100 nodes; JAX/mbirjax reconstruction jobs, `module load conda && conda activate mbirjax && python -u script.py`, run directories under /home/li5273/PycharmProjects/scripts/...), with a Troubleshooting table of symptom and cause/fix'
GAUT_MAP = 'Gautschi is not one of the ten sites - mapped to Anvil, its Purdue RCAC sibling (Slurm, same conventions)'
GAUT_REPLACE = [['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=14\n#SBATCH -A bouman\n#SBATCH -p ai'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'cd /home/li5273/PycharmProjects/scripts/2026/0813/expname\nmodule load conda\nconda activate mbirjax\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python -u recon_4d_mace.py --output-dir ./output']]
case(
    id='gautschinotes-home-quota-exceeded-outputs-written-under-home',
    kind='script',
    source=GAUT_SOURCE,
    thread_site=GAUT_SITE + '; "`Disk quota exceeded`, job FAILED": "Wrote to `/home` (25 GB cap). Move the workdir and outputs under `~/Desktop/data/...` -> scratch. See `storage_layout.md`."',
    what='the job writes its outputs under the small /home quota; the cure the notes give is to move the job\'s working/output directory to scratch, a change to paths in the job script, so labelled script; the line is the notes\' quoted error; ' + GAUT_MAP + '; assumed shape - a 4-GPU job that cds into its /home experiment folder and writes ./output there',
    cluster='anvil',
    script='srun_python.sh',
    replace=GAUT_REPLACE,
    log='''
Disk quota exceeded
''',
    expect={'families': ['filesystem'], 'fix': r'(?m)^\+.*(\$SCRATCH|\$\{SCRATCH\}|/scratch/|/Desktop/data/)'},
)

case(
    id='gautschinotes-bad-gpu-node-every-config-fails-cuda-error-launch-failed',
    kind='not_script',
    source=GAUT_SOURCE,
    thread_site=GAUT_SITE + '; "Every config fails in ~7 s, `CUDA_ERROR_LAUNCH_FAILED`": "Bad GPU on that node. Add the GPU sanity gate, log the host to `bad_nodes.txt`, resubmit with `--exclude=`"; section 3: a broken GPU on an `ai` node makes JAX\'s backend init abort ("This really happened on node `h009` (job 13351866)")',
    what='a broken GPU on one node fails every run that lands there, whatever the script says; the notes\' cure is to detect and avoid the node (and report it) - a workaround around a hardware fault, not a script repair, so not_script (hardware); the line is the notes\' quoted error; ' + GAUT_MAP,
    cluster='anvil',
    script='srun_python.sh',
    replace=GAUT_REPLACE,
    log='''
CUDA_ERROR_LAUNCH_FAILED
''',
)

# ---------------------------------------------------------------- PIK cluster notes (QOS must match the partition)

PIK_SOURCE = 'find_string:67149943981'
case(
    id='pikcluster-missing-qos-fails-at-submit-invalid-qos-specification',
    kind='script',
    source=PIK_SOURCE,
    thread_site='a project\'s notes on the PIK cluster (Potsdam, Slurm; partitions standard/priority/gpu, each with its own QOS short/medium/long/priority/gpushort...): "The QOS must **match** the partition, and omitting it fails at submit time with `Invalid qos specification` - which reads like a permissions problem rather than a missing field"; the project\'s wrapper `scripts/sbatch_py.sh` derives the default QOS from the partition for exactly that reason',
    what='the job script names a partition but no matching QOS; the cure is a `--qos` directive (or a wrapper that adds it), a job-script change, so labelled script; the line is the notes\' quoted message (the full sbatch prefix is not shown, nothing added); PIK is not one of the ten sites - mapped to Perlmutter, where a `-q` QOS directive is likewise required with the `-C gpu` constraint; assumed shape - the Perlmutter GPU job without its `-q` line',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -q regular\n', '']],
    log='''
Invalid qos specification
''',
    expect={'families': ['scheduler', 'directives'], 'fix': r'(?m)^\+#SBATCH\s+(-q|--qos)[= ]?\s*\S+'},
)

# ---------------------------------------------------------------- offline-eval notes, failure taxonomy (SGLang eval jobs in containers)

OEVAL_SOURCE = 'find_string:57984421316'
OEVAL_SITE = 'a project\'s offline-evaluation notes (RL-trained checkpoints scored by an 8-way data-parallel SGLang server in a container, `sbatch -A ... --partition=batch,batch_short --export=ALL,CKPT=...,EXTRA_MOUNTS=${HISO}:${HISO} run_eval.sbatch`, checkpoints on Lustre), with a "Failure taxonomy (measured 2026-08-06/07, 35 jobs)": 15 of 35 jobs failed, three causes'
OEVAL_MAP = 'not one of the ten sites - an NVIDIA Slurm cluster with containerised jobs - mapped by scheduler family to DeltaAI (Slurm, srun with container image and mounts), 4 GPUs a node'
OEVAL_REPLACE = [['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=4'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=/projects/shared/containers/sglang.sqsh\nCKPT=/ckpt/training/offline_eval_unpadded/s4-r24'], ['--container-mounts="$PWD":/workspace python /workspace/train.py', '--container-mounts=/lustre/fsw/coreai/ckpt:/ckpt,"$PWD":/workspace python /workspace/experiments/src/offline_eval/measure_pass_rate.py --model "$CKPT" --dp-size 4']]
case(
    id='oevalnotes-unpadded-checkpoint-symlinks-dangle-in-container-safetensors-missing',
    kind='script',
    source=OEVAL_SOURCE,
    thread_site=OEVAL_SITE + '; "Dangling symlink" (13 jobs, one wave): symptom `Rank 0 scheduler died during initialization (exit code: -3)`, `FileNotFoundError: .../model-00002-of-00003.safetensors`; the unpadding step symlinks the unchanged shards, the targets resolve to `/lustre/fs1/...` (not the `/lustre/fsw/...` spelling), and `EXTRA_MOUNTS` must expose the symlink target\'s path at the same path inside the container; fix: "step 2\'s `EXTRA_MOUNTS`" - every one retried clean',
    what='the container the job starts does not mount the directory the checkpoint\'s symlinks point to, so shards vanish inside it; the cure is one more bind mount in the job\'s launch (the same path inside as outside), a job-script change, so labelled script; lines are the taxonomy\'s quoted symptoms; ' + OEVAL_MAP + '; assumed shape - the eval job mounting only the /lustre/fsw checkpoint root',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=OEVAL_REPLACE,
    log='''
Rank 0 scheduler died during initialization (exit code: -3)
FileNotFoundError: .../model-00002-of-00003.safetensors
''',
    expect={'families': ['containers', 'filesystem'], 'fix': r'(?m)^\+.*(--container-mounts[= ]\S*/lustre/fs1|EXTRA_MOUNTS=\S*/lustre/fs1|--bind[= ]\S*/lustre/fs1|-B\s+\S*/lustre/fs1)'},
)

case(
    id='oevalnotes-hf-export-keeps-padded-vocab-rows-sglang-load-assertion',
    kind='not_script',
    source=OEVAL_SOURCE,
    thread_site=OEVAL_SITE + '; "Vocab padding" (1 job): symptom `org_vocab_size=151936 ... loaded_weight.shape[0]=152064` at load; cause - Megatron pads the vocabulary to 152064 and megatron.bridge\'s save_hf_pretrained writes the padded tensor while config.json keeps 151936, so SGLang refuses it; fix: "step 1" - unpad the checkpoint with `unpad_vocab.py` (setting vocab_size to 152064 would load but be wrong)',
    what='the exported checkpoint (the job\'s input data) is inconsistent with its own config; the cure is to rewrite the checkpoint\'s embedding shard, not to change how the job is launched, so not_script (input data / checkpoint conversion); the line is the notes\' quoted assertion (the step-1 form, with its own "..."); ' + OEVAL_MAP,
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=OEVAL_REPLACE,
    log='''
AssertionError: self.org_vocab_size=151936 ... loaded_weight.shape[0]=152064
''',
)

# ---------------------------------------------------------------- UniVTAC-GR00T README, "Common failures" (Kakao Slurm cluster)

GROOT_SOURCE = 'find_string:66483725587'
GROOT_SITE = 'a project README (UniVTAC-GR00T: a GR00T N1.7 policy server plus an Isaac Sim evaluator run in one Slurm job, `sbatch --wckey=sub_4dpdata --export=ALL,VARIANT=baseline,TASK=insert_hole slurm/eval_ablation.sbatch`, server from the GR00T venv, evaluator via `conda run -n UniVTAC`), "Common failures" table of symptom and cause'
GROOT_MAP = 'the cluster (Kakao, Slurm, GPU nodes) is not one of the ten sites - mapped by scheduler family to Lonestar6 (Slurm, one GPU node, both processes started from the batch script)'
GROOT_REPLACE = [['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'source $WORK/miniconda3/etc/profile.d/conda.sh\nconda activate UniVTAC\nGROOT_PYTHON=$WORK/Isaac-GR00T/.venv/bin/python\n']]
case(
    id='grootreadme-hf-transfer-flag-set-but-package-missing-server-download-fails',
    kind='script',
    source=GROOT_SOURCE,
    thread_site=GROOT_SITE + '; `ValueError: Fast download using \'hf_transfer\' is enabled (HF_HUB_ENABLE_HF_TRANSFER=1) but \'hf_transfer\' package is not available` - "The flag is a hard error, not a fallback, and it fires mid-download inside the *server* log so it reads like a checkpoint fault. `eval_ablation.sbatch` now probes `GROOT_PYTHON` for the package and only enables the flag when present. Override with `HF_HUB_ENABLE_HF_TRANSFER=0`, or install it"',
    what='the job script switches on a download accelerator the server\'s Python does not have; the cure the README gives is in the job script (do not set the flag, or set it to 0, or probe first) or installing the package into that venv - labelled script because the flag is set by the job script; the line is the README\'s quoted error; ' + GROOT_MAP + '; assumed shape - the eval job exporting HF_HUB_ENABLE_HF_TRANSFER=1 before starting the server',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=GROOT_REPLACE + [['ibrun python train.py --epochs 10', 'export HF_HUB_ENABLE_HF_TRANSFER=1\n$GROOT_PYTHON -m univtac_groot.server.run_server --model-path nvidia/GR00T-N1.7-3B --embodiment-tag OXE_DROID_RELATIVE_EEF_RELATIVE_JOINT --port 5555 &\nsleep 600\nconda run -n UniVTAC python scripts/run_eval.py --task insert_hole --variant baseline --port 5555 --episodes 20']],
    log='''
ValueError: Fast download using 'hf_transfer' is enabled (HF_HUB_ENABLE_HF_TRANSFER=1) but 'hf_transfer' package is not available
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*(HF_HUB_ENABLE_HF_TRANSFER=0|unset\s+HF_HUB_ENABLE_HF_TRANSFER|pip install\s+(\S+\s+)*hf_transfer)'},
)

case(
    id='grootreadme-server-inherits-conda-cuda124-ld-library-path-cudnn-not-initialized',
    kind='script',
    source=GROOT_SOURCE,
    thread_site=GROOT_SITE + '; `cuDNN error: CUDNN_STATUS_NOT_INITIALIZED` on the first `get_action`: "The server inherited `LD_LIBRARY_PATH`/`CUDA_HOME` from the UniVTAC conda env (CUDA 12.4) while its torch is cu128. Launch it with `env -u LD_LIBRARY_PATH -u CUDA_HOME -u CUDA_PATH`; the job scripts do this automatically. Check free VRAM first, since genuine OOM reports the same error."',
    what='the server process is started from a shell whose library path points at another CUDA than its torch build; the cure is in the job script\'s launch line (start the server with LD_LIBRARY_PATH/CUDA_HOME removed), so labelled script - the README notes a genuine OOM prints the same error, which this job\'s context does not suggest; the line is the README\'s quoted error; ' + GROOT_MAP + '; assumed shape - the server started after `conda activate UniVTAC` with the inherited environment',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=GROOT_REPLACE + [['ibrun python train.py --epochs 10', '$GROOT_PYTHON -m univtac_groot.server.run_server --model-path nvidia/GR00T-N1.7-3B --embodiment-tag OXE_DROID_RELATIVE_EEF_RELATIVE_JOINT --port 5555 &\nsleep 600\nconda run -n UniVTAC python scripts/run_eval.py --task insert_hole --variant baseline --port 5555 --episodes 20']],
    log='''
cuDNN error: CUDNN_STATUS_NOT_INITIALIZED
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(env\s+(-u\s+\S+\s+)*-u\s+LD_LIBRARY_PATH|unset\s+(\S+\s+)*LD_LIBRARY_PATH|LD_LIBRARY_PATH=\S*(cu12[89]|cuda-12\.[89]|\.venv))'},
)

# ---------------------------------------------------------------- NERSC / Perlmutter scaffolding README (DESI tokenizer pretrain)

DESI_SOURCE = 'find_string:54741565494'
DESI_SITE = 'a project\'s "NERSC / Perlmutter scaffolding" README (DESI DR1 spectrum-tokenizer pretraining on Perlmutter: `sbatch nersc/smoke_tokenizer.slurm`, single-GPU jobs in the `shared` QOS, account `deepsrch_g` - "GPU jobs use the `_g` suffix"), table "Common first-job pitfalls" of symptom, likely cause and fix'
DESI_REPLACE = [['#SBATCH -q regular', '#SBATCH -q shared'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH -c 32', '#SBATCH -c 32\n#SBATCH -t 00:10:00'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun python nersc/pretrain_tokenizer.py --manifest $SCRATCH/deepsrch/manifests/smoke.jsonl --steps 50']]
# (the README's `sbatch: error: invalid account` pitfall was left out: that exact line is already in another set)
case(
    id='desiperlmutter-old-pytorch-module-no-torch-amp-gradscaler',
    kind='script',
    source=DESI_SOURCE,
    thread_site=DESI_SITE + '; `ImportError: cannot import name \'GradScaler\'` - likely cause "very old torch; we use `torch.amp.GradScaler` API" - fix "upgrade to `pytorch/2.3.1` or newer module"',
    what='the job loads a PyTorch module older than the API the trainer uses; the cure is the module line of the job script (pytorch/2.3.1 or newer), so labelled script; the line is the README\'s quoted error (its "from \'torch.amp\'" tail is not shown, nothing added); Perlmutter is one of the ten sites; assumed shape - the smoke job loading an older pytorch module (2.0.1)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g', '#SBATCH -A deepsrch_g'], ['module load pytorch/2.3.1', 'module load pytorch/2.0.1']] + DESI_REPLACE,
    log='''
ImportError: cannot import name 'GradScaler'
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+.*module\s+(load|swap)\s+(\S+\s+)?pytorch/(2\.([3-9]|\d\d)|[3-9])'},
)

case(
    id='desiperlmutter-astropy-missing-setup-env-not-run',
    kind='not_script',
    source=DESI_SOURCE,
    thread_site=DESI_SITE + '; `ModuleNotFoundError: astropy` - likely cause "`setup_env.sh` not run, or pytorch module changed" - fix "re-run `bash nersc/setup_env.sh`" (the one-time setup that loads the pytorch module and pip-installs astropy/fitsio/tqdm into the user environment)',
    what='the packages the trainer needs were never installed into the environment the module provides (or were installed under another module version); the README\'s cure is re-running the one-time install step from a login shell, not an edit of the job script, so not_script (environment install) - DOUBTFUL, since the README\'s second cause (the pytorch module changed) could also be met by pinning the module line; the line is the README\'s quoted error as shown (abbreviated there, nothing added); Perlmutter is one of the ten sites; assumed shape - the smoke job with the usual pytorch module, before setup_env.sh was run',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g', '#SBATCH -A deepsrch_g']] + DESI_REPLACE,
    log='''
ModuleNotFoundError: astropy
''',
)

# ---------------------------------------------------------------- GRPO-on-Snellius README, "Common gotchas" (SURF, Slurm)

SNEL_SOURCE = 'find_string:58730573935'
SNEL_SITE = 'a project README for GRPO LoRA training of Qwen3-14B on SURF Snellius (Slurm; `sbatch hpc_configs/slurm/train_single_40gb.slurm` etc., `module load 2023` software stack, a `.venv` built by env.sh, `--account` to edit in the SLURM file), table "Common gotchas" of symptom, likely cause and fix'
SNEL_MAP = 'Snellius is not one of the ten sites - mapped by scheduler family to Bridges-2 (Slurm, module stacks, one GPU node); assumed shape - a one-GPU job that loads the year module stack and activates the .venv'
SNEL_REPLACE = [['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus=v100-32:16', '#SBATCH --gpus=v100-32:1']]
case(
    id='snelliusgrpo-srun-no-compute-budget-wrong-partition-or-account',
    kind='script',
    source=SNEL_SOURCE,
    thread_site=SNEL_SITE + '; `srun: error: No compute budget for the partition` - likely cause "wrong `--partition` or no `--account`" - fix "check `accinfo` / `sacctmgr show association user=$USER`"',
    what='the job asks for a partition its account has no budget on (or names no account); the cure is the partition/account directives of the job script, so labelled script - but the right account (or partition) is a value only the user has (the README says to look it up with `accinfo`), so the expected answer is a question for the account (an `ask` label), and a guessed account would be invented; the line is the README\'s quoted error; ' + SNEL_MAP + ' but no `-A` line',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=SNEL_REPLACE + [['module load openmpi/4.0.5-gcc10.2.0\nsource $PROJECT/venvs/hvd/bin/activate\nmpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'module load 2023\nsource .venv/bin/activate\nsrun python -m pipeline.reinforcement_algorithm.rl_demo --config hpc_configs/overrides/new_rl_updater.py']],
    log='''
srun: error: No compute budget for the partition
''',
    expect={'families': ['scheduler', 'directives'], 'ask': True, 'ask_for': ['account']},
)

case(
    id='snelliusgrpo-slurm-loads-2024-stack-venv-built-under-2023-libtorch-import',
    kind='script',
    source=SNEL_SOURCE,
    thread_site=SNEL_SITE + '; "Modules mismatch causes `ImportError: libtorch...`" - likely cause "SLURM loaded `2024` stack but venv was built under `2023`" - fix "edit `module load 2023` in both env.sh and SLURM to be identical"',
    what='the job script loads a different software-stack year than the one the virtualenv was built against; the cure is the module line of the job script, so labelled script; the line is the README\'s quoted fragment, with its own "..." (the full loader message is not shown, nothing added); ' + SNEL_MAP + ' (2024 stack loaded)',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=SNEL_REPLACE + [['module load openmpi/4.0.5-gcc10.2.0\nsource $PROJECT/venvs/hvd/bin/activate\nmpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'module load 2024\nsource .venv/bin/activate\nsrun python -m pipeline.reinforcement_algorithm.rl_demo --config hpc_configs/overrides/new_rl_updater.py']],
    log='''
ImportError: libtorch...
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+.*module\s+(load|swap)\s+(\S+\s+)?2023\b'},
)

# ---------------------------------------------------------------- GLM serving notes on an MI355 cluster "spur" (bad GPU node, DPA+MTP crash)

SPUR_SOURCE = 'find_string:62217269013'
SPUR_SITE = 'a user\'s notes "GLM-5.2 mooncake PD on spur" (sglang prefill/decode serving on an AMD gfx950 cluster whose scheduler holds nodes, runs `spur exec`, `scancel` and `--exclude=<node>`; the server runs inside a docker container on each held node)'
SPUR_MAP = 'spur is not one of the ten sites - a Slurm-like GPU cluster of AMD nodes - mapped to Delta (Slurm, with an AMD MI100 GPU partition); the docker container is not modelled, assumed shape - one srun step starting the sglang server on one 8-GPU node'
SPUR_REPLACE = [['#SBATCH --nodes=1', '#SBATCH --partition=gpuMI100x8\n#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=8'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python3 -m sglang.launch_server --model-path /models/GLM-5.2-MXFP4 --tp 8 --host 0.0.0.0 --port 30000']]
case(
    id='spurnotes-bad-gpu-node-torch-sees-no-accelerator-exclude-node',
    kind='not_script',
    source=SPUR_SOURCE,
    thread_site=SPUR_SITE + '; "spur has bad GPU nodes": on one held node `torch.cuda.device_count()`=8 but `torch.cuda.is_available()`=False and rocminfo showed no gfx950 agent, so sglang died "No accelerator available"; a fresh container on the same node reproduced it - "a bad/half-initialized GPU node ... so it\'s the node, not the container"; cure: health-gate each node and, if it fails, scancel and resubmit with `--exclude=<bad node>`',
    what='the GPUs of one node were not initialised - a node fault, reproduced outside the job\'s container; excluding the node is a workaround that avoids the machine, not a repair of the script, so not_script (hardware/node fault); the line is the message fragment the notes quote, nothing added; ' + SPUR_MAP,
    cluster='delta',
    script='srun_python.sh',
    replace=SPUR_REPLACE,
    log='''
No accelerator available
''',
)

case(
    id='spurnotes-dp-attention-with-mtp-draft-extend-topk-lengths-mismatch',
    kind='not_script',
    source=SPUR_SOURCE,
    thread_site=SPUR_SITE + '; "DP-attention + MTP together crash": `DPA=1 MTP=1` on the decode leg crashes during EAGLE draft-extend with `RuntimeError: Expected lengths.size(0) == B` in `dsa_topk_backend.py fast_topk_v2` - "the DSA sparse-attention indexer\'s topk kernel doesn\'t handle the DP-attention batch layout in the draft-extend forward path. The two features are individually fine"; the notes run one or the other',
    what='a kernel of the serving program does not support the combination of two of its features; the notes give no job-script repair, only to turn one feature off (a workaround choosing the program\'s mode), the fault is in the program, so not_script (program bug); the line as the notes quote it; ' + SPUR_MAP + ', server started with both `--enable-dp-attention` and the EAGLE speculative options',
    cluster='delta',
    script='srun_python.sh',
    replace=SPUR_REPLACE[:2] + [['srun python -u train.py --batch-size 256 --epochs 32', 'srun python3 -m sglang.launch_server --model-path /models/GLM-5.2-MXFP4 --tp 8 --dp 8 --enable-dp-attention --speculative-algorithm EAGLE --speculative-num-steps 3 --host 0.0.0.0 --port 30000']],
    log='''
RuntimeError: Expected lengths.size(0) == B
''',
)

# ---------------------------------------------------------------- disRNN grid notes (Beaker tasks lost to one node's DNS failure)

DISRNN_SOURCE = 'find_string:58546358075'
case(
    id='disrnngrid-twenty-tasks-one-node-dns-failure-git-refresh-at-start',
    kind='not_script',
    source=DISRNN_SOURCE,
    thread_site='a user\'s variant notes "mult-d-grid" (an 80-task hyperparameter grid of 1-GPU training tasks; each task\'s container entrypoint refreshes the source from GitHub before the run); section "Recovery - 20 tasks lost to one bad node, resubmitted": tasks 060-079 all failed within minutes, exit code 128, not preempted, with these log lines; all 20 had run on the same single node - "a transient DNS/network failure on that node at container startup ... transient node failure != code bug: resubmit, don\'t debug"; resubmitted with identical task specs, they ran on other nodes',
    what='name resolution failed on one node only, for every task placed there, and the identical specs ran elsewhere - a node/network fault, not the job script, so not_script (node fault); lines as the notes quote them (the notes wrap the git message over two lines, kept as shown); not a cluster of the ten - AI2\'s Beaker container platform - mapped to Anvil (Slurm, A100 GPU nodes with outside network access) as a 1-GPU array task; assumed shape - a job whose first step pulls the source with git before training',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8', '#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH --cpus-per-task=12\n#SBATCH --mem=90G\n#SBATCH --array=60-79'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'echo "[entrypoint] refreshing source from GitHub before the run..."\ngit -C aind-disrnn-dispatcher pull --ff-only || exit 128\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u aind-disrnn-dispatcher/run_task.py --task-index "$SLURM_ARRAY_TASK_ID" --n-steps 100000']],
    log='''
[entrypoint] refreshing source from GitHub before the run...
fatal: unable to access 'https://github.com/AllenNeuralDynamics/aind-disrnn-dispatcher.git/':
Could not resolve host: github.com
''',
)

# ---------------------------------------------------------------- UCX issue #10755 (Stampede3, GPU-direct MPI crash)

UCX10755_SOURCE = 'https://github.com/openucx/ucx/issues/10755'
case(
    id='ucx10755-stampede3-remote-operation-error-mlx5-mpi-waitall-gpudirect',
    kind='not_script',
    source=UCX10755_SOURCE,
    thread_site='openucx/ucx issue #10755 (open, label Bug, 2025-07): "crash on Stampede3 with \\"Remote operation error on mlx5_0:1/IB\\" in MPI_Waitall()" - a GPU application (the reporter works on the quokka AMR hydro code) exchanging device buffers through CUDA-aware MPI over UCX; the reporter\'s comment: "I\'m guessing there\'s something wrong with the GPUDirect setup on Stampede3, similar to e.g., this issue: openucx/ucx#7863"; no resolution in the thread as stored',
    what='a remote-operation completion error on the InfiniBand adapter during a GPU-buffer exchange, which the reporter ties to the system\'s GPUDirect setup (driver/peer-memory/fabric side), not to anything in the job script; no fix or workaround is given, so the label rests on the reporter\'s reading - not_script (system fabric/GPUDirect fault), DOUBTFUL; the line is the error fragment the issue title quotes (the full UCX log line is not stored), nothing added; Stampede3 is one of the ten sites; assumed shape - a 2-node H100 job, one rank per GPU started by ibrun',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -n 6', '#SBATCH -n 8'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'module load cuda/12.8 openmpi\n'], ['ibrun python train.py --epochs 10', 'ibrun ./build/src/problems/RadhydroShell/test_radhydro_shell tests/radhydro_shell.in']],
    log='''
Remote operation error on mlx5_0:1/IB
''',
)

# ---------------------------------------------------------------- MiV-Simulator build-and-test note on Polaris (Cray MPICH GNU variant shared-memory copy)

MIVPOL_SOURCE = 'find_string:53100084498'
case(
    id='mivpolaris-cray-mpich-gnu-variant-shm-process-vm-readv-efault',
    kind='not_script',
    source=MIVPOL_SOURCE,
    thread_site='a developer\'s note "MiV-Simulator Build and Test on Polaris" (2026-04, Cray MPICH 9.0.1, cray-python venv, mpi4py 3.1.4 and neuroh5 built against the GNU variant libmpi_gnu_123.so; PBS test jobs 7097199-7097215): test [3] "Parallel neuroh5 I/O (4 MPI ranks) - FAIL", every scatter_read crashes in the inter-rank exchange with these lines (then "-> PMPI_Wait -> neuroh5::mpi::alltoallv_vector<char>"); root cause per the note: the GNU Cray MPICH variant\'s own intra-node shared-memory transport copies with process_vm_readv(2), which fails with EFAULT on Polaris compute nodes; "MPICH_CH4_SHM_ENABLE=0 and MPICH_SHM_BYPASS=1 do not disable this transport"; workaround path: rebuild mpi4py from source against the NVIDIA Cray MPICH variant; single-rank runs work',
    what='the fault is in the MPI library variant the Python stack was built against and in how the node lets it copy between processes; the environment switches a job script could set were tried and do not help, and the way out is a rebuild of mpi4py/neuroh5 against another MPICH variant - a software build change, not a job-script edit - so not_script (library/system); lines as the note quotes them, the third summary line (an arrow chain, not log text) left out; Polaris is one of the ten sites; assumed shape - one node, 4 ranks started by mpiexec running the neuroh5 I/O test',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['#PBS -l filesystems=home:eagle', '#PBS -l filesystems=home:grand'], ['#PBS -q debug-scaling', '#PBS -q debug'], ['#PBS -A MyProject', '#PBS -A gpu_hack'], ['module load conda\nconda activate\n', 'module load cray-python cray-hdf5-parallel\nsource /lus/grand/projects/gpu_hack/iowarp/miv_polaris/venv/bin/activate\n'], ['export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n', ''], ['--depth=16 --cpu-bind depth python train.py', '--depth=8 --cpu-bind depth python ~/bin/miv_neuroh5_io_test.py /lus/grand/projects/gpu_hack/iowarp/neuroh5/MiV_Cells_Microcircuit_Small_20220410.h5']],
    log='''
process_vm_readv: Bad address
Assertion failed in cray_common/cray_common_memops.c:446
''',
)

# ---------------------------------------------------------------- "Hardware Related issues" note (NCCL NVLS on a multi-GPU node)

HWNOTE_SOURCE = 'find_string:33172476866'
case(
    id='hwnote-ddp-broadcast-ncclunhandledcudaerror-nvls-invalid-argument',
    kind='script',
    source=HWNOTE_SOURCE,
    thread_site='a user\'s note "This document records a list of Hardware Related issues for future reference" (an RL fine-tuning tool run from /root/agentscope-tuner/.venv, torch with NCCL 2.26.2); item 1 "ncclUnhandledCudaError: Call to CUDA function failed." - the DDP parameter broadcast at start (_sync_params_and_buffers -> dist._broadcast_coalesced) fails with these lines; "Solution: export NCCL_NVLS_ENABLE=0"',
    what='NCCL\'s NVLink SHARP (NVLS) path fails on this machine at the first collective; the recorded cure is an environment export in the job (disable NVLS), a job-script change, so labelled script - the note files it under hardware, and the machine\'s NVSwitch/fabric state is the likely root, but the fix it gives is the export; lines as the note quotes them (its list indentation removed), less the line `ncclUnhandledCudaError: Call to CUDA function failed.`, which repeats a line of an earlier set; the machine is not named - an 8-GPU Hopper node is assumed (NVLS needs NVSwitch-connected Hopper GPUs) and mapped to Delta\'s 8-GPU H200 nodes (partition name assumed) with a single-node torchrun job; assumed shape - the job without the export',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --partition=gpuH200x8\n#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'source /root/agentscope-tuner/.venv/bin/activate\ntorchrun --standalone --nnodes=1 --nproc_per_node=8 -m agentscope_tuner.train --config configs/grpo.yaml']],
    log='''
File "/root/agentscope-tuner/.venv/lib/python3.10/site-packages/torch/distributed/utils.py", line 322, in _sync_params_and_buffers
dist._broadcast_coalesced(
torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:77, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.26.2
Last error:
Cuda failure 1 'invalid argument'
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*\bNCCL_NVLS_ENABLE=0\b'},
)

# ---------------------------------------------------------------- MiV-Simulator build-and-test note on Aurora (mpi4py imported before h5py)

MIVAUR_SOURCE = 'find_string:52844663128'
case(
    id='mivaurora-mpi4py-before-h5py-import-order-not-a-datatype',
    kind='not_script',
    source=MIVAUR_SOURCE,
    thread_site='a developer\'s note "MiV-Simulator Build and Test on Aurora" (2026-04, PBS debug queue, conda env with mpi4py 4.1.1 built from source against Aurora MPICH 5.0 and a parallel h5py wheel; PBS job 8448029); root cause as stated: `utils/utils.py` does `from mpi4py import MPI` at module level, and "on Aurora, importing mpi4py.MPI (built against Aurora MPICH with ABI mismatch) before h5py corrupts HDF5 global type-ID state, causing `ValueError: Not a datatype` in h5py.h5t.lockid"; fixed by a source patch - `import h5py` as the first line of `miv_simulator/utils/__init__.py` (and mpi4py imported first inside the package\'s own MPI check)',
    what='the failure comes from the import order inside the program\'s package against this MPI/HDF5 build; the cure is a patch to the program source, nothing in the job script changes it, so not_script (program); the line is the error the note quotes, nothing added; Aurora is one of the ten sites; assumed shape - a one-node job running the package\'s tests directly (the note runs pytest without mpiexec), shown as a one-rank mpiexec step of the Aurora script',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1\n#PBS -q debug'], ['#PBS -A MyProject', '#PBS -A gpu_hack'], ['module load frameworks\n', 'source ~/miniconda3/etc/profile.d/conda.sh\nconda activate miv\n'], ['NRANKS_PER_NODE=12', 'NRANKS_PER_NODE=1'], ['export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n', 'cd ~/MiV-Simulator\n'], ['--cpu-bind depth -d 8 python train.py', '--cpu-bind depth -d 8 python -m pytest tests -x']],
    log='''
ValueError: Not a datatype
''',
)
