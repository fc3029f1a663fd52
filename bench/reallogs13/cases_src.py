# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUN_TR = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'
TR1 = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'
LIGHT = 'srun python train.py trainer.devices=4 trainer.num_nodes=2'
AUR = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
PYX = 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
IBRUN = 'ibrun python train.py --epochs 10'
SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
ACC = 'accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py'
DS = 'deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json'

case(
    id='colossalai3066-colossalai-run-ssh-no-auth',
    kind='script',
    source='https://github.com/hpcaitech/ColossalAI/issues/3066',
    thread_site='two GPU machines, `colossalai run --nproc_per_node=4 --hostfile=hostfile` (the ColossalAI launcher starts torchrun on every host over SSH with paramiko); the remote start fails; the maintainer suggests launching torchrun directly or through Slurm/OpenMPI instead',
    what='the job launches with `colossalai run`, which needs key-based SSH from the launching node to every host; on a Slurm cluster the launch line should start one torchrun per node with srun (or torchrun directly); assumed shape - 2 Delta GPU nodes x 4 GPUs, the colossalai run line in place of srun torchrun, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[[SRUN_TR, 'colossalai run --nproc_per_node=4 --master_addr="$MASTER_ADDR" --master_port="$MASTER_PORT" \\\n    --hostfile=hostfile train_dummy.py --strategy colossalai_zero2']],
    log='''
Error: failed to run torchrun --nproc_per_node=4 --nnodes=2 --node_rank=1 --rdzv_backend=c10d --rdzv_endpoint=ip:29501 --rdzv_id=colossalai-default-job train.py --strategy colossalai_zero2 on gpu-1648, is localhost: False, exception: No authentication methods available
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^(-.*colossalai run|\+.*srun .*torchrun)'},
)

case(
    id='opensora657-colossalai-hostfile-ssh-readonly-vars',
    kind='script',
    source='https://github.com/hpcaitech/Open-Sora/issues/657',
    thread_site='Open-Sora multi-machine training with `colossalai run --nproc_per_node 8 --hostfile hostfile scripts/train.py ...` as the README says; the SSH start of torchrun on the hosts fails; another user: `--host` works, `--hostfile` hangs',
    what='DOUBTFUL - the launch goes through `colossalai run` over SSH into a login environment that marks SSH_* variables read-only; on a Slurm cluster the fix in the job script is to start torchrun per node with srun rather than the SSH-based launcher; assumed shape - 2 Delta nodes, the colossalai run line replacing srun torchrun, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[[SRUN_TR, 'colossalai run --nproc_per_node 2 --hostfile hostfile scripts/train.py \\\n    configs/opensora-v1-2/train/stage3.py --data-path mydata.csv --ckpt-path OpenSora-STDiT-v2-stage3']],
    log='''
/bin/bash: SSH_CONNECTION: readonly variable
/bin/bash: SSH_REMOTE_USER: readonly variable
Error: failed to run torchrun --nproc_per_node=2 --nnodes=2 --node_rank=0 --master_addr=x.x.x.x --master_port=29500 scripts/train.py configs/opensora-v1-2/train/stage3.py --data-path mydata.csv --ckpt-path OpenSora-STDiT-v2-stage3 on x.x.x.x, is localhost: True, exception: Encountered a bad command exit code!
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^(-.*colossalai run|\+.*srun .*torchrun)'},
)

case(
    id='nccl1434-ib-completion-error-12-training-hang',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1434',
    thread_site='large-model training on an InfiniBand/RoCE GPU cluster; an RDMA completion error makes the whole job hang until the NCCL watchdog times out (the reporter asks NCCL to fail fast; the NCCL maintainer - the error should propagate through ncclCommGetAsyncError)',
    what='an RDMA transport error between two nodes (retry count exceeded, vendor err 129) - a fabric/link fault, not a fault of the job script; assumed shape - multi-node torchrun under srun, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
:522:622 [2] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 10.1.15.233<60403> with error 4, opcode 32601, len 32600, vendor err 81 (Send) localGid ::ffff:10.1.77.5 remoteGid ::ffff:10.1.13.161
:4654:5666 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 10.3.0.61<39430> with error 12, opcode 129, len 0, vendor err 129 (Recv) localGid ::ffff:10.3.16.3 remoteGid ::ffff:10.3.16.61
''',
)

case(
    id='paimegatron21-torchrun-unrecognized-ddp-impl-arg',
    kind='script',
    source='https://github.com/alibaba/Pai-Megatron-Patch/issues/21',
    thread_site='Pai-Megatron-Patch run_finetune_huggingface_chatglm.sh, torchrun on one node in the NGC PyTorch container; the Megatron version in use no longer has `--DDP-impl`, so argument parsing fails on every rank',
    what='the launch line passes a training argument (`--DDP-impl local`) that the installed Megatron does not accept; the fix is to drop it from the command line in the job script; assumed shape - a single-node torchrun job, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[[TR1, 'torchrun --standalone --nnodes=1 --nproc_per_node=4 finetune_huggingface_chatglm.py \\\n    --DDP-impl local --tensor-model-parallel-size 1 --seq-length 2048 --bf16']],
    log='''
finetune_huggingface_chatglm.py: error: unrecognized arguments: --DDP-impl local
[2023-09-18 08:19:24,158] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 2) local_rank: 0 (pid: 986) of binary: /usr/bin/python
''',
    expect={'families': ['launcher', 'program'], 'fix': r'(?m)^-.*--DDP-impl'},
)

case(
    id='pl2155-ddp-relaunch-unrecognized-gpus-arg',
    kind='not_script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/2155',
    thread_site='PyTorch Lightning 0.8.0rc1, `Trainer(gpus=-1, distributed_backend=\'ddp\')` on a 4-GPU machine; the new ddp mode relaunches the training script once per GPU with `--gpus N` appended, which the user\'s argument parser rejects; the maintainers - expose a --gpus argument in the script (a behaviour of that release candidate)',
    what='the training program\'s own argument parser rejects an argument the framework adds when it relaunches the script - a framework-release behaviour / user-code issue, not the job script; assumed shape - one Slurm task running python train.py on a 4-GPU Delta node, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[[TR1, 'python train_siamnet.py']],
    log='''
train_siamnet.py: error: unrecognized arguments: --gpus 4
''',
)

case(
    id='pl20542-time-limit-no-requeue-sigterm',
    kind='script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/20542',
    thread_site='Lightning fit under srun on a Slurm cluster (maestro nodes); at the time limit Slurm cancels the step and Lightning only bypasses SIGTERM, so the job is not requeued (issue open)',
    what='DOUBTFUL - the step is killed at the job time limit with no warning signal; Lightning requeues only on the signal requested with `#SBATCH --signal=SIGUSR1@90` (Lightning SLURM docs), so the job script needs that directive (or a longer --time); a maintainer could instead treat the missing requeue on SIGTERM as a framework limitation; assumed shape - Lightning under srun, 2 Delta nodes, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    log='''
slurmstepd: error: *** STEP 55595933.0 ON maestro-3017 CANCELLED AT 2025-01-10T15:27:25 DUE TO TIME LIMIT ***
[rank: 0] Received SIGTERM: 15
Bypassing SIGTERM: 15
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH --(signal[= ](B:)?(SIG)?USR1@\d+|time[= ])'},
)

case(
    id='mpich6924-expanse-srun-mpich-singleton-init',
    kind='script',
    source='https://github.com/pmodels/mpich/issues/6924',
    thread_site='SDSC Expanse (InfiniBand, Slurm), a user-built MPICH; `srun -n 2 hello_world` starts each rank as a singleton that then looks for mpiexec (issue open)',
    what='DOUBTFUL - the ranks are direct-launched by srun without a PMI that this MPICH build speaks, so each falls back to singleton init; the usual job-script fix is to name the PMI plugin on srun (`--mpi=pmi2`/`pmix`) or to start the ranks with that MPICH\'s own mpiexec; a maintainer could instead call it an MPICH build-configuration issue; assumed shape - a CPU MPI program under srun on 2 Anvil nodes (Expanse mapped to Anvil, the same Slurm + InfiniBand family), diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['module load cray-mpich', 'module load gcc\nexport PATH=$HOME/opt/mpich/bin:$PATH'], ['srun --cpu-bind=cores ./solver input.dat', 'srun -n 2 ./hello_world']],
    log='''
PMII_singinit: execv failed: No such file or directory
[unset]:   This singleton init program attempted to access some feature
[unset]:   for which process manager support was required, e.g. spawn or universe_size.
[unset]:   But the necessary mpiexec is not in your path.
[unset]: write_line error; fd=-1 buf=:cmd=get kvsname=singinit_kvs_943014_0 key=PMI_mpi_memory_alloc_kinds
''',
    expect={'families': ['launcher', 'library'], 'fix': r'(?m)^\+.*(srun .*--mpi[= ](pmi2|pmix\w*)|mpiexec )'},
)

case(
    id='nemo14829-nemorun-srun-mpi-pmix-pyxis-launch-failed',
    kind='script',
    source='https://github.com/NVIDIA-NeMo/Speech/issues/14829',
    thread_site='multi-node LLM pretraining launched by NeMo-Run on Slurm 24.05.2 with Pyxis/Enroot (nemo:25.07.gpt_oss image); the generated sbatch script runs `srun --mpi=pmix ...` and every step fails at launch; with `--mpi=pmi2` (or no --mpi, the cluster default) the same commands run',
    what='the srun line in the job script asks for a PMI plugin (pmix) that does not work on this cluster with the pyxis container step; the fix in the script is `--mpi=pmi2` (or dropping --mpi); assumed shape - one task per GPU under srun in a pyxis image on one 8-GPU node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[[PYX, 'srun --mpi=pmix --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py']],
    log='''
srun: StepId=<id>.0 aborted before step completely launched.
''',
    expect={'families': ['launcher', 'containers'], 'fix': r'(?m)^(\+.*srun .*--mpi[= ]pmi2|-.*srun .*--mpi[= ]pmix)'},
)

case(
    id='wandb4217-offline-run-contacts-api-after-hours',
    kind='not_script',
    source='https://github.com/wandb/wandb/issues/4217',
    thread_site='IDRIS Jean Zay (Slurm, compute nodes without internet), PyTorch Lightning with the wandb logger in offline mode (offline=True, mode dryrun); after about 4 hours of training the wandb internal process tries to reach api.wandb.ai and the run blocks; reported as a bug of the wandb SDK (labelled a:sdk, internal-process)',
    what='DOUBTFUL - the job already asks wandb for offline mode, yet the SDK\'s internal process contacts the server and blocks the run - a bug of that wandb version, not of the job script; a maintainer could suggest WANDB_MODE=offline in the script too, but the thread shows offline mode already on; assumed shape - Lightning under srun, 2 Delta nodes, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    log='''
wandb: Network error (ConnectionError), entering retry loop.
urllib3.exceptions.MaxRetryError: HTTPSConnectionPool(host='api.wandb.ai', port=443): Max retries exceeded with url: /graphql (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x1541d11c8ee0>: Failed to establish a new connection: [Errno 101] Network is unreachable'))
''',
)

case(
    id='onepolicy5-sbatch-configless-dns-srv-lookup-failed',
    kind='not_script',
    source='https://github.com/nico-bohlinger/one_policy_to_run_them_all/issues/5',
    thread_site='a university Slurm cluster, `sbatch experiment.sh` for an RL training job from the project; sbatch cannot find the controller (configless Slurm looks the controller up through a DNS SRV record); the maintainer - general Slurm errors of that cluster setup; the user fell back to bash',
    what='sbatch on that host cannot locate slurmctld (no slurm.conf and the DNS SRV lookup fails) - a site / submit-host configuration fault, nothing in the job script; assumed shape - a single-node GPU job submitted with sbatch, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
sbatch: error: _establish_config_source: failed to fetch config
sbatch: fatal: Could not establish a configuration source
''',
)

case(
    id='alcfug493-polaris-pbs-o-missing-dir-held',
    kind='script',
    source='https://github.com/argonne-lcf/user-guides/issues/493',
    thread_site='ALCF Polaris (PBS Pro); ALCF staff report from helping a user: a job script with `#PBS -o /home/user/missing_dir/` whose target directory does not exist ping-pongs between Running, Error and Hold, first saying the job ran, then that it is held after too many failed attempts',
    what='the job script sends PBS output to a directory that does not exist; the fix is in the script (point -o at an existing directory, or create it before submitting); assumed shape - the Polaris torchrun-per-node job with that -o directive, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    replace=[['#PBS -A MyProject', '#PBS -A MyProject\n#PBS -o /home/user/missing_dir/']],
    log='''
Job run at Wed Oct 16 at 05:37
job held, too many failed attempts to run
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^(-#PBS -o /home/user/missing_dir|\+.*mkdir -p .*missing_dir)'},
)

case(
    id='e3sm7399-aurora-kokkos-no-local-rank-first-gpu',
    kind='script',
    source='https://github.com/E3SM-Project/E3SM/pull/7399',
    thread_site='ALCF Aurora (PBS, PALS mpiexec, Aurora MPICH), E3SM machine files; with the mpiexec line used, Kokkos cannot find a local-rank variable and every rank falls back to the first GPU; the E3SM developer asks for the Aurora-MPICH equivalent of OMPI_COMM_WORLD_LOCAL_RANK (the PR binds ranks to GPU tiles through the launch arguments, e.g. the gpu_tile_compact helper)',
    what='DOUBTFUL - the launch line starts one rank per GPU tile without binding each rank to its own tile (no gpu_tile_compact.sh / --gpu-bind / ZE_AFFINITY_MASK per rank), so all ranks use the first GPU; the fix is in the launch line; a maintainer could also fix it in the application by reading PALS_LOCAL_RANKID; assumed shape - 2 Aurora nodes, 12 ranks per node with mpiexec, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[[AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 ./e3sm.exe']],
    log='''
Warning: unable to detect local MPI rank. Falling back to the first GPU available for execution. Raised by Kokkos::initialize()
''',
    expect={'families': ['devices', 'launcher'], 'fix': r'(?m)^\+.*(gpu_tile_compact|gpu_dev_compact|--gpu-bind|ZE_AFFINITY_MASK)'},
)

case(
    id='karabo334-cscs-srun-ompi-without-slurm-pmi',
    kind='script',
    source='https://github.com/i4Ds/Karabo-Pipeline/issues/334',
    thread_site='CSCS (Cray XC, Slurm, nid nodes), the Karabo radio-astronomy pipeline with its own conda Open MPI, started by srun across 2 nodes; every rank aborts in MPI_Init_thread because that Open MPI was not built with Slurm PMI support (issue about making Karabo run reliably with Slurm)',
    what='DOUBTFUL - the ranks are direct-launched by srun although the MPI in the environment cannot talk to Slurm\'s PMI; the job-script fix is to use a PMI the build supports (`srun --mpi=pmix`) or that MPI\'s own mpirun, or the site MPI module; a maintainer could call it an environment/build problem; assumed shape - a 2-node MPI Python job under srun, CSCS mapped to Perlmutter (Cray + Slurm), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], [PM, 'srun python karabo_pipeline.py']],
    log='''
*** An error occurred in MPI_Init_thread
[nid02358:15767] Local abort before MPI_INIT completed completed successfully, but am not able to aggregate error messages, and not able to guarantee that all other processes were killed!
[nid02359:07554] Local abort before MPI_INIT completed completed successfully, but am not able to aggregate error messages, and not able to guarantee that all other processes were killed!
''',
    expect={'families': ['launcher', 'library'], 'fix': r'(?m)^\+.*(srun .*--mpi[= ]pmi\w*|mpirun |mpiexec |module load .*(openmpi|mpich))'},
)

case(
    id='nemorun266-nccl-2251-internal-error-multinode',
    kind='not_script',
    source='https://github.com/NVIDIA-NeMo/Run/issues/266',
    thread_site='a university Slurm GPU cluster, NeMo 2.0 training across 2 nodes (NeMo-Run LocalExecutor with the multi-node fix) in the NGC container with NCCL 2.25.1; single-node training works; the same user reports in NVIDIA-NeMo#13854 that the cause was the one of NeMo#13996 and that upgrading to NCCL 2.27 (NGC 25.05/25.06) fixes it',
    what='an NCCL internal error in the container\'s NCCL 2.25.1 during multi-node communicator setup, fixed by a newer NCCL / container release - a library bug, not the job script; assumed shape - one task per GPU under srun in a pyxis image on 2 nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=2']],
    log='''
graph/search.cc:1135 NCCL WARN Could not find a path for pattern 1, falling back to simple order
graph/topo.h:230 NCCL WARN Could not find NET with id 0
torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3376, internal error - please report this issue to the NCCL developers, NCCL version 2.25.1
''',
)

case(
    id='jaxtoolbox194-async-nccl-error-at-32-nodes',
    kind='not_script',
    source='https://github.com/NVIDIA/JAX-Toolbox/issues/194',
    thread_site='NVIDIA JAX-Toolbox (PAXML/T5X) runs on a Slurm GPU cluster at 32 and 64 nodes; training crashes at the very first step on 2-3 processes with an async NCCL error while the rest abort; closed later as no longer reproducible',
    what='a sporadic communicator failure at large node counts (a remote process or the network failed) that went away without any change to the job - a transient fabric / library fault, not the job script; assumed shape - one task per GPU under srun in a pyxis image, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=32']],
    log='''
2023-08-25 11:06:39.330561: E external/xla/xla/service/gpu/nccl_utils.cc:191] Aborting communicator: 0x5555a108ff90 due to async NCCL error: remote process exited or there was a network error
''',
)

case(
    id='wandb8957-wandbcore-offline-connect-timeout-jureca',
    kind='not_script',
    source='https://github.com/wandb/wandb/issues/8957',
    thread_site='JSC JURECA-DC (Slurm, compute nodes without internet), a PyTorch training run with wandb in offline mode; with the new wandb-core SDK the run still tries to reach api.wandb.ai and enters a retry loop; labelled ty:bug and closed by the wandb team',
    what='DOUBTFUL - offline mode is already requested, yet the new wandb-core backend contacts the server - a bug of that wandb release; the job script is not at fault (a maintainer might suggest WANDB_MODE=offline / disabling wandb-core in the script as a workaround); assumed shape - one process per GPU under srun, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
urllib3.exceptions.ConnectTimeoutError: (<urllib3.connection.HTTPSConnection object at 0x153934284f50>, 'Connection to api.wandb.ai timed out. (connect timeout=20)')
''',
)

case(
    id='ezpz214-sunspot-fsdp-tp-ur-die-oneccl-allgatherv',
    kind='not_script',
    source='https://github.com/saforem2/ezpz/issues/214',
    thread_site='ALCF Sunspot (Aurora test system, PBS, PALS mpiexec through ezpz.launch), FSDP+TP training of a 2B model on 2 and 4 nodes x 12 ranks; one node is clean; the maintainer concludes it is a Level-Zero / fabric runtime issue in the inter-node collective path, not ezpz, and records that the environment-variable workarounds (immediate command lists off, CCL_ATL_TRANSPORT=ofi) were worse',
    what='a failure of the XPU runtime / oneCCL inter-node all-gather on the test system - not the job script (the launch works on one node and env workarounds in the script make it worse); DOUBTFUL only in that the thread does not name the eventual fix; assumed shape - 2 Aurora nodes, 12 ranks per node, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[[AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python3 -m ezpz.examples.fsdp_tp --model agpt-2b --tp 1']],
    log='''
ur_die: urEventWait must not be called for an internal event
RuntimeError: oneCCL: allgatherv_ring.hpp:83 allgatherv_ring_blocking: EXCEPTION: atl_comm->wait(ep_idx, recv_req) fails with status: 1
''',
)

case(
    id='pt85775-dataloader-shared-seed-timeout-uneven-ranks',
    kind='not_script',
    source='https://github.com/pytorch/pytorch/issues/85775',
    thread_site='multi-GPU DDP training with torchdata datapipes and the DataLoader; at the start of the second epoch one rank times out waiting for the DataLoader shared seed; the reporter notes the data loaders have different lengths on different ranks, and the torchdata maintainer recommends `datapipe.fullsync()` to equalise them',
    what='the ranks\' data pipelines yield different numbers of batches, so one rank starts the next epoch while another is still iterating - a problem of the training program / data pipeline, not of the launch script; assumed shape - single-node torchrun with 4 GPUs, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    log='''
Timed out receiving the shared seed from the distribtued store on Rank 2
''',
)

case(
    id='mds201-rocm-nvfuser-cuda-only-runtimeerror',
    kind='not_script',
    source='https://github.com/deepspeedai/Megatron-DeepSpeed/issues/201',
    thread_site='LLNL, Megatron-DeepSpeed on AMD GPUs (ROCm PyTorch); initialisation enables the CUDA nvfuser unconditionally, which ROCm builds reject; the maintainer agrees to skip it for non-NVIDIA builds (PR requested)',
    what='the training code calls a CUDA-only JIT switch on a ROCm build of PyTorch - a bug in the application / framework code, fixed there, not in the job script; assumed shape - one task per GPU under srun; no ROCm system among the ten, diagnosed as on Delta for the scheduler side only',
    cluster='delta',
    script='srun_python.sh',
    replace=[[SRUNPY, 'srun python -u pretrain_gpt.py --deepspeed --deepspeed_config ds_config.json']],
    log='''
File "/path/to/Megatron-DeepSpeed.git/megatron/initialize.py", line 303, in set_jit_fusion_options
    torch._C._jit_set_nvfuser_enabled(True)
RuntimeError: Running CUDA fuser is only supported on CUDA builds.
''',
)

case(
    id='torchccl54-ccl-worker-thread-pthread-create-22',
    kind='script',
    source='https://github.com/intel/torch-ccl/issues/54',
    thread_site='PyTorch with the oneCCL bindings (ccl backend) started without an MPI launcher; oneCCL falls back to ATL/OFI and then cannot start its worker thread (pthread_create returns EINVAL) while pinning it (issue open)',
    what='DOUBTFUL - oneCCL pins its progress-worker threads to cores (CCL_WORKER_AFFINITY) that are not in the process\'s allowed CPU set, so pthread_create fails; the usual job-script fix is to set CCL_WORKER_AFFINITY to cores inside the rank\'s binding (or launch through mpiexec so oneCCL reads the launcher variables); the thread itself has no stated fix; assumed shape - Aurora PBS job, mpiexec with per-rank CPU binding, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    log='''
2023:11:28-16:35:45:(35980) |CCL_WARN| did not find MPI-launcher specific variables, switch to ATL/OFI, to force enable ATL/MPI set CCL_ATL_TRANSPORT=mpi
2023:11:28-16:35:45:(35980) |CCL_ERROR| base_thread.cpp:36 start: error while creating worker thread #0 pthread_create returns 22
RuntimeError: oneCCL: exec.cpp:134 start_workers: EXCEPTION: failed to start worker # 0
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^\+.*(CCL_WORKER_AFFINITY|CCL_ATL_TRANSPORT=mpi)'},
)

case(
    id='verl158-ray-slurm-raylet-socket-shared-tempdir',
    kind='script',
    source='https://github.com/verl-project/verl/issues/158',
    thread_site='verl RL training on a Slurm cluster with a Ray cluster started by hand inside the job (ray start on each node, --temp-dir on the shared /traindata file system); single node works after setting VLLM_ATTENTION_BACKEND before ray start; on 2 nodes the trainer cannot reach the raylet socket of the session; the maintainers later added a community Slurm example',
    what='DOUBTFUL - the Ray head and workers are started with a session/temp directory on the shared file system, so the driver looks for a raylet socket that belongs to another node\'s session; the job-script fix is a node-local --temp-dir (or starting the driver on the head node against its own session); the thread only points to the later Slurm example; assumed shape - the Ray-on-Slurm job with --temp-dir on shared storage, diagnosed as on Delta',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[['ray start --head --node-ip-address="$head_ip" --port=6379 --num-gpus 4 --block', 'ray start --head --node-ip-address="$head_ip" --port=6379 --num-gpus 4 --temp-dir=/traindata/huida/runs/verl/ray_clusters --block'], ['ray start --address="$head_ip:6379" --num-gpus 4 --block', 'ray start --address="$head_ip:6379" --num-gpus 4 --temp-dir=/traindata/huida/runs/verl/ray_clusters --block'], ['python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model', 'python3 -m verl.trainer.main_ppo trainer.nnodes=2 trainer.n_gpus_per_node=4']],
    log='''
raylet_client.cc:60: Could not connect to socket /traindata/huida/runs/verl/ray_clusters/session_2025-01-31_21-33-56_370352_2880738/sockets/raylet.1
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^(-.*--temp-dir=/traindata|\+.*--temp-dir=(/tmp|\$TMPDIR|/local))'},
)

case(
    id='nccltests41-singularity-image-missing-libmlx5',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl-tests/issues/41',
    thread_site='nccl-tests all_reduce_perf inside a Singularity image on a 4x V100 node with InfiniBand; NCCL fails with an internal error; the NCCL maintainer - the warning means the container is missing the IB verbs userspace packages (probably libmlx5)',
    what='DOUBTFUL - the container image lacks the InfiniBand userspace provider library, so verbs cannot open the HCA; the fix is to rebuild the image with the provider (or pick the site\'s image), not a change of the launch script; a maintainer could argue for binding the host provider into the container from the script; assumed shape - one torchrun per node in an Apptainer image under srun, diagnosed as on Delta',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    log='''
libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0
ip-0AB85F07: Test NCCL failure common.cu:775 'internal error'
''',
)

case(
    id='mala466-srun-nccl-link-local-interface-refused',
    kind='script',
    source='https://github.com/mala-project/mala/pull/466',
    thread_site='MALA DDP on a university GPU cluster (Slurm, nodes gaXXX), 2 nodes x 4 GPUs launched with srun after torchrun proved awkward; NCCL bootstrap connects to a 169.254.x.x (link-local) address and is refused; the developer suspects the nodes cannot talk over TCP and contacts the HPC staff',
    what='DOUBTFUL - NCCL picked a link-local interface (169.254.x.x, e.g. a BMC/USB or container bridge) that is not routable between nodes; the usual job-script fix is NCCL_SOCKET_IFNAME (and GLOO_SOCKET_IFNAME) naming the cluster fabric interface; a maintainer could treat it as a site network configuration question; assumed shape - one process per GPU under srun on 2 Delta nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=2'], [SRUNPY, 'srun python parallel_n2_g4.py']],
    log='''
Net : Connect to 169.254.3.1<33323> failed : Connection refused
srun: error: ga011: tasks 4,6: Exited with exit code 1
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*(NCCL_SOCKET_IFNAME|GLOO_SOCKET_IFNAME)='},
)

case(
    id='oumi2015-distributed-torchrun-unexpanded-nodelist',
    kind='not_script',
    source='https://github.com/oumi-ai/oumi/issues/2015',
    thread_site='an HPE Slurm cluster (H200 nodes g100nXXX), `srun --ntasks=2 --ntasks-per-node=1 --nodes=2 oumi distributed torchrun ... -m oumi train -c <yaml>`; the oumi wrapper builds the torchrun command from SLURM_NODELIST without expanding the hostlist, so it passes the compressed list as master address and one node (labelled bug)',
    what='a bug in the oumi launcher wrapper\'s Slurm node-list parsing - the job script line (one wrapper per node under srun) is the documented shape; not the job script\'s fault; assumed shape - one wrapper per node under srun on 2 nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[[SRUN_TR, 'srun --ntasks=2 --ntasks-per-node=1 --nodes=2 oumi distributed torchrun --log-level DEBUG \\\n    -m oumi train -c train-llama3.1-8b-h200.yaml']],
    log='''
Command: ['torchrun', '--nnodes=1', '--node-rank=0', '--nproc-per-node=8', '--master-addr=g100n[040-041]', '--master-port=8007', '-m', 'oumi', 'train', '-c', '/nfs/bruno/APPLICATIONS/LLM/oumi/hpe-scripts/train-llama3.1-8b-h200.yaml']
''',
)

case(
    id='pyxis164-mpirun-inside-container-ssh-host-key',
    kind='script',
    source='https://github.com/NVIDIA/pyxis/issues/164',
    thread_site='a 2-node GPU Slurm cluster with pyxis/enroot and PMIx; the job script runs `srun --container-image=runtime.sqsh ... mpirun -np 8 bin_std`, i.e. Open MPI\'s mpirun inside the container tries to start daemons on the other node over SSH; works on one node',
    what='the launch line nests mpirun inside the srun container step, so mpirun needs SSH between nodes from inside the image; the job-script fix is to let srun start the ranks directly in the container (`srun --mpi=pmix -n 16 ... bin_std`, no mpirun); assumed shape - pyxis image, 2 nodes x 8 GPUs, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=2'], [PYX, 'srun --container-mounts=./input --container-workdir=./input --container-image=runtime.sqsh \\\n    mpirun -np 8 bin_std']],
    log='''
Host key verification failed.
''',
    expect={'families': ['launcher', 'containers'], 'fix': r'(?m)^(-.*mpirun -np 8 bin_std|\+.*srun .*--mpi[= ]pmi\w*)'},
)

case(
    id='podmanhpc110-mpi-injection-no-container-in-database',
    kind='not_script',
    source='https://github.com/NERSC/podman-hpc/issues/110',
    thread_site='NERSC Perlmutter, a user-built CUDA-Q + MPICH image (podman-hpc build, then podman-hpc migrate); `podman-hpc run --mpi --gpu` fails while `--gpu` alone starts the container; closed by NERSC (podman-hpc state/MPI-module issue; NERSC advises clearing podman-hpc storage when it gets into a bad state)',
    what='DOUBTFUL - the podman-hpc runtime loses the container it just created when the MPI module is injected - a container-runtime / site-module problem, not the job script (the --mpi --gpu form is the documented one); assumed shape - a Perlmutter GPU job with srun podman-hpc run --mpi --gpu, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[[PM, 'srun podman-hpc run --rm --mpi --gpu cudaq-mpich:test python3 train.py']],
    log='''
Error: no container with ID c788431eb058741b5bdab05bc5b20fd8c1bce5594326681c1a396a157441b366 found in database: no such container
send_complete failed for None
''',
)

case(
    id='hvd1355-visible-device-list-one-gpu-per-task',
    kind='script',
    source='https://github.com/horovod/horovod/issues/1355',
    thread_site='a university GPU cluster, Horovod + TensorFlow/Keras mnist example in a conda environment launched on 2 GPUs; each process sees a single GPU yet the example pins visible_device_list to its local rank; a bare hvd.init() script also shows Open MPI TCP connect errors between nodes',
    what='DOUBTFUL - the launch gives each task only its own GPU (one visible device per process) while the program, as Horovod examples do, selects GPU local_rank, so rank 1 asks for device 1 of 1; the job-script fix is to leave all node GPUs visible to every task (per-node GPU request, no per-task binding / CUDA_VISIBLE_DEVICES override); a maintainer could fix it in the program instead; assumed shape - one task per GPU under srun with per-task GPU binding on one Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-task=1'], [SRUNPY, 'srun python mnist_keras_hvd.py']],
    log='''
    tensorflow.python.framework.errors_impl.InvalidArgumentError: 'visible_device_list' listed an invalid GPU id '1' but visible device count is 1
''',
    expect={'families': ['devices', 'scheduler'], 'fix': r'(?m)^(-#SBATCH --gpus-per-task=1|\+#SBATCH --gpus-per-node|\+.*--gpu-bind[= ]none)'},
)

case(
    id='ezpz220-polaris-conda-module-pins-removed-pe',
    kind='not_script',
    source='https://github.com/saforem2/ezpz/issues/220',
    thread_site='ALCF Polaris after a Cray Programming Environment upgrade; every conda module fails to load because its module file requires gcc-native/14.2 and cray-hdf5-parallel/1.14.3.5, which no longer exist; the setup then falls through to /usr/bin/python3 and torch is missing; pre-loading the right versions does not help because the pins are inside the module files (issue open; workaround - activate a venv directly)',
    what='DOUBTFUL - the site\'s conda module files pin programming-environment versions removed by the upgrade, so `module load conda` fails for everyone - a site module defect to be fixed by ALCF; a job script can only work around it (use another environment), which a maintainer might count as a script change; assumed shape - the Polaris torchrun-per-node job that loads the conda module, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    log='''
"gcc-native/14.2" "cray-hdf5-parallel/1.14.3.5"
ModuleNotFoundError: No module named 'torch'
''',
)

case(
    id='deepdewedge22-nccl-allreduce-watchdog-gone-on-other-gpus',
    kind='not_script',
    source='https://github.com/MLI-lab/DeepDeWedge/issues/22',
    thread_site='DeepDeWedge (Lightning DDP) fit-model on a 4-GPU A100 node; an ALLREDUCE hangs until the 30-minute NCCL watchdog takes the process down; the user reports the error is gone when re-running on a different GPU card, and the maintainer calls it a hardware-specific multi-GPU problem',
    what='DOUBTFUL - a collective hangs on one node and the same job runs when moved to other GPUs, so the evidence points at the node/GPUs rather than the job script (resubmit excluding the node, report it); the cause was never pinned down, and a maintainer might count the user\'s changed pipeline inputs as a fix; assumed shape - one Slurm task running the 4-GPU program on one node, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[[TR1, 'ddw fit-model --config ./config.yaml']],
    log='''
[rank1]:[E ProcessGroupNCCL.cpp:523] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=44, OpType=ALLREDUCE, NumelIn=6832129, NumelOut=6832129, Timeout(ms)=1800000) ran for 1800772 milliseconds before timing out.
[rank1]:[E ProcessGroupNCCL.cpp:537] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.
[rank1]:[E ProcessGroupNCCL.cpp:543] To avoid data inconsistency, we are taking the entire process down.
''',
)

case(
    id='tecogan31-launch-passes-local-rank-dash-parser-underscore',
    kind='not_script',
    source='https://github.com/skycrapers/TecoGAN-PyTorch/issues/31',
    thread_site='TecoGAN-PyTorch distributed training started with `python -m torch.distributed.launch` under PyTorch 2.x, which now passes `--local-rank=N` (dash) to every worker; the program\'s parser only defines `--local_rank`, so every rank exits at argument parsing; the user\'s fix - accept `--local-rank` in the program\'s argparse',
    what='the training program\'s argument parser does not accept the argument the (deprecated) launcher passes in this PyTorch version, and the program needs that value to pick its GPU, so switching the launch line to torchrun alone does not fix it - the fix is in the program (accept `--local-rank` or read LOCAL_RANK); a maintainer might count the launch line as part of the fix; assumed shape - one Slurm task starting the launcher for 4 GPUs on one Delta node, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[[TR1, 'python -m torch.distributed.launch --nproc_per_node=4 --master_port=4321 main.py --exp_dir ./experiments_BD/TecoGAN/001 --mode train --dist --opt train.yml']],
    log='''
main.py: error: unrecognized arguments: --local-rank=1
ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 2) local_rank: 0 (pid: 622423) of binary: /home/rong/anaconda3/envs/tecogan/bin/python
''',
)

case(
    id='sglang3512-multinode-run-sh-under-dash-source-not-found',
    kind='script',
    source='https://github.com/sgl-project/sglang/issues/3512',
    thread_site='SGLang multi-node inference of DeepSeek-R1 on a Slurm cluster following the project\'s multi-node Slurm example; the per-node script activates the Python environment with `source`, but it is run by /bin/sh (dash), which has no `source`, so activation fails on every node; the maintainers only point at "an environment issue" (no stated fix)',
    what='the message is dash\'s format (`run.sh: 18: source: not found`): the node script is started with `sh`, not bash, so the bash-only `source` line fails and the environment is never activated; the fix is in the job script - start the node script with bash (`srun bash run.sh`, or a bash shebang and executing it) or use `.` instead of `source`; assumed shape - 2 Delta GPU nodes, one task per node running `sh run.sh` under srun, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[[SRUN_TR, 'srun sh run.sh']],
    log='''
[INFO] Activating environment on node
run.sh: 18: source: not found
[ERROR] Failed to activate environment
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^(-.*srun sh run\.sh|\+.*srun .*bash .*run\.sh|\+.*\. .*activate)'},
)

case(
    id='onlinerlhf11-accelerate-main-process-port-zero-hang',
    kind='script',
    source='https://github.com/RLHFlow/Online-RLHF/issues/11',
    thread_site='Online-RLHF stage 3.3 (DPO) with `accelerate launch` and a DeepSpeed ZeRO config on one multi-GPU machine; with distributed_type DEEPSPEED or MULTI_GPU the run hangs right after DeepSpeed starts initialising the process group; the user found the cause - a line `main_process_port: 0` they had added to the accelerate config',
    what='the launcher is told to use port 0 for the rendezvous, so the ranks never meet and the run hangs at process-group initialisation; the fix is in the launch configuration (drop the setting or give a real free port); in the thread the setting sat in the accelerate yaml, here it is written as the equivalent `--main_process_port 0` on the launch line - assumed shape, the one-node accelerate job on 2 Delta GPUs, diagnosed as on Delta',
    cluster='delta',
    script='accelerate.sh',
    replace=[['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --config_file ./configs/zero2.yaml --main_process_port 0 --num_processes 2 dpo_iteration/run_dpo.py ./configs/training.yaml']],
    log='''
[2024-06-11 00:23:36,254] [INFO] [comm.py:637:init_distributed] cdb=None
[2024-06-11 00:23:36,254] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl
[2024-06-11 00:23:36,296] [INFO] [comm.py:637:init_distributed] cdb=None
''',
    expect={'families': ['launcher', 'rendezvous'], 'fix': r'(?m)^(-.*--main_process_port 0|\+.*--main_process_port[= ][1-9]\d*)'},
)

case(
    id='llmfoundry439-composer-after-srun-and-runs-off-allocation',
    kind='script',
    source='https://github.com/mosaicml/llm-foundry/issues/439',
    thread_site='a Slurm GPU cluster (petrelfs, partition it_p2); the user types one line on the login node: `srun --partition=it_p2 --gres=gpu:4 ... python -c "import torch; print(torch.cuda.device_count())" && composer train/train.py train/yamls/pretrain/mpt-7b.yaml`; srun prints 4, but the composer training then starts without GPUs, falls back from FSDP and fails in precision validation',
    what='only the `python -c` check runs under srun on the GPU allocation; `&& composer ...` runs afterwards on the node where the line was typed (the login node, no GPUs), so composer sees no GPUs - the fix is in the launch line: run the composer launcher itself under srun (or in a batch job) on the GPU node; assumed shape - a small launcher script holding that exact line, run from a Delta login node (partition renamed to a Delta one), diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[
        ['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8\n#SBATCH --time=02:00:00\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', ''],
        [SRUNPY, 'srun --partition=gpuA100x4 --gres=gpu:4 --nodes=1 --ntasks-per-node=1 --job-name=TEST_SLURM --kill-on-bad-exit=1 python -c "import torch; print(torch.cuda.device_count())" && composer train/train.py train/yamls/pretrain/mpt-7b.yaml'],
    ],
    log='''
4
/mnt/petrelfs/songyixin/llm-foundry/scripts/train/train.py:168: UserWarning: FSDP is not applicable for single-GPU training. Reverting to DDP.
Instantiating an MPTForCausalLM model from /mnt/petrelfs/songyixin/.cache/huggingface/modules/transformers_modules/mosaicml/mpt-7b/72e5f594ce36f9cabfa2a9fd8f58b491eb467ee7/modeling_mpt.py
│ ❱  917 │   │   _validate_precision(precision, device)                                            │
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^(-.*&& composer|\+.*srun .*composer )'},
)

case(
    id='llmfoundry1736-node-signal-file-shared-fs-multinode',
    kind='not_script',
    source='https://github.com/mosaicml/llm-foundry/issues/1736',
    thread_site='CINECA Leonardo (Slurm, 4 A100 per node, shared GPFS home), llm-foundry release v0.17.1; single-node training starts, multi-node fails while building the tokenizer: the per-node signal file name from composer.utils.dist.get_node_signal_file_name() is not the same on every rank of a node, so one rank removes a file another never created (issue open, labelled bug; earlier shared-file-system signal-file fixes were reverted and re-applied upstream)',
    what='a bug in the library\'s multi-node signal-file handling on a shared file system - the job script launches the ranks the documented way and works on one node; fix upstream (or patch / pin the library); assumed shape - srun torchrun over 2 nodes x 4 GPUs running the llm-foundry train script, diagnosed as on Delta (same Slurm + shared-filesystem family)',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[[SRUN_TR, 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" scripts/train/train.py scripts/train/yamls/pretrain/mpt-125m.yaml']],
    log='''
[rank0]:   File "/leonardo/home/userexternal/lmoroni0/__Work/llm-foundry/llmfoundry/utils/builders.py", line 545, in build_tokenizer
[rank0]:     os.remove(signal_file_path)
[rank0]: FileNotFoundError: [Errno 2] No such file or directory: '._signal_file_node0_KfmwNg'
''',
)

case(
    id='pl3651-ray-tune-lightning-slurm-signal-main-thread',
    kind='not_script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/3651',
    thread_site='University of Melbourne Spartan (Slurm), Ray Tune + PyTorch Lightning hyperparameter search started as `python -u tune.py` in a one-task, 4-GPU batch job (script in ray-project/ray#10995); Lightning sees the SLURM environment inside each Ray trial and registers its Slurm signal handlers from a worker thread, which Python forbids; Ray suggested a hack (pretend SLURM_JOB_NAME is bash), the Lightning issue (labelled 3rd-party bug) asks for a way to switch the Slurm detection off',
    what='DOUBTFUL - a framework interaction bug (Lightning\'s Slurm auto-detection inside Ray Tune worker threads), fixed on the framework side later (Slurm detection / auto-requeue can be switched off); the batch script itself is an ordinary one-task job; a maintainer could count the workaround (masking the Slurm job name in the environment of the run) as a script fix; assumed shape - one Slurm task on a 4-GPU Delta node running the tune script, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[[TR1, 'time python -u tune.py &> "tune_output.txt"']],
    log='''
ray.tune.error.TuneError: Trial raised an exception. Traceback:
ray::ImplicitFunc.train() (pid=4432, ip=172.26.92.190)
  File "/home/user/.local/lib/python3.7/site-packages/ray/tune/function_runner.py", line 227, in run
ValueError: signal only works in main thread
''',
)
