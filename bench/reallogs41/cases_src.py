# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.

# ---------------------------------------------------------------- Breeze.jl NCCL-on-Perlmutter notes (2)

BRZ_SOURCE = 'https://github.com/NumericalEarth/Breeze.jl/blob/d83d7f909d3ebf43fd9e8229e9a0f8ec2ab315c7/examples/NCCL_PERLMUTTER.md'
BRZ_SITE = 'NERSC Perlmutter (Slurm, srun one rank per GPU, Cray MPICH, Slingshot): the Breeze.jl authors\' "Configuring NCCL (and multi-node GPU) on Perlmutter" notes (examples/NCCL_PERLMUTTER.md, also posted as a comment on CliMA/Oceananigans.jl#5445), "every item below cost real debugging time", each item given as symptom, cause and fix'
BRZ_JULIA = [['#SBATCH -N 1', '#SBATCH -N 2'], ['module load pytorch/2.3.1', 'module load julia/1.12.1\nexport MPICH_GPU_SUPPORT_ENABLED=1\nexport JULIA_CUDA_MEMORY_POOL=none'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --ntasks=8 --gpu-bind=none julia --project=examples distributed_tropical_cyclone.jl']]

case(
    id='breezepm-cray-mpich-malformed-env-entry-cuda-jl-multinode-hang',
    kind='not_script',
    source=BRZ_SOURCE,
    thread_site=BRZ_SITE + '; "(a) Multi-node hang": Cray MPICH inserts a malformed environment entry (a string with no `=`) after MPI_Init on multi-node srun; CUDA.jl chokes on it and every multi-node GPU run hangs at the first device/halo operation (single-node runs unaffected); symptom flooding stderr is this warning; fix: call a sanitize_environ!() routine in the program right after MPI.Init() (added to Oceananigans as DistributedComputations.sanitize_environ!)',
    what='the hang comes from an interaction of the MPI library\'s environment and the Julia CUDA package; the authors\' cure is a call in the program after MPI.Init(), not a change to the job script; the two lines are the notes\' own symptom block; assumed shape - a 2-node srun of julia, one rank per GPU',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=BRZ_JULIA,
    log='''
┌ Warning: malformed environment entry
│   env = ""
''',
)

case(
    id='breezepm-nccl-jll-no-ofi-plugin-on-ld-library-path-socket-fallback',
    kind='script',
    source=BRZ_SOURCE,
    thread_site=BRZ_SITE + '; "(b) NCCL inter-node is slow -> it has no network plugin": NCCL.jl uses its own bundled libnccl, which on Slingshot needs the aws-ofi-nccl plugin (libnccl-net.so) on LD_LIBRARY_PATH; without it NCCL falls back to TCP sockets with GPUDirect RDMA disabled (about 3x slower than MPI); these lines are how to tell; fix: `export LD_LIBRARY_PATH="/global/common/software/nersc9/nccl/2.18.3/lib:${LD_LIBRARY_PATH}"` (the plugin matching NCCL_jll\'s net-plugin API) in the Slurm recipe',
    what='the job script does not put the Slingshot NCCL network plugin on the library path, so NCCL runs over sockets; the notes\' cure is one exported LD_LIBRARY_PATH line in the job script, so labelled script (a slow run, not a crash: a right answer adds the plugin path); lines are the notes\' own "BAD" block with its trailing "# BAD: no plugin" comment dropped and the elided /sys path kept as written; assumed shape - the 2-node srun julia job with MPICH GPU support but no plugin path',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=BRZ_JULIA,
    log='''
NET/Plugin: Could not find: libnccl-net.so
Using network Socket
NET/Socket : GPU Direct RDMA Disabled for HCA 'hsn0'
Could not get speed from /sys/.../speed. Defaulting to 10 Gbps.
''',
    expect={'families': ['environment', 'modules', 'network'], 'fix': r'(?m)^\+.*(\bLD_LIBRARY_PATH=\S*nccl|module\s+load\s+\S*nccl|NCCL_NET_PLUGIN=)'},
)

# ---------------------------------------------------------------- zlin0/wedefense#47 (1)

case(
    id='wedefense-random-rdzv-port-below-1024-permission-denied',
    kind='script',
    source='https://github.com/zlin0/wedefense/issues/47',
    thread_site='zlin0/wedefense#47, opened and labelled bug by the project\'s maintainer: in the recipe `run.sh`, `$((RANDOM))` picks the rendezvous port anywhere in 0-32767, which may hit a privileged or used port and fail with this error; recommended fix: pick a safe port in a larger range (e.g. PyTorch\'s 29500-29509) in the launch script, with a loop `port=$(( (RANDOM % 100) + 29500 ))` until `lsof -i:$port` finds it free',
    what='the job script\'s torchrun line draws its rendezvous port from $((RANDOM)), which can fall below 1024 where an unprivileged user may not bind; the maintainer\'s fix is in the launch script (a port from 29500 up), so labelled script; the line is the issue\'s own text; launch line as in the project\'s egs/detection/partialspoof/v03_resnet18/run.sh (`torchrun --rdzv_backend=c10d --rdzv_endpoint=$(hostname):$((RANDOM)) --nnodes=1 --nproc_per_node=$num_gpus wedefense/bin/train.py ...`); the recipe runs on university Slurm/SGE GPU nodes (the repository has slurm_train.sh), not one of the ten sites, so mapped by scheduler family (Slurm, one-node torchrun) to Bridges-2',
    cluster='bridges2',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH -p GPU-shared\n#SBATCH --gpus=v100-32:1'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'num_gpus=1\ntorchrun --rdzv_backend=c10d --rdzv_endpoint=$(hostname):$((RANDOM)) --nnodes=1 --nproc_per_node=$num_gpus \\\n  wedefense/bin/train.py --config conf/resnet.yaml --exp_dir exp/ResNet18_AugNonoise_F200 --gpus "[0]"']],
    log='''
Permission denied: The server socket has failed to bind to [::]:374
''',
    expect={'families': ['launcher', 'rendezvous'], 'fix': r'(?m)^\+.*(RANDOM\s*%|29[5-9]\d\d|[3-6]\d{4}|\bport=)'},
)

# ---------------------------------------------------------------- illinois-scicomp/machine-shop-maintenance#80 (1)

case(
    id='machineshop-titan-v-overheats-xid79-fell-off-bus',
    kind='not_script',
    source='https://github.com/illinois-scicomp/machine-shop-maintenance/issues/80',
    thread_site='illinois-scicomp/machine-shop-maintenance#80 (the maintenance tracker of a university group\'s shared GPU machines): a newly installed Titan V in machine "porter" ran at 95C under a user\'s process and a few seconds later disappeared with these kernel lines; after a reboot it idled at 79-82C drawing about 60 W against 36C/35W on healthy cards ("Something must be very wrong with that GPU"); the maintainers discuss swapping in another card and reapplying thermal paste',
    what='a GPU that overheats and drops off the PCIe bus is a hardware fault of the machine (cooling or the card), for its administrators; no job-script change cures it; lines are the thread\'s dmesg block, trimmed to the Xid 79 and fallen-off-the-bus lines (the `NVRM: GPU 0000:01:00.0: GPU has fallen off the bus.` line of another address is in reallogs33; this address is not); a shared workstation without a scheduler, so mapped to a one-node Lonestar6 GPU job (assumed shape)',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1']],
    log='''
[Tue Apr 15 16:50:03 2025] NVRM: Xid (PCI:0000:02:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.
[Tue Apr 15 16:50:03 2025] NVRM: GPU 0000:02:00.0: GPU has fallen off the bus.
''',
)

# ---------------------------------------------------------------- KatherLab/MediSwarm#574 (1)

case(
    id='mediswarm-file-system-sharing-pin-memory-thread-shm-race',
    kind='not_script',
    source='https://github.com/KatherLab/MediSwarm/issues/574',
    thread_site='KatherLab/MediSwarm#574 (closed): a 3D-CNN PyTorch Lightning training in the project\'s deploy kit died 77 s into training, at the end of an epoch, with these lines; settings loader_workers=16, torch_sharing_strategy=file_system, pin_memory=True, persistent_workers=True; the reporter rules out a small /dev/shm (63 G, --shm-size=16g --ipc=host, no OOM) and identifies the cause as the file_system sharing strategy\'s cleanup race between a worker handing a tensor to the pin-memory thread by shm filename and its unlink',
    what='a race inside the program\'s data-loading setup (the sharing strategy and pin-memory thread chosen in the project\'s datamodule), not a resource the job script asks for: /dev/shm was ample and the cure is in the program\'s loader settings; lines are the issue\'s own block trimmed to the thread exception, the RuntimeError and the two ERROR lines; the kit runs in Docker on a lab GPU server, not one of the ten sites, so mapped to a one-node Lightning-on-Slurm job on DeltaAI (assumed shape)',
    cluster='deltaai',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun python -m threedcnn_ptl.main --loader_workers 16 --torch_sharing_strategy file_system']],
    log='''
Exception in thread Thread-10 (_pin_memory_loop):
RuntimeError: unable to open shared memory object </torch_310_3681426278_102> in read-write mode: No such file or directory (2)
threedcnn_ptl - ERROR - [STAGE] Failed: Fit after 77.09s
threedcnn_ptl - ERROR - Error in main function: Pin memory thread exited unexpectedly
''',
)

# ---------------------------------------------------------------- TRM 8-GPU evaluation failure report (1)

case(
    id='trmreport-gather-object-inference-tensor-inplace-8gpu-eval',
    kind='not_script',
    source='find_string:10035897318',
    thread_site='a user\'s own "TRM 8-GPU Evaluation Failure - Technical Analysis Report" (TinyRecursiveModels ARC-AGI-2 training, one node with 8 H200 GPUs in a container, `torchrun --nproc-per-node 8 pretrain.py ...`): the 8-GPU job crashed after all 400 evaluation batches in evaluators/arc.py:110 `dist.gather_object(...)` with this RuntimeError on rank 6, deterministically, while the same code on 4 GPUs passed; root cause: tensors created under torch.inference_mode() mutated in place during the gather; recommended fix: clone (or detach().cpu()) the tensors before gathering, in the program; interim workaround: train on 4 GPUs',
    what='the crash is in the program\'s evaluation code (inference tensors handed to gather_object), and the report\'s fix is a code change; running on 4 GPUs only sidesteps it and would halve the job, so a script change is not the cure - labelled not_script; DOUBTFUL on one point: the code fix is recommended, not shown verified; lines are the report\'s own log snippet trimmed to the error and the failing rank; a container on a cloud GPU node, not one of the ten sites, so mapped to a one-node torchrun job on Delta\'s 8-GPU A100 nodes (assumed shape)',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --partition=gpuA100x8\n#SBATCH --gpus-per-node=8'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --nproc-per-node 8 pretrain.py arch=trm data_paths="[data/arc2concept-aug-1000]" data_paths_test="[data/arc2concept-aug-1000]" epochs=10000 eval_interval=50']],
    log='''
RuntimeError: Inplace update to inference tensor outside InferenceMode is not allowed.
You can make a clone to get a normal tensor before doing inplace update.
[rank6]: exitcode: 1
''',
)


# ---------------------------------------------------------------- NHR@FAU support-ticket digest, topic "cuda_conda_environment_pytorch_gpu" (1)

FAU_SOURCE = 'find_string:54290035721'
FAU_SITE = 'a digest of NHR@FAU (Erlangen) HPC support tickets, "Topic 13: cuda_conda_environment_pytorch_gpu" (122 tickets, each written up as problem, root cause and solution from the ticket conversation; Alex/TinyGPU are Slurm GPU clusters, Emmy the older GPU/CPU cluster)'

case(
    id='fauticket-jax-pip-cuda12-vs-module-cuda-srun-segfault',
    kind='script',
    source=FAU_SOURCE,
    thread_site=FAU_SITE + '; ticket 2024112542003931 "Segmentation Fault in GPU Jobs": JAX computing large matrix inverses on an Alex A100 node died with this srun line; the user\'s environment was a venv with `pip install jax[cuda12]` and the job script also ran `module load cuda/12.6.1` before `srun --cpu-bind=socket python script.py`; the admin confirmed that loading the CUDA module caused the error; solution: do not load the CUDA module in the job script when using pip-installed jax[cuda12]',
    what='the job script loads a system CUDA module on top of the CUDA libraries the pip wheel brings, and the mix crashes the program; the admin-confirmed cure is to drop that module line from the job script, so labelled script; the line is the ticket\'s own quoted error message (the write-up is a digest of the ticket, not the raw log); Alex is a Slurm A100 cluster, not one of the ten sites, so mapped by scheduler family to a one-GPU srun job on Lonestar6\'s A100 nodes; assumed shape - the ticket\'s job script as quoted',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH -p gpu-a100'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\nsrun python -u train.py --batch-size 256 --epochs 32', 'module load python/3.12-conda\nmodule load cuda/12.6.1\nmodule list\nsource ~/new_env/bin/activate\nsrun --cpu-bind=socket python script.py']],
    log='''
srun: error: a0537: task 0: Segmentation fault (core dumped)
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^-\s*module\s+load\s+cuda'},
)


# ---------------------------------------------------------------- intel/torch-xpu-ops#1571 (1)

case(
    id='torchxpuops-xccl-no-premul-sum-fsdp-reduce-scatter-divide-factor',
    kind='not_script',
    source='https://github.com/intel/torch-xpu-ops/issues/1571',
    thread_site='intel/torch-xpu-ops#1571 "[distributed] ValueError: Cannot use ReduceOp.PREMUL_SUM with XCCL" (filed by Intel developers): FSDP2\'s reduce-scatter with a divide factor (test_fully_shard_comm.py TestFullyShardCommunication.test_set_reduce_scatter_divide_factor) fails on XPU because the XCCL backend had no PREMUL_SUM reduction; support was added in the backend later (intel/torch-xpu-ops PR #1948 "Support premul_sum for xccl", needs oneCCL 2021.17+; PR #2903 adds a scale-out workaround because oneCCL still lacks PreMulSum across nodes)',
    what='a missing reduction operation in the XCCL communication backend that FSDP asks for - a library limitation, fixed in the library, not in the job script; the line is the issue\'s title error text; the report comes from a test machine, so mapped to a 2-node FSDP training job on Aurora started by mpiexec (assumed shape)',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['python train.py', 'python train_fsdp2.py --reduce-scatter-divide-factor 2.0']],
    log='''
ValueError: Cannot use ReduceOp.PREMUL_SUM with XCCL
''',
)


# ---------------------------------------------------------------- Determined AI HPC launcher "Known Issues" page (2)

DET_SOURCE = 'https://github.com/determined-ai/determined/blob/0fe99ffb6f7c4a06ce6cbd7f9b89c5ccc6109792/docs/setup-cluster/deploy-cluster/slurm/slurm-known-issues.rst'
DET_SITE = 'the Determined AI "Known Issues" page for its HPC launcher (docs/setup-cluster/deploy-cluster/slurm/slurm-known-issues.rst): training containers started under Slurm or PBS with Singularity/Apptainer, Podman or Enroot, each item given as the error text, the cause and the cure'

case(
    id='detknown-apptainer-unprivileged-var-tmp-mount-not-supported-setuid',
    kind='not_script',
    source=DET_SOURCE,
    thread_site=DET_SITE + '; "Apptainer Known Issues": from Apptainer 1.1.0, an experiment may fail to launch with this FATAL line (or pip\'s "No space left on device", or chown of /dev/pts failing); this likely indicates an installation or configuration error for unprivileged containers - review the Apptainer installation documentation; the errors are sometimes resolved by additionally installing the apptainer-setuid package',
    what='the container runtime on the compute nodes is installed without what unprivileged mounts need; the cure is on the system side (installation/configuration, the setuid package), not in the job script; the line is the page\'s own quoted error; a product page for Slurm/PBS clusters, so diagnosed on Bridges-2 (Slurm, containers run with Singularity/Apptainer) - assumed shape: one torchrun per node inside an Apptainer image',
    cluster='bridges2',
    script='apptainer_srun_torchrun.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH -p GPU\n#SBATCH --gpus-per-node=8'], ['--nproc_per_node=4', '--nproc_per_node=8'], ['--bind /scratch', '--bind $PROJECT']],
    log='''
FATAL: container creation failed: mount /var/tmp->/var/tmp error: while mounting /var/tmp: could not mount /var/tmp: operation not supported
''',
)

case(
    id='detknown-rocm-miopen-private-tmp-directory-not-empty-bind-host-tmp',
    kind='script',
    source=DET_SOURCE,
    thread_site=DET_SITE + '; "AMD/ROCm Known Issues": experiments on ROCm GPUs may fail in the AMD/ROCm libraries with this error; a potential workaround is to disable the per-container /tmp by bind-mounting the host /tmp into the container (host_path: /tmp, container_path: /tmp), the launcher otherwise giving each job a private /tmp',
    what='the container is started with a private /tmp, and MIOpen\'s kernel cache directory there cannot be cleaned up; the page\'s workaround is a bind mount of the host /tmp into the container, which for a user-written job is a change to the container launch line in the job script (`--bind /tmp` or `-B /tmp:/tmp`), so labelled script - a documented workaround, not one job\'s verified rerun; lines are the page\'s own quoted error with its elided "/tmp/miopen-..." kept as written; ROCm GPUs in Singularity under Slurm - diagnosed on Delta (gpuMI100x8 partition), assumed shape: an srun of python inside an Apptainer image with a private /tmp (`--contain`)',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --partition=gpuMI100x8\n#SBATCH --gpus-per-node=8'], ['srun apptainer exec --nv --bind /scratch pytorch_24.04.sif', 'srun apptainer exec --rocm --contain --bind /projects rocm_pytorch.sif'], ['--nproc_per_node=4', '--nproc_per_node=8']],
    log='''
terminate called after throwing an instance of 'boost::filesystem::filesystem_error'
what(): boost::filesystem::remove: Directory not empty: "/tmp/miopen-...
''',
    expect={'families': ['containers', 'filesystem'], 'fix': r'(?m)^\+.*(--bind|-B)\s+\S*/tmp|^-.*--contain\b'},
)

# ---------------------------------------------------------------- mila-iqia/cluv ImageNet example README, "Not yet working" (2)

CLUV_SOURCE = 'https://github.com/mila-iqia/cluv/blob/040d9c1ef719cd0cc9b641ef5e4c6fe0c24fd5c9/examples/imagenet/README.md'
CLUV_SITE = 'the mila-iqia/cluv multi-node ImageNet example README (also the description of PR mila-iqia/cluv#164): one job script per cluster (`#SBATCH` directives, then `scripts/train.sh`, which clones the code into $SLURM_TMPDIR, runs `uv sync` there and `srun`s the training), verified on seven Slurm clusters of Mila and the Digital Research Alliance of Canada; section "Not yet working: killarney, vulcan"'
CLUV_UV = [['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\nsrun python -u train.py --batch-size 256 --epochs 32', 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\nsrun --ntasks-per-node=1 bash -c \'cd $SLURM_TMPDIR/imagenet && uv sync\'\nsrun bash -c \'uv run --directory $SLURM_TMPDIR/imagenet python main.py --use_fake_data --epochs=1\'']]

case(
    id='cluvreadme-killarney-first-srun-step-creation-disabled-nodes-busy',
    kind='not_script',
    source=CLUV_SOURCE,
    thread_site=CLUV_SITE + '; killarney: every attempt (a bare 1-GPU request and a typed l40s:1 one) hangs on the very first srun inside the job with this message, retried until the job hits its time limit without running any Python; adding --overlap to every srun (the usual fix on cons_tres clusters) did not resolve it, so it was not kept; "Needs deeper investigation into killarney\'s Slurm/GRES configuration"',
    what='the same job scripts run on seven other clusters, and the usual script-side cure (--overlap) was tried without effect, so the fault is put on the site\'s Slurm/GRES configuration - not_script, DOUBTFUL: the cause is not confirmed; the line is the README\'s own quoted message with its "..." elision kept; killarney is a Slurm cluster not among the ten, so mapped by scheduler family to a one-node srun job on Lonestar6 (assumed shape: srun of uv run per task)',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH -p gpu-a100'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1']] + CLUV_UV,
    log='''
step creation temporarily disabled ... Requested nodes are busy
''',
)

case(
    id='cluvreadme-vulcan-uv-offline-cache-miss-nfs-visibility-race',
    kind='not_script',
    source=CLUV_SOURCE,
    thread_site=CLUV_SITE + '; vulcan: `uv sync` inside the job intermittently fails within 1-2 seconds with this message for a package that `cluv sync` had just warmed into the shared uv cache from the login node seconds earlier - reproduced across 4 attempts, 3 packages, 2 compute nodes; "Looks like an NFS cache-visibility race between the login node and compute nodes rather than anything cluv or this example does"',
    what='an intermittent visibility delay of the shared (NFS) file system between login and compute nodes, so the offline package cache looks incomplete on the compute node; nothing in the job script is wrong (the same scripts work on seven clusters) - not_script (file system), DOUBTFUL: the diagnosis is the authors\' reading, not confirmed by the site; the line is the README\'s own quoted message; vulcan is a Slurm cluster not among the ten, so mapped by scheduler family to a one-node srun job on Stampede3 (assumed shape: per-node uv sync, then srun uv run)',
    cluster='stampede3',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH -p h100'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1']] + CLUV_UV,
    log='''
Network connectivity is disabled, but the requested data wasn't found in the cache
''',
)

# ---------------------------------------------------------------- swiss-ai/model-launch#46 (1)

case(
    id='swissaisml-edf-relative-toml-path-treated-as-name-env-not-found',
    kind='script',
    source='https://github.com/swiss-ai/model-launch/issues/46',
    thread_site='swiss-ai/model-launch#46 (closed, labelled bug; CSCS Alps GH200 nodes, Slurm with the Container Engine\'s EDF environments through pyxis `srun --environment=...`): launching vLLM with `--slurm-environment src/swiss_ai_model_launch/assets/envs/vllm.toml` failed with this srun line - the relative path was taken as an environment name, ".toml" appended and looked up in ~/.edf and the site EDF directory; the asker solved it by copying vllm.toml into ~/.edf and passing the name `vllm`; the tool was fixed in PR #64 ("Fix SLURM Env Specification Error"); CSCS docs PR eth-cscs/cscs-docs#468 describes the same convention (a file in ~/.edf is referred to as `--environment=name`, no ".toml", or by its explicit path)',
    what='the srun line of the job names its container environment with a relative path ending in .toml, which the container engine reads as an environment name; the cure is the --environment argument on the launch line (the bare name with the file in ~/.edf, or an absolute path), so labelled script; the line is the issue\'s own quoted error; Alps is not among the ten sites, so mapped by scheduler family (Slurm, srun with a container plugin, GH200 4 GPUs a node) to DeltaAI; assumed shape - the generated job\'s srun line passing the relative path as given (the engine appends .toml when it searches, hence the doubled suffix in the message)',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=4'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3\n', ''], ['srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py', 'srun --environment=src/swiss_ai_model_launch/assets/envs/vllm.toml \\\n    vllm serve /capstor/store/cscs/swissai/infra01/hf_models/models/Qwen/Qwen3-Coder-30B-A3B-Instruct --host 0.0.0.0 --port 8080 --tensor-parallel-size 4']],
    log='''
srun: error: pyxis: --environment: failed to find a readable environment file 'src/swiss_ai_model_launch/assets/envs/vllm.toml.toml' in search path '/users/alexandersternfeld/.edf:/capstor/store/cscs/cscs/public/containers/edf/gh200' on 'nid007517'
''',
    expect={'families': ['containers', 'launcher', 'filesystem'], 'fix': r'(?m)^\+.*--environment[= ]"?(\$\{?PWD\}?/|\$HOME/|/\S+\.toml\b|vllm\b(?!\.toml))'},
)

# ---------------------------------------------------------------- biocorecrg/master_of_pores#6 (1)

case(
    id='masterofpores-singularity-loop-flags-eagain-concurrent-image-bug',
    kind='not_script',
    source='https://github.com/biocorecrg/master_of_pores/issues/6',
    thread_site='biocorecrg/master_of_pores#6 "singularity problems" (the pipeline\'s maintainer, a Nextflow nanopore pipeline run on institutional clusters with Singularity): "Sometimes you can get the following error" (these two lines); answer: "It seems to be a known bug. Upgrading to at least singularity 3.2.1 will fix it."',
    what='the container runtime\'s loop-device attach fails transiently with EAGAIN when several tasks start the same image at once, a bug of that Singularity release; the cure is a newer Singularity installed on the system (admins), not a change to the job script; lines are the issue\'s own; a Nextflow pipeline on a university cluster, so mapped by container use to a Vista job that runs the model inside an Apptainer image (assumed shape)',
    cluster='vista',
    script='apptainer_srun_torchrun.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH -p gh'], ['--nproc_per_node=4', '--nproc_per_node=1'], ['--bind /scratch', '--bind $SCRATCH']],
    log='''
ERROR  : Failed to set loop flags on loop device: Resource temporarily unavailable
ABORT  : Retval = 255
''',
)

# ---------------------------------------------------------------- Ray+FSDP launcher notes (find_string:59656430237) (1)

case(
    id='raylauncher-per-worker-visible-devices-nccl-shm-cuda-failure-217',
    kind='script',
    source='find_string:59656430237',
    thread_site='a user\'s own launcher for Ray-based RL fine-tuning (vLLM rollout + FSDP trainer), its comments recording a measurement made 2026-08-13 on a 4x RTX 5090 machine: the first FSDP parameter broadcast fails with this NCCL warning; the cause is not "P2P off" but Ray giving each worker a CUDA_VISIBLE_DEVICES of one GPU, so NCCL\'s SHM transport cannot open CUDA IPC to the peer; measured: default fails, NCCL_P2P_DISABLE=1 fails ("don\'t copy that folk remedy"), NCCL_SHM_DISABLE=1 works (sockets, 1-2 GB/s), NCCL_CUMEM_ENABLE=0 works (keeps SHM, 5-6 GB/s); fix: the launcher sets NCCL_CUMEM_ENABLE=0 in the environment whenever more than one GPU is used',
    what='the run\'s launch environment lacks a NCCL setting that per-worker device isolation needs; the author\'s cure is one environment variable exported by the launcher, so labelled script; the line is the notes\' own, joined from the two comment lines it was wrapped over; a workstation, not one of the ten sites, so mapped by launcher (Ray started inside a job) to a one-node Stampede3 H100 job (assumed shape)',
    cluster='stampede3',
    script='ray_slurm.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1\n#SBATCH -p h100'], ['srun --nodes=1 --ntasks=1 -w "${nodes[1]}" ray start --address="$head_ip:6379" --num-gpus 4 --block &\nsleep 20\n', ''], ['python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model', 'python3 scripts/train_rl.py --trainer-gpus 2 --rollout-gpus 2 --model ./model']],
    log='''
transport/shm.cc:590 NCCL WARN Cuda failure 217 'peer access is not supported between these two devices'
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*(NCCL_CUMEM_ENABLE=0|NCCL_SHM_DISABLE=1)'},
)

# ---------------------------------------------------------------- xiaosu-zhu/McQuic note.md (1)

case(
    id='mcquic-ntasks-exceeds-nodes-several-torchrun-per-node-bind-19936',
    kind='script',
    source='https://github.com/xiaosu-zhu/McQuic/blob/b4f6d6346e90a1dc903bf824307070e408f48f3b/note.md',
    thread_site='the McQuic author\'s own working notes (note.md, in Chinese) for training on a university Slurm cluster (8 GPUs per node, `srun -N 1 -p amd ...`, `sbatch singlenode.sh`): "if multi-node shows: The server socket has failed to listen on any local network address / The server socket has failed to bind to [::]:19936 - it is because ntask is larger than N; set ntask == N, so that each node starts exactly one torchrun, otherwise the several torchruns on each node conflict"',
    what='the job script asks for more tasks than nodes, so srun starts several torchrun launchers per node and all but one fail to bind the rendezvous port; the author\'s cure is in the job script (one task per node), so labelled script; lines are the note\'s own two quoted messages; the cluster is not one of the ten sites, so mapped by scheduler family (Slurm, 8-GPU nodes, srun + torchrun per node) to a 2-node Bridges-2 GPU job (assumed shape)',
    cluster='bridges2',
    script='srun_torchrun_tpn.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH -p GPU\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8'], ['export MASTER_PORT=29500', 'export MASTER_PORT=19936'], ['--nproc_per_node=4', '--nproc_per_node=8'], ['train.py --epochs 10', 'mcquic/train/__main__.py configs/neon.yaml']],
    log='''
The server socket has failed to listen on any local network address
The server socket has failed to bind to [::]:19936
''',
    expect={'families': ['launcher', 'scheduler'], 'fix': r'(?m)^\+.*(--ntasks-per-node(=|\s+)1\b|--ntasks(=|\s+)2\b|\s-n\s*2\b)'},
)

# ---------------------------------------------------------------- lyulyul/shine-cluster#171 (1)

case(
    id='shinecluster-node-drained-gpu-1c-unknown-error-after-resume',
    kind='not_script',
    source='https://github.com/lyulyul/shine-cluster/issues/171',
    thread_site='lyulyul/shine-cluster#171 (the issue tracker of a lab\'s own 8-GPU-per-node Slurm cluster, nodes hoth/dagobah/tatooine): a user\'s training job (H-TransTrack) failed unexpectedly and left node hoth in `drain`; after an admin ran `scontrol update nodename=hoth state=resume`, GPU memory was still held and `nvidia-smi` printed this line for the GPU at 0000:1C:00.0; the cluster\'s companion thread #172 (same admins, same days) records GPU 1c of hoth showing `rev ff` in `lspci` ("there must be problems in GPU 1c") and that only a physical reboot brings the node back',
    what='a GPU that stops answering the driver (Unknown Error, rev ff on the bus) is a fault of the node, for its administrators (drain, reboot, repair); no job-script change cures it; DOUBTFUL: the thread\'s title blames the user\'s code for the crash and its own close is not shown, the hardware reading rests on the companion thread; the line is the thread\'s own nvidia-smi output; a lab cluster, not one of the ten sites, so mapped to a one-node Perlmutter GPU job (assumed shape)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'nvidia-smi\nsrun --cpu-bind=cores python main.py --config configs/h_transtrack.yaml']],
    log='''
Unable to determine the device handle for GPU 0000:1C:00.0: Unknown Error
''',
)
