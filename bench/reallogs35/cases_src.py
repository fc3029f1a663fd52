# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Written before any run: nobody has run maple repair/diagnose or bench/reallogs/run.py on these.

# ---------------------------------------------------------------- Polaris apptainer + mpiexec + torchrun guide (2)

PAPT_SOURCE = 'find_string:51776278495'
PAPT_SITE = 'a user\'s guide to PyTorch DDP in an Apptainer container on ALCF Polaris ("Debugging Common Failures", written from live debugging sessions with 6 job submissions to a working job): PBS job, `mpiexec -n NNODES -ppn 1 ... apptainer exec -B /opt -B /soft -B /var/run/palsd/ -B ...:/ofi-nccl --nv SIF torchrun --nnodes ... --nproc_per_node=4`, each failure given as the error text, cause and fix'
PAPT_HEAD = [['#PBS -q debug-scaling', '#PBS -q debug'], ['module load conda\nconda activate\n', 'module load spack-pe-base apptainer cray-mpich-abi\nSIF=${PBS_O_WORKDIR}/pytorch-polaris-v1.sif\nOFI_NCCL_LIB=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib\nexport APPTAINERENV_NCCL_NET="AWS Libfabric"\nexport APPTAINERENV_NCCL_NET_GDR_LEVEL=PHB\n']]

case(
    id='polarisapptainer-ofi-nccl-plugin-not-preloaded-network-aws-libfabric-not-found',
    kind='script',
    source=PAPT_SOURCE,
    thread_site=PAPT_SITE + '; "NCCL WARN Error: network AWS Libfabric not found": cause - the NCCL plugin is not loaded; fix - set `APPTAINERENV_LD_PRELOAD="/ofi-nccl/libnccl-net.so"` before `apptainer exec` (the plugin must be preloaded; LD_LIBRARY_PATH alone is not enough)',
    what='the job asks NCCL for the AWS Libfabric network but never preloads the bind-mounted OFI plugin into the container; the fix is one exported variable in the job script, so labelled script; the line is the guide\'s own error text (the same NCCL message, with a rank prefix or a final period, is in reallogs7 and s30rscript_probe from other sources; this line is not); ran on Polaris; assumed shape - the guide\'s job script with the LD_PRELOAD export missing (the library path and the /ofi-nccl bind kept)',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    replace=PAPT_HEAD + [['mpiexec -n ${NNODES} --ppn 1 --depth=64 --cpu-bind depth \\\n    torchrun', 'export APPTAINERENV_LD_LIBRARY_PATH="${CRAY_LD_LIBRARY_PATH}:${LD_LIBRARY_PATH}:/host/usr/lib64:/ofi-nccl:/soft/libraries/hwloc/lib"\nmpiexec -n ${NNODES} --ppn 1 --depth=64 --cpu-bind depth \\\n    apptainer exec -B /opt -B /soft -B /var/run/palsd/ -B /usr/lib64:/host/usr/lib64 -B ${OFI_NCCL_LIB}:/ofi-nccl --nv ${SIF} \\\n    torchrun']],
    log='''
NCCL WARN Error: network AWS Libfabric not found
''',
    expect={'families': ['environment', 'containers', 'network'], 'fix': r'(?m)^\+.*LD_PRELOAD=\S*libnccl-net'},
)

case(
    id='polarisapptainer-soft-not-bound-hwloc-missing-in-container',
    kind='script',
    source=PAPT_SOURCE,
    thread_site=PAPT_SITE + '; "error while loading shared libraries: libhwloc.so.0": cause - hwloc is not accessible to the container; fix - add `-B /soft` to `apptainer exec` and include `/soft/libraries/hwloc/lib` in APPTAINERENV_LD_LIBRARY_PATH',
    what='the container cannot see the host hwloc that Cray MPICH needs, because /soft is neither bound nor on the container\'s library path; the fix is a bind option on the launch line and a path in an exported variable of the job script, so labelled script; the line is the guide\'s own error text (the loader\'s full line names the program first; the guide quotes only this part); ran on Polaris; assumed shape - the guide\'s job script without `-B /soft` and without the hwloc path',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    replace=PAPT_HEAD + [['mpiexec -n ${NNODES} --ppn 1 --depth=64 --cpu-bind depth \\\n    torchrun', 'export APPTAINERENV_LD_PRELOAD=/ofi-nccl/libnccl-net.so\nexport APPTAINERENV_LD_LIBRARY_PATH="${CRAY_LD_LIBRARY_PATH}:${LD_LIBRARY_PATH}:/host/usr/lib64:/ofi-nccl"\nmpiexec -n ${NNODES} --ppn 1 --depth=64 --cpu-bind depth \\\n    apptainer exec -B /opt -B /var/run/palsd/ -B /usr/lib64:/host/usr/lib64 -B ${OFI_NCCL_LIB}:/ofi-nccl --nv ${SIF} \\\n    torchrun']],
    log='''
error while loading shared libraries: libhwloc.so.0
''',
    expect={'families': ['environment', 'containers', 'filesystem'], 'fix': r'(?m)^\+.*(-B\s+/soft\b|--bind\s+/soft\b|hwloc/lib)'},
)

# ---------------------------------------------------------------- Polaris fine-tuning project notes (1)

case(
    id='polarisqueuenote-single-node-job-in-prod-queue-min-ten-nodes-rejected',
    kind='script',
    source='find_string:59643578397',
    thread_site='a user\'s project notes (SFT of a model on ALCF Polaris, "Cluster notes" / "Queue facts worth not rediscovering"): debug - max 1h, max 2 nodes; prod - resources_min.nodect = 10, a `select=1` job is rejected with this message; preemptable - min 1 node, max 72h, "the queue for long single-node runs"',
    what='a one-node job was sent to a queue whose minimum is 10 nodes, so PBS refused it at submission; the fix is the queue directive (or the node count) in the job script, so labelled script; the line is the note\'s own quoted message (reallogs3 holds a longer line that contains the same qsub text with a `qsub: ` prefix inside an ert driver error; this line is not in it); ran on Polaris; assumed shape - a single-node torchrun job (one process per GPU) with `#PBS -q prod` and a long walltime',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=12:00:00'], ['#PBS -q debug-scaling', '#PBS -q prod']],
    log='''
Job violates queue and/or server resource limits
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#PBS\s+-q\s+(preemptable|capacity|debug)\b|^\+#PBS\s+-l\s+select=([1-9]\d+)\b'},
    # s36: capacity accepted (ALCF's Polaris capacity queue takes 1-4 nodes up to 168 h: templates/clusters/polaris.yaml);
    # the notes the case quotes list debug, prod and preemptable only. Changed on the tune half after s36rl3536's report.
)

# ---------------------------------------------------------------- NCAR Derecho distributed-PyTorch guide, troubleshooting page (2)

DER_SOURCE = 'https://github.com/negin513/distributed-pytorch-hpc/blob/fd4a87d9bbbddcbf66be54796f9b5ad8f93c9a42/docs/guide/troubleshooting.md'
DER_SITE = 'the "Troubleshooting Distributed PyTorch on Derecho" page of an NCAR guide to multi-node PyTorch on NSF NCAR Derecho (docs/guide/troubleshooting.md, published as negin513.github.io/distributed-pytorch-hpc/guide/troubleshooting): PBS jobs, 4 A100 GPUs a node, HPE Slingshot, `mpiexec -n 8 --ppn 4 --cpu-bind none python train.py` or torchrun, each item given as error text, cause and solution'
DER_MAP = 'not one of the ten sites - NCAR Derecho (PBS Pro, HPE Cray EX, 4 A100 a node, Slingshot 11, PALS mpiexec) - so mapped by scheduler and system family to Polaris, which has the same shape'
DER_LAUNCH = [['#PBS -q debug-scaling', '#PBS -q prod'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind none python train.py']]

case(
    id='derechotrouble-slingshot-nccl-unhandled-system-error-cxi-exports',
    kind='script',
    source=DER_SOURCE,
    thread_site=DER_SITE + '; "NCCL Error: unhandled system error": cause - Slingshot network issue or misconfigured NCCL; solution - `export NCCL_SHM_DISABLE=1`, `export NCCL_CROSS_NIC=1`, `export FI_CXI_DISABLE_HOST_REGISTER=1`, `export FI_CXI_OPTIMIZED_MRS=false`',
    what='the page\'s cure is a set of exported NCCL/libfabric variables in the job script, so labelled script - a documentation cure, not one job\'s verified rerun; the line is the page\'s own error text with its placeholder version `2.x.x` kept as written; ' + DER_MAP + '; assumed shape - the guide\'s 2-node mpiexec job without the Slingshot exports',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=DER_LAUNCH,
    log='''
NCCL error: unhandled system error, NCCL version 2.x.x
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\b(NCCL_SHM_DISABLE|NCCL_CROSS_NIC|FI_CXI_DISABLE_HOST_REGISTER|FI_CXI_OPTIMIZED_MRS)='},
)

case(
    id='derechotrouble-nccl-not-on-hsn-interface-communicator-aborted-timeout',
    kind='script',
    source=DER_SOURCE,
    thread_site=DER_SITE + '; "NCCL Timeout / Hang at Startup" (`RuntimeError: NCCL communicator was aborted ... NCCL_TIMEOUT` or a hang at dist.init_process_group()): cause - NCCL cannot establish communication between GPUs, usually a network interface issue on Derecho; solution - "Always set on Derecho - this is the #1 fix": `export NCCL_SOCKET_IFNAME=hsn` and `export NCCL_IB_DISABLE=1` (then a longer timeout and NCCL_DEBUG=INFO if it still hangs)',
    what='NCCL picks a non-Slingshot interface, so the communicator never forms; the page\'s first cure is two exported variables in the job script, so labelled script - a documentation cure, not one job\'s rerun; the line is the page\'s own error text with its `...` elision kept as written; ' + DER_MAP + '; assumed shape - the guide\'s 2-node mpiexec job without any NCCL exports',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=DER_LAUNCH,
    log='''
RuntimeError: NCCL communicator was aborted ... NCCL_TIMEOUT
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\bNCCL_SOCKET_IFNAME=\S*hsn'},
)

# ---------------------------------------------------------------- Mahidol AI Center HPC-AI user guide, NCCL DDP multi-node page (2)

MU_SOURCE = 'https://github.com/ai-hpc-mu/document/blob/f4bbe8136d8119a9c8d79a2348f13a7f38274c5f/doc/adv_guide/ddp-training.md'
MU_SITE = 'the Mahidol AI Center "HPC-AI User Guide: NCCL DDP Multi-Node Training" (doc/adv_guide/ddp-training.md, published as ai-hpc-mu.github.io/document/adv_guide/ddp-training.html; Slurm cluster of 8-GPU H100/A100 nodes with several mlx5 InfiniBand HCAs, some ports down): "Common Pitfalls" and "Troubleshooting Smoke Tests" give symptom, cause and fix'
MU_MAP = 'not one of the ten sites - a university Slurm cluster of 8-GPU nodes on InfiniBand - so mapped by scheduler and fabric family to Bridges-2 (Slurm, 8-GPU nodes, InfiniBand)'
MU_JOB = [['#SBATCH --nodes=1', '#SBATCH --nodes=2\n#SBATCH -p GPU'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=00:05:00'], ['export MASTER_PORT=12802', 'export MASTER_PORT=29500\nexport NCCL_IB_DISABLE=0\nexport NCCL_DEBUG=INFO'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun -N 2 python3 nccl_allreduce_smoke.py']]

case(
    id='mahidolddp-nccl-uses-down-ib-hca-no-route-to-host-restrict-ports',
    kind='script',
    source=MU_SOURCE,
    thread_site=MU_SITE + '; 5.1 "NCCL Picks Down IB Port": symptom `No route to host` during NCCL init; cause - NCCL auto-detects all IB HCAs, including down ones; fix - restrict NCCL to the active ports, `export NCCL_IB_HCA=mlx5_3,mlx5_6` (check with ibstat that the ports are Active)',
    what='NCCL is left to choose among all HCAs of the node and picks a port whose link is down; the guide\'s fix is one exported variable in the job script, so labelled script - a guide\'s cure, written from the centre\'s own smoke tests; the line is the guide\'s own symptom text (short and generic; the HCA names are the cluster\'s own, so a right fix must take them from the user or ibstat, and a guessed list would be invented - `fix` accepts any NCCL_IB_HCA value); ' + MU_MAP + '; assumed shape - the guide\'s 2-node NCCL-over-InfiniBand smoke test without the NCCL_IB_HCA line',
    cluster='bridges2',
    script='srun_python.sh',
    replace=MU_JOB,
    log='''
No route to host
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\bNCCL_IB_HCA=\S+'},
)

case(
    id='mahidolddp-node-resumed-from-drain-slurmd-not-ready-socket-timed-out',
    kind='not_script',
    source=MU_SOURCE,
    thread_site=MU_SITE + '; 5.2 "Node Still Draining": symptom `Socket timed out on send/recv operation`; cause - the node was resumed from `drain` but `slurmd` is not ready; fix - wait 1-2 minutes, then resubmit (check the node state with `sinfo -o "%N %t"`); the smoke-test table says the same ("Wait for node to reach IDLE state")',
    what='a node-administration state (a node just resumed from drain, its slurmd not yet answering), cured by waiting and resubmitting the same job; nothing in the job script changes, so not_script; the line is the guide\'s own symptom text (longer lines that contain it, with `sbatch: error:`/`srun: error:` prefixes, are in other sets; this bare line is not); ' + MU_MAP + '; assumed shape - the same 2-node smoke test, complete and correct',
    cluster='bridges2',
    script='srun_python.sh',
    replace=MU_JOB[:4] + [['export MASTER_PORT=12802', 'export MASTER_PORT=29500\nexport NCCL_IB_DISABLE=0\nexport NCCL_IB_HCA=mlx5_3,mlx5_6\nexport NCCL_DEBUG=INFO'], MU_JOB[5]],
    log='''
Socket timed out on send/recv operation
''',
)

# ---------------------------------------------------------------- Mahidol AI Center guide, zeta A100 Singularity precaution page (1)

case(
    id='mahidolzeta-scancel-left-gpu-memory-held-node-unavailable-pending',
    kind='not_script',
    source='https://github.com/ai-hpc-mu/document/blob/f4bbe8136d8119a9c8d79a2348f13a7f38274c5f/doc/adv_guide/zeta-A100-80GB-singularity.md',
    thread_site='the Mahidol AI Center guide "Zeta A100 SXM4 80GB - Singularity Precaution Guide" (8x A100 node zeta, Singularity CE 4.1.3), "User Trip - Cancelling a Live GPU Job (Learned 2026-03-21)": a bare `scancel` of a running 8-way NCCL vLLM job left GPU memory allocated, the Slurm epilog saw the leftover GPU use and marked zeta unavailable, and the next submission stayed `PENDING (ReqNodeNotAvail, UnavailableNodes:zeta)`; fix (admin required): kill the leftover processes on zeta and `scontrol update node=zeta state=resume`; prevention - cancel with `scancel --signal=SIGINT` first',
    what='the job waits because an administrator must clear and resume the node that an earlier job left dirty; the fix is node administration, nothing in the waiting job\'s script (the prevention advice concerns how the earlier job was cancelled, not this script), so not_script; the line is the guide\'s own quoted job state; not one of the ten sites - a university Slurm cluster with an 8x A100-80GB node - so mapped by scheduler family to Bridges-2 (Slurm, 8-GPU nodes); assumed shape - a single-node 8-GPU Singularity vLLM job that asks for the node\'s GPU type through the partition (no --nodelist pin)',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=1\n#SBATCH -p GPU'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'SIF=$PROJECT/containers/vllm.sif\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'singularity exec --nvccli "$SIF" vllm serve $PROJECT/models/Qwen2.5-72B-Instruct --tensor-parallel-size 8']],
    log='''
PENDING (ReqNodeNotAvail, UnavailableNodes:zeta)
''',
)

# ---------------------------------------------------------------- a point-cloud diffusion project's "Distributed Training Troubleshooting Guide" (2)

PCD_SOURCE = 'find_string:15605397186'
PCD_SITE = 'a research project\'s "Distributed Training Troubleshooting Guide" (a point-cloud diffusion model for skull completion, `torchrun --nproc_per_node=8 pcdiff/train_completion.py`, 8 GPUs of one node), each problem given as symptom, root causes and fixes'
PCD_MAP = 'not one of the ten sites - one 8-GPU node, torchrun from the batch step - so mapped to Delta (Slurm, 8-way A100 nodes) as a one-node 8-GPU job'
PCD_JOB = [['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8\n#SBATCH --partition=gpuA100x8'], ['#SBATCH --time=01:00:00', '#SBATCH --time=24:00:00'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=8 pcdiff/train_completion.py --bs 64']]

case(
    id='pcdifftrouble-rank-divergence-uneven-batches-watchdog-timeout-after-good-training',
    kind='not_script',
    source=PCD_SOURCE,
    thread_site=PCD_SITE + '; "NCCL Timeout / Hang Issues": symptom - training progresses normally for a while, then hangs for 10+ minutes before crashing with the watchdog line; root cause 1 (most common) - rank divergence: uneven batch counts across ranks (dataset size not divisible by world_size), rank-conditional code paths, a DataLoader worker crash on one rank; fixes (in the code) - DistributedSampler with drop_last=True, barriers around rank-0-only diagnostics, a per-epoch step-count check; cause 2 - GPU hardware faults (Xid 79/63/48: contact admin); cause 3 - interconnect topology',
    what='a hang after a long good run, whose listed causes are the training program (ranks doing different numbers of collectives) or the hardware; every fix the guide gives is Python code or an administrator\'s action, none is in the job script, so not_script; the line is the guide\'s own quoted watchdog line with its placeholders `N`/`XXXXX` and elision kept as written; ' + PCD_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=PCD_JOB,
    log='''
[Rank N] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=XXXXX, OpType=ALLREDUCE, ...)
''',
)

case(
    id='pcdifftrouble-checkpoint-keys-differ-from-loader-model-state-dict-keyerror',
    kind='not_script',
    source=PCD_SOURCE,
    thread_site=PCD_SITE + '; "Checkpoint Loading Issues": symptom `KeyError: \'model_state_dict\'` or `RuntimeError: Error(s) in loading state_dict`; fixes - inspect the checkpoint\'s keys (the project saves epoch/model_state/optimizer_state) and make the DDP `module.` prefix match (handled in the script\'s model wrapper)',
    what='the checkpoint on disk has other keys than the loading code expects (a format/prefix mismatch between the program\'s save and load paths); the fixes are in the Python program or the checkpoint, not in the job script, so not_script; the lines are the guide\'s own quoted symptoms (two alternatives it lists under one heading); ' + PCD_MAP + '; assumed shape - the same one-node job resuming from a checkpoint path given on the command line',
    cluster='delta',
    script='torchrun_single.sh',
    replace=PCD_JOB[:2] + [['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=8 pcdiff/train_completion.py --bs 64 --model $WORK/pcdiff/checkpoints/epoch_1500.pth']],
    log='''
KeyError: 'model_state_dict'
RuntimeError: Error(s) in loading state_dict
''',
)

# ---------------------------------------------------------------- a lab's "Troubleshooting Guide" for the Ohio Supercomputer Center (1)

case(
    id='osclabtrouble-gpu-job-pending-per-user-gres-qos-limit-wait',
    kind='not_script',
    source='find_string:52394349294',
    thread_site='a research lab\'s "Troubleshooting Guide" for working on the Ohio Supercomputer Center (Pitzer, Slurm; last reviewed 2026-02-26), "Job Pending Forever": check the REASON column of squeue; `QOSMaxGRESPerUser` - too many GPU jobs running, wait or cancel old jobs (`scancel <job_id>`); other reasons listed: Resources (reduce the request), ReqNodeNotAvail (maintenance window: reduce the time limit or wait), Priority (wait)',
    what='the job is correct and waits only because the user\'s other GPU jobs already hold the per-user GPU limit of the QOS; the cure the guide gives is to wait or cancel other jobs, nothing in this job\'s script, so not_script; the line is the guide\'s own pending reason (a longer `sbatch: error: QOSMaxGRESPerUser` line is in another set; this bare reason is not); not one of the ten sites - OSC Pitzer (Slurm, V100/A100 GPU nodes) - so mapped by scheduler family to Lonestar6; assumed shape - a one-node, one-GPU training job',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH -p gpu-a100'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'source .venv/bin/activate\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python ~/projects/myproject/train.py']],
    log='''
QOSMaxGRESPerUser
''',
)


# ---------------------------------------------------------------- NCAR Derecho distributed-PyTorch guide, NCCL tuning page (1)

case(
    id='derechonccl-gpus-not-visible-to-ranks-no-cuda-capable-device-visible-devices',
    kind='script',
    source='https://github.com/negin513/distributed-pytorch-hpc/blob/9f66558c2ad8bb8363f6ab7c97cf904458ad1c5b/docs/guide/nccl_tuning.md',
    thread_site='the "NCCL Tuning Guide for Derecho" page of the same NCAR guide (docs/guide/nccl_tuning.md, published as negin513.github.io/distributed-pytorch-hpc/guide/nccl_tuning), "Troubleshooting Common NCCL Issues": `"NCCL WARN ... no CUDA-capable device"` - cause: CUDA_VISIBLE_DEVICES not set or GPU not accessible; fix: `export CUDA_VISIBLE_DEVICES=0,1,2,3`; debug: print torch.cuda.device_count()',
    what='the ranks start without the node\'s GPUs visible to them; the page\'s fix is an exported variable in the job script, so labelled script - a documentation cure, not one job\'s rerun; the line is the page\'s own quoted warning with its `...` elision kept as written; ' + DER_MAP + '; assumed shape - the guide\'s 2-node mpiexec job with the Slingshot NCCL exports, in a job whose launch environment leaves CUDA_VISIBLE_DEVICES empty (`export CUDA_VISIBLE_DEVICES=` kept from an earlier CPU test)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=DER_LAUNCH[:1] + [['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'export NCCL_SOCKET_IFNAME=hsn\nexport NCCL_IB_DISABLE=1\nexport CUDA_VISIBLE_DEVICES=\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind none python train.py']],
    log='''
NCCL WARN ... no CUDA-capable device
''',
    expect={'families': ['devices', 'environment'], 'fix': r'(?m)^\+.*\bCUDA_VISIBLE_DEVICES=\d|^-\s*export\s+CUDA_VISIBLE_DEVICES=\s*$'},
)

# ---------------------------------------------------------------- a user's notes on running CANDLE's MPI programs on NIH Biowulf (1)

case(
    id='candlebiowulf-srun-direct-launch-without-pmix-ompi-pmi-support-missing',
    kind='script',
    source='find_string:20184421339',
    thread_site='a user\'s notes ("Selected notes on attempts to get CANDLE working on Biowulf", August 2020, with the emails to and from NIH HPC staff): an Open MPI 4.0.4 program started with `srun --ntasks=3 --cpus-per-task=16 --mem=0 ~/a.out` on 3 GPU nodes dies with this OPAL/PMI error (`mpirun ~/a.out` hangs instead); staff: "That version was compiled against PMIx (not PMI2) ... Can you try adding the following flag to the srun command: --mpi=pmix"; user: "Success!!"; the recommended batch script ends `srun --mpi=pmix --ntasks=3 --cpus-per-task=16 ./a.out`',
    what='the launch line starts an Open MPI program with srun without selecting Slurm\'s PMIx plugin, so the ranks cannot wire up; the verified fix is the `--mpi=pmix` option on the srun line of the job script, so labelled script; the lines are the notes\' own sample output (the two lines of Open MPI\'s "direct launched using srun" help text and the `*** An error occurred in MPI_Init` / `*** on a NULL communicator` lines are in other sets and were left out); not one of the ten sites - NIH Biowulf (Slurm, Open MPI modules, GPU partition) - so mapped by scheduler family to Anvil; assumed shape - the notes\' 3-node batch script (one task and one GPU a node) without --mpi=pmix',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=3\n#SBATCH -p gpu\n#SBATCH --gpus-per-node=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=16'], ['module load cray-mpich', 'module load openmpi/4.0.4\nmpicc hello.c'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --ntasks=3 --cpus-per-task=16 ./a.out']],
    log='''
[cn0610:26671] OPAL ERROR: Not initialized in file /usr/local/src/openmpi/openmpi-4.0.4/opal/mca/pmix/ext2x/ext2x_client.c at line 112
[cn0610:26671] Local abort before MPI_INIT completed completed successfully, but am not able to aggregate error messages, and not able to guarantee that all other processes were killed!
srun: error: cn0610: task 0: Exited with exit code 1
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^\+.*\bsrun\b.*--mpi=pmix'},
)

# ---------------------------------------------------------------- Hugging Face m4 training logbook, hanging experiments on Jean Zay (1)

case(
    id='m4jzhang-gpfs-freeze-rank0-uninterruptible-sleep-barrier-hang-after-3h',
    kind='not_script',
    source='https://github.com/huggingface/m4-logs/blob/7a31dcede8590cdfd8a0786f75141933fe5afb36/tr_141-hanging/tr_141_cm409xPMD01_scale_leap_of_faith_v5_num_workers_0-try3/README.md',
    thread_site='the Hugging Face m4 team\'s public training logbook (huggingface/m4-logs, "Overcoming Hanging Experiments", experiment 3.1): a 64-GPU (8 nodes x 8 A100-80GB) accelerate + DeepSpeed pretraining run on Jean Zay (Slurm) stops after 3.5 h of good training; py-spy shows every rank waiting in barrier except node0:rank0, which is in uninterruptible sleep (`Dl`), cannot be ptraced, and whose GPU sits at 0 %; conclusion: "Apparently the HPC had a meltdown - the filesystem froze and became unresponsive, node0:rank0 was trying to log and as the system call never returned, so it went into a deep sleep and the whole thing froze"; "c10d won\'t even abort after 30min timeout"; "nothing can be done other than rebooting the node"',
    what='a hang after hours of good training, caused by the site\'s shared filesystem freezing under one rank\'s logging call; the cure is on the system side (the filesystem, a node reboot), nothing in the job script, so not_script; the lines are the logbook\'s own quoted log tail, py-spy trace, strace and ps output (selected, in the logbook\'s order); not one of the ten sites - IDRIS Jean Zay (Slurm, 8x A100-80GB nodes, GPFS) - so mapped by scheduler and node family to Delta (8-way A100 nodes); assumed shape - one `accelerate launch` per node started by srun on 8 nodes, as the team\'s launch scripts do',
    cluster='delta',
    script='accelerate.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=8\n#SBATCH --partition=gpuA100x8'], ['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=8'], ['#SBATCH --time=08:00:00', '#SBATCH --time=20:00:00\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=6000'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'srun bash -c \'accelerate launch --config_file ./accelerate_config.yaml --num_processes 64 --num_machines 8 --machine_rank $SLURM_NODEID --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT m4/training/main.py --config ./config.yaml\'']],
    log='''
PID 280062:  After clip in _do_batch
PID 280058:  Before sync_gradients in _do_batch
PID 280058:  After clip in _do_batch
Thread 280064 (active): "MainThread"
    barrier (torch/distributed/distributed_c10d.py:2784)
    wait_for_everyone (accelerate/utils/other.py:81)
strace: attach: ptrace(PTRACE_SEIZE, 280058): Operation not permitted
ura81os   280058  117  4.6 17517200480 24494736 ? Dl  00:36 291:14 python
''',
)

# ---------------------------------------------------------------- NCAR Derecho distributed-PyTorch guide, HPC operations page (2)

DOPS_SOURCE = 'https://github.com/negin513/distributed-pytorch-hpc/blob/9f66558c2ad8bb8363f6ab7c97cf904458ad1c5b/docs/guide/12_hpc_operations.md'
DOPS_SITE = 'the "HPC operations" chapter of the same NCAR Derecho guide (docs/guide/12_hpc_operations.md), "Debugging distributed jobs - Step 1: Check the basics", a table of symptom, likely cause and fix; its multi-node launch is `mpiexec -n $NNODES --ppn 1 torchrun --nnodes=$NNODES --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$HEAD_ADDR:29500 train.py`'

case(
    id='derechoops-rendezvous-port-held-by-old-job-address-already-in-use',
    kind='script',
    source=DOPS_SOURCE,
    thread_site=DOPS_SITE + '; row `RuntimeError: address already in use` - likely cause: port conflict - fix: "Change port or wait for old job to end" (the guide\'s troubleshooting page gives `export MASTER_PORT=29501` for the same error)',
    what='the rendezvous port fixed in the launch line is still held by an earlier job on the head node; the first fix the guide gives is another port in the job script (the second, waiting for the old job to end, needs no change), so labelled script; the line is the table\'s own error text (the capitalised `RuntimeError: Address already in use` is in other sets; this spelling is not); ' + DER_MAP + '; assumed shape - the guide\'s mpiexec + torchrun job with the fixed port 29400 of the base script',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    replace=[['#PBS -q debug-scaling', '#PBS -q prod']],
    log='''
RuntimeError: address already in use
''',
    expect={'families': ['rendezvous', 'launcher', 'network'], 'fix': r'(?m)^\+.*(MASTER_PORT=|rdzv[_-]endpoint[= ]+\S*:)(?!29400\b)(\d+|\$)'},
)


# ---------------------------------------------------------------- NERSC staff reproducer of NCCL hangs on Perlmutter's Slingshot 11 (1)

case(
    id='pmncclss11hang-experimental-ofi-nccl-hang-first-step-trial-14-time-limit',
    kind='not_script',
    source='https://github.com/sparticlesteve/pytorch-nccl-hang/blob/02be1b402d4943afaaaf749bc6129811dc9c5dc9/slurm-8384637.out',
    thread_site='a NERSC staff member\'s public reproducer "Simple PyTorch reproducer of the NCCL SS11 hangs" (example provided by NVIDIA; README: "Example output in slurm-8384637.out showing hanging on trial 14 during the first step of training"): an 8-node Perlmutter job runs 100 trials of a small data-parallel NCCL training, each under srun; trials 1-13 complete all 10 steps, trial 14 stops after every rank printed step 1/10 and the job is cancelled at its time limit; the job\'s first line is NERSC\'s notice that this NCCL build with the OFI plugin is experimental',
    what='DOUBTFUL - the resolution is not shown; the repository exists to reproduce an intermittent NCCL hang on the Slingshot-11 fabric with the experimental NCCL/OFI-plugin build, for NVIDIA and NERSC - a library/fabric defect, not the job script (the same script completed 13 trials before), so not_script; a longer time limit would only delay the cancel, so it is no fix; the lines are the job output\'s own first line, the trial-14 lines and the final Slurm lines (31 of the 32 step-1 lines cut; srun\'s `Job step aborted: Waiting up to 32 seconds` line is in other sets and was left out); ran on Perlmutter; assumed shape - the reproducer\'s 8-node job, 4 ranks a node, one srun per trial',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 8'], ['#SBATCH -t 02:00:00', '#SBATCH -t 01:00:00'], ['module load pytorch/2.3.1', 'module load pytorch/2.0.1'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'for i in $(seq 1 100); do\n    echo "trial $i..."\n    srun -l -u python simple_pyt.py\ndone']],
    log='''
Warning: This is an experimental release of NCCL with an OFI plugin for use with libfabric on Perlmutter.
trial 14...
20: RANK 20: running step 1/10
 0: slurmstepd: error: *** STEP 8384637.13 ON nid001044 CANCELLED AT 2023-05-02T03:58:46 DUE TO TIME LIMIT ***
slurmstepd: error: *** JOB 8384637 ON nid001044 CANCELLED AT 2023-05-02T03:58:46 DUE TO TIME LIMIT ***
''',
)

# ---------------------------------------------------------------- a speech-text retrieval project's benchmark runbook (DeepSpeed launcher) (2)

CSR_SOURCE = 'find_string:26618719519'
CSR_SITE = 'a speech-text retrieval project\'s benchmark runbook (DeepSpeed training of wav2vec2/BERT encoders, `deepspeed --hostfile /etc/deepspeed/hostfile --launcher pdsh train.py ...` on a platform\'s multi-node GPU jobs, single-node sweeps on 2-4 GPUs), section "6. Troubleshooting", each item given as the error, root cause and action'
CSR_MAP = 'not one of the ten sites - a training platform that starts DeepSpeed-launcher jobs from one master command - so mapped by launcher to DeltaAI as a 2-node DeepSpeed-launcher Slurm job'
CSR_JOB = [['#SBATCH --nodes=2', '#SBATCH --nodes=2\n#SBATCH --partition=ghx4'], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --hostfile hostfile --launcher pdsh train.py +experiment=limit_longest_1-3_stage1_bf16 deepspeed_config_yaml.zero_optimization.stage=0']]

case(
    id='csrrunbook-deepspeed-not-on-path-training-env-not-activated',
    kind='script',
    source=CSR_SOURCE,
    thread_site=CSR_SITE + '; 6.5 `deepspeed: No such file or directory` - root cause: `deepspeed` not in the current shell path; action: set `CONDA_ENV=csref_2` (or your training env) and rerun without changing the benchmark configs',
    what='the job\'s shell never activates the Python environment that holds DeepSpeed, so the launcher command is not found; the fix is the environment activation in the job script (the runbook\'s wrapper does it through CONDA_ENV), so labelled script; the line is the runbook\'s own error text; ' + CSR_MAP + '; assumed shape - a job script that builds the hostfile and calls `deepspeed` with no `conda activate`/`source .../activate` line',
    cluster='deltaai',
    script='deepspeed_hostfile.sh',
    replace=CSR_JOB,
    log='''
deepspeed: No such file or directory
''',
    # s38relabel: deepspeed is not found and the script activates no environment; which env holds it (CONDA_ENV=csref_2 in the runbook) is in neither log nor script: asks the path
    expect={'families': ['environment', 'modules'], 'ask': True, 'ask_for': ['path', 'python_path', 'program_path', 'tool_module', 'module']},
)

case(
    id='csrrunbook-deepspeed-fused-adam-jit-build-needs-ninja-missing-in-image',
    kind='not_script',
    source=CSR_SOURCE,
    thread_site=CSR_SITE + '; 6.9 `Unable to JIT load the fused_adam op due to ninja not being installed` - root cause: DeepSpeed\'s Adam path uses FusedAdam by default, which needs a JIT extension build, which needs ninja; action: rebuild the image with `ninja-build` and `build-essential`, and add a startup check (`command -v ninja >/dev/null || { echo "[FATAL] ninja missing"; exit 2; }`)',
    what='the software image lacks the build tool DeepSpeed needs to compile its fused optimizer at start-up; the fix is rebuilding the software environment (the added check only fails faster), nothing the job script\'s directives, launch line or exports can supply, so not_script (as earlier sets label a package missing from the environment); the line is the runbook\'s own error text; ' + CSR_MAP + '; assumed shape - the same DeepSpeed-launcher job with the environment activated',
    cluster='deltaai',
    script='deepspeed_hostfile.sh',
    replace=[CSR_JOB[0], ['scontrol show hostnames', 'source $PROJECT/venvs/csref/bin/activate\nscontrol show hostnames'], CSR_JOB[1]],
    log='''
Unable to JIT load the fused_adam op due to ninja not being installed
''',
)

# ---------------------------------------------------------------- TU Delft DAIC cluster documentation, job-resources FAQ (1)

case(
    id='daicfaq-job-pending-group-qos-cpu-limit-not-an-error-waits',
    kind='not_script',
    source='https://github.com/DAIC-tud/docs/blob/39017b5def2dd495472fe996038fc4e397c5b135/content/en/support/FAQs/job_resources.md',
    thread_site='the TU Delft DAIC cluster documentation (Slurm), FAQ "Job resources questions" - "Scheduler problems": `Job pending with reason "QOSGrpCpuLimit"` - each QoS limits the total number of CPUs in use by the running jobs of the whole group of users; when that limit is hit no new jobs in the QoS start and they stay pending with this reason; "This is not an error; when running jobs finish, the highest priority pending job will be started automatically"',
    what='the job is correct and waits for the group\'s shared CPU quota of its QoS to free up; the documentation says it is not an error and nothing needs to change, so not_script (a proposed change to the job script would be invented); the line is the FAQ\'s own pending reason; not one of the ten sites - a university Slurm cluster - so mapped by scheduler family to Stampede3 as a one-node CPU job; assumed shape - a single-task multithreaded Python job under srun',
    cluster='stampede3',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=1\n#SBATCH -p skx'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4\n', ''], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=4'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'export NUMBA_NUM_THREADS="$SLURM_CPUS_PER_TASK"\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python script.py']],
    log='''
QOSGrpCpuLimit
''',
)
