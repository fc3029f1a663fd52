# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUN_TR = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'
TR1 = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
AUR = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
PYX = 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'
APPT = 'srun apptainer exec --nv --bind /scratch pytorch_24.04.sif \\\n    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py'

# ---------------------------------------------------------------- script cases

case(
    id='colossalai5049-srun-eight-tasks-each-colossalai-run-port-in-use',
    kind='script',
    source='https://github.com/hpcaitech/ColossalAI/issues/5049',
    thread_site='a Slurm cluster with 8-GPU nodes; llama2 70B pretraining started as `srun colossalai run --nproc_per_node=8 ...` (colossalai run starts torchrun on the local host); every torchrun but one fails to bind the master port, srun reports tasks 0-5,7 of the node failing; the reporter is sure the port is free (open issue, no maintainer answer)',
    what='DOUBTFUL - the cause is read from the log, not stated in the thread: srun starts eight tasks per node and each task runs its own `colossalai run` -> torchrun with the same --master_port, so seven of the eight launchers cannot bind it (several launchers per node); the fix is one launcher task per node (`--ntasks-per-node=1`, torchrun then starts the 8 workers); assumed shape - the batch script asks `--ntasks-per-node=8` on 8-GPU Delta nodes and runs `srun colossalai run` on them, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH --ntasks-per-node=1', '#SBATCH --ntasks-per-node=8'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['#SBATCH --cpus-per-task=32', '#SBATCH --cpus-per-task=8'], ['export MASTER_PORT=29500', 'export MASTER_PORT=29601'], [SRUN_TR, 'srun colossalai run --nproc_per_node 8 --master_addr "$MASTER_ADDR" --master_port "$MASTER_PORT" pretrain.py --config 70b --batch_size 4']],
    log='''
RuntimeError: The server socket has failed to listen on any local network address. The server socket has failed to bind to [::]:29601 (errno: 98 - Address already in use). The server socket has failed to bind to 0.0.0.0:29601 (errno: 98 - Address already in use).
srun: error: HOST-10-140-60-1: tasks 0-5,7: Exited with exit code 1
Error: failed to run torchrun --nproc_per_node=8 --nnodes=1 --node_rank=0 --master_addr=10.140.60.208 --master_port=29601 pretrain.py --config 70b --grad_checkpoint --batch_size 4 --num_epochs 30 --max_length 4096 --lr 3e-4 --weigth_decay 0.1 --warmup_steps 2000 --mixed_precision fp16 --save_interval 5000 --save_dir 70B_pretrain_ckpt on 127.0.0.1, is localhost: True, exception: Encountered a bad command exit code!
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^(\+#SBATCH --ntasks-per-node=1\b|-#SBATCH --ntasks-per-node=8)'},
)

case(
    id='isaaclab316-sbatch-no-account-no-partition-defaults',
    kind='script',
    source='https://github.com/isaac-sim/IsaacLab/issues/316',
    thread_site='a university Slurm cluster (UW Hyak, /mmfs1); the Orbit/IsaacLab cluster helper submits the training job with sbatch; sbatch falls back to the default account and partition and then rejects the job on its QOS (the last line, `Invalid qos specification`, is left out of the excerpt because it repeats an earlier set word for word)',
    what='DOUBTFUL - the fix is inferred from the messages, not stated in the thread: the job script names no account and no partition, so sbatch uses defaults the user is not allowed to combine; the fix is in the job script (`#SBATCH --account=<the user\'s allocation>` and the GPU partition) and needs a value only the user has; assumed shape - a one-torchrun-per-node apptainer job on Delta without `--account`/`--partition` (Delta requires an account), diagnosed as on Delta',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    log='''
sbatch: error: No account specified, defaulting to: cse
sbatch: error: No partition specified, defaulting to: compute
''',
    # s38relabel: no account is named and sbatch's defaults are refused; the allocation is the user's (the case's own what: it needs a value only the user has): the right answer asks for it
    expect={'families': ['scheduler'], 'ask': True, 'ask_for': ['account', 'partition']},
)

case(
    id='radiasoft183-hydra-mpiexec-unrecognized-argument-mca',
    kind='script',
    source='https://github.com/radiasoft/devops/issues/183',
    thread_site='RadiaSoft container cluster (rs14.local); FLASH (flash4) built against MPICH is started through the `rsmpi -n 8 flash4` wrapper, which passes Open MPI `-mca` options; the MPICH Hydra mpiexec rejects them (the ldd output in the thread shows libmpi from /usr/lib64/mpich)',
    what='DOUBTFUL - the launch line passes an Open MPI option (`-mca ...`) to the MPICH (Hydra) mpiexec the program was built with; the fix is in the launch line (drop the `-mca` options, or use the mpiexec of the MPI the program links); the thread\'s wrapper (`rsmpi`) is the group\'s own launch script, which is why this is labelled script; assumed shape - a CPU MPI program started with `mpiexec -n 8 -mca btl ...` inside a 1-node Anvil Slurm job with an MPICH module loaded, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=8'], ['module load cray-mpich', 'module load mpich'], [MPIAPP, 'mpiexec -n 8 -mca btl self,vader,tcp ./flash4']],
    log='''
[mpiexec@rs14.local] match_arg (utils/args/args.c:159): unrecognized argument mca
[mpiexec@rs14.local] HYDU_parse_array (utils/args/args.c:174): argument matching returned error
[mpiexec@rs14.local] parse_args (ui/mpich/utils.c:1596): error parsing input array
''',
    expect={'families': ['launcher', 'modules'], 'fix': r'(?m)^(-.*mpiexec .*-mca|\+.*module load openmpi|\+\s*srun .*flash4)'},
)

case(
    id='dynamo5948-pyxis-srun-openmpi-image-needs-mpi-pmix',
    kind='script',
    source='https://github.com/ai-dynamo/dynamo/pull/5948',
    thread_site='an NVIDIA Slurm cluster (ptyche) with pyxis/enroot; the multinode example script starts the frontend and workers with `srun --container-image=...`; the container image carries Open MPI, and srun without `--mpi=pmix` gives the direct-launch error; the PR adds `--mpi=pmix` to every srun line and says that fixes it (the first line of the Open MPI message repeats an earlier set and is left out)',
    what='the srun lines of the job script start an Open MPI program without telling srun which PMI to use; the fix is in the script (`srun --mpi=pmix ...`); assumed shape - one task per GPU in a pyxis container on an 8-GPU Delta-like node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
but OMPI was not built with SLURM's PMI support and therefore cannot execute.
''',
    expect={'families': ['launcher', 'containers'], 'fix': r'(?m)^\+.*srun .*--mpi[= ]pmi'},
)

case(
    id='osc-kb-oom-srun-step-cgroup-out-of-memory-shared-node',
    kind='script',
    source='https://www.osc.edu/documentation/knowledge_base/out_of_memory_oom_or_excessive_memory_usage',
    thread_site='Ohio Supercomputer Center knowledge-base page on out-of-memory jobs (Slurm, shared nodes where memory is allotted in proportion to the cores requested); it quotes these messages for a parallel program launched through srun and tells users to request more memory (more cores or a whole node) for the job',
    what='the job asks too little memory for what its tasks use (on a shared node the allotment follows the cores requested), so the cgroup OOM killer ends the step; the fix is in the job script (a larger `--mem`, more cores, or an exclusive/whole node); assumed shape - 4 MPI tasks on one node of Anvil\'s `shared` partition, which also allots memory per core, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH -p shared'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=4'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1']],
    log='''
slurmstepd: error: Detected 1 oom-kill event(s) in StepId=14604003.0 cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.
srun: error: o0616: task 0: Out Of Memory
''',
    expect={'families': ['resources'], 'fix': r'(?m)^(\+#SBATCH --mem(-per-cpu)?[= ]|\+#SBATCH --ntasks-per-node=(?!4\b)\d+|\+#SBATCH --cpus-per-task=(?!1\b)\d+|\+#SBATCH --exclusive|\+#SBATCH (-p|--partition)[= ]?wholenode)'},
)

case(
    id='mpijl924-gh200-gpus-per-task-binding-invalid-device-ordinal',
    kind='script',
    source='https://github.com/JuliaParallel/MPI.jl/issues/924',
    thread_site='Sigma2 Olivia (HPE Cray EX, NVIDIA GH200, Slurm, cray-mpich); the MPI.jl multi-GPU CUDA-aware test picks its GPU with CUDA.device!(node-local rank); rank 0 works, the other ranks fail; a maintainer explains that the Slurm setup already restricts each rank to one GPU (CUDA_VISIBLE_DEVICES per task), so device ids above 0 do not exist in a rank, and the docs were updated afterwards',
    what='DOUBTFUL - the job binds one GPU per task (per-task GPU binding in the job script) while the program selects GPU number = local rank; the fix can be made in the job script (request GPUs per node without per-task binding, e.g. drop `--gpus-per-task=1` or add `--gpu-bind=none`) or in the program (use device 0); labelled script because the maintainer\'s explanation points at the Slurm GPU binding; assumed shape - 4 ranks under srun with `#SBATCH --gpus-per-task=1` on a DeltaAI GH200 node (same GH200 + Slingshot Cray family), diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-task=1'], [SRUNPY, 'srun julia --project alltoall_test_cuda_multigpu.jl']],
    log='''
rank=0 rank_loc=0 (gpu_id=CuDevice(0)), size=4, dst=1, src=3
ERROR: LoadError: CUDA error: invalid device ordinal (code 101, ERROR_INVALID_DEVICE)
''',
    expect={'families': ['devices'], 'fix': r'(?m)^(-#SBATCH --gpus-per-task=1|\+#SBATCH --gpu-bind[= ]none|\+.*srun .*--gpu-bind[= ]none|\+#SBATCH --gpus-per-node=4)'},
)

case(
    id='castro2017-perlmutter-multiple-gpus-visible-to-each-rank',
    kind='script',
    source='https://github.com/AMReX-Astro/Castro/issues/2017',
    thread_site='NERSC Perlmutter GPU nodes; a Castro (AMReX) job with `#SBATCH -n 16`, `--ntasks-per-node=4`, `-c 16` and no per-rank GPU binding prints the AMReX warning at start-up and later crashes with negative densities; the same warning is the one the WarpX/ImpactX Perlmutter scripts removed by binding one GPU per rank (`--ntasks-per-gpu=1`)',
    what='DOUBTFUL - the warning says every rank sees all four GPUs because the job script does not bind GPUs to ranks; the fix is in the script (`--ntasks-per-gpu=1`, `--gpus-per-task=1`/`--gpu-bind`, or `CUDA_VISIBLE_DEVICES=$SLURM_LOCALID`); the thread\'s own resolution is not visible and the negative-density crash may have a second cause; assumed shape - the Perlmutter GPU script with `--ntasks-per-node=4` and `--gpus-per-node=4` only, on 4 nodes, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 4'], ['module load pytorch/2.3.1', 'module load PrgEnv-gnu gcc/9.3.0'], [PM, 'srun ./Castro2d.gnu.MPI.CUDA.ex inputs_2d']],
    log='''
Multiple GPUs are visible to each MPI rank, but the number of GPUs per socket or node has not been provided.
''',
    expect={'families': ['devices'], 'fix': r'(?m)^(\+#SBATCH --(ntasks-per-gpu=1|gpus-per-task=1|gpu-bind[= ])|\+.*srun .*--(gpus-per-task|gpu-bind|ntasks-per-gpu)|\+.*CUDA_VISIBLE_DEVICES=\$\{?SLURM_LOCALID)'},
)

case(
    id='luslab131-camp-guppy-gpu-node-without-gres-request',
    kind='script',
    source='https://github.com/luslab/luslab-nf-modules/pull/131',
    thread_site='the Francis Crick Institute CAMP cluster (Slurm with a job_submit filter); the guppy basecaller module asks for the GPU partition through its resource label but the generated sbatch request carries no GRES, and the submit filter rejects it (the PR author could not run the GPU path and guesses the GRES setup; the filter message itself names the missing GRES request)',
    what='DOUBTFUL - the job asks for a GPU node without a `--gres=gpu:N` (or `--gpus...`) request, which the site filter requires; the fix is in the job script (add the GPU request); the thread does not confirm the fix; assumed shape - one task on a Delta GPU partition with `-p gpuA100x4` and no GPU request, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH -p gpuA100x4'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], [SRUNPY, 'srun guppy_basecaller -i fast5 -s basecalled -x cuda:0']],
    log='''
sbatch: error: slurm_job_submit: Requesting gpu node without a GRES request...
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH --(gres=gpu|gpus(-per-node|-per-task)?)[= :]'},
)

case(
    id='radicalpilot2584-frontera-srun-duplicate-nodelist',
    kind='script',
    source='https://github.com/radical-cybertools/radical.pilot/issues/2584',
    thread_site='TACC Frontera (Slurm); RADICAL-Pilot builds srun task lines with `--nodelist` naming the same node once per rank; with `-N 1` srun drops the duplicate with this error, with `-N 2` the step hangs; the RP developers fixed it by removing duplicate node names from `--nodelist`',
    what='the srun line asks for a node list that repeats a host (more list entries than the node count), so srun trims it or waits for a second node that is the same machine; the fix is in the launch line (no duplicate hosts in `--nodelist`, or no `--nodelist` at all); assumed shape - a 1-node TACC job whose launch line is `srun -N 1 --ntasks 2 --nodelist=c204-015,c204-015 ...`, diagnosed as on Lonestar6 (same TACC Slurm family)',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 2'], ['ibrun python train.py --epochs 10', 'srun -N 1 --ntasks 2 --cpus-per-task 1 --nodelist=c204-015,c204-015 python train.py --epochs 10']],
    log='''
srun: error: Required nodelist includes more nodes than permitted by max-node count (2 > 1). Eliminating nodes from the nodelist.
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^(-.*srun .*--nodelist=c204-015,c204-015|\+.*srun (?!.*--nodelist=c204-015,c204-015))'},
)

case(
    id='smith1158-petsc-gpu-build-mpi-not-gpu-aware',
    kind='script',
    source='https://github.com/llnl/smith/issues/1158',
    thread_site='LLNL lassen (IBM Spectrum MPI, jsrun/lrun); the MFEM PETSc example run with `--device cuda` aborts in PETSc on every rank because the MPI it runs under is not GPU-aware; PETSc\'s own message lists the per-MPI launch/environment settings that make it GPU-aware (Spectrum `--smpiargs=-gpu`, Cray MPICH `MPICH_GPU_SUPPORT_ENABLED=1`) or the option to turn the check off; the reporter suspects the PETSc configuration',
    what='DOUBTFUL - read as a launch fault: the job starts a GPU-enabled PETSc program without enabling GPU-aware MPI in the launch environment; on a Cray MPICH site the fix is `export MPICH_GPU_SUPPORT_ENABLED=1` in the job script (or `-use_gpu_aware_mpi 0` in PETSC_OPTIONS); the thread itself does not confirm which fix was applied and may end in a PETSc rebuild; assumed shape - the example under srun on Perlmutter GPU nodes without MPICH_GPU_SUPPORT_ENABLED, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1', 'module load PrgEnv-gnu cudatoolkit cray-mpich'], [PM, 'srun ./ex1p -m star.mesh --usepetsc --partial-assembly --device cuda --petscopts rc_ex1p_device']],
    log='''
[3]PETSC ERROR: PETSc is configured with GPU support, but your MPI is not GPU-aware. For better performance, please use a GPU-aware MPI.
[3]PETSC ERROR: For Cray-MPICH, you need to set MPICH_GPU_SUPPORT_ENABLED=1 (man mpi to see manual of cray-mpich)
''',
    expect={'families': ['environment', 'library'], 'fix': r'(?m)^\+.*(MPICH_GPU_SUPPORT_ENABLED=1|-use_gpu_aware_mpi 0)'},
)

case(
    id='picongpu4880-lumi-template-mpiexec-command-not-found',
    kind='script',
    source='https://github.com/ComputationalRadiationPhysics/picongpu/pull/4880',
    thread_site='LUMI (HPE Cray EX, Slurm, cray-mpich); the PIConGPU batch template for LUMI-G starts the run with `mpiexec`, which the loaded programming environment does not provide, so the job stops at the launch line; the PR updates the LUMI profile (modules and compilers) after a system change',
    what='DOUBTFUL - the launch line calls `mpiexec` where the site environment offers only `srun` (or a module that is not loaded); the fix is in the job script/profile (use `srun`, or load the module that provides mpiexec); the PR\'s own change is to the profile\'s modules, the exact launch fix is not spelled out; assumed shape - the Perlmutter GPU script (same HPE Cray EX + Slurm family) with `mpiexec -n 4 ./picongpu ...` as launch line, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1', 'module load PrgEnv-gnu cudatoolkit'], [PM, 'mpiexec -n 4 ./bin/picongpu -d 1 1 4 -g 128 128 128 -s 100']],
    log='''
tbg/submit.start: line 46: mpiexec: command not found
''',
    expect={'families': ['launcher', 'modules'], 'fix': r'(?m)^(\+\s*srun .*picongpu|-mpiexec .*picongpu|\+.*module load .*(cray-mpich|openmpi|mpich))'},
)

case(
    id='inferencex3336-salloc-hardcoded-partition-removed-on-new-cluster',
    kind='script',
    source='https://github.com/SemiAnalysisAI/InferenceX/pull/3336',
    thread_site='an AMD MI300X Slurm cluster behind CI runners; the repo\'s runner launch script hardcodes `PARTITION="compute"` and asks `salloc --partition=compute --gres=gpu:N ...`; after the runners moved to a different cluster every benchmark job fails about 45 s in with these messages; the follow-up PR (SemiAnalysisAI/InferenceX#3350) changes the partition in the launch script to `compute-0` and says so',
    what='the launch script names a partition that does not exist on the cluster it now runs on; the fix is in the script (name a partition the cluster has); the thread\'s launcher requests the allocation with salloc (the lines are salloc\'s), the assumed shape carries the same hardcoded partition as `#SBATCH --partition=compute` - one task per GPU in a pyxis container on an 8-GPU Delta node (Delta has no `compute` partition; its 8-GPU partition is gpuH200x8), diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=8\n#SBATCH --partition=compute']],
    log='''
salloc: error: invalid partition specified: compute
salloc: error: Job submit/allocate failed: Invalid partition name specified
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^(\+#SBATCH (--partition|-p)[= ]?(?!compute\s*$)\S+|-#SBATCH --partition=compute)'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='gpud604-xid79-gpu-fallen-off-bus-gpu-is-lost',
    kind='not_script',
    source='https://github.com/leptonai/gpud/issues/604',
    thread_site='a GPU node monitored by gpud; the node logged Xid 79 and every NVML query for that GPU then fails with GPU_IS_LOST (the issue asks for a clearer message from the monitor)',
    what='Xid 79 (the GPU fell off the PCIe bus) is a hardware/driver fault of the node; the job script cannot cause or fix it (drain the node, reset or replace the GPU); assumed shape - a torchrun training job on a Delta node whose GPU is lost, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
XID 79(GPU has fallen off the bus) detected on PCI:0000:ae:00
failed to get remapped rows for GPU-ac896b35-5782-c478-4b2a-a661de07770f: failed to get device remapped rows: ERROR_GPU_IS_LOST
''',
)

case(
    id='ray1653-nodevfiles-cuda-visible-devices-parse-error',
    kind='not_script',
    source='https://github.com/ray-project/ray/issues/1653',
    thread_site='a Slurm cluster (Flatiron) that sets CUDA_VISIBLE_DEVICES=NoDevFiles in jobs without GPUs; `import ray` (ray 0.3.1) crashes while parsing the variable as a list of integers; the job was `sbatch -N 1 --exclusive` on CPU nodes',
    what='DOUBTFUL - a Ray bug: ray.utils.get_cuda_visible_devices assumed the variable holds integers and crashed on the site\'s `NoDevFiles` placeholder (fixed in Ray); unsetting the variable in the script is only a workaround, so it is labelled not-script; assumed shape - a Ray cluster started in a Delta Slurm job, diagnosed as on Delta',
    cluster='delta',
    script='ray_slurm.sh',
    log='''
  File "/mnt/xfs1/home/mgabitto/python_cpu/lib/python2.7/site-packages/ray/utils.py", line 133, in get_cuda_visible_devices
ValueError: invalid literal for int() with base 10: 'NoDevFiles'
''',
)

case(
    id='pgsccalc332-apptainer-squashfuse-dev-fuse-not-directory',
    kind='not_script',
    source='https://github.com/PGScatalog/pgsc_calc/issues/332',
    thread_site='UBC ARC Sockeye (PBS Pro); a Nextflow pipeline run with the singularity/apptainer profile; every container start fails in apptainer\'s squashfuse image driver; the maintainer says it comes from how apptainer is set up on the cluster, the reporter links apptainer/apptainer#2191',
    what='the site\'s apptainer installation cannot mount images through FUSE on the compute nodes (apptainer bug/site configuration); nothing in the job script causes it; assumed shape - a PBS job on Polaris that runs an apptainer image under mpiexec, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[POL, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} apptainer exec pgsc_calc.sif python train.py']],
    log='''
container creation failed: image driver mount failure: image driver squashfuse_ll instance exited with error: squashfuse_ll exited: fusermount: mountpoint /dev/fuse is not a directory or a regular file
''',
)

case(
    id='fluxcoral2-125-cray-pmi-mmap-bootstrap-barrier-non-block-taskmap',
    kind='not_script',
    source='https://github.com/flux-framework/flux-coral2/issues/125',
    thread_site='LLNL tioga (HPE Cray EX, Flux with the cray-pals shell plugin, cray-mpich); MPI jobs launched with a non-block task map hang and then abort in Cray PMI init; the Flux developers trace it to the cray-pals plugin (issue closed with a fix in flux-coral2)',
    what='a bug in the launcher plugin (flux-coral2 cray-pals) that builds the PMI data wrongly for non-block task maps; the job script only chose a valid task map; assumed shape - cray-mpich ranks started by the PALS-style launcher on Polaris, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[POL, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth ./mpi_hello']],
    log='''
12: Fri Feb  9 07:12:51 2024: [PE_12]:_pmi_mmap_init:Failed to setup PMI mmap.Fri Feb  9 07:12:51 2024: [PE_12]:globals_init:_pmi_mmap_init returned -1
3: MPIR_pmi_init(110)...: PMI_Init returned 1
4: Fri Feb  9 07:12:51 2024: [PE_4]:_pmi_mmap_tmp: Warning bootstrap barrier failed: num_syncd=2, pes_this_node=4, timeout=180 secs
''',
)

case(
    id='upp105-gaea-cray-mpich-mpiio-lustre-assert',
    kind='not_script',
    source='https://github.com/NOAA-EMC/UPP/issues/105',
    thread_site='NOAA gaea (Cray XC40, cray-mpich, Lustre); the UPP post job aborts in Cray MPI-IO when opening its output file; a NOAA engineer says he reported this MPI-IO problem to the vendor and that it is a trap for anybody using MPI_IO; moving to cray-mpich/7.7.0 did not help',
    what='an assertion inside Cray MPICH\'s ROMIO Lustre driver (a library bug of the MPI on that system); the job script does not cause it; assumed shape - a CPU MPI program under srun on Perlmutter CPU nodes with cray-mpich (same vendor MPI and Lustre), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], [MPIAPP, 'srun --cpu-bind=cores ./ncep_post < itag']],
    log='''
Assertion failed in file /notbackedup/users/sko/mpt/mpt_base/mpich2/src/mpi/romio/adio/ad_cray/ad_cray_adio_open.c at line 474: _mpiio_o_lov_delay_create != 0
Rank 0 [Thu Feb 27 22:42:00 2020] [c4-0c0s12n3] internal ABORT - process 0
''',
)

case(
    id='openpmix2031-slurmd-credential-replayed-invalid-job-credential',
    kind='not_script',
    source='https://github.com/openpmix/openpmix/issues/2031',
    thread_site='a Slurm cluster where MPI apps started with srun + PMIx fail at random; reduced to `srun pwd` in a loop on 4 nodes; the slurmd logs of some nodes show replayed credentials, which the reporter takes for the cause and a PMIx maintainer agrees',
    what='DOUBTFUL - the log is the nodes\' slurmd log, not the job\'s output; slurmd rejects job credentials as replayed (munge/credential or clock problem of the site\'s Slurm), so step launches fail whatever the job script says; assumed shape - an MPI program under srun on Delta, diagnosed as on Delta',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=4'], [MPIAPP, 'srun --mpi=pmix ./solver input.dat']],
    log='''
b5192-mn: [2021-01-22T10:27:09.995] error: Credential signature check: Credential replayed
b5192-mn: [2021-01-22T10:27:09.995] error: Invalid job credential from 51525@10.145.200.11: Invalid job credential
''',
)

case(
    id='masterofpores119-apptainer-user-namespace-fd-connection-reset',
    kind='not_script',
    source='https://github.com/biocorecrg/master_of_pores/issues/119',
    thread_site='a university Slurm GPU cluster; the Master of Pores pipeline (Nextflow) fails at the dorado basecalling step every time it starts the container with the site\'s apptainer module, and works with the site\'s singularity module',
    what='DOUBTFUL - apptainer on that cluster cannot set up the user namespace for the container (site installation/configuration of apptainer); switching to the singularity module is a workaround, not a script fault; assumed shape - a GPU job on Delta that runs an apptainer image under srun, diagnosed as on Delta',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    log='''
FATAL:   container creation failed: while getting /proc/self/ns/user file descriptor: while requesting file descriptors send: read unix @->@: read: connection reset by peer
''',
)

case(
    id='nccl-docs-systemd-removeipc-unlink-shared-memory',
    kind='not_script',
    source='https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting/runtime_and_mpi_issues.html',
    thread_site='NVIDIA NCCL user guide, troubleshooting page; it quotes this warning for jobs started by mpirun or Slurm: systemd removes the shared-memory files of a user it does not see logged in, and NCCL crashes during init; the page tells system administrators to set RemoveIPC=no in logind.conf',
    what='a node configuration fault (systemd-logind RemoveIPC deletes the job\'s /dev/shm segments); the job script cannot prevent it, the site administrators must change logind.conf; assumed shape - one task per GPU started by srun on a Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
NCCL WARN unlink shared memory /dev/shm/nccl-d5rTd0 failed, error: No such file or directory
''',
)

case(
    id='hpx1466-supermic-torque-nodefile-not-on-shared-fs',
    kind='not_script',
    source='https://github.com/TheHPXProject/hpx/issues/1466',
    thread_site='LSU SuperMIC (Torque/PBS); an HPX program started with `mpirun -f $PBS_NODEFILE` aborts because HPX re-reads the node file on every node, and the node file lives under the Torque spool directory that only the first node can see; a maintainer notes the node file is generated on a file system not accessible to all nodes and asks why HPX reads it at all under mpirun',
    what='DOUBTFUL - the fault is the site\'s node-file location combined with HPX reading the node file on every rank (a library behaviour); copying the node file to a shared directory in the script is only a workaround, so it is labelled not-script; assumed shape - an MPI program started by mpiexec in a PBS job on Polaris, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[POL, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} ./hello_world']],
    log='''
hpx::init: std::exception caught: Could not open nodefile: '/var/spool/torque/aux//20775.smic3'
''',
)

case(
    id='apptainer2369-abaqus-image-mpirun-unrecognized-affinity',
    kind='not_script',
    source='https://github.com/apptainer/apptainer/issues/2369',
    thread_site='a Rocky Linux 9 cluster node; Abaqus 2024 in a Rocky 8 apptainer image, started with `apptainer exec abq-2024.sif sh start.sh`; the same image runs on a CentOS 7 host; the Abaqus-bundled mpirun aborts on start; the apptainer maintainer answers that this is an application/image problem for whoever supports the Abaqus image',
    what='DOUBTFUL - the MPI bundled with the application image rejects the host\'s CPU affinity setting on the newer host OS (an application/image compatibility fault, not something the launch script sets); assumed shape - the containerised solver started from a 1-node Anvil job, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1\n#SBATCH --cpus-per-task=48'], ['#SBATCH --cpus-per-task=2\n', ''], ['module load cray-mpich', 'module load apptainer'], [MPIAPP, 'apptainer exec abq-2024.sif sh start.sh']],
    log='''
mpirun error : mpirun: Unrecognized affinity setting  mpirun: Internal Error: Bad argument to mpirun.
''',
)

case(
    id='chipstar1255-aurora-level-zero-zeimagecreate-first-process',
    kind='not_script',
    source='https://github.com/CHIP-SPV/chipStar/issues/1255',
    thread_site='ALCF Aurora (PBS Pro, Intel Data Center GPU Max 1550, oneAPI 2025.3); GROMACS mdrun built with chipStar (HIP on Level Zero) inside a PBS job; the first process on a fresh node fails in zeImageCreate and crashes after thousands of event warnings, the same command started again on the same node works (issue open, traced to Level Zero initialisation in chipStar)',
    what='a runtime bug of the HIP-on-Level-Zero layer (or the Level Zero stack) at first use of a node; the job script does not cause it; assumed shape - GROMACS ranks started by PALS mpiexec on Aurora, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[[AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 gmx_mpi mdrun -nb gpu -pme gpu -deffnm md']],
    log='''
CHIPEventLevel0::reset() called while event is recording
Binding of the texture object failed. CUDA error #1 (hipErrorInvalidValue)
''',
)

case(
    id='alcfug489-polaris-kokkos-cuda-malloc-async-cray-mpich-gtl',
    kind='not_script',
    source='https://github.com/argonne-lcf/user-guides/issues/489',
    thread_site='ALCF Polaris (PBS Pro, cray-mpich with GPU support); LAMMPS, AthenaK, XGC and other Kokkos applications built with Kokkos 4.2 to 4.5 default to CUDA stream-ordered (async) allocations, which CUDA-aware Cray MPICH cannot register; an ALCF staff member documents the runtime error and notes the site Kokkos 4.3 module is built with the option turned off',
    what='a build-time incompatibility between Kokkos\' default CUDA async allocator and Cray MPICH\'s GTL (rebuild Kokkos/the application with `-DKokkos_ENABLE_IMPL_CUDA_MALLOC_ASYNC=OFF` or use the site module); nothing in the job script causes it; assumed shape - a Kokkos LAMMPS run started by mpiexec in a Polaris PBS job, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[POL, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth ./lmp -k on g 4 -sf kk -in in.snap']],
    log='''
(GTL DEBUG: 2) cuIpcGetMemHandle: invalid argument, CUDA_ERROR_INVALID_VALUE, line no 148
''',
)

case(
    id='mfc1835-phoenix-dead-v100-cuinit-999',
    kind='not_script',
    source='https://github.com/MFlowCode/MFC/pull/1835',
    thread_site='Georgia Tech PACE Phoenix (Slurm, V100 nodes); an MFC GPU CI job landed on a node with a dead GPU, the job\'s preflight check reported the CUDA init failure and resubmitted, and Slurm placed the retry on the same bad node; the PR makes the CI exclude the faulted node found through sacct',
    what='a dead GPU on one node (hardware fault); the job script is correct, the remedy is to exclude/drain the node and resubmit; assumed shape - a GPU job under srun on a Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[[SRUNPY, 'srun ./build/install/bin/simulation']],
    log='''
cuInit returned error 999 CUDA_ERROR_UNKNOWN
''',
)
