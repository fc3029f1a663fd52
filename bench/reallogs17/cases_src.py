# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUN_TR = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'
TR1 = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'
LIGHT = 'srun python train.py trainer.devices=4 trainer.num_nodes=2'
AUR = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
PYX = 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'

# ---------------------------------------------------------------- script cases

case(
    id='radicalpilot1085-comet-gromacs-ompi-pmi2-mvapich-module',
    kind='script',
    source='https://github.com/radical-cybertools/radical.pilot/issues/1085',
    thread_site='SDSC Comet (Slurm, InfiniBand), GROMACS built with Open MPI started with srun through RADICAL-Pilot; every rank fails PMI2 init; the user had hit it before and solved it by unloading the mvapich2_ib module (the default MPI module shadows the Open MPI the binary was built with); the message itself says to add --mpi=pmi2 to srun',
    what='the job environment loads the site default MVAPICH2 module while the program is an Open MPI build, and srun is not told which PMI to use; the fix is in the job script (`module unload mvapich2_ib` / load the matching Open MPI, and `srun --mpi=pmi2`); assumed shape - a CPU MPI program (gmx_mpi mdrun) under srun on 2 Anvil nodes (Comet mapped to Anvil, the same Slurm + InfiniBand family), with the site MPI module loaded, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], ['module load cray-mpich', 'module load mvapich2_ib gromacs'], [MPIAPP, 'srun gmx_mpi mdrun -deffnm md -ntomp 2']],
    log='''
"PMI2 initialized but returned bad values for size and rank.
This is symptomatic of either a failure to use the
"--mpi=pmi2" flag in SLURM, or a borked PMI2 installation.
If running under SLURM, try adding "-mpi=pmi2" to your
srun command line. If that doesn't work, or if you are
not running under SLURM, try removing or renaming the
"PMI2 failed to initialize, returning an error code of 14.
We cannot use PMI2 at this time, and your job will
likely abort."
''',
    expect={'families': ['launcher', 'library', 'modules'], 'fix': r'(?m)^(\+.*srun .*--mpi[= ]pmi2|\+.*module unload mvapich2|-.*module load mvapich2|\+.*module load .*openmpi)'},
)

case(
    id='payu522-gadi-pbs-sh-module-command-not-found',
    kind='script',
    source='https://github.com/payu-org/payu/issues/522',
    thread_site='NCI Gadi (PBS Pro), payu submits its run job as `qsub -- python payu-run` and the run calls user scripts that do `module use` / `module load`; every such line fails because the job runs the executable directly, without a shell that runs the profile scripts that define `module` (the qsub man page is quoted in the thread)',
    what='DOUBTFUL - the job starts without shell initialisation, so the `module` function is not defined in the job; the fix is in how the job script starts (a bash login shell `#!/bin/bash -l`, or sourcing the site module init before `module load`); a maintainer could instead call it a payu submission bug; assumed shape - a PBS job script on Polaris that runs under /bin/sh and loads modules, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#!/bin/bash', '#!/bin/sh']],
    log='''
/bin/sh: module: command not found
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^(\+#!/bin/bash|\+.*(source|\.) \S*(modules\.sh|/etc/profile|lmod/init/\w+|init/bash))'},
)

case(
    id='fractal310-slurm-torch-cuda-failed-to-map-segment-mem',
    kind='script',
    source='https://github.com/fractal-analytics-platform/fractal-server/issues/310',
    thread_site='fractal-server 1.0.0b1 runs the cellpose_segmentation task (fractal-tasks-core 0.4.6) as a Slurm job on a university cluster; `import torch` fails inside the job while the same import works outside it',
    what='DOUBTFUL - `failed to map segment from shared object` when loading libtorch_cuda.so inside the job is the loader hitting the job memory limit (the task\'s Slurm memory request is too small for the CUDA libraries); the fix is a larger `--mem` for the job; the thread\'s own resolution is only partly visible, so this cause is inferred; assumed shape - one task under srun on a Delta GPU node with a small `#SBATCH --mem`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=8\n#SBATCH --mem=1G'], [SRUNPY, 'srun python -u cellpose_segmentation.py --args tasks.json']],
    log='''
/data/homes/fractal/fractal-demos/examples-v1/server/FRACTAL_ROOT/.fractal/fractal-tasks-core0.4.6/venv/lib/python3.8/site-packages/anndata/experimental/pytorch/_annloader.py:18: UserWarning: Сould not load pytorch.
  warnings.warn("Сould not load pytorch.")
    from torch._C import *  # noqa: F403
ImportError: libtorch_cuda.so: failed to map segment from shared object
''',
    expect={'families': ['resources'], 'fix': r'(?m)^(\+#SBATCH --mem(-per-cpu|-per-gpu)?[= ]|-#SBATCH --mem=1G)'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='realm338-perlmutter-gasnet-ofi-fi-domain-cray-mpich',
    kind='not_script',
    source='https://github.com/StanfordLegion/realm/issues/338',
    thread_site='NERSC Perlmutter (Slurm, Slingshot-11); the Realm GASNet-EX wrapper built against the `mpich` module runs, the same wrapper built against `cray-mpich` aborts in the OFI conduit init on every rank (issue open; the reporter compares libfabric debug logs)',
    what='the GASNet ofi-conduit cannot open the CXI libfabric domain when the runtime is built against cray-mpich - a build/library problem of the Realm/GASNet wrapper on Slingshot, not something the job script sets; assumed shape - the Legion/Realm program under srun on one Perlmutter GPU node with cray-mpich loaded, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1', 'module load cray-mpich'], [PM, 'srun -n 2 ./realm_test -ll:gpu 1']],
    log='''
*** FATAL ERROR (proc 0): in gasnetc_ofi_init() at /src/build/embed-gasnet/source/ofi-conduit/gasnet_ofi.c:1365: fi_domain failed: -22(Invalid argument)
*** NOTICE (proc 0): Before reporting bugs, run with GASNET_BACKTRACE=1 in the environment to generate a backtrace.
*** FATAL ERROR (proc 1): in gasnetc_ofi_init() at /src/build/embed-gasnet/source/ofi-conduit/gasnet_ofi.c:1365: fi_domain failed: -22(Invalid argument)
''',
)

case(
    id='horovod3625-deepmd-image-cuda-driver-stub-library',
    kind='not_script',
    source='https://github.com/horovod/horovod/issues/3625',
    thread_site='horovodrun with the deepmd-kit 2.1.3 CUDA 11.6 GPU container image (reproduction by a deepmd-kit maintainer for deepmd-kit#1774): ncclCommInitRank fails because the libcuda found inside the image is the CUDA stub library, not the host driver (issue labelled upstream)',
    what='the container image resolves libcuda.so to the CUDA toolkit stub instead of the driver library injected from the host - an image packaging bug, not the job script; assumed shape - two ranks started by srun inside the image through pyxis on one Delta GPU node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=ghcr.io#deepmodeling/deepmd-kit:2.1.3_cuda11.6_gpu'], [PYX, 'srun --ntasks=2 --container-image="$CONT" --container-mounts="$PWD":/workspace dp train /workspace/input.json']],
    log='''
[1] c940b4ae7a81:36:37 [1] init.cc:255 NCCL WARN Cuda failure 'CUDA driver is a stub library'
''',
)

case(
    id='nccltests264-h100-system-not-yet-initialized-fabricmanager',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl-tests/issues/264',
    thread_site='an 8x H100 SXM server (CUDA 12.6, NCCL 2.23.4); all_reduce_perf on the node fails at CUDA init; resolved by enabling the nvidia-fabricmanager service (later comments: fabric manager fault; it must be enabled so it starts after a reboot)',
    what='the NVSwitch fabric manager was not running on the node, so CUDA reports the system as not initialized - node configuration, not the job script; assumed shape - a single-node torchrun job on an 8-GPU Delta H200 node, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], [TR1, 'torchrun --standalone --nnodes=1 --nproc_per_node=8 train.py --config configs/small.yaml']],
    log='''
test: Test CUDA failure common.cu:941 'system not yet initialized'
 .. test pid 54340: Test failure common.cu:891
''',
)

case(
    id='nccl1488-nvls-invalid-argument-fabricmanager-restart',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1488',
    thread_site='nccl-tests on an H100 node with NVSwitch; NVLS buffer allocation fails; root cause found by the reporter - nvidia-fabricmanager was stopped and started again, after which only a reboot clears it; the NCCL maintainer - the GPUs must be reset when the fabric manager is restarted (fabric manager user guide)',
    what='the NVLink fabric state is broken after a fabric-manager restart without a GPU reset - node state, fixed by the administrators (reboot/reset), not by the job script; assumed shape - one task per GPU under srun on one 8-GPU Delta H200 node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8']],
    log='''
node23:12098:12141 [2] transport/nvls.cc:244 NCCL WARN Cuda failure 1 'invalid argument'
node23:12098:12141 [2] NCCL INFO transport/nvls.cc:394 -> 1
node23:12098:12141 [2] NCCL INFO init.cc:1196 -> 1
node23:12098:12141 [2] NCCL INFO init.cc:1462 -> 1
node23:12098:12141 [2] NCCL INFO group.cc:75 -> 1 [Async thread]
''',
)

case(
    id='nccl1338-h800-nvls-invalid-argument-fabricmanager',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1338',
    thread_site='nccl-tests all_reduce_perf on one 8x H800 machine (NCCL 2.21.5, driver 550.54.15 with the matching fabric manager); NVLS setup fails with invalid argument; the NCCL developer - typically the fabric manager not having been restarted correctly (fabric manager guide)',
    what='the NVSwitch fabric (fabric manager) is in a bad state on the node - node configuration, not the job script; assumed shape - one task per GPU under srun on one 8-GPU Delta H200 node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8']],
    log='''
node2:242431:242479 [5] transport/nvls.cc:158 NCCL WARN Cuda failure 1 'invalid argument'
node2:242431:242475 [1] transport/nvls.cc:158 NCCL WARN Cuda failure 1 'invalid argument'
node2:242431:242475 [1] NCCL INFO transport/nvls.cc:330 -> 1
node2:242431:242475 [1] NCCL INFO init.cc:1277 -> 1
''',
)

case(
    id='nccl976-h100-cuda122-nvls-fabricmanager-restarted',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/976',
    thread_site='an H100 system after a software update (CUDA 12.2, driver 535.54.03, NCCL 2.18); every NCCL job with three or more GPUs fails at init, two GPUs work; the NCCL developer - usually nv-fabricmanager having been restarted manually while processes still held GPU resources; rebooting the node fixes it',
    what='NVSwitch fabric state on the node after a fabric-manager restart - node administration, not the job script; assumed shape - one task per GPU under srun on one 8-GPU Delta H200 node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8']],
    log='''
NCCL version 2.18.5+cuda12.2
transport/nvls.cc:165 NCCL WARN Cuda failure 'invalid argument'
NCCL INFO transport/nvls.cc:324 -> 1
NCCL INFO init.cc:1093 -> 1
NCCL INFO init.cc:1358 -> 1
NCCL INFO init.cc:1598 -> 1
''',
)

case(
    id='nccl1562-h200-fabricmanager-failure-hpl-illegal-access',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1562',
    thread_site='a site GPU cluster with 8x H200-SXM5 (NVLink4) nodes; three fabric-manager failures in a month, seen as NCCL NVLS errors in nccl-tests and an illegal memory access in NGC HPL on the same node (gpu46); non-NCCL codes ran fine (issue open)',
    what='the node\'s NVSwitch fabric manager failed - hardware/node state, not the job script; assumed shape - one task per GPU under srun on one 8-GPU Delta H200 node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8']],
    log='''
gpu46:78367:78492 [0] transport/nvls.cc:244 NCCL WARN Cuda failure 1 'invalid argument'
HPL ERROR: CUDART Error: cudaMemcpyAsync( ipiv_l, ipiv + step * nb, nb * sizeof(int64_t), cudaMemcpyDeviceToDevice, fact_stream) = 700 (an illegal memory access was encountered) on gpu46 at (cugetrfs_mp/getrfs_mp.cu:750)
''',
)

case(
    id='pl1943-slurm-root-node-hostname-dash-master-addr',
    kind='not_script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/1943',
    thread_site='IDRIS Jean Zay (Slurm), PyTorch Lightning DDP under srun; Lightning derives MASTER_ADDR from SLURM_NODELIST and drops the number part of host names that contain a dash (e.g. jean-zay-ia810), so the process-group init fails (a bug in TrainerDDPMixin.resolve_root_node_address, fixed in Lightning)',
    what='a Lightning bug in parsing the Slurm node list, not the job script (setting MASTER_ADDR by hand is only a workaround); assumed shape - Lightning under srun, 2 Delta nodes x 4 GPUs, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    log='''
  File "<snip>/lib/python3.7/site-packages/pytorch_lightning/trainer/distrib_data_parallel.py", line 353, in ddp_train
    model.init_ddp_connection(self.proc_rank, self.world_size, self.is_slurm_managing_tasks)
  File "<snip>/lib/python3.7/site-packages/pytorch_lightning/core/lightning.py", line 957, in init_ddp_connection
    torch_distrib.init_process_group(torch_backend, rank=proc_rank, world_size=world_size)
''',
)

case(
    id='trixie35-flaky-node-cn125-srun-segfault',
    kind='not_script',
    source='https://github.com/ai4d-iasc/trixie/issues/35',
    thread_site='NRC Trixie GPU cluster (Slurm); nodes keep draining and a user\'s tasks segfault on cn125 (later also cn110); the administrators: cn125 is known to be flaky, it should not have been resumed, set back to drain',
    what='a faulty compute node (cn125) that the admins returned to service by mistake - hardware/node state, not the job script; assumed shape - one task per GPU under srun on a Delta GPU node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
srun: error: cn125: task 0: Segmentation fault (core dumped)
''',
)

case(
    id='mpich7608-aurora-ialltoall-internal-wait-other-mpi-error',
    kind='not_script',
    source='https://github.com/pmodels/mpich/issues/7608',
    thread_site='ALCF Aurora (PBS, PALS mpiexec, Aurora MPICH on Slingshot), OSU osu_ialltoall at 32 nodes x 96 ranks per node on the next-eval image (also 512 nodes on the current image); the MPICH developer suspects a libfabric I/O error when the network is overwhelmed; a later rerun on the current MPICH/module stack completed every run (closed as resolved there)',
    what='an MPICH/libfabric problem of that software image under heavy all-to-all traffic, fixed in the later MPICH/module stack - a library/fabric issue, not the job script; assumed shape - a CPU MPI benchmark under PALS mpiexec on Aurora, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=32'], ['NRANKS_PER_NODE=12', 'NRANKS_PER_NODE=96'], [AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} ./osu_ialltoall -i 1000 -x 100 -f -z']],
    log='''
Abort(15) on node 1632 (rank 1632 in comm 0): Fatal error in internal_Wait: Other MPI error
Rank 1632 aborted with code 15: Fatal error in internal_Wait: Other MPI error
''',
)

case(
    id='qmcpack1158-intel-mpi-2019u1-ofi-addrinfo-failed',
    kind='not_script',
    source='https://github.com/QMCPACK/qmcpack/issues/1158',
    thread_site='a QMCPACK test machine (oxygen) after Intel MPI moved from 2019.0 to 2019.1 with the system libfabric 1.6.1; every MPI start aborts in MPI_Init_thread; the developers: behaviour changed between 2019.0 and .1, I_MPI_FABRICS=shm is no longer supported and ofi:sfm also fails',
    what='DOUBTFUL - a regression of that Intel MPI update with the installed libfabric (no usable OFI provider) - a library/installation issue, not the job script; a maintainer could suggest choosing a libfabric provider (FI_PROVIDER) in the job environment as a workaround; assumed shape - a CPU MPI program under srun on Anvil with the Intel MPI module, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['module load cray-mpich', 'module load intel-mpi/2019.1'], [MPIAPP, 'srun ./qmcpack simple-LiH.xml']],
    log='''
Abort(1094543) on node 0 (rank 0 in comm 0): Fatal error in PMPI_Init_thread: Other MPI error, error stack:
MPIR_Init_thread(639)......:
MPID_Init(860).............:
MPIDI_NM_mpi_init_hook(689): OFI addrinfo() failed (ofi_init.h:689:MPIDI_NM_mpi_init_hook:No data available)
''',
)

case(
    id='horovod98-nccl-ibv-create-qp-failed-memlock',
    kind='not_script',
    source='https://github.com/horovod/horovod/issues/98',
    thread_site='Horovod over NCCL 2.1 (CUDA 9) across InfiniBand hosts started with mpirun; ncclCommInitRank fails creating the IB queue pair; the Horovod maintainer asks for `ulimit -l`, dmesg and ibv_devinfo; a later user with the same message finds the locked-memory (memlock) limit too small in dmesg',
    what='DOUBTFUL - the locked-memory limit on the compute hosts is too small for the IB verbs resources - node/site configuration (limits.conf / slurmd limits), not the job script; assumed shape - one task per GPU under srun on 2 Delta GPU nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=2']],
    log='''
machine [0] misc/ibvwrap.cu:269 WARN Call to ibv_create_qp failed
Failed, NCCL error test_nccl.c:99 'unhandled system error'
''',
)

case(
    id='cast123-sierra-epilog-cudagetdevicecount-init-error',
    kind='not_script',
    source='https://github.com/IBM/CAST/issues/123',
    thread_site='LLNL Sierra (IBM CSM, GPU nodes); the NVIDIA epilog node check fails on a number of nodes after jobs finish - the GPUs cannot be initialised again and no later job can use them until the node is rebooted; LLNL asks IBM/NVIDIA to find why the nodes get stuck',
    what='GPUs left in a bad state on the node after a job - node/driver state handled by the site (epilog check, reboot), not the job script; assumed shape - a single-node torchrun job on a Delta GPU node, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    log='''
[root@sierra1133:epilog.d]# /admin/scripts/test_sierra_node
FAILED: sierra1133 Failed during cudaGetDeviceCount: initialization error
''',
)

case(
    id='ops857-gromacs-engine-branch-trr-read-srun-exit',
    kind='not_script',
    source='https://github.com/openpathsampling/openpathsampling/issues/857',
    thread_site='SURFsara Cartesius (Slurm, tcn nodes); an OpenPathSampling script using the in-development gromacs_engine branch works from the command line but under a Slurm job the engine fails reading the trajectory files GROMACS should have written (various -nt/-ntmpi settings, gmx and gmx_mpi tried) and the tasks exit',
    what='DOUBTFUL - the failures come from the development branch\'s GROMACS engine reading trajectory frames that are not there - a bug/limitation of that program branch, not a fault of the job script; assumed shape - an srun-launched Python job on 2 Anvil CPU nodes (Cartesius mapped to Anvil), diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --ntasks=24'], ['#SBATCH --ntasks-per-node=64\n', ''], ['module load cray-mpich', 'module load gromacs'], [MPIAPP, 'srun python run_ops.py']],
    log='''
OSError: TRR Seek out of bounds: given absolute position: 3
RuntimeError: could not read header of first frame!
srun: error: tcn567: tasks 5,11,13-14,17-18,21-23: Exited with exit code 1
''',
)
