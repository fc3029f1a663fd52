# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUN_TR = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'
TR1 = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
PYX = 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'
APPT = 'srun apptainer exec --nv --bind /scratch pytorch_24.04.sif \\\n    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py'
TPN = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'

# ---------------------------------------------------------------- script cases

case(
    id='myria3d123-nccl-blocking-wait-export-kills-step-during-rank0-data-prep',
    kind='script',
    source='https://github.com/IGNF/myria3d/issues/123',
    thread_site='a Slurm GPU cluster (IGN, node DEL2212S020); myria3d (Lightning DDP) prepares its test set on rank 0 for about half an hour while the other ranks wait; the step is cancelled and srun terminates the tasks; the reporter finds that the job script exported NCCL_BLOCKING_WAIT=1 and NCCL_ASYNC_ERROR_HANDLING=1 and that removing the two exports removes the failure (issue closed)',
    what='the two NCCL error-handling exports in the job script make the waiting ranks give up after the default 30-minute collective timeout while rank 0 is still preparing data, and the step is torn down; the fix is in the job script (drop the exports, or raise the timeout); the thread confirms removing the exports fixed it, the timeout mechanism is read from the 29-minute progress line; assumed shape - one srun task per GPU on one Delta node with the two exports before srun, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['export MASTER_PORT=12802', 'export MASTER_PORT=12802\nexport NCCL_BLOCKING_WAIT=1\nexport NCCL_ASYNC_ERROR_HANDLING=1'], [SRUNPY, 'srun python run.py task.task_name=fit trainer.devices=4 trainer.strategy=ddp']],
    log='''
Preparing test set...:  46%|████▋     | 31/67 [29:02<35:12, 58.67s/it]slurmstepd: error: *** STEP 6053.0 ON DEL2212S020 CANCELLED AT 2024-04-23T12:18:08 ***
srun: launch/slurm: _task_finish: Received task exit notification for 1 task of StepId=6053.0 (status=0x000f).
srun: error: DEL2212S020: task 0: Terminated
srun: Force Terminated StepId=6053.0
''',
    expect={'families': ['environment'], 'fix': r'(?m)^(-export NCCL_BLOCKING_WAIT=1|-export NCCL_ASYNC_ERROR_HANDLING=1|\+export (TORCH_)?NCCL_(BLOCKING_WAIT|ASYNC_ERROR_HANDLING)=0)'},
)

case(
    id='yolov5-12429-two-tasks-per-node-each-run-distributed-launcher',
    kind='script',
    source='https://github.com/ultralytics/yolov5/issues/12429',
    thread_site='a Slurm cluster with 2-GPU nodes (nccl/2.18.1-cuda11.8 modules); YOLOv5 multi-node training on 4 nodes; the job asks `--ntasks-per-node=2` and every task runs `python -m torch.distributed.run --nproc_per_node 2 ...`; the reporter says 4 nodes x 1 GPU works, and with 2 GPUs per node everything runs except the second task on the master node, which reports that the chosen master port is already in use (the error text itself is not quoted in the thread; the printed lines show both tasks of the first node taking node rank 0)',
    what='DOUBTFUL - the port error is described, not quoted; read from the printed lines: srun starts two tasks per node and each task starts its own launcher with --nproc_per_node 2, so the master node runs two launchers that both claim node rank 0 and the master port (several launchers per node); the fix is one launcher task per node (`--ntasks-per-node=1`), the thread does not confirm it; assumed shape - 4 nodes with 2 tasks per node and one torch.distributed.run per task on Delta, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun_tpn.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 4'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=2'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['export MASTER_PORT=29500', 'export MASTER_PORT=12653'], [TPN, 'srun python -m torch.distributed.run --nproc_per_node 2 --nnodes 4 --node_rank $SLURM_NODEID \\\n    --master_addr $MASTER_ADDR --master_port $MASTER_PORT train.py --data training.yaml --weights yolov5s.pt --img 2048']],
    log='''
Node d-10-3-1 has rank 0
Node d-10-3-1 has rank 0
MASTER_ADDR=172.31.130.100
MY_ADDRESS=172.31.130.100
Assigned port for MASTER_PORT: 12653
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^(\+#SBATCH --ntasks-per-node=1\b|-#SBATCH --ntasks-per-node=2)'},
)

case(
    id='pytorch81628-roce-ib-completion-error-12-needs-gid-index',
    kind='script',
    source='https://github.com/pytorch/pytorch/issues/81628',
    thread_site='multi-node PyTorch DDP over RoCE NICs (mlx5, machines behind different switches); NCCL fails with IB completion error 12 / vendor err 129 as soon as the nodes talk; a PyTorch maintainer says it usually means the NICs cannot reach each other over IB/RoCE and points at NVIDIA/nccl#426; another user with the same message reports it was solved by passing NCCL_IB_GID_INDEX=3 to the job',
    what='DOUBTFUL - the fix comes from a second user with the same message, not from the reporter, and the maintainer also allows a fabric fault: on RoCE nodes the default GID index is not routable between switches, so the job environment must select the routable GID (`export NCCL_IB_GID_INDEX=3` in the job script); assumed shape - one torchrun per node under srun on two Delta-like nodes without the GID export, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
NCCL WARN NET/IB : Got completion from peer 192.168.17.147<38560> with error 12, opcode 0, len 0, vendor err 129
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*NCCL_IB_GID_INDEX=\d'},
)

case(
    id='pytorch15592-gloo-connects-to-loopback-127-0-1-1-needs-socket-ifname',
    kind='script',
    source='https://github.com/pytorch/pytorch/issues/15592',
    thread_site='two GPU nodes (2 x 2 GPUs) running PyTorch 1.0 distributed training with the Gloo backend; node 0 waits, the second node aborts because Gloo connects to 127.0.1.1 (the hostname resolves to the loopback address in /etc/hosts); a PyTorch developer says to set GLOO_SOCKET_IFNAME to the real interface and the reporter confirms it works',
    what='the job environment lets Gloo pick the interface from the hostname, which resolves to a loopback address on these nodes; the fix is an export in the job script (`GLOO_SOCKET_IFNAME=<the node interface>`, e.g. eth0/ib0); assumed shape - one torchrun per node under srun on two Delta nodes with no socket-interface export, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['export MASTER_PORT=29500', 'export MASTER_PORT=3210']],
    log='''
terminate called after throwing an instance of 'gloo::IoException'
  what():  [/opt/conda/conda-bld/pytorch_1544084119927/work/third_party/gloo/gloo/transport/tcp/pair.cc:724] connect [127.0.1.1]:3210: Connection refused
Aborted (core dumped)
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*GLOO_SOCKET_IFNAME='},
)

case(
    id='axolotl494-sample-packing-broadcast-timeout-nccl-buffsize',
    kind='script',
    source='https://github.com/axolotl-ai-cloud/axolotl/issues/494',
    thread_site='multi-GPU axolotl fine-tuning with sample packing on one 8-GPU machine (docker); for some datasets training hangs and the NCCL watchdog aborts a BROADCAST after 30 minutes; the reporter tried NCCL settings one by one and found that passing NCCL_BUFFSIZE=536870912 (512 MB instead of the 4 MB default) in the job environment lets training run through',
    what='DOUBTFUL - the fix is the reporter\'s own experiment, the maintainers did not confirm a cause and a data-side fault (uneven packed batches) is possible; labelled script because the reported fix is an environment setting of the launch (`export NCCL_BUFFSIZE=536870912`); assumed shape - a one-node accelerate launch on 8 GPUs in a Delta job, diagnosed as on Delta',
    cluster='delta',
    script='accelerate.sh',
    replace=[['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=8'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --num_processes 8 -m axolotl.cli.train config.yml']],
    log='''
ProcessGroupNCCL.cpp:828] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=42, OpType=BROADCAST, Timeout(ms)=1800000) ran for 1809852 milliseconds before timing out.
[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*NCCL_BUFFSIZE='},
)

case(
    id='fonduehtr13-kraken-dataloader-worker-killed-cluster-memory',
    kind='script',
    source='https://github.com/FoNDUE-HTR/Documentation/issues/13',
    thread_site='a university Slurm cluster (Geneva, /home/users/g/...) running kraken (PyTorch Lightning) text-recognition training; a DataLoader worker is killed by the kernel and training stops; the same user\'s earlier report on kraken was answered as a resource limit on the cluster (closed)',
    what='DOUBTFUL - the thread does not quote the cause; a DataLoader worker killed by SIGKILL on a cluster job is the memory limit of the job (cgroup OOM), so the fix is in the job script (ask more memory, `--mem`/`--mem-per-cpu`, or fewer workers); assumed shape - a one-GPU srun job on Delta without a memory request, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], [SRUNPY, 'srun ketos train -f binary -d cuda:0 --workers 8 dataset.arrow']],
    log='''
RuntimeError: DataLoader worker (pid 164244) is killed by signal: Killed.
''',
    expect={'families': ['resources'], 'fix': r'(?m)^(\+#SBATCH --mem(-per-cpu|-per-gpu)?[= ]|\+#SBATCH --cpus-per-task=)'},
)

case(
    id='prolong9-two-node-sbatch-torchrun-rendezvous-timeout',
    kind='script',
    source='https://github.com/princeton-nlp/ProLong/issues/9',
    thread_site='a Slurm cluster with 4 x A100-80GB nodes; ProLong fine-tuning on 2 nodes x 4 GPUs from the project\'s train_sft.sh, which detects the node count with scontrol and starts torchrun from the batch script; every attempt ends in a rendezvous timeout even with rdzv-conf timeout=600 (closed)',
    what='DOUBTFUL - the thread\'s resolution is not visible; read from the script shape: torchrun is started once from the batch script (on the first node only) with two nodes expected, so the second node never joins the rendezvous; the fix is in the job script (start one torchrun per node with `srun --ntasks-per-node=1 torchrun ...`); assumed shape - a 2-node batch script running torchrun without srun on Delta, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_batch_multinode.sh',
    replace=[['#SBATCH --nodes=3', '#SBATCH --nodes=2'], ['torchrun --nnodes=3 --nproc_per_node=4 --max_restarts=1 --rdzv_id=9876543210 --rdzv_backend=c10d --rdzv_endpoint=${MASTER_ADDR} train.py', 'torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=${MASTER_ADDR}:29500 --rdzv-conf timeout=600 finetune.py']],
    log='''
I always got `torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError`, even when `rdzv-conf timeout` is set to 600.
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+\s*srun\b.*torchrun'},
)

case(
    id='torchdata1142-gloo-new-group-connection-refused-needs-socket-ifname',
    kind='script',
    source='https://github.com/meta-pytorch/data/issues/1142',
    thread_site='multi-node training reading webdataset shards through torchdata DataLoader2 with the distributed reading service, which creates a Gloo process group; single node works, multiple nodes fail with TCP connection refused in dist.new_group(backend="gloo"); a maintainer suggests the nodes resolve to localhost and to set GLOO_SOCKET_IFNAME, and the reporter confirms that adding `export GLOO_SOCKET_IFNAME=eth0` to the launching script fixed it (closed)',
    what='the job environment lets Gloo choose the interface, which resolves to a loopback address; the fix is an export in the launch script (`GLOO_SOCKET_IFNAME=<node interface>`); assumed shape - one torchrun per node under srun on two Delta nodes with no Gloo interface export, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
  File "/root/miniconda3/lib/python3.8/site-packages/torchdata/dataloader2/reading_service.py", line 446, in initialize
    self._pg = dist.new_group(backend="gloo", timeout=timedelta(seconds=self._timeout))
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*GLOO_SOCKET_IFNAME='},
)

case(
    id='datatrove248-nested-srun-inherits-cpu-bind-outside-step-allocation',
    kind='script',
    source='https://github.com/huggingface/datatrove/issues/248',
    thread_site='a Slurm GPU cluster; a datatrove Slurm executor (which submits its own jobs and steps) is launched from inside an existing srun session; the inherited SLURM_* variables, in particular SLURM_CPU_BIND_*, make the new step ask for CPUs outside its allocation and srun refuses to launch; the reporter (HF engineer) documents the fix: unset the SLURM_* (or only SLURM_CPU_BIND_*) variables before launching',
    what='the launch runs inside an allocation whose SLURM_CPU_BIND_* settings leak into the nested srun; the fix is in the launch script (unset the inherited SLURM_CPU_BIND_* / SLURM_* variables before the nested launch, or `--cpu-bind=none`); assumed shape - a one-node Delta job whose script launches a second srun-based driver from inside an srun step, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], [SRUNPY, 'srun --ntasks=1 python my_data_trove_slurm.py']],
    log='''
srun: error: CPU binding outside of job step allocation, allocated CPUs are: 0x0000000000000FFF80000000000000000000000FFF8000000000.
srun: error: Task launch for StepId=120986.0 failed on node xxx-yyy-11: Unable to satisfy cpu bind request
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^\+.*(unset .*SLURM|SLURM_CPU_BIND[A-Z_]*=\s|--cpu-bind[= ]none)'},
)

case(
    id='noether233-submitit-inner-srun-cpu-bind-noncontiguous-mask',
    kind='script',
    source='https://github.com/Emmi-AI/noether/pull/233',
    thread_site='a Slurm GPU partition whose CPU mask is non-contiguous; noether training jobs are submitted through submitit, whose generated batch script starts the training with srun and the default per-task CPU binding; the step aborts before the program starts, and the PR adds `--cpu-bind=none` to the inner srun (a real submission on the affected cluster then completed)',
    what='the srun line of the generated job script asks for per-task CPU binding that the allocation cannot satisfy; the fix is in the script (`srun --cpu-bind=none ...`); assumed shape - one srun task per GPU on one Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[[SRUNPY, 'srun python -m noether.train --config configs/train.yaml']],
    log='''
srun: error: Unable to satisfy cpu bind request
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*srun .*--cpu-bind[= ]none'},
)

case(
    id='pyxis116-nccl-tests-every-process-rank-0-no-pmi',
    kind='script',
    source='https://github.com/NVIDIA/pyxis/issues/116',
    thread_site='a DeepOps Slurm cluster with pyxis/enroot, 2 nodes x 8 A100; nccl-tests (MPI build) started with srun in a container; every process reports itself as rank 0 of group 0 on device 0, so each process runs alone (open issue, no maintainer answer in the excerpt)',
    what='DOUBTFUL - the cause is read from the output, not stated: all processes being rank 0 means the MPI program did not get its rank from the launcher, i.e. srun started it without the PMI plugin the container MPI needs; the fix is in the launch line (`srun --mpi=pmix ...`); assumed shape - one task per GPU in a pyxis container on an 8-GPU Delta-like node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[[PYX, 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace /workspace/nccl-tests/build/all_reduce_perf -b 8 -e 8G -f 2 -g 1']],
    log='''
#  Rank  0 Group  0 Pid 672180 on inst-3vxrm-boson-pool device  0 [0x0f] NVIDIA A100-SXM4-40GB
#  Rank  0 Group  0 Pid 672182 on inst-3vxrm-boson-pool device  0 [0x0f] NVIDIA A100-SXM4-40GB
#  Rank  0 Group  0 Pid 459942 on inst-0kulk-boson-pool device  0 [0x0f] NVIDIA A100-SXM4-40GB
''',
    expect={'families': ['launcher', 'containers'], 'fix': r'(?m)^\+.*srun .*--mpi[= ]pmi'},
)

case(
    id='itwinai472-rivanna-srun-step-execve-bash-not-found-empty-cmd',
    kind='script',
    source='https://github.com/interTwin-eu/itwinai/issues/472',
    thread_site='UVA Rivanna (Slurm, 2 GPU nodes); the itwinai-generated DDP job script prints its settings (SYSTEM, EXECUTE and TRAINING_CMD are empty) and then every srun step fails at once because bash cannot be executed in the step; the reporter could not run the tutorial on this cluster (closed)',
    what='DOUBTFUL - the thread excerpt does not state the fix; read from the log: the generated script runs its steps as `srun ... bash -c "$TRAINING_CMD"` with an empty command and an environment in which the step cannot find bash (the job script does not set up the environment the steps inherit on this system); the fix is in the job script (a non-empty command and an environment exported to the steps, e.g. `--export=ALL` / the module and PATH setup before srun); assumed shape - a 2-node srun job on Delta whose script exports nothing to its steps, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH --time=01:00:00', '#SBATCH --time=01:00:00\n#SBATCH --export=NONE'], [SRUN_TR, 'srun bash -c "$TRAINING_CMD"']],
    log='''
DEBUG: TRAINING_CMD:
srun: error: udc-aj36-35: task 0: Exited with exit code 2
[2025-12-11T02:29:03.160] error: execve(): bash: No such file or directory
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^(-#SBATCH --export=NONE|\+.*--export=ALL|\+.*TRAINING_CMD=)'},
)

# ------------------------------------------------------------ not-script cases

case(
    id='pytorch177472-nvls-multicast-bind-fabric-manager-down',
    kind='not_script',
    source='https://github.com/pytorch/pytorch/pull/177472',
    thread_site='PyTorch CI H100 SXM nodes with NVSwitch (8 GPUs per node); every multi-process NCCL job fails at communicator init because NCCL 2.29 tries NVLink SHARP multicast while the Fabric Manager service is not running on the node; the PR sets NCCL_NVLS_ENABLE=0 as a stop-gap and the maintainers say the machines must be fixed or restarted (two lines of the NCCL message, the ncclUnhandledCudaError line and the Fabric Manager hint, are left out because they repeat earlier sets word for word)',
    what='a node fault (NVIDIA Fabric Manager / NVSwitch state of the machine); the job script is correct - disabling NVLS in the environment only hides the fault, the node must be repaired; assumed shape - a single-node 8-GPU torchrun job on a Delta 8-GPU node, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], [TR1, 'torchrun --standalone --nnodes=1 --nproc_per_node=8 test_symmetric_memory.py']],
    log='''
torch.distributed.DistBackendError: NCCL error in: /var/lib/jenkins/workspace/torch/csrc/distributed/c10d/NCCLUtils.cpp:93, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.29.3
Last error:
Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 401 'the operation cannot be performed in the present state'.
''',
)

case(
    id='mmcv700-pyxis-container-no-scontrol-master-addr-unresolved',
    kind='not_script',
    source='https://github.com/open-mmlab/mmcv/issues/700',
    thread_site='a Slurm cluster with pyxis; MMDetection started with `--launcher slurm` inside the container; mmcv\'s slurm init calls `scontrol show hostname` to find the master node, scontrol does not exist in the image, so MASTER_ADDR becomes the shell error text and the TCPStore cannot resolve it; the reporter comments out the line in mmcv and training works, and proposes to keep a MASTER_ADDR already set (a library change; the TCPStore call line is left out because it repeats an earlier set)',
    what='a library behaviour: mmcv\'s slurm initialisation overwrites MASTER_ADDR with the output of scontrol run inside the container; the job script cannot make scontrol appear in the image and the value it exports is overwritten; fixed by changing mmcv, so not a script fault; assumed shape - one task per GPU in a pyxis container on a Delta-like 8-GPU node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[[PYX, 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/tools/train.py configs/faster_rcnn_r50_fpn_1x_coco.py --launcher slurm']],
    log='''
  File "/opt/conda/lib/python3.6/site-packages/torch/distributed/distributed_c10d.py", line 423, in init_process_group
ValueError: host not found: Temporary failure in name resolution
/bin/dash: 1: scontrol: not found
''',
)

case(
    id='pytorch134384-inductor-cubin-tmp-file-race-multinode-compile',
    kind='not_script',
    source='https://github.com/pytorch/pytorch/issues/134384',
    thread_site='an 8-node x 8-GPU torchrun job (nodes foundry-*) using torch.compile; at random, one rank of many dies with FileNotFoundError on a temporary .cubin file in the node-local Inductor/Triton cache under /tmp; the reporter suspects a race between processes compiling the same kernel and the issue was triaged to the Inductor team (closed)',
    what='DOUBTFUL - the fix is not visible in the thread; a race inside the compiler cache (PyTorch Inductor writing and renaming temporary files concurrently), on node-local /tmp, so no job-script setting is implicated; a library bug; assumed shape - one torchrun per node under srun on Delta nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 8'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], [SRUN_TR, 'srun torchrun --nnodes=8 --nproc_per_node=8 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" exp/codebook_collapse_trace.py --stage 1']],
    log='''
[rank60]: FileNotFoundError: [Errno 2] No such file or directory: '/tmp/torchinductor_ubuntu/triton/4/5eba80077c5d5c6def3f812b8cccbc7d/triton_.cubin.tmp.pid_93828_100098'
''',
)

case(
    id='litdata340-combined-streaming-dataset-weights-multinode-nccl-timeout',
    kind='not_script',
    source='https://github.com/Lightning-AI/litData/issues/340',
    thread_site='a 2-node torchrun training job (AWS SageMaker) reading a litdata CombinedStreamingDataset with weight factors and iterate_over_all=False; training stops logging after a fixed number of batches and the NCCL watchdog fires 30 minutes later; single node works; the maintainers took it as a litdata bug (labelled bug, closed)',
    what='a library bug: with weighted sampling the streaming dataset hands ranks on different nodes different numbers of batches, so one rank enters a collective the others never reach; the job script is not involved; assumed shape - one torchrun per node under srun on two Delta nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
2024-08-23T21:52:48.476Z | pytorch_lightning - INFO - RANK 0 - on_train_batch_end - EPOCH 1 BATCH 80/inf(0.00%): train_loss=0.07478; train_unweighted_loss=0.09251; train_rec=0.50000; train_neg_rec=0.98684; train_prec=0.80000; lr=0.0000499693
''',
)

case(
    id='pytorch141069-iterable-dataset-unequal-rank-lengths-watchdog-abort',
    kind='not_script',
    source='https://github.com/pytorch/pytorch/issues/141069',
    thread_site='DDP training with an IterableDataset whose shards give the ranks different numbers of samples; the rank that runs out of data stops calling collectives, the others wait until the NCCL watchdog aborts the process group and terminates the processes (issue closed, triaged by the distributed team)',
    what='a fault of the training program (the data pipeline gives the ranks unequal numbers of batches, so collectives no longer match); nothing in the launch script causes or fixes it; assumed shape - one srun task per GPU on one Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1a0 (0x7f9391bada80 in /home/timchenko.daniil2/.cache/pypoetry/virtualenvs/multimodal-recsys-bpCE73dY-py3.10/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)
terminate called after throwing an instance of 'terminate called after throwing an instance of 'c10::DistBackendError'
''',
)

case(
    id='nccl1180-libtorch-cuda-undefined-symbol-ncclcommregister',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1180',
    thread_site='a GPU machine where the user had installed an older NCCL by hand next to the pip PyTorch wheel; importing torch fails because libtorch_cuda.so resolves an NCCL without ncclCommRegister; commenters point at the conflicting NCCL copy (remove it, or build a matching NCCL and put it on LD_LIBRARY_PATH), and pytorch/pytorch#119932 traces the same message to a second package shipping an incompatible NCCL',
    what='a software-environment fault (two incompatible NCCL libraries installed in the Python environment, the older one loaded); the launch script neither causes nor fixes it - the environment must be rebuilt; assumed shape - a single-node torchrun job on Delta using the user\'s own Python environment, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    log='''
torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister
''',
)

case(
    id='nccl1611-gb200-ten-nodes-old-nccl-heap-corruption',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1611',
    thread_site='a GB200 cluster (4 GPUs per node, aarch64) running nccl-tests with MPI; 8 nodes pass, 10 or 12 nodes abort with heap corruption; an NVIDIA engineer notes the job uses NCCL 2.21.5 while Blackwell/GB200 is only supported from NCCL 2.25.1; the reporter confirms NCCL 2.25.1 works',
    what='a library version fault (an NCCL release that predates support for the hardware); the launch script is correct - the NCCL build in the environment must be upgraded; assumed shape - an MPI benchmark under srun on DeltaAI GH200 nodes (same Grace-Blackwell/Hopper aarch64 family), diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=10'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4'], [MPIAPP, 'srun --cpu-bind=cores ./build/all_reduce_perf -b 8 -e 8G -f 2 -g 1']],
    log='''
NCCL version 2.21.5+cuda12.8
free(): corrupted unsorted chunks
[rack1-93-slot7:186363] *** Process received signal ***
[rack1-93-slot7:186363] Signal: Aborted (6)
''',
)

case(
    id='digits2005-gpu0-exclusive-process-busy-on-shared-node',
    kind='not_script',
    source='https://github.com/NVIDIA/DIGITS/issues/2005',
    thread_site='an HPC cluster node with two Tesla K40m GPUs in exclusive-process compute mode; training on the first GPU fails with CUDA error 46 while the second GPU works; nvidia-smi shows 74 MiB in use on GPU 0 and the reporter suspects another process (the DIGITS server) holding GPU 0',
    what='DOUBTFUL - the thread does not state a resolution; the GPU is in exclusive-process mode and already held by another process on the node, so a second process cannot open it; that is node/GPU state (or another program), not the launch script; assumed shape - a one-GPU python job on Delta, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1']],
    log='''
Check failed: error == cudaSuccess (46 vs. 0)  all CUDA-capable devices are busy or unavailable
''',
)

case(
    id='pytorch17349-processgroupnccl-260-unhandled-cuda-error-old-nccl',
    kind='not_script',
    source='https://github.com/pytorch/pytorch/issues/17349',
    thread_site='PyTorch 1.0 distributed training with the NCCL backend failing at ProcessGroupNCCL.cpp:260 with an unhandled CUDA error; a PyTorch maintainer closes the issue as "please upgrade your NCCL"; later commenters with multi-node jobs report other workarounds (NCCL_SOCKET_IFNAME, NCCL_IB_DISABLE)',
    what='DOUBTFUL - the maintainer\'s resolution is a library upgrade (an NCCL too old for the setup), which is not a launch-script fault; some commenters fixed a similar message with network exports in the job script, so the label rests on the maintainer\'s closing reason; assumed shape - one srun task per GPU on one Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
ProcessGroupNCCL.cpp:260, unhandled cuda error
''',
)

case(
    id='tensorpipe412-cuda-ipc-gpu-uuid-not-visible-two-jobs-one-node',
    kind='not_script',
    source='https://github.com/pytorch/tensorpipe/issues/412',
    thread_site='PyTorch RPC (TensorPipe backend) between two Slurm jobs that land on the same node with different GPUs; Slurm isolates the devices so neither process can see the other\'s GPU, and TensorPipe\'s CUDA-IPC channel throws instead of declining the channel; a TensorPipe maintainer agrees canCommunicateWithRemote should handle it (open issue)',
    what='a library bug (TensorPipe\'s cuda_ipc channel assumes every peer GPU is visible to NVML); the jobs\' device isolation is normal Slurm behaviour and the launch scripts are correct; assumed shape - a one-GPU python job on a shared Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], [SRUNPY, 'srun python rpc_worker.py --peer "$PEER_ADDR"']],
    log='''
In globalIdxForDevice at tensorpipe/channel/cuda_ipc/context_impl.cc:102 "iter == globalUuids.end()Couldn't find GPU with UUID 9b967b0b-fa75-3a89-0770-e950eea546c5"
''',
)

case(
    id='pyxis47-no-cuda-device-detected-cgroup-constrain-devices-off',
    kind='not_script',
    source='https://github.com/NVIDIA/pyxis/issues/47',
    thread_site='a Slurm cluster with pyxis/enroot containers; GPU jobs started in a container fail with "no CUDA-capable device is detected" for some combinations of requested GPUs and concurrent jobs; the reporter (who runs the cluster) adds ConstrainDevices=yes to cgroup.conf and the failures stop; the pyxis maintainer closes the issue',
    what='a site configuration fault (Slurm device cgroups not enabled, so the container sees GPU device files that do not match the job\'s CUDA_VISIBLE_DEVICES); fixed in the cluster\'s cgroup.conf, not in the job script; assumed shape - one task per GPU in a pyxis container on an 8-GPU Delta-like node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
no CUDA-capable device is detected
''',
)

case(
    id='pytorch40420-multi-gpu-backward-cudnn-execution-failed-bad-machine',
    kind='not_script',
    source='https://github.com/pytorch/pytorch/issues/40420',
    thread_site='multi-GPU training fails in loss.backward() with a cuDNN execution failure; asked for a reproducer, the reporter ran the same environment on another machine where the error never occurred and concluded it was the hardware (closed); another user sees the same on an AWS P3 instance',
    what='DOUBTFUL - only the reporter\'s conclusion (same software, different machine, error gone) points at a hardware fault of the first machine; nothing in the launch is implicated; assumed shape - one srun task per GPU on one Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED
''',
)

case(
    id='lightning13605-gpu-bind-closest-slurm-managing-tasks-false',
    kind='not_script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/13605',
    thread_site='a Slurm GPU cluster (4 GPUs per node, two NUMA domains); with `srun --ntasks-per-node=4 --gpus-per-node=4 --gpu-bind=closest` each task sees the two GPUs of its socket, so Lightning counts 2 devices per process and decides Slurm is not managing the tasks; the reporter shows the srun output and the Lightning check that goes wrong; labelled bug by the maintainers (closed)',
    what='a library bug (Lightning\'s _is_slurm_managing_tasks compares the device count of one process with the task count and fails under --gpu-bind=closest); the job script\'s binding is a valid Slurm request; assumed shape - the Lightning srun script with 4 tasks per node and closest GPU binding on Delta, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun --gpu-bind=closest python train.py trainer.devices=4 trainer.num_nodes=2']],
    log='''
CUDA_VISIBLE_DEVICES=2,3
CUDA_VISIBLE_DEVICES=2,3
CUDA_VISIBLE_DEVICES=0,1
CUDA_VISIBLE_DEVICES=0,1
''',
)
