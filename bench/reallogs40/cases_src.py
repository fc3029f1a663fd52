# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Source kind of this set: question-and-answer threads (GitHub issues asked as questions and
# answered, GitHub Discussions, cluster help-desk trackers) - see README.md.

SLURM_MAP = 'not one of the ten sites, so mapped by scheduler family (Slurm batch job, srun-started launcher) to {site}'
NONSLURM_MAP = 'not an HPC batch job in the source (a bare host / container); mapped by launcher family to {site}'

# ---------------------------------------------------------------- NVIDIA/nccl#799 (1)

case(
    id='ncclq799-roce-hca-ibv-modify-qp-no-such-device-exclude-mlx5-3',
    kind='script',
    source='https://github.com/NVIDIA/nccl/issues/799',
    thread_site='NVIDIA/nccl issue #799 ("with error No such device --NCCL 2.7.8", asked as a question): a PyTorch 1.9 application on a host whose only NCCL NIC is a RoCE port mlx5_3 (OOB eth1); NCCL fails at communicator setup with ibv_modify_qp "No such device"; the maintainer (AddyLaddy) answered: if running on a single node try NCCL_IB_DISABLE=1, such IB errors are often a MOFED mismatch between container and host; the asker: "I just execute the command export NCCL_IB_HCA=^mlx5_3, and everything works well"',
    what='the run worked once the launch environment stopped NCCL from using the broken RoCE HCA (NCCL_IB_HCA=^mlx5_3, or the maintainer\'s NCCL_IB_DISABLE=1); the cure shown is one exported variable before the launcher, so labelled script; the lines are the asker\'s own log (the INFO/NET/IB lines kept for the device name, the `-> 2` trace cut after the first line); ' + NONSLURM_MAP.format(site='Bridges-2 (Slurm, 8 V100 a node, Mellanox mlx5 HCAs)') + '; assumed shape - a one-node torchrun of 4 ranks (the failing rank is [3])',
    cluster='bridges2',
    script='torchrun_single.sh',
    directives=['#SBATCH -p GPU'],
    log='''
72bf7b08-26f3-4ebc-8b9d-85df3e4414c0:76786:76786 [0] NCCL INFO NET/IB : Using [0]mlx5_3:1/RoCE ; OOB eth1:9.73.133.81<0>
72bf7b08-26f3-4ebc-8b9d-85df3e4414c0:76786:76786 [0] NCCL INFO Using network IB
NCCL version 2.7.8+cuda10.2
72bf7b08-26f3-4ebc-8b9d-85df3e4414c0:76786:77145 [3] misc/ibvwrap.cc:284 NCCL WARN Call to ibv_modify_qp failed with error No such device
72bf7b08-26f3-4ebc-8b9d-85df3e4414c0:76786:77145 [3] NCCL INFO transport/net_ib.cc:395 -> 2
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\b(NCCL_IB_HCA=["\']?\^|NCCL_IB_DISABLE=["\']?1)'},
)

# ---------------------------------------------------------------- awslabs/awsome-distributed-ai#192 (1)

case(
    id='awsomeq192-p5-loopback-socketstartconnect-connection-abort-socket-ifname',
    kind='script',
    source='https://github.com/awslabs/awsome-distributed-ai/issues/192',
    thread_site='awslabs/awsome-distributed-ai (the AWS distributed-training samples: Slurm clusters on p5.48xlarge H100 nodes, jobs started with `srun -l ... torchrun`) issue #192 "ProcessGroupNCCL.cpp, unhandled system error, Software caused connection abort": the broadcast in process-group setup fails with this NCCL error, NCCL having tried 127.0.0.1; the answer in the thread: print the NCCL env vars and compare with the EFA cheat-sheet; on p5.48xlarge "you can specify the following to fix this issue: NCCL_SOCKET_IFNAME=enp" (samples PR #168)',
    what='NCCL picked the loopback address for its socket bootstrap because the job did not name the nodes\' real interface; the fix the thread gives is NCCL_SOCKET_IFNAME in the job environment, so labelled script; the source posts the log as one line carrying the `10:` task labels of `srun -l`, split here into lines at those labels (text unchanged); ' + SLURM_MAP.format(site='Perlmutter (Slurm, 4 A100 a node; the right interface there is a different name, so `fix` accepts any non-loopback NCCL_SOCKET_IFNAME)') + '; assumed shape - one torchrun per node under `srun -l`',
    cluster='perlmutter',
    script='srun_torchrun.sh',
    directives=['#SBATCH -A m0000_g', '#SBATCH -C gpu'],
    replace=[['srun torchrun', 'srun -l torchrun']],
    log='''
10: torch.distributed.DistBackendError: NCCL error in: /opt/conda/conda-bld/pytorch_1696588393313/work/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1331, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.5
10: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.
10: Last error:
10: socketStartConnect: Connect to 127.0.0.1<45069> failed : Software caused connection abort
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\bNCCL_SOCKET_IFNAME=["\']?(?!lo\b)[\^\w]'},
)

# ---------------------------------------------------------------- hkproj/pytorch-transformer-distributed#1 (1)

case(
    id='hkprojq1-two-node-torchrun-socketstartconnect-no-route-socket-ifname-em4',
    kind='script',
    source='https://github.com/hkproj/pytorch-transformer-distributed/issues/1',
    thread_site='hkproj/pytorch-transformer-distributed (a tutorial repository: a transformer trained with DDP over two machines, one torchrun per node with --nnodes=2 and a c10d rendezvous) issue #1 "run error": the asker posts this NCCL error; two days later the asker answers: "Already resolved. You need to specify a network adapter; export NCCL_SOCKET_IFNAME=em4"',
    what='NCCL\'s socket bootstrap tried an address the peer node cannot route to, because the launch environment did not pin the interface; the asker\'s own cure is one export before torchrun, so labelled script; lines as posted, except the `ncclSystemError: System call ...` line between the first and `Last error:`, left out because it is already in another set (bench/reallogs5/check_lines.py); ' + NONSLURM_MAP.format(site='Lonestar6 (Slurm, 3 A100 a node; one torchrun per node started by srun)') + '; assumed shape - the tutorial\'s two-node torchrun, one per node',
    cluster='lonestar6',
    script='tacc_torchrun_per_node.sh',
    log='''
torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1333, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.6
Last error:
socketStartConnect: Connect to 192.168.19.14<52822> failed : No route to host
[2024-03-18 17:38:50,208] torch.distributed.elastic.multiprocessing.api: [ERROR] failed
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\bNCCL_SOCKET_IFNAME=["\']?(?!lo\b)[\^\w]'},
)

# ---------------------------------------------------------------- Lightning-AI/pytorch-lightning#15008 (1)

case(
    id='plq15008-ddp-crash-leaves-kill-task-failed-node-drain-admin-timeout',
    kind='not_script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/15008',
    thread_site='Lightning-AI/pytorch-lightning issue #15008 "pytorch lightning causes slurm nodes to drain": multi-node DDP (8 GPUs a node, 2-5 nodes, SLURMEnvironment); after any crash (an OOM, a scancel) the nodes drain with the Slurm reason `Kill task failed` because the processes do not exit in time; the asker later: "We figured it out by talking to the people that manage our cluster, and they increased the timeout limit on slurm and that fixed our issue. Sometimes it will take 5min or more though for a job to exit"',
    what='the drain reason is Slurm\'s own (slurmd could not kill the step within the site\'s unkillable-step timeout); the cure was a change of the cluster configuration by its administrators, not of the job script, so not_script (node administration); the only log text in the source is the reason string, quoted inline in the question (kept as the one line); ' + SLURM_MAP.format(site='DeltaAI (Slurm, 4 GPUs a node, Lightning under srun)') + '; assumed shape - the Lightning docs\' srun shape with 2 nodes',
    cluster='deltaai',
    script='lightning_srun.sh',
    log='''
Kill task failed
''',
)

# ---------------------------------------------------------------- LSSI-ETH/plmfit#40 (1)

case(
    id='plmfitq40-slurmstepd-nvml-failed-to-get-usage-gpu-is-lost',
    kind='not_script',
    source='https://github.com/LSSI-ETH/plmfit/issues/40',
    thread_site='LSSI-ETH/plmfit (protein language-model fine-tuning, run on a Slurm cluster with TITAN RTX GPUs) issue #40 "NVML Failed, GPU is lost": "Randomly when using multi-gpus (TITAN RTX in this setting) I got this error once"; closed by the reporter with "Error is specific to GPU settings of cluster" (labels: help wanted, invalid)',
    what='"GPU is lost" is the driver\'s state for a GPU that stopped answering (a hardware or driver fault of that node), reported by slurmstepd\'s NVML poll; it happened once, at random, and the reporter closed it as the cluster\'s GPU problem, so not_script (hardware); no job script change is shown or implied; ' + SLURM_MAP.format(site='Stampede3 (Slurm, TACC; 4 GPUs a node started by ibrun)') + '; assumed shape - one rank per GPU started by ibrun',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -n 6', '#SBATCH -n 8']],
    log='''
slurmstepd: error: NVML: Failed to get usage(15): GPU is lost
''',
)

# ---------------------------------------------------------------- Lightning-AI/pytorch-lightning#4420 (1)

case(
    id='plq4420-pytorch17-nccl278-invalid-usage-multinode-ddp-third-party-bug',
    kind='not_script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/4420',
    thread_site='Lightning-AI/pytorch-lightning issue #4420 "NCCL error using DDP and PyTorch 1.7" (labels: 3rd-party issue, bug / fix, DDP, Priority P0): DDP runs fail at start-up with this NCCL error once PyTorch 1.7 (bundling NCCL 2.7.8) is used; reporters confirm it on V100s "once I go to multiple nodes", on A100s and on 1080 Ti / RTX 3090 machines; the maintainers "can confirm this is only happening on pytorch 1.7", and the thread traces it to a PyTorch-side fix ("I was under the impression that the fix was merged into pytorch master")',
    what='a defect of the framework release (PyTorch 1.7 with its NCCL 2.7.8), labelled third-party by the maintainers and cured by a fixed PyTorch, not by any change to how the job is launched; so not_script (library bug); the line is the one an A100 user posted ("same error with A100 gpus."); ' + SLURM_MAP.format(site='Vista (TACC Slurm, one GPU a node; Lightning under srun across 2 nodes)') + '; assumed shape - the Lightning docs\' srun shape, one task per node',
    cluster='vista',
    script='lightning_srun.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH -p gh\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1'], ['trainer.devices=4', 'trainer.devices=1']],
    log='''
RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:784, invalid usage, NCCL version 2.7.8
''',
)

# ---------------------------------------------------------------- cihlab/fics-cluster-guide#53 (1)

case(
    id='ficsq53-nvidia-smi-device-handle-unknown-error-nvswitch-sxid-fatal',
    kind='not_script',
    source='https://github.com/cihlab/fics-cluster-guide/issues/53',
    thread_site='cihlab/fics-cluster-guide (a research group\'s GPU-cluster user guide, whose issue tracker is its help desk) issue #53 "miller上 nvidia-smi 报错 Unable to determine the device handle for GPU0000:20:00.0: Unknown Error": a user reports that nvidia-smi on node miller fails with this line; checks already done: /dev/nvidia* are crw-rw-rw-, lspci shown in a screenshot, and `dmesg | grep -i nvidia` shows many NVSwitch SXid 20034 Fatal and 19084 Non-fatal errors; the user asks how the administrators should fix it, and a group member asks the admin (@llfl) to look',
    what='DOUBTFUL (no resolution is shown in the thread): the GPU has dropped out of the driver (device handle lost) on a node whose NVSwitch fabric logs fatal SXid errors - a hardware / fabric fault of that node, for the administrators; nothing in a job script causes or cures it, so not_script (hardware); the one text line is the nvidia-smi message as the title quotes it (the dmesg lines are only in a screenshot); scheduler not stated in the source, mapped by launcher family to Polaris (PBS, 4 A100 a node, one torchrun per node under mpiexec) as an assumption',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    log='''
Unable to determine the device handle for GPU0000:20:00.0: Unknown Error
''',
)

# ---------------------------------------------------------------- chenxie95/deeplearning_course_sjtu#20 (1)

case(
    id='sjtucourseq20-a100-dataloader-worker-oom-kill-load-img-to-memory',
    kind='not_script',
    source='https://github.com/chenxie95/deeplearning_course_sjtu/issues/20',
    thread_site='chenxie95/deeplearning_course_sjtu (a university deep-learning course whose students run their projects as Slurm jobs on the university supercomputer; its issue tracker is the course Q&A) issue #20 "关于图片摘要的oom-kill错误" (oom-kill in the image-captioning project): the baseline ran once; after switching to beam sampling, and after adding a scheduled sampler, the job on the a100 queue is killed 5-10 minutes in even with the memory raised to 8G, while the cpu queue runs; a course assistant suggests setting load_img_to_memory to False in the config file; the student: "的确可以运行起来了" (it does run now); the student later posts these lines',
    what='the job\'s own data loading held the image set in RAM until the cgroup killed a DataLoader worker; raising the job\'s memory request (to 8G) had not helped, and the cure was a setting of the program\'s configuration (load_img_to_memory False), not the job script, so not_script (the user program\'s memory footprint); the lines are the student\'s own paste; ' + SLURM_MAP.format(site='Delta (Slurm, A100 partition)') + '; assumed shape - a one-GPU batch job starting python under srun with --mem=8G',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH -p gpuA100x4\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH --mem=8G'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u train.py --config config.yaml']],
    log='''
RuntimeError: DataLoader worker (pid(s) 2150614) exited unexpectedly
slurmstepd: error: Detected 1 oom-kill event(s) in StepId=15043231.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.
''',
)
