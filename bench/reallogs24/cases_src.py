# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
AUR = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
IBRUN = 'ibrun python train.py --epochs 10'
PYXIS = 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py'
MMDIST = '''PYTHONPATH="$(dirname $0)/..":$PYTHONPATH \\
python -m torch.distributed.launch --nproc_per_node=$GPUS --master_port=$PORT \\
    $(dirname "$0")/train.py $CONFIG --launcher pytorch'''

# ---------------------------------------------------------------- script cases

case(
    id='gsi771-orion-40-tasks-2-threads-more-processors-than-permitted',
    kind='script',
    source='https://github.com/NOAA-EMC/GSI/issues/771',
    thread_site='MSU Orion (Slurm, 40 cores per node); a GSI regression test (rrfs_3denvar_rdasens) configured as 40 tasks per node on 5 nodes with 2 OpenMP threads per task; the maintainer writes that this oversubscribes the node (40 slots per node) and that gsi.x aborts with this srun message; changing the layout to 20 tasks per node (same 5 nodes, 2 threads) lets both test jobs run to completion',
    what='the job asks srun for more CPUs per node (tasks per node x threads per task) than the node has, so the job step cannot be created and nothing runs; the fix is in the job script (fewer tasks per node, or fewer threads per task, so that tasks x cpus-per-task fits the node); assumed shape - a 5-node Anvil CPU job (128 cores per node) whose srun asks for 128 tasks per node with 2 CPUs each, diagnosed as on Anvil (Slurm, same srun step check)',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=5'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=128'], ['#SBATCH --cpus-per-task=2\n', ''], ['module load cray-mpich', 'module load intel impi\nexport OMP_NUM_THREADS=2'], [MPIAPP, 'srun -n 640 -c 2 ./gsi.x']],
    log='''
srun: error: Unable to create step for job 18542292: More processors requested than permitted
''',
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+.*(--ntasks-per-node[= ]?([1-9]|[1-5]\d|6[0-4])\b|srun\b.*-n\s*([1-9]\d?|[12]\d\d|3[01]\d|320)\b|srun\b.*(-c\s*1\b|--cpus-per-task[= ]1\b)|OMP_NUM_THREADS=1\b)'},
)

case(
    id='safecount16-train-sh-srun-not-found-no-slurm',
    kind='script',
    source='https://github.com/zhiyuanyou/SAFECount/issues/16',
    thread_site='a user\'s machine without Slurm; the repository\'s `train.sh` starts training with srun; running it prints this message; the maintainer answers that srun is not found because the user is not on a Slurm cluster and that `train_torch.sh` (the torch.distributed launcher) must be used instead',
    what='the launch line calls srun on a system where Slurm\'s srun does not exist, so the launch fails before Python starts; the fix is the launch line (use the launcher of this system - torchrun / torch.distributed, or the site\'s mpiexec); assumed shape - a Polaris PBS job (no Slurm there) whose launch line is `srun python train.py`, diagnosed as on Polaris (PBS, PALS mpiexec)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], [POL, 'srun python tools/train_val.py --config experiments/FSC147/config.yaml']],
    log='''
train.sh: 1: srun: not found
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+(?!.*\bsrun\b).*\b(mpiexec|torchrun|torch\.distributed\.(launch|run))\b'},
)

case(
    id='streamingvideo3-dist-train-sh-crlf-line-endings',
    kind='script',
    source='https://github.com/yuzhms/Streaming-Video-Model/issues/3',
    thread_site='a single 8-GPU node; `bash ./tools/dist_train.sh configs/mot/svm/svm_base.py 8 ...` (an OpenMMLab-style dist_train.sh that calls `python -m torch.distributed.launch`); bash reports `$\'\\r\'` as an unknown command on several lines (messages in Chinese: "command not found") and the launcher then fails to find its file with a carriage return in the name; the thread (closed) does not show the fix',
    what='DOUBTFUL - the thread does not state the fix; the messages are those of a shell script saved with Windows (CRLF) line endings: each line ends in a carriage return, so blank lines become the command `\\r` and the last word of each command carries a `\\r` (hence the mangled "No such file or directory" with the name printed over itself); the fix is in the launch script file (convert it to Unix line endings, e.g. dos2unix); assumed shape - the Delta dist_train.sh-style job script saved with CRLF endings, diagnosed as on Delta',
    cluster='delta',
    script='mm_dist_train.sh',
    replace=[[line, line[:-1] + '\r\n'] for line in ['#SBATCH --nodes=1\n', '#SBATCH --ntasks-per-node=1\n', '#SBATCH --gpus-per-node=3\n', '#SBATCH --cpus-per-task=48\n', '#SBATCH --time=24:00:00\n', 'GPUS=3\n', 'PORT=${PORT:-29500}\n']],
    log='''
./tools/dist_train.sh: 行 2: $'\\r'：未找到命令
./tools/dist_train.sh: 行 9: $'\\r'：未找到命令
./tools/dist_train.sh: 行 10: $'\\r'：未找到命令
': [Errno 2] No such file or directoryle '
ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 2) local_rank: 0 (pid: 4109832) of binary: /cver/tcying/bin/python
''',
    expect={'families': ['scheduler', 'environment', 'launcher'], 'fix': r'(?m)^-[^\n]*\r$'},
)

case(
    id='discotec97-intel-mpi-ibcast-default-non-power-of-two-invalid-communicator',
    kind='script',
    source='https://github.com/SGpp/DisCoTec/pull/97',
    thread_site='a large Intel MPI run of DisCoTec (4,000+ ranks; Intel MPI 2019.12, the machine is not named in the excerpt); besides the MPI_Allreduce truncation the merged PR fixes in the code, the author notes that these PMPI_Wait "Invalid communicator" aborts come from the default Intel MPI algorithm for non-blocking broadcast (I_MPI_ADJUST_IBCAST), which does not allow non-power-of-two numbers of process groups, and that setting I_MPI_ADJUST_IBCAST to 1 or 4 worked',
    what='the job runs with Intel MPI\'s default Ibcast algorithm, which fails for this (non-power-of-two) group layout; the fix the thread gives is in the job environment (`export I_MPI_ADJUST_IBCAST=1` or `=4` before the launch), not in the program; assumed shape - a large Lonestar6 CPU job (128-core Milan nodes, Intel MPI, TACC ibrun) running the DisCoTec example, diagnosed as on Lonestar6',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p normal'], ['#SBATCH -N 2', '#SBATCH -N 32'], ['#SBATCH -n 6', '#SBATCH -n 4096'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'module load intel impi\n'], [IBRUN, 'ibrun ./combi_example']],
    log='''
Abort(203042319) on node 4092 (rank 4092 in comm 0): Fatal error in PMPI_Wait: Other MPI error, error stack:
PMPI_Wait(205)..................: MPI_Wait(request=0x7ffd5b0155cc, status=0x1) failed
MPIR_Wait(105)..................:
MPIDU_Sched_progress_state(1036): Invalid communicator
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*I_MPI_ADJUST_IBCAST'},
)

case(
    id='sunspotnote-pals-mpiexec-openmpi-x-env-flag-unrecognized',
    kind='script',
    source='find_string:65762961118',
    thread_site='a user\'s status notes for GRPO training (TRL + vLLM) on ALCF Sunspot, the Aurora test system (PBS, HPE PALS mpiexec, Intel XPU; found with the code search, text id 65762961118, the tool shows no repository name); in the attempt log, job 12469984 (3 nodes) passed an environment toggle to the ranks with Open MPI\'s `-x VAR` flag and "died instantly"; the notes say PALS mpiexec has `--env`/`--genv` (taking `VAR=VAL` as one argument), not Open MPI\'s `-x`, and the next job exported the variable instead',
    what='the launch line uses an Open MPI option that HPE PALS mpiexec does not have, so mpiexec rejects its own command line and no rank starts; the fix is on the launch line (pass the variable with PALS `--env VAR=VAL` / `--genv`, or export it before mpiexec); assumed shape - a three-node Aurora PBS job starting the trainer with PALS mpiexec and `-x EZPZ_RL_ONECCL_TCP_KVS=0`, diagnosed as on Aurora (same PALS mpiexec)',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=3'], [AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 -x EZPZ_RL_ONECCL_TCP_KVS=0 python train_grpo.py --no-oneccl-tcp-kvs']],
    log='''
mpiexec: unrecognized option '-x'
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^\+(?!.*\s-x\s).*(--env\s+EZPZ|--genv\s+EZPZ|--env=EZPZ|export\s+EZPZ_RL_ONECCL_TCP_KVS)'},
)

case(
    id='polarisncclnote-pals-mpiexec-disable-rdzv-get-unrecognized',
    kind='script',
    source='find_string:69121655620',
    thread_site='a user\'s NCCL-over-Slingshot benchmark report for ALCF Polaris (PBS, HPE PALS mpiexec, aws-ofi-nccl; found with the code search, text id 69121655620, the tool shows no repository name); following HPE\'s README, which calls `--disable_rdzv_get` required under PBS, the user added it to mpiexec in job 7630201 and all four nccl-tests arms exited rc=1 before a single collective; the report concludes that Polaris\' PALS mpiexec rejects the option (it is an `srun --network=` option on Slurm) and that the `FI_CXI_RDZV_*` environment variables are what made the collectives work (job 7630227)',
    what='the launch line passes an option PALS mpiexec does not know, so every run stops at mpiexec; the fix is on the launch line (drop `--disable_rdzv_get`; set the CXI rendezvous variables in the environment instead); assumed shape - a four-node Polaris PBS job running nccl-tests with PALS mpiexec, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=4:system=polaris'], ['module load conda\nconda activate\n', 'module load conda\nconda activate\nexport NCCL_NET_PLUGIN=/soft/libraries/aws-ofi-nccl/v1.6.0-libfabric-1.22.0/lib/libnccl-net.so\nexport FI_CXI_RDZV_PROTO=alt_read\n'], [POL, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth --disable_rdzv_get ./build/all_reduce_perf -b 8 -e 1G -f 2 -g 1']],
    log='''
mpiexec: unrecognized option '--disable_rdzv_get'
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^-.*--disable_rdzv_get'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='relion1052-multibody-refine-mpi-err-truncate-at-iteration-15',
    kind='not_script',
    source='https://github.com/3dem/relion/issues/1052',
    thread_site='an HPC site\'s GPU nodes (GTX 1080 Ti, RHEL 7.9, Open MPI 4.1.5, Slurm); RELION 5.0-beta MultiBody refinement started with `srun relion_refine_mpi --continue ...` (5 MPI processes, 4 threads each) runs to about iteration 15 and then fails with MPI_ERR_TRUNCATE; the admin reproduced it and notes that the workaround from an earlier RELION issue (#669, "combine iterations through disc") did not help; the issue is open',
    what='DOUBTFUL - no resolution in the thread; the job runs correctly for many iterations and then one rank receives a longer MPI message than it posted for, a message-size mismatch inside RELION\'s MPI code already reported in an earlier RELION issue; the launch line, resources and environment are the ones that worked for the first iterations, so this is a program/library bug, not a job-script error; assumed shape - a one-node Delta GPU job running the RELION MPI refinement under srun, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=5'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=4'], ['#SBATCH --time=02:00:00', '#SBATCH --time=24:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'module load relion/5.0\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun `which relion_refine_mpi` --continue Refine3D/job028/run_it016_optimiser.star --o MultiBody/job049/run --multibody_masks multibody.star --j 4 --gpu ""']],
    log='''
  3: MPI_ERR_TRUNCATE: message truncated
''',
)

case(
    id='cudaquantum2892-dgx-pyxis-multinode-allgatherv-err-truncate',
    kind='not_script',
    source='https://github.com/NVIDIA/cuda-quantum/issues/2892',
    thread_site='DGX H100 nodes with Slurm and Pyxis; a CUDA-Q multi-GPU Python workload started with `srun --mpi=pmix --container-image=...cuda-quantum:cu12-0.10.0.sqsh bash -c "(export CUDAQ_MPI_COMM_LIB=...libcudaq_distributed_interface_mpi.so; python mgpu.py)"` works on one server and crashes with this MPI error on more than one; the issue is open',
    what='DOUBTFUL - no resolution in the thread; the ranks start and communicate, and the failure is a size mismatch inside an MPI_Allgatherv issued by CUDA-Q\'s distributed runtime (a related CUDA-Q issue, #2081, documents that its MPI plugin does not handle uneven element counts per rank), i.e. a library limitation that shows once the state is split across servers, not a wrong launch line; assumed shape - a two-node Delta job starting the containerised program with srun and Pyxis, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=2'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=$HOME/nvidia+quantum+cuda-quantum+cu12-0.10.0.sqsh'], [PYXIS, 'srun --mpi=pmix --container-image="$CONT" bash -c "(export CUDAQ_MPI_COMM_LIB=${HOME}/libcudaq_distributed_interface_mpi.so; python ${HOME}/mgpu.py)"']],
    log='''
*** An error occurred in MPI_Allgatherv
*** reported by process [351672370,508]
*** on communicator MPI_COMM_WORLD
*** MPI_ERR_TRUNCATE: message truncated
''',
)

case(
    id='starplat10-aqua-pbs-mpirun-rank-killed-on-one-node',
    kind='not_script',
    source='https://github.com/gajendra-iitm/starplat/issues/10',
    thread_site='IIT Madras \'Aqua\' cluster (PBS Pro, Open MPI mpirun with `-hostfile $PBS_NODEFILE`); after the first problem in the thread (missing `mpiprocs` in `#PBS -l select`) was fixed, graph runs scheduled on node gpu024 failed sporadically with this message while the same runs on the other nodes passed; the reporter\'s node-by-node tests point at gpu024 and the maintainer thanks him for the analysis; closed (labels "help wanted", "invalid")',
    what='DOUBTFUL - the thread does not say what the admins found; the same script and inputs pass on the other nodes and fail only when a rank lands on one node, and the reporter\'s tests isolate that node, so the failure follows the hardware, not the script; assumed shape - a one-node Polaris PBS job running the MPI program with Open MPI mpirun, diagnosed as on Polaris (PBS)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris:mpiprocs=32'], ['module use /soft/modulefiles\nmodule load conda\nconda activate\n', 'module load openmpi\nexport PMIX_MCA_gds=hash\n'], ['NNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n', ''], [POL, 'mpirun -hostfile $PBS_NODEFILE "$PROB" "$GRAPH" &> "$OUTFILE"']],
    log='''
mpirun noticed that process rank 0 with PID 0 on node gpu024 exited on signal 9 (Killed).
''',
)

case(
    id='weathergen1572-santis-gh200-random-crash-suspected-filesystem',
    kind='not_script',
    source='https://github.com/ecmwf/WeatherGenerator/issues/1572',
    thread_site='CSCS Alps \'Santis\' (GH200 nodes, Slurm); a 24-hour WeatherGenerator training run (`launch-slurm.py --time 1440 ...`, four ranks on one node) crashes at random with a CUDA error partway through; a maintainer suspects the file-system problems Santis had at the time (the data loader timing out) and asks for a reproduction on another machine; closed',
    what='DOUBTFUL - the thread ends with a suspicion, not a confirmed cause; the run trains for a while and then crashes at random points with the same configuration, which the maintainer attributes to the site\'s file system, not to the launch line or resources; assumed shape - a one-node Vista GH200 job (Slurm) starting four ranks with srun, diagnosed as on Vista (GH200)',
    cluster='vista',
    script='srun_python.sh',
    replace=[['#SBATCH --time=02:00:00', '#SBATCH --time=24:00:00'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u train.py --config config/config_era5_split_random.yml --options num_mini_epochs=96']],
    log='''
srun: error: nid005018: tasks 1,3: Aborted
srun: Terminating StepId=527812.0
0: slurmstepd: error: *** STEP 527812.0 ON nid005018 CANCELLED AT 2026-01-08T21:23:49 ***
srun: error: nid005018: task 2: Terminated
srun: Force Terminated StepId=527812.0
''',
)

case(
    id='hyperpodnote-sbatch-pyxis-container-image-unrecognized-plugstack-missing',
    kind='not_script',
    source='find_string:6743390755',
    thread_site='a user\'s Japanese tutorial on PyTorch DDP on an Amazon SageMaker HyperPod Slurm cluster (found with the code search, text id 6743390755, the tool shows no repository name); its troubleshooting item 8: inside an sbatch script, srun with Enroot/Pyxis `--container-image` fails with this message although the same `srun --container-image=alpine:latest echo "test"` works interactively; the cause given is that the cluster\'s worker nodes (Quick Setup) have no `plugstack.conf`, so the Pyxis SPANK plugin is not registered for batch steps, and the fix is done on the nodes by the administrator (link plugstack.conf to pyxis.conf, enable `sbatch_support=1`, restart slurmd)',
    what='the job script\'s launch line is the documented Pyxis form and works interactively; the batch steps reject the option because the site has not registered the Pyxis plugin for sbatch on the compute nodes, a cluster configuration fault that the user\'s script cannot fix (the remedy is on the nodes, by the admins); note: case 11 (the torchrun one) comes from another troubleshooting item of the same tutorial - different failure and log line; assumed shape - a one-node Delta GPU job starting the container with srun --container-image, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[],
    log='''
srun: unrecognized option '--container-image'
''',
)

case(
    id='hyperpodnote-srun-torchrun-missing-training-script-argument',
    kind='script',
    source='find_string:6743390755',
    thread_site='the same HyperPod DDP tutorial (text id 6743390755), troubleshooting item 7: after editing the sbatch file, torchrun prints this usage error; the cause given is the path / script-argument part of the sbatch file\'s last line, and the fix is to correct that line to the form `$(dirname "$PWD")/ddp.py 100 10` (run from the slurm/ directory)',
    what='torchrun receives no training script on its command line, because the script path and arguments are not part of the torchrun command in the job script; the fix is on the launch line (give torchrun the training script and its arguments on the same command); the exact edit is not shown - assumed shape: a two-node srun torchrun launch whose last continuation backslash was lost, leaving the script path on its own line, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['--rdzv_id="$SLURM_JOB_ID" train.py --epochs 10', '--rdzv_id="$SLURM_JOB_ID"\n    $(dirname "$PWD")/ddp.py 100 10']],
    log='''
torchrun: error: the following arguments are required: training_script, training_script_args
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*(--rdzv_id="?\$SLURM_JOB_ID"?\s*\\\s*$|torchrun\b.*ddp\.py)'},
)

case(
    id='derechonote-craype-accel-dropped-gpu-direct-cxil-map-write-error',
    kind='script',
    source='find_string:71363907623',
    thread_site='a user\'s resolved postmortem for a JAX model with mpi4jax on NCAR Derecho (PBS, HPE PALS mpiexec, Cray MPICH, Slingshot 11, A100 nodes; found with the code search, text id 71363907623, the tool shows no repository name); a multi-node GPU sweep (`mpiexec --ppn 4 -n 8`, GPU-direct MPI with MPICH_GPU_SUPPORT_ENABLED=1) aborted in the first cross-node halo exchange; the root cause found: the job script had stopped loading `craype-accel-nvidia80` (dropped in an environment clean-up), so Cray MPICH handed GPU device pointers to the NIC as host memory; re-adding the module to the job script fixed it (same run without the module aborts)',
    what='the job script enables GPU-aware MPI but no longer loads the Cray accelerator-target module that switches Cray MPICH onto its GPU-aware NIC path, so the first inter-node send of a device buffer aborts (intra-node runs pass through CUDA IPC, which hid it); the fix is in the job script (`module load craype-accel-nvidia80`, or host-staged MPI); assumed shape - a two-node Polaris PBS job (Cray MPICH, Slingshot, A100) running the mpi4jax program with PALS mpiexec, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['module load conda\nconda activate\n', 'module load conda\nconda activate\nexport MPICH_GPU_SUPPORT_ENABLED=1\nexport MPI4JAX_USE_CUDA_MPI=1\n'], [POL, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python run_sweep.py --gpus 8']],
    log='''
cxil_map: write error
MPIDI_OFI_send_normal(356): OFI tagged injectdata failed (...:Invalid argument) - aborting
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+.*(craype-accel-nvidia80|CRAY_ACCEL_TARGET=nvidia80|MPI4JAX_USE_CUDA_MPI=0|MPICH_GPU_SUPPORT_ENABLED=0)'},
)

case(
    id='megatronnote-128-node-nfs-flock-config-loader-no-locks-available',
    kind='script',
    source='find_string:66608950890',
    thread_site='a user\'s Megatron-Bridge training guide for Granite 30B on a GB200 Slurm cluster with VAST/NFS storage (srun with Pyxis containers, torchrun one task per node; found with the code search, text id 66608950890, the tool shows no repository name); troubleshooting item "NFS File Lock Errors at Scale (128+ nodes)": the config loader\'s `filelock.FileLock` (fcntl.flock) on the shared NFS/VAST path fails at 128+ nodes with three errors (a stale-file-handle and a no-locks OSError, which repeat earlier sets word for word and are left out, and the ValueError kept here; manageable at 64 nodes); the fix given is two exports in the launch script before srun that move the lock files to node-local /tmp',
    what='at this node count every rank takes a lock on the same NFS file and the file system cannot serve the concurrent flock calls; the fix the guide gives is in the job script (export MEGATRON_CONFIG_LOCK_DIR=/tmp/... and FILELOCK_LOCK_CLASS=soft before srun), not in the data or hardware; assumed shape - a 128-node DeltaAI job (GH200, Slurm) starting one torchrun per node with srun, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 128'], ['srun torchrun --nnodes=2', 'srun torchrun --nnodes=128'], ['train.py --epochs 10', 'examples/recipes/granite/pretrain_granite_30b.py --config-file granite30b_sft_256k.yaml']],
    log='''
ValueError: Failed to load configuration from ... after 4 attempts.
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+.*(MEGATRON_CONFIG_LOCK_DIR|FILELOCK_LOCK_CLASS)'},
)

case(
    id='b200report-one-node-faulty-ib-hca-remote-access-error-64-nodes',
    kind='not_script',
    source='find_string:66661002672',
    thread_site='a cluster benchmark report for a B200 DGX SuperPOD (Slurm, `srun --mpi=pmix`, HPC-X, InfiniBand; found with the code search, text id 66661002672, the tool shows no repository name); at 64-node scale all nine nccl-tests jobs failed with this NCCL warning while node gpu-158 was in the allocation; the report identifies a faulty InfiniBand HCA on that node (IBV_WC_REM_ACCESS_ERR, vendor error 81 = HCA-level hardware error), excludes it, and all tests then pass; it recommends HCA repair/replacement',
    what='the same job scripts pass at every scale once one node is excluded; the completion error comes from that node\'s InfiniBand adapter (a hardware fault), so no change to the launch line, resources or environment is called for - the node has to be excluded/repaired by the site; assumed shape - a 64-node Delta GPU job running nccl-tests with srun, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=64'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['module load cray-mpich', 'module load hpcx'], [MPIAPP, 'srun --mpi=pmix ./build/all_reduce_perf -b 1M -e 8G -f 2 -g 1']],
    log='''
NCCL WARN NET/IB : Got completion from peer 7.247.232.133 with error 4, opcode 0, len 0, vendor err 81 (Send)
''',
)

case(
    id='canopynote-fmm-rebalance-nic-registration-churn-code-bug',
    kind='not_script',
    source='find_string:62094286829',
    thread_site='a developer\'s notes for Beatnik/Canopy (an FMM vortex-sheet solver using GPU-aware Cray MPICH over Slingshot on AMD GPUs (HIP); 16 ranks on 4 nodes; the job ids look like Flux ids; found with the code search, text id 62094286829, the tool shows no repository name); in a full-rollup run the partitioner rebalanced almost every step and the run aborted with these errors; root cause (resolved): both halo exchanges allocated a fresh device buffer per peer per call, each a fresh NIC memory registration, until the NIC ran out of registration resources; the fix was in the code (a persistent registered buffer pool), after which the same run completed',
    what='the run goes well for a long time and dies only when the program\'s own communication pattern churns NIC memory registrations; the fix was a code change in the library (reusing registered buffers), so this is a user-code bug, not a launch-script error; assumed shape - a four-node Perlmutter GPU job (Cray MPICH, Slingshot 11) starting 16 ranks with srun, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 4'], ['module load pytorch/2.3.1', 'module load PrgEnv-gnu cray-mpich\nexport MPICH_GPU_SUPPORT_ENABLED=1'], [PM, 'srun --cpu-bind=cores ./rocketrig --order high --mesh 256 --solver fmm --delta_t 0.0006']],
    log='''
cxil_map: write error
MPIDI_OFI_send_normal: Invalid argument
''',
)

case(
    id='rdtnote-accelerate-deepspeed-nccl-socket-ifname-eth0-missing',
    kind='script',
    source='find_string:45601421242',
    thread_site='a user\'s Chinese notes on fine-tuning RDT (a robotics diffusion transformer) with `accelerate launch` + DeepSpeed ZeRO-2 on a 4x A6000 machine (rcvlab-A6000x4-0, no batch scheduler shown; found with the code search, text id 45601421242, the tool shows no repository name); multi-GPU training dies at the first broadcast with this NCCL error; the notes give the final cause: `export NCCL_SOCKET_IFNAME=eth0` in the finetune.sh launch script is wrong, the node has no eth0, and changing it to the node\'s real interface fixed it',
    what='the launch script pins NCCL\'s bootstrap to a network interface that does not exist on the node, so NCCL finds no socket interface and the process group cannot form (even on one node); the fix is in the job script (set NCCL_SOCKET_IFNAME to an existing interface, or drop the line); assumed shape - a one-node Delta job running `accelerate launch` with the DeepSpeed config and `export NCCL_SOCKET_IFNAME=eth0`, diagnosed as on Delta',
    cluster='delta',
    script='accelerate.sh',
    replace=[['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=4\nexport NCCL_SOCKET_IFNAME=eth0'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --main_process_port=28499 main.py --deepspeed="./configs/zero2.json" --mixed_precision="bf16"']],
    log='''
rcvlab-A6000x4-0:223645:223645 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0
rcvlab-A6000x4-0:223645:223645 [0] bootstrap.cc:45 NCCL WARN Bootstrap : no socket interface found
torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1249, internal error - please report this issue to the NCCL developers, NCCL version 2.18.5
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^(\+.*NCCL_SOCKET_IFNAME=(?!eth0\b)\S+|-.*NCCL_SOCKET_IFNAME=eth0)'},
)

case(
    id='gwannot2-srun-mpi-pmi2-without-slurm-config-use-mpiexec',
    kind='script',
    source='https://github.com/unavailable-2374/Genome-Wide-Annotation-Pipeline/issues/2',
    thread_site='a user\'s server without a configured Slurm cluster (Slurm installed with conda); the annotation pipeline runs `srun --mpi=pmi2 maker -base VP -fix_nucleotides new.ctl maker_bopts.ctl maker_exe.ctl` and srun cannot find any Slurm configuration; the maintainer answers that `mpiexec -n cpu_num` can be used instead of `srun --mpi=pmi2` to fix it',
    what='the launch line uses Slurm\'s srun where no Slurm controller/configuration exists, so the launcher stops before MAKER starts; the fix is on the launch line (start the MPI program with the system\'s own mpiexec); assumed shape - an Aurora PBS job (no Slurm; HPE PALS mpiexec) whose launch line is the pipeline\'s srun command, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['module load frameworks', 'module load maker'], [AUR, 'srun --mpi=pmi2 maker -base VP -fix_nucleotides new.ctl maker_bopts.ctl maker_exe.ctl']],
    log='''
srun: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host
srun: error: fetch_config: DNS SRV lookup failed
srun: error: _establish_config_source: failed to fetch config
srun: fatal: Could not establish a configuration source
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+(?!.*\bsrun\b).*\bmpiexec\b.*\bmaker\b'},
)

case(
    id='mfc1865-phoenix-one-node-sigill-first-init-routine-bad-node',
    kind='not_script',
    source='https://github.com/MFlowCode/MFC/pull/1865',
    thread_site='Georgia Tech PACE Phoenix (Slurm, GPU nodes); in MFC\'s CI case-optimization run all five unrelated benchmarks died in pre_process with SIGILL (exit 132) at the very first initialisation routine, and a test-suite run on the same node had 23 failures; both runs landed on node atl1-1-01-002-28-0 while master was green on the same code elsewhere; the merged PR adds that node to the job\'s static `--exclude` list (the runtime preflight does not catch it because the faults happen during the run)',
    what='identical crashes across unrelated cases, only on one node, with the same code passing on other nodes: a faulty node, not the job script or the program; excluding the node is a workaround while the site repairs it; assumed shape - a one-node Delta GPU job running the MFC case with srun, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --gpus-per-node=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=16'], ['module load cray-mpich', 'module load nvhpc openmpi'], [MPIAPP, 'srun ./build/install/gpu-omp/bin/pre_process']],
    log='''
Illegal instruction: illegal operand
''',
)

case(
    id='mergingnote-slurm-job-python-cuda13-torch-driver-too-old',
    kind='script',
    source='find_string:56089524085',
    thread_site='a research log (model-merging experiments; found with the code search, text id 56089524085, the tool shows no repository name) on a Slurm cluster with H100 nodes and an /fsx shared file system; all four initial runs crashed with this error: the job scripts ran the base conda Python, whose PyTorch is built for CUDA 13.0, while the GPU nodes\' driver only supports CUDA 12.x; the fix was in the Slurm scripts: run the `exp` environment\'s Python (PyTorch 2.1.2+cu121) with a PYTHONPATH to locally installed packages, after which the jobs ran',
    what='the job script starts the program with a Python environment whose CUDA build is newer than the compute nodes\' driver supports, so PyTorch refuses to initialise CUDA at the first GPU call; the fix is in the job script (use an environment/module built for the installed driver\'s CUDA version); assumed shape - a one-node Delta GPU job running the experiment with srun and the base conda Python, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun /fsx/craffel/miniconda3/bin/python SyMerge/src/main_fluidmerge.py --model ViT-B-32']],
    log='''
RuntimeError: The NVIDIA driver on your system is too old (found version 12090).
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(envs/exp/bin/python|conda activate|source .*activate|module load (cuda|pytorch)|cu12)'},
)

case(
    id='lmodnote-non-login-batch-shell-module-command-not-found',
    kind='script',
    source='find_string:56699289481',
    thread_site='an admin/user note for a Slurm cluster whose software is provided by Spack with Lmod modules (regenie, plink2, bcftools, R; found with the code search, text id 56699289481, the tool shows no repository name); after the module stack was set up, the note records "one real gotcha for users": Slurm batch shells are non-login by default, so /etc/profile.d/lmod.sh is not sourced and `module load` in a job script fails with this message; the fix given is to start the batch script with `#!/bin/bash -l` or to source /etc/profile.d/lmod.sh explicitly',
    what='the job script calls `module load` in a shell where the module command was never defined (non-login batch shell), so the environment is not set up and the program cannot be found; the fix is in the job script (login shell on the shebang line, or source the Lmod init file before `module load`); assumed shape - a one-node Bridges-2 RM CPU job (Slurm) whose script loads the modules and runs regenie with srun, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=32'], ['module load cray-mpich', 'module load regenie plink2 bcftools'], [MPIAPP, 'srun regenie --step 1 --bed ukb_chr --phenoFile pheno.txt --bsize 1000 --out step1']],
    log='''
module: command not found
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^(\+#!\s*/bin/bash\s+-l\b|\+.*(source|\.)\s+/etc/profile\.d/(lmod|modules|z00_lmod)\.sh|\+.*lmod/(lmod/)?init/bash)'},
)

case(
    id='lightningnote-sbatch-ntasks-instead-of-ntasks-per-node',
    kind='script',
    source='find_string:65836066846',
    thread_site='a project\'s contributor notes for hand-written Slurm scripts that launch PyTorch Lightning DDP with srun on an institute GPU cluster (/hpc/mydata paths; found with the code search, text id 65836066846, an earlier version of the same file is text id 56131074619; the tool shows no repository name); the notes record that a script using `--ntasks=N` instead of `--ntasks-per-node=N` makes Lightning\'s SLURMEnvironment raise this error at trainer init and the job dies seconds into the allocation, and give the rule: `--ntasks-per-node=N` must equal `trainer.devices` and the GPUs per node (the message is quoted with N, not a number)',
    what='DOUBTFUL as an excerpt - the note quotes the message with the placeholder N rather than a run\'s number; the job script asks Slurm for a total task count (`--ntasks`) instead of tasks per node, which Lightning\'s Slurm integration rejects; the fix is in the job script (`#SBATCH --ntasks-per-node=N` equal to trainer.devices); assumed shape - a one-node Delta GPU job with `#SBATCH --ntasks=4` starting the Lightning script with srun, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks=4'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun python train.py fit --config configs/fcmae/run.yml --trainer.devices=4 --trainer.num_nodes=1']],
    log='''
RuntimeError: You set --ntasks=N in your SLURM bash script, but this variable is not supported. HINT: Use --ntasks-per-node=N instead.
''',
    expect={'families': ['scheduler', 'launcher'], 'fix': r'(?m)^\+#SBATCH\s+--ntasks-per-node[= ]4\b'},
)

case(
    id='radicalpilot2547-stampede2-ibrun-launch-method-attributeerror',
    kind='not_script',
    source='https://github.com/radical-cybertools/radical.pilot/issues/2547',
    thread_site='TACC Stampede2 (Slurm, TACC ibrun); a RADICAL-Pilot workflow whose pilot agent runs inside the batch job and should launch its tasks with ibrun; the agent log shows RADICAL-Pilot\'s own IBRUN launch-method class failing to initialise (it reads `self._rm_info` before the attribute exists) and the agent skipping the IBRUN launch method; the issue is a bug report against RADICAL-Pilot (closed)',
    what='the traceback is inside the workflow system\'s own launch-method code (an attribute used before it is set), a library bug fixed in RADICAL-Pilot, not a wrong resource request or launch line in the job script; assumed shape - a Stampede3 job running the RADICAL-Pilot workflow whose tasks use ibrun, diagnosed as on Stampede3 (TACC ibrun)',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['module load cuda/12.2\n', ''], [IBRUN, 'python rp_workflow.py --resource tacc.stampede2_ibrun']],
    log='''
 11 1647286593.498 : agent.0              : 49759 : 47800393171904 : ERROR    : unusable lm IBRUN
 16     self._node_list: list = self._rm_info.node_list or []
 17 AttributeError: 'IBRun' object has no attribute '_rm_info'
''',
)

case(
    id='gacode449-perlmutter-cgyro-after-slurm-update-zero-bytes-step',
    kind='script',
    source='https://github.com/gafusion/gacode/issues/449',
    thread_site='NERSC Perlmutter (Slurm, CPU nodes); nonlinear CGYRO runs that had worked for months crash within seconds after a maintenance in which Slurm was updated, with this srun message (job id masked by the reporter); the batch script is generated by gacode_qsub; a maintainer answers that he has had no issues since the maintenance and that it does not look like a code issue, and another maintainer asks the user to try the `-nomp 16` setting described on the gacode setup page; the issue is open with no reply to that',
    what='DOUBTFUL - no confirmed resolution; the maintainers point away from the code and towards the job layout their submit tool writes (the OpenMP threads per MPI task, i.e. the srun step\'s tasks x cpus-per-task), which the updated Slurm no longer accepted; the fix suggested is in the job script\'s layout (`-nomp 16` -> OMP_NUM_THREADS=16 with the matching srun -c); assumed shape - a one-node Perlmutter CPU job (gacode_qsub style) starting CGYRO with srun, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH -C cpu\n#SBATCH -q regular'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=32'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['module load cray-mpich', 'export OMP_NUM_THREADS=2'], [MPIAPP, 'srun -n 32 -c 2 --cpu-bind=cores $GACODE_ROOT/cgyro/src/cgyro 0']],
    log='''
srun: error: Unable to create step for job xxxxxxxxxx: Zero Bytes were transmitted or received
''',
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+.*(OMP_NUM_THREADS=16|-c\s*16\b|--cpus-per-task[= ]16\b|-nomp\s+16)'},
)

case(
    id='mpich7203-aurora-shm-any-source-cancel-recv-segfault',
    kind='not_script',
    source='https://github.com/pmodels/mpich/issues/7203',
    thread_site='ALCF Aurora (PBS, HPE PALS mpiexec, MPICH from the Aurora software stack); an application segfaults inside MPICH when a wildcard-source receive is matched by a message that arrives through shared memory; the MPICH developers traced it to a recursive any_source cancel (the shm arrival cancels the netmod partner request, and when that cancel fails MPICH tries to cancel the shm partner again), reproduced it with upstream commits (closed, label aurora)',
    what='the crash is inside the MPI library\'s receive-cancel path (a bug the MPICH developers diagnosed in their own code), not in the launch line, resources or environment of the job; the remedy is an MPICH build without the bug; assumed shape - a two-node Aurora PBS job running the application with PALS mpiexec, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks', 'module load mpich/develop-git.204f8cd'], [AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 ./app input.yaml']],
    log='''
#0  0x00001519e8def6e3 in MPIDIG_mpi_cancel_recv () from /opt/aurora/24.180.1/spack/unified/0.8.0/install/linux-sles15-x86_64/oneapi-2024.07.30.002/mpich-develop-git.204f8cd-nxqaw43/lib/libmpi.so.12
#1  0x00001519e8def53d in MPIDI_OFI_recv_event () from /opt/aurora/24.180.1/spack/unified/0.8.0/install/linux-sles15-x86_64/oneapi-2024.07.30.002/mpich-develop-git.204f8cd-nxqaw43/lib/libmpi.so.12
#2  0x00001519e8ded4fa in MPIDI_OFI_progress_uninlined () from /opt/aurora/24.180.1/spack/unified/0.8.0/install/linux-sles15-x86_64/oneapi-2024.07.30.002/mpich-develop-git.204f8cd-nxqaw43/lib/libmpi.so.12
''',
)
