# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

PYXIS = 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py'
SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
TORCHRUN1 = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'
TORCHRUN_TAIL = '--rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'
MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
AUR = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
IBRUN = 'ibrun python train.py --epochs 10'
S2R_SOURCE = 'find_string:55663891357'
S2R_SITE = 'a user\'s process log for QLoRA fine-tuning of Qwen2.5-32B on a Kubernetes-hosted Slurm cluster (slinky nodes, partition medium, one H100 per job, an NGC pytorch:24.12-py3 image through pyxis, `srun ... bash -c` inside the container; found with the code search, text id 55663891357, the tool shows no repository name)'
SENSAUG_SOURCE = 'find_string:71202759954'
SENSAUG_SITE = 'a user\'s debug changelog for getting `train_nexus_gamma.sbatch` (torchrun, mmsegmentation-based SensAug training) running on the UMD Nexus `gamma` partition (Slurm; found with the code search, text id 71202759954, the tool shows no repository name)'
SELFRAG_SOURCE = 'find_string:56148972164'
SELFRAG_SITE = 'a user\'s Chinese problem log for reproducing Self-RAG on a lab cluster (Tang-2-Wu, 8x A40; conda prefix on NAS, accelerate/FSDP training; found with the code search, text id 56148972164, the tool shows no repository name)'
MARSHAL_SOURCE = 'find_string:67202787392'
MARSHAL_SITE = 'a user\'s running notes for bringing up MARSHAL (ROLL-based self-play RL: Ray, vLLM 0.8.4, DeepSpeed) on ALCF Polaris (PBS Pro, debug queue, one node with 4 A100-40GB; the PBS wrap `scripts/train_polaris.pbs` calls a bash launcher that starts the Ray pipeline; found with the code search, text id 67202787392, the tool shows no repository name)'
MARSHAL_PBS = 'cd ${PBS_O_WORKDIR}\nmodule use /soft/modulefiles\nmodule load conda/2025-09-25\nconda activate base\nsource /lus/eagle/projects/lighthouse-uchicago/members/mehta5/conda-envs/marshal-train/bin/activate\nexport PYTHONPATH=$PBS_O_WORKDIR\nbash examples/tictactoe/run_agentic_pipeline_tictactoe_selfplay_polaris.sh'
MAXTOKI_SOURCE = 'find_string:70967275158'
MAXTOKI_SITE = 'a user\'s setup log for building a MaxToki (BioNeMo/TransformerEngine) user-space Python prefix on NCSA DeltaAI (aarch64 GH200, Slurm partition ghx4, apptainer 1.4 with a read-only NGC pytorch:25.06 image, no fakeroot; the sbatch `slurm/build_env.sbatch` runs `slurm/install_prefix.sh` inside `apptainer exec`; found with the code search, text id 70967275158, the tool shows no repository name)'
MAXTOKI_BODY = 'module load apptainer\ncd /projects/bhdw/asachan/methods/Earth_RL/maxtoki-perturb/deltaai\nexport NVTE_CUDA_ARCHS=90 MAX_JOBS=16\n'
MAXTOKI_RUN = 'apptainer exec --nv --bind env:/opt/env --bind src/maxToki:/workspace/bionemo2 containers/pytorch2506-arm64.sif bash slurm/install_prefix.sh'

# ---------------------------------------------------------------- script cases

case(
    id='cbramodnote-array-root-from-bash-source-resolves-under-var-spool',
    kind='script',
    source='find_string:54552996680',
    thread_site='a user\'s monitoring log for an eight-task CBraMod pretraining array on a university Slurm cluster (partition A40, `QOSMaxGRESPerUser` pending; found with the code search, text id 54552996680, the tool shows no repository name; a second copy of the same log is text id 54703760182); "Disappearance Diagnosis": every task\'s stderr holds this one line and stdout is empty; root cause given: the sbatch wrapper derives REPO_ROOT from BASH_SOURCE[0], Slurm runs a copy of the script from its spool area, so the results path became /var/spool/results/...; the relaunch with a fixed path (after a "path canary" job) started training',
    what='the job script computes its working root from the location of the script file, which under sbatch is Slurm\'s spool copy, so every task tries to create its results directory under /var/spool and dies before training; the fix is in the job script (take the root from $SLURM_SUBMIT_DIR or an absolute path); assumed shape - a Delta one-GPU array job (Slurm) with `REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)` and `mkdir -p "$REPO_ROOT/results/..."`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH --array=0-7\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=96:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)\nROOT="$REPO_ROOT/results/s2p_route_b_33ch_b1"\nmkdir -p "$ROOT/logs"\ncd "$REPO_ROOT"\n'], [SRUNPY, 'srun python -u pretrain.py --cell "${SLURM_ARRAY_TASK_ID}" --out "$ROOT"']],
    log='''
mkdir: cannot create directory '/var/spool/results': Permission denied
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+.*(SLURM_SUBMIT_DIR|REPO_ROOT=["\']?/(?!var/spool)|ROOT=["\']?/(?!var/spool))'},
)

case(
    id='spec2rtlnote-hf-hub-cache-points-at-read-only-shared-cache',
    kind='script',
    source=S2R_SOURCE,
    thread_site=S2R_SITE + '; job 227: exits after 7:51 with 1:0; root cause given: the sbatch set `HF_HUB_CACHE` to the read-only shared model cache, and when the model was not there the download to that path was denied; fix given: remove `export HF_HUB_CACHE=/home/_shared/models/hub` from the sbatch (HF_HOME kept, downloads go to $HF_HOME/hub); the next job got past this',
    what='the job script points the Hugging Face download cache at a shared directory the user cannot write, so the first model download fails; the fix is in the job script (drop HF_HUB_CACHE or point it at a writable path); the note quotes the error as the message head only; assumed shape - a one-GPU Delta job (Slurm) running the training in an NGC image through pyxis with `export HF_HUB_CACHE=/home/_shared/models/hub`, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=1\n#SBATCH --cpus-per-task=16'], ['#SBATCH --exclusive\n', ''], ['#SBATCH --time=01:00:00', '#SBATCH --time=24:00:00'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=nvcr.io#nvidia/pytorch:24.12-py3\nexport HF_HOME=/home/noahsabb/.cache/huggingface\nexport HF_HUB_CACHE=/home/_shared/models/hub'], [PYXIS, 'srun --container-image="$CONT" --container-mounts=/home:/home python /home/noahsabb/spec2rtl/scripts/train_qwen.py --epochs 5 --lr 1e-4']],
    log='''
PermissionError: /home/_shared/models/hub
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^-.*HF_HUB_CACHE=/home/_shared|^\+.*HF_HUB_CACHE=(?!/home/_shared)'},
)

case(
    id='spec2rtlnote-sbatch-pip-installs-flash-attn-abi-mismatch',
    kind='script',
    source=S2R_SOURCE,
    thread_site=S2R_SITE + '; job 231: exits after 7:48 with 1:0; root cause given: the flash-attn wheel that the sbatch pip-installs is ABI-incompatible with the container\'s nightly torch 2.6.0a0, and its CUDA extension fails when the model is built with flash_attention_2; fix given: remove `flash-attn --no-build-isolation` from the sbatch\'s pip install (SDPA used instead) and broaden the exception in the training script; the next job got past this',
    what='the job script installs a prebuilt flash-attn wheel over the container\'s own torch build, and its compiled extension does not load against that torch; the fix is in the job script (stop pip-installing flash-attn into the container, use the image\'s stack); the note quotes the message as a fragment; assumed shape - a one-GPU Delta pyxis job (Slurm) whose srun runs `pip install ... flash-attn --no-build-isolation` before the training script inside the container, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=1\n#SBATCH --cpus-per-task=16'], ['#SBATCH --exclusive\n', ''], ['#SBATCH --time=01:00:00', '#SBATCH --time=24:00:00'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=nvcr.io#nvidia/pytorch:24.12-py3\nexport HF_HOME=/home/noahsabb/.cache/huggingface'], [PYXIS, 'srun --container-image="$CONT" --container-mounts=/home:/home bash -c "pip install -q --upgrade transformers peft bitsandbytes==0.45.0 trl==0.13.0 && pip install -q flash-attn --no-build-isolation && python /home/noahsabb/spec2rtl/scripts/train_qwen.py --epochs 5"']],
    log='''
flash_attn_2_cuda.so: undefined symbol
''',
    expect={'families': ['environment', 'containers', 'modules'], 'fix': r'(?m)^-.*flash-attn|^\+(?!.*flash-attn).*srun\b.*container-image'},
)

case(
    id='spec2rtlnote-torchrun-not-on-path-inside-container-bash-c',
    kind='script',
    source=S2R_SOURCE,
    thread_site=S2R_SITE + '; job 242: root cause given: `torchrun` is not on PATH inside the `srun bash -c` shell in the NGC container (pip put its scripts in ~/.local/bin, not on the container\'s PATH); fix given: `torchrun` -> `python -m torch.distributed.run` in the sbatch (later jobs also set PATH=/usr/local/bin:...); the note goes on to other failures before training starts at job 293',
    what='the job script calls the `torchrun` entry point inside a container shell where it is not on PATH; the fix is in the job script (call the launcher as `python -m torch.distributed.run`, or put its directory on PATH); assumed shape - a one-GPU Delta pyxis job (Slurm) with `srun ... bash -c "... torchrun --nproc-per-node=1 train_qwen.py"`, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=1\n#SBATCH --cpus-per-task=16'], ['#SBATCH --exclusive\n', ''], ['#SBATCH --time=01:00:00', '#SBATCH --time=24:00:00'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=nvcr.io#nvidia/pytorch:24.12-py3\nexport HF_HOME=/home/noahsabb/.cache/huggingface'], [PYXIS, 'srun --container-image="$CONT" --container-mounts=/home:/home bash -c "pip install -q --no-deps --break-system-packages trl==0.13.0 && torchrun --nproc-per-node=1 /home/noahsabb/spec2rtl/scripts/train_qwen.py --epochs 5"']],
    log='''
torchrun: command not found
''',
    expect={'families': ['environment', 'launcher', 'containers'], 'fix': r'(?m)^\+.*(python3?\s+-m\s+torch\.distributed\.run|PATH=[^ ]*(/usr/local/bin|\.local/bin)|/usr/local/bin/torchrun)'},
)

case(
    id='sparsegptnote-default-job-memory-too-small-cpu-alloc-enomem',
    kind='script',
    source='find_string:52728181440',
    thread_site='a user\'s CUDA-OOM debug log for a one-GPU SparseGPT pruning job on a university Slurm cluster (partitions A100-80GB / A100-40GB-PCIe, qos normal; found with the code search, text id 52728181440, the tool shows no repository name); job 335204: with the Hessians moved to host memory the job fails on a 36 MB host allocation; root cause given: the Slurm default CPU memory limit per job is too low and the process uses almost all of it loading the dataset and tokenizer; fix given: add `--mem=32G` to the Slurm script',
    what='the job script asks for no memory, so the job gets the partition\'s small default and a host allocation fails once the process is near it; the fix is in the job script (`#SBATCH --mem=32G` or more); assumed shape - a one-GPU Delta job (Slurm) with no `--mem` line running the pruning script directly with python, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=12:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'unset SLURM_LOCALID SLURM_PROCID SLURM_NTASKS\n'], [SRUNPY, 'python -u main.py --do_train=False --prune --pruning_method SparseGPT --prune_calib_tokens 20000']],
    log='''
DefaultCPUAllocator: can't allocate memory: 37748736 bytes, Error 12 (ENOMEM)
''',
    expect={'families': ['resources'], 'fix': r'(?m)^\+#SBATCH\s+(--mem[= ](\d{2,}G|\d{5,}M?)\b|--mem-per-cpu[= ]\d+G)'},
)

case(
    id='sparsegptnote-expandable-segments-driver-vmm-oom-at-model-to',
    kind='script',
    source='find_string:52728181440',
    thread_site='the same SparseGPT debug log (text id 52728181440), jobs 334499/334503/334542 and 335139/335142: with `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True` the job fails at `model.to()`; root cause given: expandable_segments needs the CUDA VMM API, which this cluster\'s driver does not support ("DO NOT USE `expandable_segments:True` on any node in this cluster"); the best run so far (job 335145) has no PYTORCH_CUDA_ALLOC_CONF and gets past model.to(); the final Slurm script sets none',
    what='DOUBTFUL - the log also records the same failure on the 80GB nodes without the setting (job 335067, blamed on those nodes), so the allocator setting is the note\'s conclusion rather than a proven single cause; the job script exports an allocator mode the node\'s driver cannot serve, and model.to() fails with an out-of-memory error on an almost empty GPU; the fix is in the job script (drop PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True); note: the other case from this log (host memory) is a different failure and message; assumed shape - a one-GPU Delta job (Slurm) with the export in the script, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1\n#SBATCH --mem=32G'], ['#SBATCH --time=02:00:00', '#SBATCH --time=12:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n'], [SRUNPY, 'python -u main.py --do_train=False --prune --pruning_method SparseGPT']],
    log='''
RuntimeError: CUDA driver error: out of memory
''',
    expect={'families': ['environment'], 'fix': r'(?m)^-.*PYTORCH_CUDA_ALLOC_CONF=expandable_segments|^\+.*PYTORCH_CUDA_ALLOC_CONF=(?!.*expandable_segments:True)'},
)

case(
    id='landaunote-job-script-passes-stale-dz-range-generator-crash',
    kind='script',
    source='find_string:69874611784',
    thread_site='a project\'s changelog for a Monte Carlo film-growth code run as 8-core batch jobs on a university HPC cluster (Slurm job scripts `j_2dlandau.sh`, `job_2dlandau.sh`, `j1_8c_1kStep.sh`; found with the code search, text id 69874611784, copies 71165304827 and 70877727406; the tool shows no repository name); 2026-09-23 "dz-min crash fix": the first HPC result crashed at `generator.py:89` with this error; root cause given: the job script passed stale `--dz-min 0.0 --dz-max 4.5` (an old range), so the generator drew targets below the contact gap; fix given: drop `--dz-min`/`--dz-max` from all three job scripts (plus a defensive clamp in the code); verified by a run without the flags',
    what='the job script hands the program an out-of-date argument range, and the program\'s sampler fails on it at start; the fix the source makes is in the job script (remove the stale `--dz-min 0.0 --dz-max 4.5` so the program uses its own defaults); the code clamp is only a guard; assumed shape - a one-node 8-core Anvil CPU job (Slurm) running `python main.py ... --dz-min 0.0 --dz-max 4.5` with srun, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['#SBATCH --time=06:00:00', '#SBATCH --time=12:00:00'], ['module load cray-mpich', 'module load anaconda\nsource activate landau'], [MPIAPP, 'srun python main.py --mc-steps 1000 --workers 8 --dz-min 0.0 --dz-max 4.5']],
    log='''
ValueError: high - low < 0
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+(?!.*--dz-min 0\.0).*python\s+main\.py|^-.*--dz-min 0\.0 --dz-max 4\.5'},
)

case(
    id='idmrgnote-perlmutter-shared-qos-16g-expands-cpus-task-declares-4',
    kind='script',
    source='find_string:62383672547',
    thread_site='a user\'s recovery note for iDMRG sweeps on Perlmutter CPU nodes (NERSC, Slurm, shared QOS, Julia; found with the code search, text id 62383672547, the tool shows no repository name); the first control ran as job 57608599 and failed after eight seconds, before Julia started; "Its exact log reports" this line: 16 GiB expanded the shared-QOS allocation to 10 logical CPUs while the batch task still declared four; the retry requests 10 logical CPUs for the memory-sized outer allocation and launches the solver with `srun --exact --exclusive --nodes=1 --ntasks=1 --cpus-per-task=4`, and job 57611537 completed (exit 0:0)',
    what='the job script asks for 16 GiB on the shared QOS with four CPUs per task; Slurm rounds the memory up to more CPUs for the allocation, and the script\'s task CPU count no longer matches, so the job stops at once; the fix is in the job script (ask for the CPUs the memory implies, here 10, and start the solver step with an explicit `--cpus-per-task=4 --exact`); a similar message with other numbers is in an earlier set (reallogs21), this one is a different job and site; assumed shape - a one-task Perlmutter CPU job (`-C cpu -q shared`, `--cpus-per-task=4`, `--mem=16G`) running julia with srun, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g', '#SBATCH -A m0000'], ['#SBATCH -C gpu', '#SBATCH -C cpu'], ['#SBATCH -q regular', '#SBATCH -q shared'], ['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32', '#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=4\n#SBATCH --mem=16G'], ['#SBATCH -t 02:00:00', '#SBATCH -t 12:00:00'], ['module load pytorch/2.3.1\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500', 'module load julia\nexport JULIA_NUM_THREADS=2'], [PM, 'srun --cpu-bind=cores julia --project scripts/phase1_idmrg_sweep_step.jl "$CONTROL_TOML"']],
    log='''
SLURM_CPUS_PER_TASK=9 != SLURM_TRES_PER_TASK=cpu=4
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+#SBATCH\s+(--cpus-per-task[= ]|-c\s*)(9|10)\b|^\+.*srun\b.*--exact\b'},
)

case(
    id='ipex727-ipex-image-intel-mpi-env-unset-ccl-check-impi-env',
    kind='script',
    source='https://github.com/intel/intel-extension-for-pytorch/issues/727',
    thread_site='an IPEX user running DDP training on Intel GPU Max (PVC) with the intel/intel-extension-for-pytorch:2.3.110-xpu container image, launched with mpirun; the manual says to set CCL_ROOT from CONDA_PREFIX, but the image has no conda; after `export CCL_ROOT=/usr/local` (maintainer\'s first answer) oneCCL stops with these errors; a maintainer then gives the full set to export (CCL_ROOT and I_MPI_ROOT=/usr/local, CLASSPATH, PATH and LD_LIBRARY_PATH for libfabric, FI_PROVIDER_PATH) and shows the torch-ccl demo running on two ranks; the issue is closed (documentation label)',
    what='the job starts ranks in the IPEX container without the Intel MPI environment the image needs, so oneCCL refuses to initialise its MPI transport; the fix is in the job script (export I_MPI_ROOT and the libfabric paths, or source the oneAPI/MPI vars script, before the launch); assumed shape - a one-node Aurora PBS job (PALS mpiexec, 12 tiles) that runs the training inside the IPEX image with apptainer and only sets CCL_ROOT, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['module load frameworks', 'module load apptainer\nexport CCL_ROOT=/usr/local'], [AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 apptainer exec --bind /home ipex-2.3.110-xpu.sif python /home/huazhi/codes/internal/train_test.py']],
    log='''
2024:10:23-03:50:31:( 2305) |CCL_ERROR| atl_mpi_ctx.cpp:663 check_impi_env: CCL/MPI uses Intel(R) MPI Library but neither I_MPI_ROOT nor ONEAPI_ROOT is set. Please source release version of Intel(R) MPI Library (2019 or higher version).
2024:10:23-03:50:31:( 2305) |CCL_ERROR| atl_mpi_comm.cpp:87 init_transport: condition transport->init(nullptr, nullptr, &attr, nullptr, pmi) == ATL_STATUS_SUCCESS failed
''',
    expect={'families': ['environment', 'containers'], 'fix': r'(?m)^\+.*(I_MPI_ROOT=|ONEAPI_ROOT=|setvars\.sh|mpi/latest/env/vars\.sh|FI_PROVIDER_PATH=)'},
)

case(
    id='marshalnote-polaris-colocated-workers-openblas-64-threads-eagain',
    kind='script',
    source=MARSHAL_SOURCE,
    thread_site=MARSHAL_SITE + '; jid 7186701: all 9 workers are built, then `reference-0` dies; the worker\'s own output names the cause (these lines): each of the 9 colocated worker processes starts 64 OpenBLAS threads plus OMP/torch/Ray threads and the job\'s thread count hits the PBS job cgroup cap, so pthread_create fails with EAGAIN (not OOM, not the nproc ulimit); fix given: cap every process\'s CPU thread pools in the launcher before python starts (`OMP_NUM_THREADS=OPENBLAS_NUM_THREADS=MKL_NUM_THREADS=...=4`, later 1, and `RAY_NUM_CPUS=16`); the next job got past this worker (later runs hit the same 4096-thread job cap elsewhere, see the note)',
    what='the job starts many worker processes that each size their CPU thread pools to the whole node, and together they exceed the per-job thread cap, so a worker cannot start its threads; the fix the source makes is in the job\'s launch environment (export small OMP/OPENBLAS thread counts before the program starts); assumed shape - the one-node Polaris PBS job that activates the venv and runs the launcher with no thread-count exports (the exports the note adds to the launcher are taken as belonging to the job script), diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=64:ngpus=4'], ['#PBS -q debug-scaling', '#PBS -q debug'], ['#PBS -A MyProject', '#PBS -A lighthouse-uchicago'], ['cd ${PBS_O_WORKDIR}\nmodule use /soft/modulefiles\nmodule load conda\nconda activate\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n' + POL, MARSHAL_PBS]],
    log='''
(reference-0) OpenBLAS blas_thread_init: pthread_create failed for thread 26 of 64:
    Resource temporarily unavailable
(reference-0) ... ensure that your address space and process count limits are big enough
(reference-0) ... or set a smaller OPENBLAS_NUM_THREADS to fit into what you have available
(reference-0) ... RLIMIT_NPROC 2060880 current, 2060880 max
''',
    expect={'families': ['environment', 'resources'], 'fix': r'(?m)^\+.*(OPENBLAS_NUM_THREADS|OMP_NUM_THREADS|RAY_NUM_CPUS|GOTO_NUM_THREADS)=\d'},
)

case(
    id='maxtokinote-deltaai-host-cc-cxx-leak-into-container-nvcc-gxx14',
    kind='script',
    source=MAXTOKI_SOURCE,
    thread_site=MAXTOKI_SITE + '; build attempt 2 (job 3260858, gh067) fails in TransformerEngine\'s CMake CUDA-compiler probe with these lines; root causes given: nvcc\'s default host compiler in the image is g++-14, which the image does not have (only g++-13), and the login shell\'s `CC=cc`/`CXX=CC` (Cray-style wrappers) leak into the container through `apptainer exec`; fixes given: `--cleanenv` on the `apptainer exec` in build_env.sbatch, and `CC=/usr/bin/gcc CXX=/usr/bin/g++ CUDAHOSTCXX=/usr/bin/g++ NVCC_PREPEND_FLAGS=\'-ccbin /usr/bin/g++\'` at the top of the install script; attempt 3 compiled TE in about 2 minutes',
    what='the job runs its build in a container but passes the host\'s compiler variables into it and leaves nvcc pointed at a host compiler the image lacks, so the CUDA compiler check fails; the fix is in the job script (`apptainer exec --cleanenv` and/or set CC/CXX/CUDAHOSTCXX or `-ccbin` to the image\'s g++); the note\'s bracketed remark between the lines is left out; assumed shape - a one-node DeltaAI ghx4 job (Slurm) that runs the install script inside the image with a plain `apptainer exec --nv`, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH --partition=ghx4\n#SBATCH --account=bhdw-dtai-gh\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', MAXTOKI_BODY], [SRUNPY, MAXTOKI_RUN]],
    log='''
nvcc fatal : Unknown option '-Wl,--version-script=...'
g++-14: No such file or directory
nvcc fatal : Failed to preprocess host compiler properties.
CMake Error: CMAKE_CXX_COMPILER not set, after EnableLanguage
''',
    expect={'families': ['containers', 'environment', 'modules'], 'fix': r'(?m)^\+.*(apptainer\s+exec\b.*--cleanenv|CUDAHOSTCXX=|NVCC_PREPEND_FLAGS=|-ccbin\s+\S*g\+\+|CXX=/usr/bin/g\+\+)'},
)

case(
    id='ascrnote-smoke-jobs-start-outside-repo-logs-mkdir-denied',
    kind='script',
    source='find_string:56712524534',
    thread_site='a server-side AI agent\'s work log for an image-generation research repo on the HKU AI server (Slurm; login node hpcr4300a, L40S compute nodes SPGL-1-12/-17; found with the code search, text id 56712524534, a second copy text id 56701126900; the tool shows no repository name); 2026-06-17: three smoke/main jobs submitted through scripts/run_multigpu.sh FAIL after 1 s; "all three Slurm jobs failed immediately because compute nodes could not create logs under the repository" (this message), and the Lumina jobs also reported a missing venv python at a relative path; the next entry\'s fixes: pass PROJECT_ROOT through sbatch, submit with `--chdir`, prefer PROJECT_ROOT / SLURM_SUBMIT_DIR over recomputing from BASH_SOURCE, and make the venv/config/output paths absolute; jobs 70673/70674 then completed and 70675 ran',
    what='the job script works out its directory from the script file and uses relative log and venv paths, so on the compute node it runs outside the repository and cannot create its log directory or find its python; the fix is in the job script (start in the submit directory - `#SBATCH --chdir` / `cd "$SLURM_SUBMIT_DIR"` - and use absolute paths); the second line is quoted as the note writes it in prose; a similar class of failure (root from BASH_SOURCE) is in another case of this set from a different user (cbramodnote); assumed shape - a one-node, 2-GPU Delta job (Slurm) whose body does `cd "$(dirname "${BASH_SOURCE[0]}")/../.."`, `mkdir logs` and runs `.venv-qwen36/bin/python`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'cd "$(dirname "${BASH_SOURCE[0]}")/../.."\nmkdir logs\nASCR_ENV_QWEN=.venv-qwen36/bin/python\n'], [SRUNPY, 'srun "$ASCR_ENV_QWEN" -m ascr.cli.run_stage1 --config configs/stage1/lumina/stage1_lumina_qwen9b_coarse_hq.yaml --prompt-limit 1 --out outputs/smoke_lumina_qwen']],
    log='''
mkdir: cannot create directory 'logs': Permission denied
Missing ASCR_ENV_QWEN python at .venv-qwen36/bin/python
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+.*(SLURM_SUBMIT_DIR|--chdir|PROJECT_ROOT=["\']?/|cd\s+["\']?/|ASCR_ENV_QWEN=["\']?(/|\$))'},
)

case(
    id='nvshmemvistanote-two-ranks-per-gh-node-local-ranks-exceed-gpus',
    kind='script',
    source='find_string:63291864623',
    thread_site='a user\'s README for a minimal NVSHMEM IBGDA ring-put example on TACC Vista GH200 nodes (one GPU per node; `idev -p gh-dev -N 2 -n 2 -tpn 1`, launched with TACC `ibrun ./main 128 50`; found with the code search, text id 63291864623, the tool shows no repository name); section "Notes": "If you accidentally launch too many MPI ranks, the program may print an error like" this line; fix given: re-enter the allocation with one task per node (`-N 2 -n 2 -tpn 1`); the expected output with two ranks is shown (about 344 Gb/s)',
    what='the job asks for more MPI tasks per node than the node has GPUs (a Vista GH node has one), so the program refuses to map two ranks to one GPU; the fix is in the job script (one task per node: `-n` equal to `-N`, or `--ntasks-per-node=1`); the source gives this as a note\'s warning with its fix rather than as a reported run; assumed shape - a two-node Vista gh-dev batch job with `#SBATCH -N 2` and `#SBATCH -n 4` starting the program with ibrun, diagnosed as on Vista',
    cluster='vista',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p gh-dev'], ['#SBATCH -n 6', '#SBATCH -n 4'], ['#SBATCH -t 02:00:00', '#SBATCH -t 01:00:00'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'module load nvidia openmpi\nexport NVSHMEM_BOOTSTRAP=MPI\nexport NVSHMEM_REMOTE_TRANSPORT=ibrc\nexport NVSHMEM_IB_ENABLE_IBGDA=1\nexport NVSHMEM_IBGDA_NIC_HANDLER=gpu\nexport NVSHMEM_SYMMETRIC_SIZE=512M\n'], [IBRUN, 'ibrun ./main 128 50']],
    log='''
local MPI ranks > local GPUs
''',
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+#SBATCH\s+(-n\s*2\b|--ntasks[= ]2\b|--ntasks-per-node[= ]1\b|--tasks-per-node[= ]1\b)|^\+.*ibrun\b.*(-n\s*2\b|-np\s*2\b)'},
)

case(
    id='maxtokinote-deltaai-deb-outside-bind-mount-not-found-in-container',
    kind='script',
    source=MAXTOKI_SOURCE,
    thread_site=MAXTOKI_SITE + '; build attempt 12 (job 3316360, 21 s): the install step looks for a .deb pre-staged on the login node (attempt 11 had found the compute nodes cannot download it) and stops with these lines; root cause given: only `slurm/` was bind-mounted at /workspace/slurm, so `/workspace/slurm/..` is the container\'s /workspace, not the host directory holding containers/; fix given: add `--bind "$DELTAAI_ROOT/containers":/workspace/containers` to the apptainer exec in build_env.sbatch and use that path; attempt 13 installed cleanly',
    what='the job script runs the build in a container but does not bind the host directory that holds a file the build needs, so the path does not exist inside the container; the fix is in the job script (add a `--bind` for that directory to the apptainer command); note: the other cases from this log (compiler variables; a broken setuptools_scm release; the libcuda lookup) are different failures; assumed shape - the one-node DeltaAI ghx4 build job that binds only env/, src/ and slurm/, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH --partition=ghx4\n#SBATCH --account=bhdw-dtai-gh\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', MAXTOKI_BODY.replace('cd /projects/bhdw/asachan/methods/Earth_RL/maxtoki-perturb/deltaai', 'DELTAAI_ROOT=/projects/bhdw/asachan/methods/Earth_RL/maxtoki-perturb/deltaai\ncd "$DELTAAI_ROOT"')], [SRUNPY, 'apptainer exec --nv --cleanenv --bind /work/nvme/bhdw/asachan/maxtoki_env:/opt/env --bind src/maxToki:/workspace/bionemo2 --bind slurm:/workspace/slurm containers/pytorch2506-arm64.sif bash /workspace/slurm/install_prefix.sh']],
    log='''
-- [bionemo] staging libsqlite3-dev headers into $PREFIX --
!! pre-staged /workspace/slurm/../containers/libsqlite3-dev_3.45.1-1ubuntu2.9_arm64.deb not found
''',
    expect={'families': ['containers', 'filesystem'], 'fix': r'(?m)^\+.*apptainer\s+exec\b.*--bind\s+["\']?[^ ]*containers["\']?:/workspace/containers'},
)

case(
    id='maxtokinote-deltaai-triton-libcuda-lookup-inside-apptainer',
    kind='script',
    source=MAXTOKI_SOURCE,
    thread_site=MAXTOKI_SITE + '; build attempt 4 (job 3260935): TransformerEngine builds and installs, then the post-install import test fails with this traceback; two causes given: the runtime PYTHONPATH pointed at `$PREFIX/lib/.../site-packages` while pip --prefix on this image writes to `$PREFIX/local/lib/python3.12/dist-packages` (so the image\'s own TE was imported), and Triton finds libcuda.so.1 through `ldconfig -p`, which does not see the driver apptainer --nv binds at /.singularity.d/libs; fixes given: point PYTHONPATH/PATH at the local/dist-packages layout and export `TRITON_LIBCUDA_PATH=/.singularity.d/libs` (build time and runtime, via APPTAINERENV_); attempt 5 got past TE',
    what='the job runs in a container whose GPU driver library Triton cannot locate by its default lookup, and points Python at the wrong prefix directory, so importing the GPU stack fails; the fix is in the job\'s environment settings (`TRITON_LIBCUDA_PATH=/.singularity.d/libs` passed into the container, and the corrected PYTHONPATH); note: other cases from this log are different failures; assumed shape - the one-node DeltaAI ghx4 job running the install and its import check in the image with `APPTAINERENV_PYTHONPATH=/opt/env/lib/python3.12/site-packages` and no Triton setting, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH --partition=ghx4\n#SBATCH --account=bhdw-dtai-gh\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', MAXTOKI_BODY + 'export APPTAINERENV_PYTHONPATH=/opt/env/lib/python3.12/site-packages\nexport APPTAINERENV_PATH=/opt/env/bin:/usr/local/bin:/usr/bin:/bin\n'], [SRUNPY, MAXTOKI_RUN.replace('apptainer exec --nv', 'apptainer exec --nv --cleanenv')]],
    log='''
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/transformer_engine/__init__.py" ...
  File ".../triton/backends/nvidia/driver.py", line 41, in libcuda_dirs
    assert any(os.path.exists(os.path.join(path, 'libcuda.so.1')) for path in dirs), msg
AssertionError: libcuda.so cannot found!
Possible files are located at ['/usr/local/cuda/compat/lib/libcuda.so.1'].
''',
    expect={'families': ['containers', 'environment'], 'fix': r'(?m)^\+.*(TRITON_LIBCUDA_PATH=|PYTHONPATH=[^ ]*local/lib/python3\.12/dist-packages)'},
)

case(
    id='sfnoguide-stampede3-driver-run-without-gpu-allocation',
    kind='script',
    source='find_string:54722633063',
    thread_site='a research group\'s guide for running SFNO-5410 climate-emulator inference from a shared workspace on TACC Stampede3 (Slurm; the group\'s wrapper `submit_sfno5410_byo_inference.slurm` requests an H100 node; found with the code search, text id 54722633063, the tool shows no repository name); "Failure modes & debugging" 10.4, this message: "You ran the driver outside a SLURM allocation that owns a GPU"; fix given: submit through the wrapper (which asks for the GPU partition) or first get an interactive `idev -p h100` session',
    what='the job runs the GPU inference driver where no GPU was allocated, so the driver refuses to start; the fix is in the job script (ask for the GPU partition: `#SBATCH -p h100` on Stampede3); the source is a guide\'s failure-mode entry with its fix rather than a reported run, and quotes the message as a heading; assumed shape - a one-node Stampede3 job submitted to the SKX CPU partition that runs the driver with python, diagnosed as on Stampede3',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'PACKED_PY=/work2/11114/zhixingliu/stampede3/SFNO_Climate_Emulator/artifacts/derecho_runtime/aires_env_20260509/unpacked/bin/python\n'], [IBRUN, '"$PACKED_PY" infer_sfno5410_byo_ic.py --ic "$IC_NC" --init-datetime "$INIT_DATETIME" --horizon-days 15 --out-dir "$OUT_DIR"']],
    log='''
CUDA is required for SFNO-5410 inference
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+#SBATCH\s+(-p\s*|--partition[= ])h100\b'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='sensaugnote-nameerror-at-final-round-eval-after-40k-iters',
    kind='not_script',
    source=SENSAUG_SOURCE,
    thread_site=SENSAUG_SITE + '; 2026-08-22: three full-length (40k-iteration) runs are killed at the very last step, after checkpoints and every round\'s tables reached disk; cause given: `RobustValLoop.publish_corr_magnitudes()` uses a name that neither wildcard import brings into scope; fix given: import the right 32-op list in sensaug_loop.py (a code change, no sbatch change)',
    what='the job ran its whole training and failed in the project\'s own evaluation code with a NameError; the cause and the fix are in the Python code, not in the job script\'s launch line, resources or environment; assumed shape - a one-node Delta job starting the training with torchrun on 4 GPUs, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --time=01:00:00', '#SBATCH --time=48:00:00'], [TORCHRUN1, 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --cluster-config configs/nexus.yaml --aug-type=grad_corr --max_iters 40000']],
    log='''
NameError: name 'DIFFERENTIABLE_PERTURBATIONS' is not defined
''',
)

case(
    id='sensaugnote-module-apply-override-breaks-model-to-device',
    kind='not_script',
    source=SENSAUG_SOURCE,
    thread_site=SENSAUG_SITE + '; 2026-08-21, job sensaug-baseline-1: `--aug-type=grad_corr` crashes in `Runner.wrap_model()` -> `model.to(device)`; cause given: a new data-preprocessor class (an nn.Module) named its batch method `_apply`, shadowing `nn.Module._apply(fn)` that `.to()` calls; fix given: rename the method to `_apply_ops` (a code change)',
    what='the training code overrides a reserved torch method, so moving the model to the GPU fails with a TypeError at start; the cause and fix are in the user\'s Python code, not in the job script; note: another case from the same changelog (the final-round NameError) is a different failure at another stage; assumed shape - a one-node Delta torchrun job, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --time=01:00:00', '#SBATCH --time=48:00:00'], [TORCHRUN1, 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --cluster-config configs/nexus.yaml --aug-type=grad_corr']],
    log='''
TypeError: GpuAugSegDataPreProcessor._apply() missing 2 required positional arguments: 'labels' and 'specs'
''',
)

case(
    id='selfragnote-pyairports-placeholder-package-vllm-import',
    kind='not_script',
    source=SELFRAG_SOURCE,
    thread_site=SELFRAG_SITE + '; P2: after installing vLLM 0.5.5, `from vllm import LLM` fails with this ImportError although pip says pyairports 0.0.1 is installed; cause found: pyairports 0.0.1 on PyPI is a name-squatting placeholder with no Python files, and outlines (a vLLM dependency) imports AIRPORT_LIST from it; fix given: create the missing module by hand in the environment (reinstalling, other indexes and older outlines did not help)',
    what='a third-party package in the software stack is an empty placeholder, so importing the inference library fails; the cause is in the installed packages (a packaging problem upstream), not in the job script\'s launch line, resources or module setup; assumed shape - a one-GPU Delta job (Slurm) that activates the conda prefix and runs the inference check with python, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'source activate /NAS/yesh/NLP/.conda/selfrag\nexport HF_HOME=/NAS/yesh/hf_cache\n'], [SRUNPY, 'python run_short_form.py --model_name models/selfrag_llama2_7b --mode adaptive_retrieval']],
    log='''
File ".../outlines/types/airports.py", line 7, in <module>
    raise ImportError(
ImportError: The `airports` module requires "pyairports" to be installed.
''',
)

case(
    id='selfragnote-fsdp-tokenize-145k-rows-nccl-watchdog-abort',
    kind='not_script',
    source=SELFRAG_SOURCE,
    thread_site=SELFRAG_SITE + '; P13: 4-GPU FSDP training of the generator crashes while the 145K training rows are tokenized; cause given: `accelerator.main_process_first()` + `datasets.map()` in finetune.py let each rank tokenize on its own and the ranks drift past the 600 s default timeout; fix given: pass a 30-minute timeout through `InitProcessGroupKwargs` in finetune.py (setting the environment variable alone was not enough; pre-tokenizing is named as the better fix)',
    what='the collective timed out because the training code does a long per-rank preprocessing step inside the process group with the default timeout; the cause and the fix the source makes are in the Python code (the process-group timeout, or tokenizing ahead of time), not in the job script\'s launch line or resources; assumed shape - a one-node, 4-GPU Delta job (Slurm) starting finetune.py with `accelerate launch --num_processes 4`, diagnosed as on Delta',
    cluster='delta',
    script='accelerate.sh',
    replace=[['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=4'], ['#SBATCH --time=08:00:00', '#SBATCH --time=48:00:00'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --num_processes 4 --use_fsdp --mixed_precision bf16 finetune.py --train_file data/generator/train.jsonl']],
    log='''
torch.distributed.DistBackendError: NCCL communicator was aborted on rank 2.
Original reason for aborting was: watchdog callback timed out
''',
)

case(
    id='selfragnote-fsdp-adamw-states-oom-at-first-optimizer-step',
    kind='not_script',
    source=SELFRAG_SOURCE,
    thread_site=SELFRAG_SITE + '; P14: after P13 the tokenization finishes but the first `optimizer.step()` runs out of GPU memory; cause given: AdamW keeps two fp32 states per parameter and FSDP upcasts the master weights, about 49-56 GB per 44 GB A40; fix given: replace AdamW with Adafactor in the training code (the note then finds single-GPU Adafactor faster than 4-GPU FSDP)',
    what='DOUBTFUL - an out-of-memory error can also be answered with more or larger GPUs, which the source does not try; the source\'s fix is the optimizer choice in the Python code, not the job script\'s launch line or resources, and the job already uses every GPU of the node; note: the other cases from this note (package placeholder; tokenize timeout) are different failures; assumed shape - the same one-node 4-GPU Delta `accelerate launch` job, diagnosed as on Delta',
    cluster='delta',
    script='accelerate.sh',
    replace=[['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=4'], ['#SBATCH --time=08:00:00', '#SBATCH --time=48:00:00'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --num_processes 4 --use_fsdp --mixed_precision bf16 finetune.py --train_file data/generator/train.jsonl --gradient_checkpointing']],
    log='''
[rank2]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 152.00 MiB.
GPU 2 has a total capacity of 44.35 GiB of which 140.12 MiB is free.
''',
)

case(
    id='molorasnote-removablehook-typo-crashes-stage2-at-import',
    kind='not_script',
    source='find_string:58361975151',
    thread_site='a user\'s project log for a mixture-of-LoRAs style-transfer training on a university Slurm cluster (one V100 on node ai12; slurm/train_stage1.sh, train_stage2.sh; found with the code search, text id 58361975151, copies 58237842448 and 58067291093; the tool shows no repository name); "Bug 7": Stage 2 job 759039 crashed at import time, before any training, with this error; root cause given: a type annotation in utils/lora_inject.py names `torch.utils.hooks.RemovableHook` (the class is RemovableHandle); fix given: rename it in lora_inject.py; job 759044 then completed',
    what='the project\'s own module refers to a torch attribute that does not exist, so the job dies on import; the cause and fix are in the user\'s Python code, not in the job script; assumed shape - a one-GPU Bridges-2 GPU job (Slurm, V100 nodes) running the stage-2 training with python, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH -p GPU-shared\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=v100-32:1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=4'], ['#SBATCH --time=02:00:00', '#SBATCH --time=08:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'IMAGE_DIRS=/home/eyavuz21/repos/B-LoRA/blora_zoo/style_images\n'], [SRUNPY, 'python lora_attention/train_stage2.py --image_dirs "$IMAGE_DIRS" --mixed_precision fp16']],
    log='''
AttributeError: module 'torch.utils.hooks' has no attribute 'RemovableHook'
''',
)

case(
    id='marshalnote-polaris-roll-get-node-ip-dials-8888-air-gapped',
    kind='not_script',
    source=MARSHAL_SOURCE,
    thread_site=MARSHAL_SITE + '; jid 7186697: after the environment fix every `ActorWorker.__init__` dies with this traceback; cause given: ROLL finds each worker\'s node IP by opening a UDP socket to 8.8.8.8:80, and Polaris compute nodes have no route to the public internet; fix given: resolve the IP with `ray.util.get_node_ip_address()` in roll/distributed/executor/worker.py (a source patch; no job-script change)',
    what='the framework\'s own code assumes internet access to learn the node\'s address, and the compute nodes are air-gapped by design; the cause and fix are in the Python code, not the job script\'s launch line, resources or environment; note: another case from these notes (OpenBLAS threads) is a different failure; assumed shape - the one-node Polaris PBS job running the launcher, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=64:ngpus=4'], ['#PBS -q debug-scaling', '#PBS -q debug'], ['#PBS -A MyProject', '#PBS -A lighthouse-uchicago'], ['cd ${PBS_O_WORKDIR}\nmodule use /soft/modulefiles\nmodule load conda\nconda activate\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n' + POL, MARSHAL_PBS]],
    log='''
File "roll/distributed/executor/worker.py", line 100, in get_node_ip
    s.connect(("8.8.8.8", 80))
OSError: [Errno 101] Network is unreachable
''',
)

case(
    id='marshalnote-polaris-vllm-v1-collective-rpc-cuda-tensor-to-numpy',
    kind='not_script',
    source=MARSHAL_SOURCE,
    thread_site=MARSHAL_SITE + '; jid 7186711: with one GPU the run clears every infrastructure blocker (fused_adam compiled, DeepSpeed ZeRO-2 up, vLLM loads the model) and dies at the first model_update with this traceback; cause given: ROLL\'s per-parameter `update_parameter` passes a CUDA tensor into vLLM V1\'s `collective_rpc`, which msgpack-serializes its arguments in a separate engine process; the note tries VLLM_USE_V1=0 (more threads, worse), `.cpu()` and float32 patches (new errors), and finally places the roles on distinct GPUs so weight sync goes over NCCL broadcast (config), which passes (jid 7186742/7186746)',
    what='the failure is a framework/library incompatibility (ROLL\'s weight-sync path with the vLLM V1 engine) reached after training starts; the fixes the source makes are source patches and the role-to-GPU mapping in the training config, not the job script\'s launch line or resources (an environment switch to the V0 engine was tried and abandoned); note: other cases from these notes are different failures; assumed shape - the one-node Polaris PBS job running the launcher, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=64:ngpus=4'], ['#PBS -q debug-scaling', '#PBS -q debug'], ['#PBS -A MyProject', '#PBS -A lighthouse-uchicago'], ['cd ${PBS_O_WORKDIR}\nmodule use /soft/modulefiles\nmodule load conda\nconda activate\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n' + POL, 'export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 RAY_NUM_CPUS=16\n' + MARSHAL_PBS]],
    log='''
base_pipeline.py:68 model_update → model_update_group.py:152
deepspeed_strategy.py:397 model_update → vllm_strategy.py:365 update_parameter
third_party/vllm/vllm_0_8_4/llm.py:210  self.collective_rpc("update_parameter", args=(... CUDA weight ...))
vllm/v1/engine/core_client.py _send_input
TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() ...
''',
)

case(
    id='maxtokinote-deltaai-setuptools-scm-10-3-4-broken-release-numcodecs',
    kind='not_script',
    source=MAXTOKI_SOURCE,
    thread_site=MAXTOKI_SITE + '; build attempts 8 onward (job 3261062): pip walks numcodecs sdists 0.15.1 down to 0.10.2 (no aarch64 wheels at py3.12) and each dies in setup.py with this traceback; root cause given: numcodecs\' unpinned `setup_requires=[\'setuptools_scm\']` pulls the newest setuptools_scm, 10.3.4, which imports `vcs_versioning` without declaring it (apparently a broken release); fix given: pre-install `setuptools_scm<10` in the prefix and add `--prefer-binary`; attempt 9 confirms the fix worked',
    what='a third-party release on the package index is broken (it imports a module it does not depend on), so building a dependency from source fails; the cause is upstream packaging, fixed by pinning the build tool in the install step, not by the job script\'s launch line, resources or environment; note: the other case from this log (compiler variables leaking into the container) is a different failure; assumed shape - the same one-node DeltaAI build job running the install script in the image, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH --partition=ghx4\n#SBATCH --account=bhdw-dtai-gh\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', MAXTOKI_BODY], [SRUNPY, MAXTOKI_RUN.replace('apptainer exec --nv', 'apptainer exec --nv --cleanenv')]],
    log='''
.eggs/setuptools_scm-10.3.4-py3.12.egg/setuptools_scm/__init__.py", line 8, in <module>
    from vcs_versioning import Configuration
ModuleNotFoundError: No module named 'vcs_versioning'
''',
)

case(
    id='physicsnemonote-deltaai-conda-module-wandb-protobuf-mismatch',
    kind='not_script',
    source='find_string:58513624292',
    thread_site='a point-in-time note (2026-07-09) on running PhysicsNeMo training on NCSA DeltaAI (aarch64 GH200, Slurm; a venv `.venv-deltaai` made with --system-site-packages on top of the conda module python/miniforge3_pytorch/2.10.0; found with the code search, text id 58513624292, the tool shows no repository name): the conda module\'s wandb is broken (a protobuf generated-code mismatch) and physicsnemo imports wandb eagerly, so train.py dies with this error before `wandb.enabled=False` takes effect; fix given: `uv pip install -U wandb` inside the venv (0.28.0), which shadows the broken copy; the import then works',
    what='a package in the site\'s software module is broken, and the training code imports it at start even when logging is off; the fix is an installation change in the user\'s environment, not the job script\'s launch line, resources or module choice (the module itself is the site\'s); the note\'s own message is quoted in one line as it writes it; assumed shape - a one-GPU DeltaAI ghx4 job (Slurm) that loads the module, activates the venv and runs train.py with python, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH --partition=ghx4\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'module load python/miniforge3_pytorch/2.10.0\nsource .venv-deltaai/bin/activate\nexport RANK=0 WORLD_SIZE=1 LOCAL_RANK=0 MASTER_ADDR=127.0.0.1 MASTER_PORT=29511\n'], [SRUNPY, 'python train.py --config-name sfno_e3sm wandb.enabled=False']],
    log='''
ImportError: cannot import name 'Imports' from wandb.proto.wandb_telemetry_pb2
''',
)

case(
    id='ls6note-sbatch-rejected-insufficient-project-balance',
    kind='not_script',
    source='find_string:54889953099',
    thread_site='a research agent\'s setup note for an overnight batch of rigor studies on TACC Lonestar6 (Slurm; submitted from login3.ls6 with `sbatch -t 12:00:00 .../run_overnight_rigor_studies.sbatch`; found with the code search, text id 54889953099, a second copy text id 54646510479; the tool shows no repository name): "TACC rejected the job before submission" with this message; the batch script is staged but not queued; the lightweight pieces were run on a compute node instead',
    what='DOUBTFUL - the note does not say how it was resolved, and a shorter time request might have fitted the balance; the submission is refused because the project\'s allocation balance is smaller than what its queued jobs already request, an accounting limit of the allocation rather than a fault of the job script\'s launch line, resources or environment (the remedy is allocation time or fewer queued jobs); assumed shape - a one-node Lonestar6 job (Slurm, TACC) asking for 12 hours and starting its studies with ibrun, diagnosed as on Lonestar6',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p normal'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 8'], ['#SBATCH -t 02:00:00', '#SBATCH -t 12:00:00'], ['#SBATCH -A MyProject', '#SBATCH -A ASC23046'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'cd /scratch/09748/andresfierro231/projects_scratch/ethan_runs\nsource $WORK/venvs/thermal/bin/activate\n'], [IBRUN, 'ibrun python work_products/2026-07-08_overnight_rigor_studies_setup/run_studies.py --all']],
    log='''
ERROR: Insufficient balance for Project (ASC23046) on (ls6) to run job.
Current Balance: 4314 SUs
Requested in queued jobs: 7638 SUs
''',
)

case(
    id='molorasnote-clip-vision-pooler-768-reshaped-to-512',
    kind='not_script',
    source='find_string:58361975151',
    thread_site='the same mixture-of-LoRAs project log (text id 58361975151; one V100 on a university Slurm cluster), "Bug 2 - CLIP shape mismatch": the stage-1 training fails with this error; root cause given: the code took `CLIPVisionModel.pooler_output`, the raw 768-dim ViT token, where a 512-dim CLIP embedding was expected (the projection is only applied by `CLIPModel.get_image_features()`); fix given: switch moe_lora.py to `CLIPModel.get_image_features()`; stage 1 (job 757529) then completed 10,000 steps',
    what='the training code feeds a 768-wide vector where it expects 512, a shape bug in the user\'s model code; the cause and fix are in the Python code, not in the job script; note: the other case from this log (the RemovableHook typo) is a different failure; assumed shape - a one-GPU Bridges-2 GPU-shared job (Slurm, V100) running the stage-1 training with python, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH -p GPU-shared\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=v100-32:1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=4'], ['#SBATCH --time=02:00:00', '#SBATCH --time=12:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'IMAGE_DIRS=/home/eyavuz21/repos/B-LoRA/blora_zoo/style_images\n'], [SRUNPY, 'python lora_attention/train_stage1.py --image_dirs "$IMAGE_DIRS" --num_workers 2 --steps 10000']],
    log='''
RuntimeError: shape '[1, 512]' is invalid for input of size 768
''',
)

case(
    id='marshalnote-polaris-device-mapping-yaml-list-not-string-eval',
    kind='not_script',
    source=MARSHAL_SOURCE,
    thread_site=MARSHAL_SITE + '; jid 7186739: after moving the three roles to distinct GPUs in the YAML config, the run dies at config parse with this error; cause given: ROLL `eval()`s `device_mapping`, so a YAML list `[0]` breaks it; fix given: quote the values (`device_mapping: "[0]"` / `"[1]"` / `"[2]"`) in the config (jid 7186742 then ran through model_update)',
    what='the failure is a type error in the training configuration file that the framework evaluates; the fix is in the YAML config, not in the job script\'s launch line, resources or environment; note: other cases from these notes are different failures; assumed shape - the one-node Polaris PBS job running the launcher with the thread caps already exported, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=64:ngpus=4'], ['#PBS -q debug-scaling', '#PBS -q debug'], ['#PBS -A MyProject', '#PBS -A lighthouse-uchicago'], ['cd ${PBS_O_WORKDIR}\nmodule use /soft/modulefiles\nmodule load conda\nconda activate\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n' + POL, 'export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 RAY_NUM_CPUS=16\n' + MARSHAL_PBS]],
    log='''
TypeError: eval() arg 1 must be a string
''',
)

case(
    id='sftnote-deepspeed-triton-autotune-cache-fills-home-quota',
    kind='not_script',
    source='find_string:37368123576',
    thread_site='a comment in a user\'s SFT pipeline driver (LLaMA-3-8B LoRA SFT launched with the `deepspeed` launcher on one 8-GPU server; found with the code search, text id 37368123576, the tool shows no repository name): "if the parameter count is too large you get the following error" - rank 4 exits with code 1 and, at exit, DeepSpeed\'s Triton matmul autotuner fails to write its cache under the home directory with Disk quota exceeded',
    what='DOUBTFUL - the note records the error and its trigger (large models) but no fix; the write that fails is DeepSpeed\'s Triton autotune cache in the user\'s home, which is over quota, a storage quota rather than the launch line, resources or environment of the job script (the remedy is freeing home space or pointing the cache elsewhere); assumed shape - a one-node Delta job (Slurm) starting sft.py with the deepspeed launcher on 8 GPUs, diagnosed as on Delta',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['scontrol show hostnames "$SLURM_JOB_NODELIST" | sed \'s/$/ slots=4/\' > hostfile\n', ''], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 8 /work/ruioliao/topo_agent/train/sft/sft.py']],
    log='''
[2024-09-21 14:30:55,673] [ERROR] [launch.py:322:sigkill_handler] ['/home/ruioliao/anaconda3/envs/vllm/bin/python', '-u', '/work/ruioliao/topo_agent/train/sft/sft.py', '--local_rank=4'] exits with return code = 1
Error in atexit._run_exitfuncs:
Traceback (most recent call last):
  File "/home/ruioliao/anaconda3/envs/vllm/lib/python3.9/site-packages/deepspeed/ops/transformer/inference/triton/matmul_ext.py", line 96, in put
    with open(self.file_path + ".tmp", 'wb') as handle:
OSError: [Errno 122] Disk quota exceeded: '/home/ruioliao/.triton/autotune/Fp16Matmul_2d_kernel.pickle.tmp'
''',
)

case(
    id='sensaugnote-mmconfig-path-in-other-users-scratch-glob-empty',
    kind='not_script',
    source=SENSAUG_SOURCE,
    thread_site=SENSAUG_SITE + '; 2026-08-21, job sensaug-test-1: `build_config()` in train.py crashes with this error; cause given: `configs/nexus.yaml`\'s `mmconfig_path` pointed at another user\'s scratch checkout that this user cannot read, so `glob.glob()` returned an empty list and `mm_configs.pop(0)` failed; fix given: repoint `mmconfig_path` (and `data_root`, which did not exist on this cluster) in the cluster config file',
    what='the run reads its model-config directory from a project YAML that names someone else\'s unreadable path, so the code finds no configs; the cause and fix are in the project\'s configuration, not the job script\'s launch line, resources or environment; note: other cases from this changelog are different failures; assumed shape - the one-node Delta torchrun job, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --time=01:00:00', '#SBATCH --time=04:00:00'], [TORCHRUN1, 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --cluster-config configs/nexus.yaml --max_iters 200']],
    log='''
IndexError: pop from empty list
''',
)

case(
    id='marshalnote-polaris-debug-nodes-prologue-mount-outage',
    kind='not_script',
    source=MARSHAL_SOURCE,
    thread_site=MARSHAL_SITE + '; 2026-06-05: jobs 7185659, 7185664 and 7185695 (different nodes) each run the full hour with 0-byte output - the job script never executed - and end in walltime kills (`Exit_status -29`); "DIAGNOSIS: ALCF Polaris filesystem/prologue OUTAGE": `pbsnodes -l` shows many debug nodes offlined with these comments, and the debug queue mostly held; action: stop resubmitting until ALCF recovers; on 2026-06-06 the outage cleared and the same job (jid 7186697) started at once and ran',
    what='the jobs hang in the PBS prologue\'s filesystem mount on nodes that the site is offlining, before the job script runs at all; this is a site-wide infrastructure outage, not the job script\'s launch line, resources or environment (the same script ran unchanged once the outage cleared); the lines are the pbsnodes comments as the note quotes them, each in its own quotation; note: other cases from these notes are different failures; assumed shape - the one-node Polaris PBS job running the launcher, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=64:ngpus=4'], ['#PBS -q debug-scaling', '#PBS -q debug'], ['#PBS -A MyProject', '#PBS -A lighthouse-uchicago'], ['cd ${PBS_O_WORKDIR}\nmodule use /soft/modulefiles\nmodule load conda\nconda activate\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n' + POL, MARSHAL_PBS]],
    log='''
failed to mount filesystem
failed mount check
node offlined due to script timeout
offlined by hook 'prologue_hook' due to hook error
''',
)
