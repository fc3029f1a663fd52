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
LIT = 'srun python train.py trainer.devices=4 trainer.num_nodes=2'
IBRUN = 'ibrun python train.py --epochs 10'

# ---------------------------------------------------------------- script cases

case(
    id='lightning18950-gpus-four-each-task-sees-one-gpu-misconfiguration',
    kind='script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/18950',
    thread_site='a university Slurm cluster with 4x A100 nodes; a Lightning Trainer(devices=4, strategy="ddp") is started with `srun python ...` in a job asking `--nodes=1 --gpus=4 --ntasks-per-node=4`; every one of the four tasks raises the exception (a second user reports the same with `--gres=gpu:4`), and the reporter notes that each task sees only its own GPU ([0], [1], ...) instead of [0, 1, 2, 3]; the thread was closed without a stated fix',
    what='DOUBTFUL - the cause is read from the thread, not confirmed there: the allocation binds one GPU to each task, so a Trainer that asks for devices=4 in every task finds one visible GPU; the fix is in the job script (let every task see the node\'s GPUs, e.g. `--gpus-per-node=4`/`--gres=gpu:4` without per-task binding or `--gpu-bind=none` on srun) - it could also be made in the program (devices=1 per task is not what Lightning expects under srun, so the script side is taken); assumed shape - the Lightning srun script on one 4-GPU Delta node with `#SBATCH --gpus=4`, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=4'], [LIT, 'srun python demo_parallelism.py']],
    log='''
lightning_fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [0, 1, 2, 3]
''',
    expect={'families': ['devices'], 'fix': r'(?m)^(-#SBATCH --gpus=4|\+#SBATCH --(gpus-per-node=4|gres=gpu:4|gpu-bind[= ]none)|\+.*srun .*--gpu-bind[= ]none)'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='pyxis107-multinode-container-step-launch-socket-timed-out',
    kind='not_script',
    source='https://github.com/NVIDIA/pyxis/issues/107',
    thread_site='a small self-run Slurm 22.05 cluster (Rocky 9 compute nodes, enroot 3.4, pyxis 0.14); single-node container jobs work, a 3-node Open MPI job in a container (`#SBATCH --container-image=...`, `srun --mpi=pmix ...`) fails before any task starts; the reporter is the cluster\'s administrator and posts the slurmd logs of the nodes; the thread is closed without the cause in the part that could be read',
    what='DOUBTFUL - the step launch fails in slurmd on the nodes (task launch times out / "No such process" on every node) before the program runs, while the same job works on one node; this is the cluster\'s slurmd/pyxis set-up, not something the job script can fix; assumed shape - a pyxis container job over 2 Delta nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=2']],
    log='''
pyxis: imported docker image: docker://hpcreid/openmpi:230130
srun: error: slurm_receive_msgs: [[n1.mytestdomain]:6818] failed: Socket timed out on send/recv operation
srun: error: Task launch for StepId=96.0 failed on node n2: No such process
srun: error: Task launch for StepId=96.0 failed on node n3: No such process
''',
)

case(
    id='pcluster4179-large-scale-step-launch-socket-timeouts',
    kind='not_script',
    source='https://github.com/aws/aws-parallelcluster/issues/4179',
    thread_site='an AWS ParallelCluster 3.1.4 Slurm cluster of p4d.24xlarge GPU nodes (8x A100 each); large jobs over tens of nodes fail at step launch while the same script works at smaller scale; the issue is titled "network congestion for large scale jobs" and the long thread is about the cluster\'s network and Slurm settings',
    what='DOUBTFUL - the thread\'s resolution is not in the part read: srun cannot reach the slurmd of many nodes in time at large scale (network congestion / Slurm message timeouts of the cluster); that is the cluster\'s network and Slurm configuration, not the job script; assumed shape - a one-torchrun-per-node job on Delta (8-GPU nodes) scaled to 48 nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 48'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], [SRUN_TR, 'srun torchrun --nnodes=48 --nproc_per_node=8 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10']],
    log='''
srun: error: Task launch for StepId=20.0 failed on node compute-od-gpu-st-p4d-24xlarge-33: Socket timed out on send/recv operation
srun: error: Task launch for StepId=20.0 failed on node compute-od-gpu-st-p4d-24xlarge-38: Socket timed out on send/recv operation
''',
)

case(
    id='fluxcore4451-mvapich2-cannot-create-cq-locked-memory-limit',
    kind='not_script',
    source='https://github.com/flux-framework/flux-core/issues/4451',
    thread_site='LLNL corona (TOSS4, Flux resource manager); an MVAPICH2 (mvapich2-tce) hello-world started with `flux mini run -N2` aborts in MPI_Init while opening the InfiniBand adapter; the Flux maintainers suspect the locked-memory ulimit that Flux gives its jobs (flux-framework/flux-pmix#40) and test that',
    what='DOUBTFUL - the thread ties it to the locked-memory limit the resource manager sets for job processes (MPI cannot pin its buffers, so creating the completion queue fails); that is the site\'s/resource manager\'s limit, not the job script; assumed shape - an MPI application started by PALS mpiexec in a Polaris PBS job (Flux + cray-pals sites have been mapped to Polaris before), diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
0.260s: job.exception type=exec severity=0 MPI_Abort: Fatal error in MPI_Init: Other MPI error, error stack: MPIR_Init_thread(493)....:  MPID_Init(419)...........: channel initialization failed MPIDI_CH3_Init(550)......:  MPIDI_CH3I_RDMA_init(446):  rdma_iba_hca_init(1636)..: cannot create cq
flux-job: task(s) exited with exit code 1
''',
)

case(
    id='pyxis139-container-pmix-psec-munge-component-missing',
    kind='not_script',
    source='https://github.com/NVIDIA/pyxis/issues/139',
    thread_site='a Slurm 23.11 cluster with enroot/pyxis, Open MPI 5.0.3 and PMIx 5.0.2; `srun --container-name=... bash -c "all_reduce_perf_mpi ..."` fails in PMIx initialisation inside the container, while MPI applications run fine outside containers; the issue is open without a fix (the generic PMIx banner lines repeat an earlier set word for word and are left out; the three lines kept say which component is missing)',
    what='DOUBTFUL - PMIx inside the container image cannot load the munge security component that the host\'s PMIx set-up asks for; the fix is in the container image (PMIx built with munge) or the site\'s PMIx/pyxis configuration - a `PMIX_MCA_psec` override in the job environment is at most a workaround, so it is labelled not-script; assumed shape - the pyxis srun job on one 8-GPU Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[[PYX, 'srun --container-name=image_segmentation_105400 bash -c "all_reduce_perf_mpi -b 62M -e 62M -d half"']],
    log='''
Host:      gpu1
Framework: psec
Component: munge
''',
)

case(
    id='lhtemplate596-ddp-client-socket-ip6-localhost-cannot-assign',
    kind='not_script',
    source='https://github.com/ashleve/lightning-hydra-template/issues/596',
    thread_site='a Slurm cluster; a Lightning/Hydra DDP training job with several GPUs submitted through Slurm hangs and prints the message; a second user reports the same; no answer in the thread',
    what='DOUBTFUL - the rendezvous client tries to reach the store at `ip6-localhost`, i.e. the node resolves the store host to the IPv6 loopback name and cannot use it (errno 99 on connect): a node name-resolution/IPv6 set-up problem, not a job-script fault, though a job script that pins MASTER_ADDR to an IPv4 address would avoid it; assumed shape - the Lightning srun job on one 4-GPU Delta node, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], [LIT, 'srun python src/train.py trainer=ddp trainer.devices=4']],
    log='''
The client socket has failed to connect to [ip6-localhost]:24355 (errno: 99 - Cannot assign requested address)
''',
)


case(
    id='firefly30-deepspeed-launcher-local-rank-unrecognized-by-train-py',
    kind='not_script',
    source='https://github.com/yangjianxin1/Firefly/issues/30',
    thread_site='a GPU server; full fine-tuning started with `deepspeed --num_gpus=2 train.py --train_args_file train_args/sft.json`; every worker exits because the training script\'s argument parser does not know the `--local_rank` argument that the DeepSpeed launcher appends; users fix it by adding `--local_rank` to the parser (one also by using the torch version the project documents)',
    what='the DeepSpeed launcher passes `--local_rank=N` to each worker and the program\'s argparse rejects it: a program fault (accept/ignore `--local_rank` in the parser), not a job-script fault, although the message appears at launch; assumed shape - the DeepSpeed hostfile job on Delta, diagnosed as on Delta',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --train_args_file train_args/sft.json']],
    log='''
train.py: error: unrecognized arguments: --local_rank=1
''',
)

case(
    id='yi69-deepspeed-tp-demo-argparse-local-rank',
    kind='not_script',
    source='https://github.com/01-ai/Yi/pull/69',
    thread_site='the Yi model repository; the tensor-parallel text-generation demo started with the DeepSpeed launcher on one 4-GPU machine fails in every rank; the PR adds a `--local_rank` argument to the demo\'s parser and the maintainers review that change',
    what='the demo program\'s parser does not accept the `--local_rank` the DeepSpeed launcher passes to each process; the fix is in the program (the PR), not in the launch script; assumed shape - `deepspeed --num_gpus 4 text_generation_tp.py ...` on one 4-GPU Delta node (the DeepSpeed hostfile job cut to one node), diagnosed as on Delta',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 4 text_generation_tp.py --model 01-ai/Yi-34B --max-tokens 512']],
    log='''
usage: text_generation_tp.py [-h] [--model MODEL] [--tokenizer TOKENIZER] [--max-tokens MAX_TOKENS] [--streaming] [--prompt PROMPT]
text_generation_tp.py: error: unrecognized arguments: --local_rank=3
text_generation_tp.py: error: unrecognized arguments: --local_rank=2
''',
)

case(
    id='apptainer2121-squashfs-bad-superblock-sif-on-local-disk',
    kind='not_script',
    source='https://github.com/apptainer/apptainer/issues/2121',
    thread_site='a university cluster (Columbia, Slurm, Bright-managed, `/burg/home`) with apptainer 1.1.6 on RHEL 9; a PyTorch/Lightning SIF image copied to the node\'s /local disk cannot be opened - `apptainer shell` fails while mounting the image (the FATAL line is the issue title, the reporter\'s copy of the error; the body holds the debug trace)',
    what='DOUBTFUL - the thread\'s resolution is not in the part read: the kernel refuses the image\'s squashfs partition (a damaged/incompletely copied SIF or a squashfs the node kernel cannot mount); an image/node problem, not the job script; assumed shape - one torchrun per node in an apptainer image on Delta, diagnosed as on Delta',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    log='''
INFO:    Environment variable SINGULARITY_BINDPATH is set, but APPTAINER_BINDPATH is preferred
FATAL:   container creation failed: mount hook function failure: mount /proc/self/fd/3, kernel reported a bad superblock for squashfs image partition
''',
)

case(
    id='e4scl85-duplicate-file-bind-destination-missing',
    kind='not_script',
    source='https://github.com/E4S-Project/e4s-cl/issues/85',
    thread_site='E4S-CL (the E4S container launcher that binds the host MPI libraries into an apptainer/singularity container for MPI jobs); on some configurations the container refuses to start; the maintainer explains it is a binding-order/duplicate bug in the tool (both /usr and a file below it are bound)',
    what='the launcher tool binds a directory and a file inside it, and the file bind then has no destination; a bug of the container launcher tool (fixed there), not the job script; assumed shape - an MPI application started under srun in an apptainer image on Anvil, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[[MPIAPP, 'srun e4s-cl launch --backend apptainer --image mpi_app.sif ./solver input.dat']],
    log='''
FATAL:   container creation failed:
mount /usr/lib/openmpi/libompi_dbg_msgq.so->/usr/lib/openmpi/libompi_dbg_msgq.so error:
while mounting /usr/lib/openmpi/libompi_dbg_msgq.so:
destination /usr/lib/openmpi/libompi_dbg_msgq.so doesn't exist in container
''',
)

case(
    id='apptainer728-nonsuid-underlay-image-bind-destination-missing',
    kind='not_script',
    source='https://github.com/apptainer/apptainer/issues/728',
    thread_site='apptainer 1.1.0 installed without apptainer-suid (CentOS 7); binding a directory of an overlay image into a container at a path the image lacks fails, while the same command works with the setuid install or a destination that exists; an apptainer maintainer reports and tracks it as a behaviour of the non-setuid (underlay) mode',
    what='the container runtime as installed on the site (non-setuid, underlay) cannot create the missing bind destination; this is apptainer\'s behaviour/installation, not the job script (choosing an existing destination only works around it); assumed shape - an apptainer torchrun job on Delta binding a data image, diagnosed as on Delta',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[['srun apptainer exec --nv --bind /scratch pytorch_24.04.sif', 'srun apptainer exec --nv --bind /scratch -B data.img:/data:image-src=/work pytorch_24.04.sif']],
    log='''
WARNING: skipping mount of /var/apptainer/mnt/session/data-images/0/work: stat /var/apptainer/mnt/session/data-images/0/work: no such file or directory
FATAL:   container creation failed: mount /var/apptainer/mnt/session/data-images/0/work->/data error: while mounting /var/apptainer/mnt/session/data-images/0/work: destination /data doesn't exist in container
''',
)

case(
    id='ompi9647-v5-prterun-bind-core-zero-cpus-under-pbs',
    kind='not_script',
    source='https://github.com/open-mpi/ompi/issues/9647',
    thread_site='NCI Gadi (PBS Pro with cpusets); Open MPI v5.0.x pre-release `prterun --map-by slot --bind-to core` inside a PBS job fails to bind even one process, reporting zero cpus on the node, while the allocation shows 48 slots; filed by a Gadi staff member as a v5 mapping/binding bug with PBS (closed for lack of a later reply)',
    what='DOUBTFUL - the thread ends without a fix: the MPI runtime sees no usable cpus in the PBS job\'s cpuset (a v5.0.x pre-release mapping bug under PBS), not a job-script fault; assumed shape - a CPU MPI application in a Polaris PBS job, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
   Bind to:     CORE
   Node:        gadi-cpu-clx-0143
   #processes:  1
   #cpus:       0
You can override this protection by adding the "overload-allowed"
''',
)

# ---------------------------------------------------------------- script cases found as users' fix notes (code corpus)

case(
    id='navsimfix268798-lightning-devices-4-ntasks-per-node-1',
    kind='script',
    source='find_string:45048927837',
    thread_site='a fix note ("Multi-Node DDP Fix Applied") in a user repository found with the code search (the tool shows no repository name; text id 45048927837); NYU\'s Torch Slurm cluster (account torch_pr_68_tandon_advanced, 4x L40S nodes); a NAVSIM Lightning training job over 2 nodes failed at start; the note quotes the error and changes the job scripts from `--ntasks-per-node=1 --cpus-per-task=64` plus `export CUDA_VISIBLE_DEVICES=0,1,2,3` to `--ntasks-per-node=4 --cpus-per-task=16` (the same project\'s later note, used as the next case, is a different job and a different fix)',
    what='the job asks one task per node while the Lightning Trainer is told to use 4 devices per node; under Slurm Lightning needs one task per GPU, so the fix is in the job script (`--ntasks-per-node=4`, CPUs per task divided accordingly); assumed shape - the Lightning srun job on two 4-GPU Delta nodes with one task per node, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=16', '#SBATCH --cpus-per-task=64'], [LIT, 'export CUDA_VISIBLE_DEVICES=0,1,2,3\nsrun python navsim/planning/script/run_training_dense.py trainer.params.devices=4 trainer.params.num_nodes=2']],
    log='''
ValueError: You set `devices=4` in Lightning, but the number of tasks per node
configured in SLURM `--ntasks-per-node=1` does not match. HINT: Set `devices=1`.
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^(\+#SBATCH --ntasks-per-node=4\b|-#SBATCH --ntasks-per-node=1\b)'},
)

case(
    id='navsimfix268815-python-without-srun-one-of-16-clients-joined',
    kind='script',
    source='find_string:44501004734',
    thread_site='a later fix note of the same user project ("Multi-Node DDP: The REAL Fix", text id 44501004734; NYU Torch cluster, 4x L40S nodes); job 268815 over 4 nodes asked `--ntasks-per-node=4` but started the Lightning training with a bare `python ...` line in the batch script; the store timed out with one client of 16; the note\'s fix is `srun python ...` (its explanation of why is partly wrong - the batch script runs once, not once per task - but the fix is the srun launch)',
    what='the batch script starts the program once, on the first node, while Slurm\'s task environment tells Lightning there are 16 ranks; only rank 0 ever joins the store; the fix is in the job script (launch with `srun python ...`, one task per GPU); assumed shape - the Lightning job on four 4-GPU Delta nodes with `python` instead of `srun python`, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=4'], [LIT, 'python navsim/planning/script/run_training_dense.py trainer.params.devices=4 trainer.params.num_nodes=4']],
    log='''
torch.distributed.DistStoreError: Timed out after 3601 seconds waiting for clients.
1/16 clients joined.
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+\s*srun\b.*python .*run_training_dense\.py'},
)

# ---------------------------------------------------------------- centre/user documentation pages (code corpus)

case(
    id='ikkemdoc-job-submit-invalid-partition-name',
    kind='script',
    source='https://github.com/chenggroup/ikkem-hpc-manual/blob/HEAD/docs/notes/notes.md',
    thread_site='the user manual of the IKKEM HPC platform (Slurm; the chenggroup manual repository, "注意事项" notes page); the page lists scheduler messages with their cause and fix; for this one it says the job did not name a correct partition and shows how to list the partitions the user may use (`sacctmgr show ass user=$(whoami) format=part`)',
    what='the job names a partition the user cannot use or that does not exist; the fix is in the job script (a valid `--partition`); assumed shape - the Lightning srun job on Delta asking `--partition=gpu` (Delta\'s GPU partitions are gpuA100x4, gpuA40x4, gpuH200x8, ...), diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=2\n#SBATCH --partition=gpu']],
    log='''
error: Job submit/allocate failed: Invalid partition name specified
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^(\+#SBATCH (--partition|-p)[= ]?(?!gpu\s*$)\S+|-#SBATCH --partition=gpu\s*$)'},
)

case(
    id='rutgersfaq-slurm-temporarily-unable-to-accept-job',
    kind='not_script',
    source='https://github.com/EzryStIago/training/blob/HEAD/docs/faq.md',
    thread_site='a university HPC training FAQ (Slurm, Amarel-style node names such as slepner009) with an "I\'m getting this error" table; for this message it explains that the Slurm queue has reached its maximum and is not accepting new jobs, and the fix is to wait until the queue clears and resubmit',
    what='the controller refuses new jobs because the queue is full (site limit/load), not because of anything in the script; waiting and resubmitting is the remedy; assumed shape - a torchrun job submitted on Delta, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
sbatch: error: Slurm temporarily unable to accept job, sleeping and retrying.
''',
)

case(
    id='densitycnn-qsub-queue-is-not-enabled',
    kind='not_script',
    source='https://github.com/Zhao-Xiaodan/densityCNN-HPC/blob/HEAD/QUEUE_ERROR_TROUBLESHOOTING.md',
    thread_site='a troubleshooting note in a user\'s CNN-training repository for a PBS Pro cluster (queues workq, gpu); `qsub` of the training job script was refused; the note explains that the queue is temporarily disabled (maintenance, scheduler issues, reconfiguration) and the remedies are to wait for the queue to be enabled again or use another enabled queue',
    what='the queue is disabled by the administrators; the job script is not at fault (waiting is the remedy; another queue is only a workaround); assumed shape - the Polaris PBS mpiexec training job, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
$ qsub pbs_calibration_experimental_study_DEBUG.sh
qsub: Queue is not enabled
''',
)

case(
    id='jaxscanfix-cuda-error-not-initialized-cpu-only-jax',
    kind='not_script',
    source='find_string:13490364789',
    thread_site='a fix note ("GPU Error - What Happened and How to Fix It", text id 13490364789) in a user repository for a Slurm cluster with a `titan` GPU partition; a JAX model-scan job array (scan_60473526_0) asked `--gres=gpu:1` and loaded `CUDA/12.2.0` but JAX fell back to the CPU; the note reads the job script as correct and names a CPU-only JAX install (`pip install jax` instead of `jax[cuda12]`) as the most common cause, and adds GPU diagnostics to the scripts',
    what='DOUBTFUL - the note gives the likeliest cause, not a confirmed one: JAX in the environment lacks the CUDA plugin, so the GPU the job did get cannot be used; the fix is in the Python environment (install the CUDA build of JAX), not in the job script; assumed shape - a one-GPU JAX job on Delta (the single-node torchrun job recast), diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], [TR1, 'python scan_models.py --config configs/scan.yaml']],
    log='''
ERROR: CUDA_ERROR_NOT_INITIALIZED
WARNING: Falling back to cpu
''',
)

case(
    id='mmmaurora-torch-not-compiled-with-cuda-on-xpu',
    kind='not_script',
    source='https://github.com/saforem2/mmm/blob/HEAD/docs/torch-on-aurora.md',
    thread_site='ALCF Aurora (PBS, Intel GPU Max / XPU, `anl_2024_12_release_2` environment with pytorch 2.5); a note in the user\'s training repository ("Torch on Aurora - Current Issue") records that `mpiexec -n 12 --hostfile nodefile python3 -m mmm.train ...` crashes in every rank because a code path in the model calls into `torch.cuda` on an XPU build of PyTorch',
    what='the training program (or a library it calls) takes a CUDA-only path on an XPU-only PyTorch build; the fix is in the program/library (use the xpu device path), not in the launch script, although it fails right after mpiexec starts the ranks; assumed shape - the Aurora PBS mpiexec job, 12 ranks per node, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[[AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python3 -m mmm.train --job.config_file train_configs/debug_model.toml']],
    log='''
[rank0]:   File "/lus/flare/projects/Aurora_deployment/foremans/micromamba/envs/anl_2024_12_release_2/lib/python3.10/site-packages/torch/cuda/__init__.py", line 310, in _lazy_init
[rank0]:     raise AssertionError("Torch not compiled with CUDA enabled")
[rank0]: AssertionError: Torch not compiled with CUDA enabled
''',
)

case(
    id='globalworkflow1301-jet-prevmpi-step-oom-kill',
    kind='script',
    source='https://github.com/NOAA-EMC/global-workflow/pull/1301',
    thread_site='NOAA RDHPCS Jet (Slurm, CPU nodes); the PR ports the global workflow to Jet and a reviewer posts the log of the fit2obs step, where `srun -l --export=ALL -n 3 .../cfs_prevmpi ...` runs out of memory in one task (MVAPICH DAPL memory registration fails first, then the cgroup OOM killer ends the step); the fix is not in the part of the long thread that was read',
    what='DOUBTFUL - the cause is read from the log: the step\'s tasks need more memory than the job gives them on that node, so the cgroup OOM killer ends one task; the fix would be in the job card (more memory, whole node, or fewer tasks per node) rather than in the program, but the thread\'s own fix was not seen; assumed shape - a 3-task CPU MPI step in a one-node Anvil job on the shared partition (memory per core), diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH -p shared'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=3'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], [MPIAPP, 'srun -l --export=ALL -n 3 ./cfs_prevmpi prec']],
    log='''
2: k300:UCM:10c7c:73c03540: 7393885 us(7393885 us!!!):  DAPL ERR reg_mr Cannot allocate memory
2: slurmstepd: error: Detected 1 oom-kill event(s) in StepId=25981927.1. Some of your processes may have been killed by the cgroup out-of-memory handler.
srun: error: k300: task 2: Out Of Memory
''',
    expect={'families': ['resources'], 'fix': r'(?m)^(\+#SBATCH --mem(-per-cpu)?[= ]|\+#SBATCH --exclusive|\+#SBATCH (-p|--partition)[= ]?wholenode|\+#SBATCH --ntasks-per-node=[12]\b|\+#SBATCH --cpus-per-task=(?!1\b)\d+)'},
)

# ---------------------------------------------------------------- Ray / container network cases (issues)

case(
    id='ray19942-slurm-template-no-matched-raylet-address',
    kind='not_script',
    source='https://github.com/ray-project/ray/issues/19942',
    thread_site='a university Slurm cluster; the job script is Ray\'s own documented Slurm template (head started with `ray start --head` on the first node, workers with `ray start --address` under srun on the others); every worker node prints the message and the program then runs only on the head node; the reporter points at #16009/#17491 (the latter labelled bug/regression by the Ray team); the issue was labelled bug and closed without the fix in the part read',
    what='DOUBTFUL - the workers register with an IP the driver-side lookup does not match (a Ray regression of that release for multi-NIC nodes, per the linked issues), so the job uses one node; the job script is the documented template, so this is labelled not-script (upgrade/downgrade Ray); assumed shape - the Ray-on-Slurm job over 2 Delta nodes, diagnosed as on Delta',
    cluster='delta',
    script='ray_slurm.sh',
    log='''
This node has an IP address of 10.20.1._, while we can not found the matched Raylet address. This maybe come from when you connect the Ray cluster with a different IP address or connect a container.
''',
)

case(
    id='pyxis60-mirroredstrategy-ibv-create-qp-cq-failed-in-container',
    kind='not_script',
    source='https://github.com/NVIDIA/pyxis/issues/60',
    thread_site='a Slurm cluster with 8x A100 nodes (hai-a100-3), InfiniBand with SHARP and RoCE ports, NCCL 2.8.3 inside a pyxis/enroot TensorFlow container; a one-node `tf.distribute.MirroredStrategy` job started through srun fails while NCCL creates its InfiniBand queues; the same report was filed against NCCL (#562) and TensorFlow (#51760); the thread is closed without the cause in the part read',
    what='DOUBTFUL - the verbs calls that create queue pairs/completion queues fail inside the container (typically the locked-memory limit or device access the container runtime gives the job, a site/container set-up matter), so NCCL cannot set up its IB transport; labelled not-script because nothing in the launch line decides it (a job-side workaround such as NCCL_IB_DISABLE=1 only avoids IB); assumed shape - the pyxis srun job on one 8-GPU Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[[PYX, 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train_mirrored.py']],
    log='''
hai-a100-3:376586:377443 [4] ibvwrap.c:130 NCCL WARN Call to ibv_create_qp failed
hai-a100-3:376586:377442 [3] ibvwrap.c:118 NCCL WARN Call to ibv_create_cq failed
hai-a100-3:376586:377442 [3] NCCL INFO ib_plugin.c:174 -> 2
''',
)

case(
    id='ray38782-client-node-raylet-dead-grpc-unavailable',
    kind='not_script',
    source='https://github.com/ray-project/ray/issues/38782',
    thread_site='a group\'s own machines (not a batch system); a Ray 2.6 cluster with the head on one host; a driver on another host connects to the head\'s address, finds no local raylet and then dies because it cannot reach any raylet over gRPC; the same script works on the head host; tried in containers and with several Ray/Python versions; open issue without an answer in the part read',
    what='DOUBTFUL - the driver runs on a host that is not part of the Ray cluster (no local raylet) and cannot reach the cluster\'s raylets (network/firewall between the hosts, or the host never joined with `ray start`); a cluster set-up/network problem, not a batch-script line; assumed shape - the Ray-on-Slurm job on 2 Delta nodes with the trainer started where no worker joined, diagnosed as on Delta',
    cluster='delta',
    script='ray_slurm.sh',
    log='''
2023-08-23 16:55:15,034 INFO worker.py:1431 -- Connecting to existing Ray cluster at address: 10.10.90.17:6379...
[2023-08-23 16:55:15,043 I 2384014 2384014] global_state_accessor.cc:356: This node has an IP address of 10.10.91.39, but we cannot find a local Raylet with the same address. This can happen when you connect to the Ray cluster with a different IP address or when connecting to a container.
[2023-08-23 16:55:24,139 E 2384014 2384023] core_worker_process.cc:216: Failed to get the system config from raylet because it is dead. Worker will terminate. Status: GrpcUnavailable: RPC Error message: failed to connect to all addresses; RPC Error details:  .Please see `raylet.out` for more details.
''',
)

case(
    id='ray26477-nersc-gcs-connect-warning-before-head-up',
    kind='not_script',
    source='https://github.com/ray-project/ray/issues/26477',
    thread_site='NERSC (Slurm, Cray); a NERSC staff member posts the output of starting a Ray cluster in a job with `ray start`; the GCS connection warning is followed within a second by "Ray runtime started" on the same host; the issue (remote functions not reaching the worker nodes) was labelled question/slurm and closed as stale without a stated cause',
    what='DOUBTFUL - the warning is printed while the GCS at that address is still coming up and is followed by a successful start, so it is not the failure (it only looks like a launch/network fault); the thread\'s actual problem was not resolved there; labelled not-script; assumed shape - the Ray-on-Slurm job on Perlmutter GPU nodes (the Perlmutter shifter job recast to start Ray), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --nodes=1 --ntasks=1 -w "$MASTER_ADDR" ray start --head --port=6379 --block &\nsleep 30\npython ray_remote_test.py']],
    log='''
2022-07-13 15:19:40,592	WARNING utils.py:1242 -- Unable to connect to GCS at 10.249.16.183:6379. Check that (1) Ray GCS with matching version started successfully at the specified address, and (2) there is no firewall setting preventing access.
2022-07-13 15:19:41,267	INFO scripts.py:715 -- Local node IP: 10.249.16.183
2022-07-13 15:19:43,891	SUCC scripts.py:758 -- Ray runtime started.
''',
)

case(
    id='ogbnfix-srun-cpus-per-task-two-environment-variables',
    kind='script',
    source='https://github.com/anthonyche/Grounded_Witness/blob/HEAD/SLURM_SRUN_FIX.md',
    thread_site='a fix note in Chinese ("Slurm srun 冲突问题修复", SLURM_SRUN_FIX.md, also found as text id 28557911525) in a user repository training a GNN on OGBN data on a university Slurm GPU cluster; a one-node, one-task job with `#SBATCH --cpus-per-task=8` started the training with `yes y | srun python src/Train_OGBN_HPC.py ...`; srun refused to start because a SLURM_CPUS_PER_TASK=13 inherited from the submitting environment (the note: from a parent job or a system default) disagrees with the job\'s own CPU request; the note\'s fix is to drop srun for this one-task job (alternatives it gives: `unset SLURM_CPUS_PER_TASK` before srun, or `srun --cpus-per-task=8 ...`); the first line of srun\'s message, `srun: fatal: cpus-per-task set by two different environment variables`, repeats an earlier set word for word and is left out of the excerpt',
    what='the job step inherits a CPU-per-task value from the environment the job was submitted from, which contradicts the job\'s `--cpus-per-task`; the fix is in the job script (run the single task without srun, or unset the inherited variable / pass `--cpus-per-task` to srun); assumed shape - a one-task, one-GPU srun job on Delta started from an interactive allocation, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], [SRUNPY, 'yes y | srun python src/Train_OGBN_HPC.py --dataset ogbn-products']],
    log='''
SLURM_CPUS_PER_TASK=13 != SLURM_TRES_PER_TASK=cpu=8
Training failed with exit code 141
''',
    expect={'families': ['environment', 'launcher', 'resources'], 'fix': r'(?m)^(\+\s*(yes y \| )?python src/Train_OGBN_HPC\.py|\+\s*unset SLURM_CPUS_PER_TASK|\+.*\bsrun\b.*--cpus-per-task[= ]8)'},
)
