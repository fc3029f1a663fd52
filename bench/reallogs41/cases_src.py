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
