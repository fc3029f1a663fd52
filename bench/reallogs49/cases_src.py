# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Sources: centre and university HPC documentation and FAQs, course Q&A notes, a book on ML
# engineering, a vendor guide - no GitHub issue thread. Written and labelled before any run of maple.

GPU_FIX = r'(?m)^\+.*(--gpus(-per-node|-per-task)?[= ]?\S*\d|--gres[= ]\S*gpu|#SBATCH\s+-G\s*\d)'

# ---------------------------------------------------------------- Stanford FarmShare troubleshooting page (2)

FARMSHARE_SOURCE = 'find_string:71042447741'
FARMSHARE_SITE = 'Stanford FarmShare user documentation, page "Troubleshooting" for batch jobs and interactive sessions (Slurm; "These are the most common problems with batch jobs and interactive sessions: jobs that won\'t start, jobs that fail right away, and jobs that stop early")'
FARMSHARE_MAP = 'not one of the ten sites - FarmShare is a Stanford shared Slurm cluster - so mapped by scheduler family to Bridges-2 (one GPU in the GPU-shared partition)'
FARMSHARE_SCRIPT = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH -p GPU-shared\n#SBATCH --gpus=v100-32:1']]

case(
    id='farmshare-job-cancelled-due-to-time-limit-ask-more-time',
    kind='script',
    source=FARMSHARE_SOURCE,
    thread_site=FARMSHARE_SITE + '; section "DUE TO TIME LIMIT": "The job ran out of the time it asked for, and Slurm stopped it. The output file ends with a line like `CANCELLED AT ... DUE TO TIME LIMIT`, and sacct shows the state TIMEOUT. Ask for more time with --time. The default is ..., and you can ask for up to ..., or ... with --qos=long"',
    what='the job asked for less time than the run needs; the cure the page gives is the job script\'s --time request (a longer one, or --qos=long past the normal maximum), so labelled script; the line is the page\'s own quoted ending, with its "..." kept; ' + FARMSHARE_MAP + '; assumed shape - a one-GPU training job started by srun with --time=02:00:00; how much longer the run needs is not in the source (a fix that sets any other --time is accepted whatever value it picks)',
    cluster='bridges2',
    script='srun_python.sh',
    replace=FARMSHARE_SCRIPT,
    log='''
CANCELLED AT ... DUE TO TIME LIMIT
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+\s*#SBATCH\s+(--time[= ]|-t\s*)(?!0?2:00:00\s*$)\S+|^\+\s*#SBATCH\s+--qos[= ]long\b'},
)

case(
    id='farmshare-couldnt-chdir-home-path-storage-hiccup-resubmit',
    kind='not_script',
    source=FARMSHARE_SOURCE,
    thread_site=FARMSHARE_SITE + '; section "couldn\'t chdir to \'...\': No such file or directory: going to /tmp instead": "The job couldn\'t reach the directory it was started from. There are two common causes. If the path starts with /afs or ~/afs-home, the job was submitted from a directory in AFS ... If the path is in your home or scratch directory, there may have been a short-lived problem with FarmShare\'s storage. Submit the job again. If it keeps happening, email ... with the job ID and the node name"',
    what='the job was submitted from the home directory (assumed: the page names the AFS cause only for /afs paths), and for that case the page puts the failure on a short-lived problem of the site\'s storage - resubmit, report if it repeats; nothing in the job script causes it, so labelled not_script (site storage); the line is the page\'s own quoted message with its "..." kept; ' + FARMSHARE_MAP + '; assumed shape - the same one-GPU srun job, submitted from $HOME/project',
    cluster='bridges2',
    script='srun_python.sh',
    replace=FARMSHARE_SCRIPT,
    log='''
couldn't chdir to '...': No such file or directory: going to /tmp instead
''',
)

# ---------------------------------------------------------------- NRIS (Sigma2) documentation (3, one a page)

SIGMA2 = 'https://github.com/UNINETTSigma2/documentation/blob/e0347991600973debaf6d4f402cd205fdfa8b53a/'
SAGA_MAP = 'not one of the ten sites - NRIS Saga is a Slurm cluster with P100/A100 GPU partitions - so mapped by scheduler family to Delta'

case(
    id='saga-singularity-exec-without-nv-cuda-program-segfaults',
    kind='script',
    source=SIGMA2 + 'code_development/guides/gpu/cuda-container.md',
    thread_site='NRIS (Sigma2) documentation, "BYO CUDA environment with containers" on Saga: inside a one-GPU allocation (`salloc --gpus=1 --partition=accel`) the program built in the CUDA container is run with `singularity exec --bind $PWD cuda_11.4.0-devel-ubuntu20.04.sif ./vec_add_cuda` and prints ENTER MAIN then Segmentation fault; "The reason this failed is that Singularity has not been made aware of the GPU resources on the host ... The magic keyword to make this work in Singularity is --nv"; with --nv the same command prints EXIT SUCCESS',
    what='the container is started without --nv, so the CUDA program inside sees no GPU driver and crashes; the cure the page shows is the --nv flag on the job\'s singularity exec line, so labelled script; the two lines are the page\'s own output; ' + SAGA_MAP + '; assumed shape - the same run as a one-GPU batch job step (srun singularity exec ...), the image and binary in the working directory',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun singularity exec --bind $PWD cuda_11.4.0-devel-ubuntu20.04.sif ./vec_add_cuda']],
    log='''
ENTER MAIN
Segmentation fault
''',
    expect={'families': ['containers'], 'fix': r'(?m)^\+.*\b(singularity|apptainer)\s+(exec|run|shell)\b.*\s--nv\b'},
)

case(
    id='saga-tensorflow-job-without-gpu-request-reports-zero-gpus',
    kind='script',
    source=SIGMA2 + 'code_development/guides/gpu/tensorflow.md',
    thread_site='NRIS (Sigma2) documentation, "Using TensorFlow in Python" on Saga: submit_cpu.sh (no GPU request) runs gpu_intro.py; "the output ... will contain several errors as Tensorflow attempts to communicate with the GPU, however, the program will still run" and prints Num GPUs Available: 0; "The reason for this is of course that we never asked for any GPUs in the first place. To remedy this we will include the --gpus=1 in the Slurm script. We must also specify which partition we want to use (--partition=accel for P100 and --partition=a100 for A100)"',
    what='the job script asks for no GPU, so TensorFlow runs on the CPU; the cure the page gives is a GPU request (and a GPU partition) in the job script, so labelled script; the lines are the page\'s own output (trailing blanks trimmed); the script is the page\'s submit_cpu.sh verbatim (bench/reallogs49/scripts/saga_tf_submit_cpu.sh); ' + SAGA_MAP + ' (accel -> gpuA100x4); a fix that requests a GPU is accepted with or without the partition line',
    cluster='delta',
    script='saga_tf_submit_cpu.sh',
    log='''
Num GPUs Available:  0
tf.Tensor(
[[22. 28.]
 [49. 64.]], shape=(2, 2), dtype=float32)
''',
    expect={'families': ['resources', 'scheduler'], 'fix': GPU_FIX},
)

case(
    id='nris-disk-quota-exceeded-project-area-filled-by-others',
    kind='not_script',
    source=SIGMA2 + 'files_storage/quota.md',
    thread_site='NRIS (Sigma2) documentation, "Storage quota", FAQ: "I\'m getting "Disk quota exceeded" error when running jobs: this is due to one/more of: You have exceeded the quota for your /home area; You have exceeded the quota for your /work area; You/others have exceeded the quota for your project\' /project area (If you are a member of multiple projects, one project\' exceeded quota will affect your user across all projects you are a member of). Please check your quota using dusage, and take appropriate actions"',
    what='the job writes into the project area and the project\'s quota is full - here by other members\' files (assumed; the page names it as one of the causes); the remedy is cleaning up or asking for quota, nothing in the job script - labelled not_script (file-system quota); the message is the one the page quotes; not one of the ten sites (NRIS, Slurm) - mapped by scheduler family to Lonestar6 (TACC, ibrun); assumed shape - a two-node ibrun training job writing checkpoints under the project directory',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['ibrun python train.py --epochs 10', 'ibrun python train.py --epochs 10 --ckpt-dir /cluster/projects/nn1234k/ckpt']],
    log='''
Disk quota exceeded
''',
)

# ---------------------------------------------------------------- TalTech HPC Centre documentation (1)

case(
    id='taltech-openfoam-bus-error-is-slurm-out-of-memory-raise-mem',
    kind='script',
    source='https://github.com/TalTech-HPC-Centre/taltech-hpc-docs/blob/493d1c5d600d42f7aec568a9b1deb5b686c79eb3/docs/engineering/openfoam.md',
    thread_site='TalTech HPC Centre documentation, OpenFOAM page, "Some errors and how to solve them": "a "Bus error" means the software tries to access non-existing memory, this is actually a SLURM out-of-memory error: solve by increasing the memory request --mem=xxGB where xx is something larger than before" (next to the oom-kill entry); the page\'s openfoam.slurm runs `mpirun -n $SLURM_NTASKS interFoam -parallel`',
    what='the solver runs out of the memory the job asked for, which shows here as a bus error; the cure the page gives is a larger --mem in the job script, so labelled script; the message is the one the page quotes (one word pair); not one of the ten sites (TalTech, Slurm) - mapped by scheduler family to Bridges-2 (RM-shared, memory asked per job); assumed shape - an 8-task OpenFOAM job started with mpirun with --mem=8G; how much memory it needs is not in the source',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=8\n#SBATCH -p RM-shared'], ['#SBATCH --gpus-per-node=4', '#SBATCH --mem=8G'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'module load openfoam\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'mpirun -n $SLURM_NTASKS interFoam -parallel']],
    log='''
Bus error
''',
    expect={'families': ['resources'], 'fix': r'(?m)^\+\s*#SBATCH\s+--mem(-per-cpu|-per-gpu)?[= ](?!8G\s*$)\S+'},
)

# ---------------------------------------------------------------- Kempner Institute computing handbook (1)

case(
    id='kempner-writable-sandbox-preset-singularity-bind-etc-slurm-missing',
    kind='script',
    source='https://github.com/KempnerInstitute/kempner-computing-handbook/blob/330bcb97f3738c1aa91bb5f75e8f49aad82fc766/kempner_computing_handbook/s1_high_performance_computing/development_and_runtime_envs/containerization.md',
    thread_site='Kempner Institute (Harvard) computing handbook, "Containerization": "On the cluster, the SINGULARITY_BIND environment variable is preset to mount SLURM commands, the munge socket, and the host certificates into your containers. Those mount points do not exist in a stock image, and Singularity cannot create them while an image is being written, so a customization step otherwise fails with an error like FATAL: container creation failed: mount /etc/slurm->/etc/slurm error: ... destination /etc/slurm doesn\'t exist in container. Clear the variable for the build or writable step by prefixing the command with SINGULARITY_BIND="',
    what='the writable-sandbox step inherits the site\'s preset bind list; the cure the handbook gives is to clear SINGULARITY_BIND for that command in the script (prefix SINGULARITY_BIND= or unset it), so labelled script; the line is the handbook\'s own quoted error, with its "..." kept; not one of the ten sites (Kempner AI cluster on FASRC, Slurm) - mapped by scheduler family to Delta; assumed shape - a one-task job that builds a sandbox on node-local /tmp and installs packages into it with singularity exec --fakeroot --writable',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --mem=32G'], ['srun python -u train.py --batch-size 256 --epochs 32', 'singularity build --fakeroot --sandbox /tmp/$USER/custom/ docker://pytorch/pytorch:2.2.1-cuda12.1-cudnn8-devel\nsingularity exec --fakeroot --writable /tmp/$USER/custom/ pip install --no-cache-dir transformers datasets']],
    log='''
FATAL: container creation failed: mount /etc/slurm->/etc/slurm error: ... destination /etc/slurm doesn't exist in container
''',
    expect={'families': ['containers', 'environment'], 'fix': r'(?m)^\+.*(\bSINGULARITY_BIND=(""|\x27\x27)?(\s|$)|\bunset\s+SINGULARITY_BIND\b)'},
)

# ---------------------------------------------------------------- Stas Bekman, "Machine Learning Engineering" book (4)

MLENG = 'https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/'

case(
    id='mleng-ib-completion-error-cloud-nodes-not-provisioned-together',
    kind='not_script',
    source=MLENG + 'debug/pytorch.md',
    thread_site='Stas Bekman\'s open book "Machine Learning Engineering", chapter "Debugging PyTorch programs", section "Solving the Infiniband connection between multiple nodes": a 2-node NCCL test (`NCCL_DEBUG=INFO python -u -m torch.distributed.run --nproc_per_node=1 --nnodes 2 --rdzv_endpoint 10.2.0.4:6000 --rdzv_backend c10d torch-distributed-gpu-test.py`) detects the IB interfaces, then times out with the quoted messages; "the Ethernet connectivity between 2 nodes works but not the IB interface ... the most likely one is when you\'re on the cloud and the 2 nodes weren\'t provisioned so that their IB is connected ... once the nodes were deleted and recreated within an availability set the test worked out of the box"',
    what='the two nodes were not provisioned on a shared InfiniBand fabric; the cure was re-provisioning the nodes, no change to the launch - labelled not_script (network fabric); the lines are the book\'s own quoted output (the completion line wraps after "len" as posted); not one of the ten sites (Azure VMs) - mapped to Vista (InfiniBand, one torchrun per node under srun); assumed shape - the same 2-node, one-GPU-per-node test launched by srun + torchrun with NCCL_DEBUG=INFO',
    cluster='vista',
    script='tacc_torchrun_per_node.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p gh'], ['module load cuda/12.2\n', 'module load cuda/12.2\nexport NCCL_DEBUG=INFO\n'], ['--nproc_per_node=3', '--nproc_per_node=1'], ['train.py', 'torch-distributed-gpu-test.py']],
    log='''
node-2:5776:5898 [0] NCCL INFO NET/IB : Using [0]ibP111p0s0:1/IB [1]rdmaP1111p0s2:1/RoCE [RO]; OOB eth0:10.2.0.4<0>
node-2:5776:5902 [0] transport/net_ib.cc:1296 NCCL WARN NET/IB : Got completion from peer 10.2.0.5<33092> with error 12, opcode 0, len
0, vendor err 129 (Recv)
node-2:5776:5902 [0] NCCL INFO transport/net.cc:1134 -> 6
node-2:5776:5902 [0] NCCL INFO proxy.cc:679 -> 6
node-2:5776:5902 [0] NCCL INFO proxy.cc:858 -> 6 [Proxy Thread]
''',
)

case(
    id='mleng-interleaved-traceback-dataset-proba-list-has-no-sum',
    kind='not_script',
    source=MLENG + 'debug/pytorch.md',
    thread_site='the same book, same chapter, section "Prefixing logs with node:rank, interleaved asserts": a multi-node torchrun job under srun fails with interleaved tracebacks from every rank; adding `--role $(hostname -s): --tee 3` to torchrun prefixes each line, and grepping one prefix gives the quoted lines - "and voila, you can now tell what really happened": `dataset_proba` is a list, not an array, in the training code\'s dataset.py',
    what='the training program calls .sum() on a Python list in its dataset code; the fix is in the program, not in the launch (the --role/--tee flags only make the traceback readable) - labelled not_script (the user\'s program); the lines are the book\'s own grep output; not one of the ten sites - mapped to DeltaAI (Slurm, srun + one torchrun per node); assumed shape - two nodes, srun starting torchrun with --role and --tee',
    cluster='deltaai',
    script='srun_torchrun.sh',
    replace=[['--rdzv_id="$SLURM_JOB_ID" train.py', '--rdzv_id="$SLURM_JOB_ID" \\\n    --role $(hostname -s): --tee 3 train.py']],
    log='''
[host1:0]  File "/path/to/training/dataset.py", line 785, in __init__
[host1:0]    if self.dataset_proba.sum() != 1:
[host1:0]AttributeError: 'list' object has no attribute 'sum'
''',
)

case(
    id='mleng-broken-node-network-nccl-connect-refused-exclude-and-report',
    kind='not_script',
    source=MLENG + 'orchestration/slurm/users.md',
    thread_site='the same book, chapter "SLURM for users", Troubleshooting, section "Broken Network": "Yet another issue with a node is when its network is broken and other nodes fail to connect to it. You\'re likely to experience it with an error similar to" the quoted RuntimeError; with NCCL_DEBUG=INFO the log shows the quoted Connect ... failed : Connection refused line; reverse-resolving the IP names the node (r10i6n5.ib0.xa.idris.fr); "Add --exclude=r10i6n5 to your sbatch command and report the faulty node to your cluster\'s admins"',
    what='one node\'s network is broken; the cure is to keep the job off that node and have the admins repair it - the job script is not at fault (the --exclude is a stop-gap naming one bad node, not a fix of the script) - labelled not_script (node network); the two lines are the book\'s own quoted output from its two runs (the barrier frame and the ncclSystemError line left out, as other sets already hold them); not one of the ten sites (IDRIS Jean Zay host names) - mapped to Stampede3 (Slurm, TACC\'s ibrun starts one rank per GPU); assumed shape - a two-node PyTorch job with NCCL_DEBUG=INFO started by ibrun',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -n 6', '#SBATCH -n 8'], ['module load cuda/12.2\n', 'module load cuda/12.2\nexport NCCL_DEBUG=INFO\n']],
    log='''
RuntimeError: NCCL error in: /opt/conda/conda-bld/pytorch_1616554793803/work/torch/lib/c10d/ProcessGroupNCCL.cpp:825, unhandled system error, NCCL version 2.7.8
r11i6n2:486514:486651 [1] include/socket.h:403 NCCL WARN Connect to 10.148.3.247<56821> failed : Connection refused
''',
)

case(
    id='mleng-xid-63-row-remapper-reset-gpu-to-activate',
    kind='not_script',
    source=MLENG + 'compute/accelerator/nvidia/debug.md',
    thread_site='the same book, chapter "Troubleshooting NVIDIA GPUs", section "Xid Errors": "In your system logs you are likely to see occasionally Xid Errors like" the quoted line; nvidia-smi -q shows the row-remapping counters; Xid 63 is a row remapping event - the GPU must be reset (nvidia-smi -r) or the node rebooted to activate the remapping, and if the same address fails again after reboot (Xid 64) "the GPU needs to be RMA\'ed"',
    what='a GPU memory row failed and was marked for remapping; the cure is a GPU reset or node reboot by the admins (an RMA if it repeats) - nothing in the job script - labelled not_script (hardware); the line is the book\'s own quoted kernel-log line; not one of the ten sites - mapped to Lonestar6 (A100 nodes, Slurm, one torchrun per node); assumed shape - a two-node torchrun training job whose node logged this Xid',
    cluster='lonestar6',
    script='tacc_torchrun_per_node.sh',
    log='''
NVRM: Xid (PCI:0000:10:1c): 63, pid=1896, Row Remapper: New row marked for remapping, reset gpu to activate.
''',
)

# ---------------------------------------------------------------- LUMI training materials, course Q&A notes (4, one a page)

LUMI = 'https://github.com/Lumi-supercomputer/LUMI-training-materials/blob/d64bc58c837877c9c1309c17b5f43bb633a7b427/'
LUMI_MAP = 'not one of the ten sites - LUMI is an HPE Cray EX (Slingshot-11, Cray MPICH, Lmod, Slurm)'

case(
    id='lumi-cray-mpich-ofi-poll-failed-ptlte-not-found-hpe-issue',
    kind='not_script',
    source=LUMI + 'docs/4day-20230214/hedgedoc_notes_day4.md',
    thread_site='LUMI training materials, Q&A notes of the February 2023 4-day course, day 4, question 40: "We are porting an C++ MPI app to LUMI and getting MPI errors like" the quoted Cray MPI and AOCC outputs; answers: "Please submit a ticket"; another user had the same issue and a ticket ("LUMI #1059 MPICH errors"); LUST: "This is an issue that probably requires a software upgrade that is outside the control of LUST ... The issue is with HPE already ... as the OFI poll errors are very low level. They also often result from a failure on another node of your job. These errors are also not related to any specific compiler but come from errors that occur in layers underneath the MPI libraries"',
    what='the failure is in the MPI/libfabric layers under the application at scale and waits on a vendor software upgrade; nothing in the job script cures it - labelled not_script (library / site software stack); the lines are the question\'s own quoted outputs (two runs); ' + LUMI_MAP + ' - mapped to Perlmutter (HPE Cray EX, Slingshot-11, Cray MPICH, srun); assumed shape - a many-node CPU MPI application started by srun',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=48\n#SBATCH -C cpu\n#SBATCH -q regular\n#SBATCH -A m0000']],
    log='''
Assertion failed in file ../src/mpid/ch4/netmod/include/../ofi/ofi_events.c at line 379: dtp_ != NULL
MPICH ERROR [Rank 1800] [job id 2932607.0] [Fri Feb 17 14:38:57 2023] [nid001179] - Abort(1): Internal error
MPICH ERROR [Rank 6088] [job id 2618312.0] [Sun Jan 22 20:58:44 2023] [nid001271] - Abort(404369807) (rank 6088 in comm 0): Fatal error in PMPI_Waitany: Other MPI error, error stack:
PMPI_Waitany(277)..............: MPI_Waitany(count=13, req_array=0x2b7b970, index=0x7ffcc40da984, status=0x7ffcc40da988) failed
PMPI_Waitany(245)..............:
MPIDI_Progress_test(80)........:
MPIDI_OFI_handle_cq_error(1062): OFI poll failed (ofi_events.c:1064:MPIDI_OFI_handle_cq_error:Input/output error - PTLTE_NOT_FOUND)
''',
)

case(
    id='lumi-gpu-check-execve-not-found-partition-g-module-missing',
    kind='script',
    source=LUMI + 'docs/1day-20240208/notes_20240208.md',
    thread_site='LUMI training materials, Q&A notes of the February 2024 1-day course, question 12: "How do I run gpu_check? I loaded module load LUMI/23.09, module load lumi-CPEtools and allocated resources with salloc and when I do srun gpu_check -l ... I get slurmstepd: error: execve(): gpu_check: No such file or directory"; answer: "At least you seem to be missing loading the partition/G?" - "Indeed, I was missing partition/G. thanks!"; "As gpu_check can only work on LUMI-G nodes, I did not include it in the other versions for lumi-CPEtools"',
    what='the tool only exists in the GPU-partition build of the module, and the job loads the software stack without partition/G; the cure is one module load line, so labelled script; the line is the question\'s own; ' + LUMI_MAP + ' - mapped to Perlmutter (HPE Cray EX, Lmod, srun); the module names are LUMI\'s, kept as the source has them; assumed shape - the same module loads and srun in a GPU batch job',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1', 'module load LUMI/23.09\nmodule load lumi-CPEtools'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun gpu_check -l']],
    log='''
slurmstepd: error: execve(): gpu_check: No such file or directory
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+\s*(module\s+(load|add)|ml)\s+(\S+\s+)*partition/G\b'},
)

case(
    id='lumi-rccl-connect-no-route-to-host-socket-ifname-hsn',
    kind='script',
    source=LUMI + 'docs/LUMI-G-20220823/hackmd_notes.md',
    thread_site='LUMI training materials, HackMD notes of the August 2022 LUMI-G course, question 2: "I was running PyTorch code using this container (rocm/pytorch) more or less reliably at the beginning of the pre pilot phase using rccl backend ... tried again today and I seem to have network issues:" the quoted line; answer (AMD): "Try export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3 let RCCL focus on the right network interfaces. Also export NCCL_DEBUG=INFO"',
    what='RCCL picks a network interface the other nodes cannot reach; the cure given is the exported NCCL_SOCKET_IFNAME naming the Slingshot interfaces in the job script, so labelled script; the line is the question\'s own; ' + LUMI_MAP + ' - mapped to Perlmutter (Slingshot hsn0-hsn3 interfaces, srun); assumed shape - a two-node srun job running the PyTorch container with singularity exec',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], ['module load pytorch/2.3.1', 'module load cray-python'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores singularity exec pytorch_rocm.sif python train.py --backend nccl']],
    log='''
nid005000:30599:30731 [0] /long_pathname_so_that_rpms_can_package_the_debug_info/data/driver/rccl/src/include/socket.h:415 NCCL WARN Net : Connect to 10.120.24.10<52061> failed : No route to host
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\bNCCL_SOCKET_IFNAME=\S*hsn'},
)

case(
    id='lumi-jax-hipinit-invalid-device-no-gpu-in-allocation',
    kind='script',
    source=LUMI + 'docs/LUMI-G-20230111/hedgedoc_notes.md',
    thread_site='LUMI training materials, HedgeDoc notes of the January 2023 LUMI-G course: a user installs prebuilt jax/jaxlib wheels as suggested; "it doesn\'t seem to see the GPUs (I\'m on dev-g)": jax.device_count() prints the quoted lines and 1; answer: "The only way I can reproduce your result is by not requesting a GPU. Did you request a GPU when you submitted your job?" and shows `srun -pdev-g --gres=gpu:1 --pty -t30:00 $SHELL` working',
    what='the allocation has a GPU partition but no GPU request, so the ROCm runtime finds no device; the cure given is a GPU request, so labelled script; the lines are the question\'s own; ' + LUMI_MAP + ' - mapped to DeltaAI (Slurm GPU nodes, srun); assumed shape - a one-task job on a GPU partition without --gpus/--gres, running the jax program with srun',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4\n', ''], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u jax_check.py']],
    log='''
2023-01-11 11:50:57.816391: E  external/org_tensorflow/tensorflow/compiler/xla/stream_executor/rocm/rocm_driver.cc:302] failed call to hipInit: HIP_ERROR_InvalidDevice
WARNING:jax._src.lib.xla_bridge:No GPU/TPU found, falling back to CPU. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)
''',
    expect={'families': ['resources', 'scheduler'], 'fix': GPU_FIX},
)

# ---------------------------------------------------------------- Aalto SciComp (Triton) documentation (4)

AALTO = 'https://github.com/AaltoSciComp/scicomp-docs/blob/eae514ff4df9352c0eedb30d85a45067f98e0cfc/'
AALTO_MAP = 'not one of the ten sites - Aalto Triton is a Slurm cluster with Lmod'

case(
    id='triton-gpu-partition-without-gpus-job-violates-qos-policy',
    kind='script',
    source=AALTO + 'triton/usage/faq.rst',
    thread_site='Aalto Scientific Computing, Triton FAQ, entry "srun: error: Unable to allocate resources: Job violates accounting/QOS policy": "This error can occur for instance if you have requested a GPU partition without requesting GPUs. In other words, you have --partition=gpu-h100-80g in your submission script, but no --gpus=n. Note that running CPU-only workloads on Triton GPU nodes is not permitted"',
    what='the request names a GPU partition but no GPU, which the site\'s policy refuses; the cure given is a --gpus request in the script, so labelled script; the line is the FAQ\'s own (srun\'s wording; assumed: the same request submitted with sbatch is refused by the same policy); ' + AALTO_MAP + ' - mapped to Delta (GPU partition gpuA100x4); assumed shape - an accelerate launch job with the GPU partition and no GPU request',
    cluster='delta',
    script='accelerate.sh',
    replace=[['#SBATCH --gpus-per-node=2', '#SBATCH --partition=gpuA100x4']],
    log='''
srun: error: Unable to allocate resources: Job violates accounting/QOS policy
''',
    expect={'families': ['resources', 'scheduler'], 'fix': GPU_FIX},
)

case(
    id='triton-wrkdir-subdir-without-setgid-disk-quota-exceeded',
    kind='not_script',
    source=AALTO + 'triton/usage/faq.rst',
    thread_site='Aalto Scientific Computing, Triton FAQ, entry "Disk quota exceeded error but I have plenty of space": "Everyone should have a group quota, but no user quota ... Since your default group is "domain users" which has no quota, if the s-bit is not set, you get an immediate quota exceeded by default"; solution: put the directories in the right group and set the setgid bit (quotafix, or lfs find ... chmod g+s / chgrp)',
    what='files written into a $WRKDIR subdirectory without the setgid bit get the default group, which has no quota; the cure is fixing the directories\' group and setgid bit, not the job script - labelled not_script (file-system ownership / quota); the message is the one the FAQ quotes; ' + AALTO_MAP + ' - mapped to Anvil (Slurm); assumed shape - a two-node DeepSpeed job writing its outputs under a $WRKDIR subdirectory copied in without g+s',
    cluster='anvil',
    script='deepspeed_hostfile.sh',
    replace=[['train.py --deepspeed_config ds_config.json', 'train.py --deepspeed_config ds_config.json --output_dir $WRKDIR/runs/exp1']],
    log='''
Disk quota exceeded
''',
)

case(
    id='triton-lmod-hierarchical-cmake-needs-software-stack-module',
    kind='script',
    source=AALTO + 'triton/tut/modules.rst',
    thread_site='Aalto Scientific Computing, Triton tutorial "Software modules", section on hierarchical modules: `module load cmake/3.27.7` answers the quoted Lmod error; "Lmod says that the modules exist but can\'t be loaded, but gives a hint"; module spider shows that the software stack module triton/2024.1-gcc must be loaded first ("Hierarchical modules means that you have to load one module before you can load another ... most compiled software will require loading a relevant software stack module")',
    what='the job loads a module that lives under a software-stack module it never loads; the cure is loading the stack module first in the job script, so labelled script; the lines are the tutorial\'s own output, without its first line ("Lmod has detected the following error:  These module(s) or"), which other sets already hold; ' + AALTO_MAP + ' - mapped to Anvil (Slurm, Lmod); the module names are Triton\'s, kept as the source has them; assumed shape - a one-task CPU job that loads cmake/3.27.7 and configures a build',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4\n', ''], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'module load cmake/3.27.7\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'cmake -S . -B build && cmake --build build -j 8']],
    log='''
extension(s) exist but cannot be loaded as requested: "cmake/3.27.7"
   Try: "module spider cmake/3.27.7" to see how to load the module(s).
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+\s*(module\s+(load|add)|ml)\s+(\S+\s+)*triton/2024\.1-gcc\b'},
)

case(
    id='triton-home-quota-full-conda-invalidarchiveerror-corruption',
    kind='not_script',
    source=AALTO + 'triton/tut/storage.rst',
    thread_site='Aalto Scientific Computing, Triton tutorial "Data storage", exercise "Storage-4: Common errors" ("What do all of the following have in common?"): the list includes "f) I get an error message about corruption, such as InvalidArchiveError("Error with archive ... You probably need to delete and re-download or re-create this file." and "g) I can\'t install my own Python/R/etc libraries"; solution: "All of these can be caused by exceeding the quota"',
    what='the conda package cache in the home directory cannot be written because the home quota is full, which conda reports as a corrupt archive; the cure is freeing space or moving the cache, not the job script - labelled not_script (file-system quota); the line is the tutorial\'s own quoted message, with its "..." kept; ' + AALTO_MAP + ' - mapped to Delta (Slurm); assumed shape - a job that creates its conda environment before launching accelerate',
    cluster='delta',
    script='accelerate.sh',
    replace=[['accelerate launch --config_file', 'conda env create -f environment.yml -n ppo\nconda activate ppo\naccelerate launch --config_file']],
    log='''
InvalidArchiveError("Error with archive ... You probably need to delete and re-download or re-create this file.
''',
)

# ---------------------------------------------------------------- OLCF Frontier user guide (2)

OLCF = 'https://github.com/olcf/olcf-user-docs/blob/2745903177977d57d4ad353203f5fd4df05dcc97/systems/frontier_user_guide.rst'
OLCF_SITE = 'OLCF Frontier user guide (olcf-user-docs systems/frontier_user_guide.rst, published as docs.olcf.ornl.gov/systems/frontier_user_guide.html)'

case(
    id='frontier-cray-mpich-nic-policy-numa-rank-spans-numa-domains',
    kind='script',
    source=OLCF,
    thread_site=OLCF_SITE + ', section "NIC Mapping": each of the 4 NICs is tied to a NUMA domain and Cray MPICH maps a rank to the NIC of its NUMA domain; "If a user attempts to map a process to a set of cores that span more than 1 NUMA domain using the default NIC mapping, they will see an error such as MPICH ERROR: Unable to use a NIC_POLICY of \'NUMA\'. Rank 0 is not confined to a single NUMA node.. This is expected behavior for the default NIC policy. The default behavior can be changed by using the MPICH_OFI_NIC_POLICY environment variable"',
    what='the job binds each rank to cores across several NUMA domains while Cray MPICH\'s default NIC policy needs one; the cure the guide gives is the MPICH_OFI_NIC_POLICY variable in the job script (binding ranks inside one NUMA domain is the other way), so labelled script; the line is the guide\'s own, joined where the page wraps it; not one of the ten sites (Frontier, HPE Cray EX, 4 NICs a node) - mapped to Perlmutter GPU nodes (HPE Cray EX, 4 Slingshot NICs a node, Cray MPICH); assumed shape - one rank per node given all 128 hardware threads; a fix that narrows the binding is not matched by the regex (stated as a limit of the label)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH -c 32', '#SBATCH -c 128'], ['module load pytorch/2.3.1', 'module load PrgEnv-gnu cray-mpich'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores ./hybrid_app.exe input.nml']],
    log='''
MPICH ERROR: Unable to use a NIC_POLICY of 'NUMA'. Rank 0 is not confined to a single NUMA node.
''',
    expect={'families': ['network', 'environment', 'launcher'], 'fix': r'(?m)^\+.*\bMPICH_OFI_NIC_POLICY=\S+'},
)

case(
    id='frontier-xnack-plus-binary-run-with-hsa-xnack-0-no-binary-for-gpu',
    kind='script',
    source=OLCF,
    thread_site=OLCF_SITE + ', section on XNACK: kernels compiled with --offload-arch=gfx90a:xnack+ "will only be able to run on GPUs with HSA_XNACK=1 to enable XNACK ... attempts to run with XNACK disabled will fail"; "If the HIP runtime cannot find a kernel image that matches the XNACK mode of the device, it will fail with hipErrorNoBinaryForGpu": `HSA_XNACK=0 srun -n 1 -N 1 -t 1 ./xnack_plus.exe` prints the quoted lines',
    what='the binary carries only xnack+ kernels and the job runs it with XNACK disabled; the cure from the guide is running with HSA_XNACK=1 (or rebuilding for the other mode, which is outside the job script), so labelled script; the lines are the guide\'s own output; not one of the ten sites (Frontier, AMD MI250X) - mapped to Delta, whose gpuMI100x8 partition has AMD GPUs (assumed: the profile leaves that partition out); assumed shape - a one-GPU srun job that exports HSA_XNACK=0 before running the xnack+ binary',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --partition=gpuMI100x8'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_PORT=12802\n', 'export MASTER_PORT=12802\nexport HSA_XNACK=0\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun -n 1 ./xnack_plus.exe']],
    log='''
"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"
srun: error: frontier002: task 0: Aborted
srun: launch/slurm: _step_signal: Terminating StepId=74100.0
''',
    expect={'families': ['environment', 'devices'], 'fix': r'(?m)^\+.*\bHSA_XNACK=1\b'},
)

# ---------------------------------------------------------------- MetaCentrum (PBS Pro) user documentation (1)

case(
    id='metacentrum-pbs-job-killed-walltime-7230-exceeded-limit-7200',
    kind='script',
    source='find_string:4577200778',
    thread_site='MetaCentrum (CESNET, PBS Pro) user documentation, "Run simple job": an interactive job `qsub -I -l select=1:ncpus=4 -l walltime=2:00:00`; "Unless you log out after 1 hour, you will get the following message:" the quoted three lines (the doc\'s example keeps working past the 2-hour walltime); the page explains that PBS kills a job that uses more resources than it reserved (Exit_status -29 for walltime) and that the walltime is requested with -l walltime',
    what='the job runs past the walltime it asked for and PBS kills it; the cure is a longer -l walltime request, so labelled script; the lines are the page\'s own (shell prompt kept as posted); not one of the ten sites (MetaCentrum, PBS Pro) - mapped by scheduler family to Polaris; assumed shape - the same work as a batch job with walltime=02:00:00 (the source\'s example is interactive); how much longer it needs is not in the source',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    replace=[['#PBS -l walltime=01:00:00', '#PBS -l walltime=02:00:00'], ['#PBS -q debug-scaling', '#PBS -q preemptable']],
    log='''
user123@elmo3-1:~$ =>> PBS: job killed: walltime 7230 exceeded limit 7200
logout
qsub: job 13010171.pbs-m1.metacentrum.cz completed
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+\s*#PBS\s+-l\s+(\S*,)?walltime=(?!0?2:00:00\b)\S+'},
)

# ---------------------------------------------------------------- UCL Research Computing documentation (1)

case(
    id='ucl-young-module-unload-compilers-mpi-prereq-default-modules',
    kind='script',
    source='https://github.com/UCL-RITS/mkdocs-rc-docs/blob/4674bf2d35995df382f08abbc5aa38038c77db94/mkdocs-project-dir/docs/Clusters/Young.md',
    thread_site='UCL Research Computing documentation, Young cluster, "Loading and unloading modules": "Young has a newer version of modulecmd which tries to manage module dependencies automatically ... If you get an error like this:" the quoted output of `module unload compilers mpi`; "You can use the -f option to force the module change" (or, per the HINT, unload default-modules/2018 first)',
    what='the job unloads the default compiler and MPI modules that the default-modules bundle still requires; the cure given is module unload -f (or unloading default-modules/2018 first) in the job script, so labelled script; the lines are the page\'s own output without its shell prompt; not one of the ten sites (Young: SGE with Tcl environment modules) - mapped by module system to Aurora (PBS, modules, mpiexec); the module names are Young\'s, kept; assumed shape - a job that swaps the default compiler and MPI before loading its own',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks', 'module unload compilers mpi\nmodule load compilers/gnu/10.2.0 mpi/openmpi/4.0.5/gnu-10.2.0']],
    log='''
Unloading compilers/intel/2018/update3
  ERROR: compilers/intel/2018/update3 cannot be unloaded due to a prereq.
    HINT: Might try "module unload default-modules/2018" first.

Unloading mpi/intel/2018/update3/intel
  ERROR: mpi/intel/2018/update3/intel cannot be unloaded due to a prereq.
    HINT: Might try "module unload default-modules/2018" first.
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+\s*module\s+(unload|rm|del)\s+(-f|--force)\b|^\+\s*module\s+(unload|rm|del)\s+(\S+\s+)*default-modules'},
)

# ---------------------------------------------------------------- Plexus GPU Xid guide (1)

case(
    id='plexus-xid-79-gpu-fallen-off-the-bus-drain-node',
    kind='not_script',
    source='https://plexus.company/guides/gpu-xid-errors/79',
    thread_site='Plexus guide "GPU Xid errors", page "Xid 79: GPU has fallen off the bus": "The GPU is no longer reachable on PCIe - a serious hardware fault; drain immediately ... It is one of the most serious Xids and frequently points to a power delivery problem, overheating, or a physical/seating fault"; "Typical kernel-log signature" the quoted line; "Drain the node immediately ... Power-cycle; reseat the card and power connectors if it recurs. Repeated Xid 79 on the same GPU is an RMA"',
    what='a GPU dropped off the PCIe bus; the cure is draining and repairing the node - labelled not_script (hardware); the line is the guide\'s quoted kernel-log signature (DOUBTFUL source kind: a vendor guide\'s typical signature, not one user\'s log); assumed shape - a Polaris PBS training job (one torchrun per node under mpiexec) whose node logged it',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    log='''
NVRM: Xid (PCI:0000:65:00): 79, pid='N/A', GPU has fallen off the bus
''',
)
