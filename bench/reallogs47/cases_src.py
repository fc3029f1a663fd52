# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Written before any run: nobody has run maple repair / diagnose / run.py on these cases.

# ---------------------------------------------------------------- NeSI support article: NetCDF / HDF5 file locking (1)

NESI_HDF5_SOURCE = 'https://support.nesi.org.nz/hc/en-gb/articles/360000902955-NetCDF-HDF5-file-locking'

case(
    id='nesihdf5lock-cray-dvs-gpfs-no-flock-hdf5-create-errno-524-disable-locking',
    kind='script',
    source=NESI_HDF5_SOURCE,
    thread_site='NeSI support article "NetCDF / HDF5 file locking" (Maui, a Cray XC50 with Slurm; Mahuika): HDF5 1.10+ and NetCDF4 lock files; on the XC50 Cray DVS (which serves GPFS to the compute nodes) does not support file locking, so applications writing NetCDF4/HDF5 from Maui compute nodes fail with errors such as the quoted HDF5-DIAG stack; cure: disable locking with the environment variable `export HDF5_USE_FILE_LOCKING=FALSE` in the job (and avoid concurrent reader/writer access yourself)',
    what='the job writes HDF5 on a file system whose client cannot lock files; the centre\'s cure is one exported variable in the job environment (HDF5_USE_FILE_LOCKING=FALSE), so labelled script - a documentation cure, not one job\'s verified rerun; the lines are the article\'s own HDF5-DIAG block (its spelling `accessibilty` kept); not one of the ten sites - NeSI Maui is an HPE Cray XC50 under Slurm - so mapped by scheduler and system family (Cray, Slurm, srun) to Perlmutter; assumed shape - a one-node Perlmutter job whose training program writes HDF5 output under srun',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores python train.py --config configs/run.yaml --out-h5 $SCRATCH/run/fields.h5']],
    log='''
HDF5-DIAG: Error detected in HDF5 (1.10.2) thread 0:
#000: ../../src/H5F.c line 445 in H5Fcreate(): unable to create file
major: File accessibilty
minor: Unable to open file
#001: ../../src/H5Fint.c line 1519 in H5F_open(): unable to lock the file
major: File accessibilty
minor: Unable to open file
#002: ../../src/H5FD.c line 1650 in H5FD_lock(): driver lock request failed
major: Virtual File Layer
minor: Can't update object
#003: ../../src/H5FDsec2.c line 941 in H5FD_sec2_lock(): unable to lock file, errno = 524, error message = 'Unknown error 524'
major: File accessibilty
minor: Bad file ID accessed
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+.*\bHDF5_USE_FILE_LOCKING=["\']?(FALSE|false|0)\b'},
)

# ---------------------------------------------------------------- blog write-up of a Stack Overflow thread: PytorchStreamWriter (1)

case(
    id='ptstreamwriter-checkpoint-save-disk-full-inline-container-file-write-failed',
    kind='not_script',
    source='https://openillumi.com/?p=106799',
    thread_site='a blog article (openillumi.com) retelling a Stack Overflow question: a StyleGAN2 training run that had run for hours crashed in torch.save while writing a checkpoint with `RuntimeError: [enforce fail at inline_container.cc:588] PytorchStreamWriter failed writing file data/17: file write failed`; the highest-rated answer: this is PyTorch\'s way of saying the disk is full - free space on the storage the run writes to',
    what='DOUBTFUL (the cure is the top-voted answer as the blog retells it; the asker\'s own confirmation is not shown) - the checkpoint write failed because the target storage was full; the cure is freeing space (or quota), not a change to the job script\'s directives, launch line or environment, so labelled not_script (file system / data); the line is the blog\'s quoted error; not one job on one site - mapped by launcher shape to a one-node torchrun job on Lonestar6',
    cluster='lonestar6',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH -p gpu-a100\n#SBATCH --gpus-per-node=3'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=3 train_stylegan2.py --outdir $WORK/stylegan2-runs']],
    log='''
RuntimeError: [enforce fail at inline_container.cc:588] PytorchStreamWriter failed writing file data/17: file write failed
''',
)

# ---------------------------------------------------------------- VSC (HPC-UGent) user documentation: FAQ and troubleshooting pages (2)

VSC_FAQ_SOURCE = 'https://github.com/hpcugent/vsc_user_docs/blob/06560750cd75bebed11208a1d390950c2adc83e5/mkdocs/docs/HPC/FAQ.md'
VSC_TROUBLE_SOURCE = 'https://github.com/hpcugent/vsc_user_docs/blob/0c7d990989f5b8a573cb170fced108fc40c787b2/mkdocs/docs/HPC/troubleshooting.md'
VSC_MAP = 'not one of the ten sites - the VSC Tier-2 clusters take `qsub` jobs with `#PBS` directives - so mapped by scheduler family (PBS, mpiexec) to '

case(
    id='vscfaq-no-space-left-on-device-quota-or-inode-limit-reached',
    kind='not_script',
    source=VSC_FAQ_SOURCE,
    thread_site='the VSC (HPC-UGent) user documentation, FAQ page (mkdocs/docs/HPC/FAQ.md, published at docs.hpc.ugent.be), "Why do I get a \'No space left on device\' error, while I still have storage space left?": the error can mean either that the storage quota on that file system is used up or that its inode (file-count) limit is reached; cure: clean up unused files and directories or pack directories with many files into zip/tar files, and ask support if it persists',
    what='the job cannot create files because the user\'s quota or inode limit on that file system is exhausted; the cure is cleaning up data or asking for quota, not a change to the job script, so labelled not_script (file system / data); the line is the page\'s own example; ' + VSC_MAP + 'Polaris; assumed shape - a Polaris training job that writes many small files to its project directory',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['python train.py', 'python train.py --save-every 100 --outdir /eagle/MyProject/runs/exp7']],
    log='''
touch: cannot touch 'filename': No space left on device
''',
)

case(
    id='vsctrouble-pbs-job-killed-walltime-exceeded-limit-request-more-walltime',
    kind='script',
    source=VSC_TROUBLE_SOURCE,
    thread_site='the VSC (HPC-UGent) user documentation, Troubleshooting page (mkdocs/docs/HPC/troubleshooting.md), "Walltime issues": the quoted message means the job did not complete within the requested walltime; cure: request more walltime (section "Specifying Walltime"), and use checkpointing for jobs that need 72 hours or more',
    what='the job hit its requested walltime; the page\'s cure is a larger walltime request, a job-script directive, so labelled script (checkpointing is the page\'s advice only past 72 hours); the line is the page\'s own message with its `<value in seconds>` placeholders kept; ' + VSC_MAP + 'Aurora; assumed shape - an Aurora mpiexec job asking for one hour',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[],
    log='''
=>> PBS: job killed: walltime <value in seconds> exceeded limit  <value in seconds>
''',
    expect={'families': ['resources', 'scheduler', 'directives'], 'fix': r'(?m)^\+\s*#PBS\s+-l\s+walltime=(?!01:00:00\s*$)\S+'},
)

# ---------------------------------------------------------------- a user's blog post (Korean): NCCL ibv_reg_mr and memlock (1)

case(
    id='ibregmrblog-nccl-ibv-reg-mr-failed-host-memlock-limit-too-low',
    kind='not_script',
    source='https://hhhyunwoo.github.io/posts/infiniband-nccl-issue',
    thread_site='a user\'s blog post (in Korean) "Infiniband NCCL issue": multi-node distributed training on an InfiniBand cluster stops with the quoted `NCCL WARN Call to ibv_reg_mr failed` lines; cause: NCCL needs enough locked memory and the memory lock limit (max locked memory, `ulimit -l`) on the machines is too low, as NVIDIA\'s NCCL troubleshooting guide says; cure: raise the memlock limit on the hosts (`/etc/security/limits.conf`, and for Docker the daemon\'s systemd LimitMEMLOCK)',
    what='the hosts\' locked-memory limit is too small for NCCL\'s InfiniBand memory registration; the cure is a node/daemon configuration change (limits.conf, the Docker daemon\'s LimitMEMLOCK) made by whoever administers the machines, not a line of the job script, so labelled not_script (node administration); the lines are the post\'s own log block; not one of the ten sites - an InfiniBand GPU cluster - so mapped by fabric and scheduler family to Bridges-2 (InfiniBand, Slurm); assumed shape - a 2-node srun + torchrun job',
    cluster='bridges2',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -p GPU\n#SBATCH -N 2'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=v100-32:16']],
    log='''
ibvwrap.c: 106 NCCL WARN Call to ibv_reg_mr failed
NCCL INFO ib_plugin.c:448 -> 2
NCCL INFO include/net.h:23 -> 2
NCCL INFO transport/net.cc:248 -> 2
''',
)

# ---------------------------------------------------------------- blog.gitcode.com write-ups of NCCL problems (2)

case(
    id='gitcodenccl-spare-server-other-subnet-socketstartconnect-abort-set-socket-ifname',
    kind='script',
    source='https://blog.gitcode.com/c78323ca6ecbd73b92ec3459c9ac1ed1.html',
    thread_site='a blog.gitcode.com article (Chinese) retelling an NCCL multi-node case: vLLM on three 8 x RTX 4090 servers; one server alone works, servers 1+3 work, but servers 1+2 or all three fail with the quoted socketStartConnect / unhandled system error lines; analysis: server 2 is a spare whose network interfaces differ, NCCL picked an address on another subnet (10.37.12.78 instead of 10.37.8.78), and NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME were not set on (or not passed to) every worker; cure: name the same interface on every node (`-e NCCL_SOCKET_IFNAME=bond0 -e GLOO_SOCKET_IFNAME=bond0`) and make sure the variables reach all workers',
    what='NCCL chose a different interface on one node because the socket interface was not pinned for every worker; the article\'s cure is exporting NCCL_SOCKET_IFNAME (and GLOO_SOCKET_IFNAME) in the launch environment of all nodes, so labelled script (environment) - a write-up of someone else\'s case, not a first-hand rerun; the lines are the article\'s quoted log (its `...` between them dropped); not one of the ten sites - three lab servers joined by Ray - so mapped by launcher shape (a Ray cluster built inside a Slurm job) to DeltaAI; assumed shape - a 2-node Ray job that exports no socket interface',
    cluster='deltaai',
    script='ray_slurm.sh',
    replace=[['python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model', 'vllm serve ./model --tensor-parallel-size 4 --pipeline-parallel-size 2']],
    log='''
jnlh102072:8969:8969 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.37.12.78<46417> failed : Software caused connection abort
RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\b(NCCL|GLOO)_SOCKET_IFNAME=\S+'},
)

case(
    id='gitcodenccl-work-request-status-5-vendor-err-249-acs-bios-firmware',
    kind='not_script',
    source='https://blog.gitcode.com/991897dd18bc8f74d93d0cc4c2909c8e.html',
    thread_site='a blog.gitcode.com article (Chinese) on NCCL "work request complete err: status 5 and vendor err 249": distributed training dies with this work-request completion error; per NVIDIA\'s answer the causes are PCIe ACS (Access Control Services) left enabled, which breaks GPU-direct peer traffic, and outdated server firmware (Dell BIOS/UEFI); cure: disable ACS in the BIOS and update the server firmware',
    what='the failure comes from host PCIe/BIOS settings and firmware, which only the machine\'s administrators can change; nothing in the job script is at fault, so labelled not_script (hardware / node administration); the line is the article\'s quoted error text; not one of the ten sites - lab servers - mapped by scheduler family to Stampede3 (Slurm, H100 nodes, one torchrun per node under srun); assumed shape - a 2-node torchrun job',
    cluster='stampede3',
    script='tacc_torchrun_per_node.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['--nproc_per_node=3', '--nproc_per_node=4']],
    log='''
work request complete err: status 5 and vendor err 249
''',
)

# ---------------------------------------------------------------- NeSI documentation: Mahuika Slurm partitions page (1)

case(
    id='nesipartitions-explicit-bigmem-partition-not-most-appropriate-for-job',
    kind='script',
    source='https://docs.nesi.org.nz/Scientific_Computing/Running_Jobs_on_Maui_and_Mahuika/Mahuika_Slurm_Partitions/',
    thread_site='NeSI documentation "Mahuika Slurm Partitions": on Mahuika there is generally no need to name a partition, since the job is assigned to the most suitable partition(s) from the resources it requests (memory per CPU, time limit); if you do specify a partition and the job is not a good fit for it, sbatch prints the quoted warning - "please do not ignore this"; the cure is to drop the partition request (or pick the one the job fits), or contact support quoting the job ID if you believe it is wrong',
    what='the job script names a partition (bigmem) that does not fit what the job requests; the page\'s cure is the job script\'s own partition directive (remove it, or name the fitting one), so labelled script; the line is the page\'s own example warning, backquotes kept; not one of the ten sites - Mahuika is a Slurm cluster with partitions chosen from the request - so mapped by scheduler family to Anvil; assumed shape - a CPU MPI job whose script says `#SBATCH --partition=bigmem` with an ordinary memory request',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2\n#SBATCH --partition=bigmem'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=2\n#SBATCH --mem-per-cpu=1500M']],
    log='''
sbatch: `bigmem` is not the most appropriate partition for this job, which would otherwise default to `large`. If you believe this is incorrect then contact support and quote the Job ID number.
''',
    expect={'families': ['scheduler', 'directives', 'resources'], 'fix': r'(?m)(^-\s*#SBATCH\s+(-p|--partition)[= ]\s*bigmem\b|^\+\s*#SBATCH\s+(-p|--partition)[= ]\s*(?!bigmem)\S+)'},
)

# ---------------------------------------------------------------- NeSI documentation: HPC3 known-issues page (1)

case(
    id='nesiknownissues-ucx-no-active-messages-transport-on-bad-nodes-exclude-them',
    kind='script',
    source='https://github.com/nesi/support-docs/blob/1610fa432ea87b0cba647e787fe37dcc03c2ec06/docs/Announcements/Known_Issues_HPC3.md',
    thread_site='NeSI documentation "Known Issues HPC3" (nesi/support-docs docs/Announcements/Known_Issues_HPC3.md, published at docs.nesi.org.nz), section "UCX ERROR": multi-node MPI jobs may fail on the four nodes mg[13-16] with errors like the quoted one; cure: add the sbatch option `-x mg[13-16]` to avoid those nodes; single-task jobs are not affected',
    what='the failure comes from four particular nodes of the machine, but the cure the page gives is a job-script directive (exclude those nodes), so labelled script; the nodes to exclude are named on the page, not in the log line, so a right answer asks which nodes fail (a node list written from this log alone would be invented); the line is the page\'s own text, backquotes dropped; not one of the ten sites - Mahuika (HPC3) is a Slurm cluster whose MPI jobs start with srun - so mapped by scheduler family and launcher to Delta; assumed shape - a two-node Open MPI job started with srun',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], ['module load cray-mpich', 'module load openmpi']],
    log='''
UCX ERROR: no active messages transport
''',
    expect={'families': ['network', 'scheduler', 'resources'], 'ask': True, 'ask_for': ['nodes']},
)

# ---------------------------------------------------------------- NeMo-RL documentation pages (2)

NEMORL_MAP = 'not one job on one site - NeMo-RL runs Ray clusters inside Slurm jobs (its ray.sub) - so mapped by launcher shape (a Ray cluster started inside a Slurm job) to '

case(
    id='nemorltips-submodules-not-initialized-no-module-named-megatron',
    kind='not_script',
    source='https://github.com/NVIDIA-NeMo/RL/blob/a6309932bb2c1160ac8e909cb2ac4abe319bf72f/docs/about/tips-and-tricks.md',
    thread_site='the NeMo-RL documentation page "Tips and Tricks" (docs/about/tips-and-tricks.md), "Missing Submodules Error": if the NeMo and Megatron submodules were not initialized when the repository was cloned, runs fail with the quoted ModuleNotFoundError because the virtual environments are broken; cure: `git submodule update --init --recursive`, then force a rebuild of the virtual environments once with `NRL_FORCE_REBUILD_VENVS=true` on the next launch',
    what='the checkout the job runs from lacks its git submodules, so the per-worker virtual environments were built without Megatron; the cure is repairing the checkout (initialize submodules) - the one-time NRL_FORCE_REBUILD_VENVS=true on the launch only rebuilds after that and does not cure the missing submodules by itself - so labelled not_script (software installation); the line is the page\'s own error text; ' + NEMORL_MAP + 'Vista; assumed shape - a 2-node Ray job that runs `uv run examples/run_grpo.py`',
    cluster='vista',
    script='ray_slurm.sh',
    replace=[['python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model', 'uv run examples/run_grpo.py --config examples/configs/grpo_math_1B_megatron.yaml cluster.num_nodes=2'], ['#SBATCH --gpus-per-node=4', '#SBATCH -p gh'], ['--num-gpus 4 --block &\nsleep 20\nsrun', '--num-gpus 1 --block &\nsleep 20\nsrun'], ['"$head_ip:6379" --num-gpus 4', '"$head_ip:6379" --num-gpus 1']],
    log='''
ModuleNotFoundError: No module named 'megatron'
''',
)

case(
    id='nemorlcudacompat-forward-compat-umd-vs-old-host-driver-error-803',
    kind='not_script',
    source='https://github.com/NVIDIA-NeMo/RL/blob/ca18fd3b5caba5449b4e8d1af43edcc5219485a3/docs/about/cuda-driver-compatibility.md',
    thread_site='the NeMo-RL documentation page "CUDA Driver Compatibility" (docs/about/cuda-driver-compatibility.md): the container ships CUDA 12.9 with the cuda-compat forward-compatibility package; the kernel-mode driver always comes from the host; "If you see errors 803 or 804, you have a forward-compat configuration issue": CUDA_ERROR_SYSTEM_DRIVER_MISMATCH (803) - the cuda-compat user-mode driver does not match the host kernel-mode driver; recommendation: prefer backward compatibility - upgrade the host driver to at least the container\'s native driver version (>= 575.51.03 for CUDA 12.9), forward compat only as a temporary bridge',
    what='the container\'s CUDA user-mode libraries and the host\'s kernel driver do not fit together; the page\'s cure is a host driver upgrade (or a container built for the installed driver), which the job script cannot do, so labelled not_script (node administration / software stack); the line is the page\'s own error name and code as written; ' + NEMORL_MAP.replace('Ray clusters inside Slurm jobs (its ray.sub)', 'its training in containers under Slurm') + 'Perlmutter, where the training runs in a Shifter image over the host driver; assumed shape - a 2-node Shifter job with a CUDA 12.9 image',
    cluster='perlmutter',
    script='perlmutter_shifter.sh',
    replace=[['#SBATCH --image=nersc/pytorch:24.06.01', '#SBATCH --image=nvcr.io/nvidia/nemo-rl:v0.5.0']],
    log='''
CUDA_ERROR_SYSTEM_DRIVER_MISMATCH (803)
''',
)

# ---------------------------------------------------------------- ms-swift FAQ page (2)

MSSWIFT_SOURCE = 'https://github.com/modelscope/ms-swift/blob/0236c2da48d9de4dd4555f62154fb7e07b672e80/docs/source_en/Instruction/Frequently-asked-questions.md'
MSSWIFT_SITE = 'the ms-swift documentation "Frequently-asked-questions" page (docs/source_en/Instruction/Frequently-asked-questions.md, published at swift.readthedocs.io), each item a user question with the maintainers\' answer; `swift sft` starts its ranks with torchrun'
MSSWIFT_MAP = 'not one job on one site - mapped by launcher shape (one-node torchrun from the batch step, which is what `swift sft` runs) to '

case(
    id='msswiftfaq-deepspeed-zero3-prefetch-bucket-float-pydantic-validation-error',
    kind='not_script',
    source=MSSWIFT_SOURCE,
    thread_site=MSSWIFT_SITE + '; Q13: every rank fails with the quoted pydantic ValidationError for DeepSpeedZeroConfig (stage3_prefetch_bucket_size got a float, 11560550.4); answer: downgrade deepspeed to 0.14.*',
    what='a DeepSpeed release rejects the float bucket size its caller computes (a version incompatibility between the libraries); the cure is installing another deepspeed version, not a change to the job script, so labelled not_script (library version); the lines are the page\'s quoted error as written (its typos `in put_type`, `int_fro_float` and the full-width comma kept); ' + MSSWIFT_MAP + 'Vista; assumed shape - one Vista GH200 node, the ranks started by torchrun',
    cluster='vista',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH -p gh'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=1 swift/cli/sft.py --model Qwen/Qwen2.5-7B-Instruct --deepspeed zero3 --dataset train.jsonl']],
    log='''
[rank6]: pydantic_core._pydantic_core.ValidationError: 1 validation error for DeepSpeedZeroConfig
[rank6]: stage3_prefetch_bucket_size
[rank6]: Input should be a valid integer, got a number with a fractional part [type=int_from_float,input_value=11560550.4，in put_type=float]
[rank6]: For further information visit https://errors.pydantic.dev/2.8/v/int_fro_float
''',
)

case(
    id='msswiftfaq-old-torch-triu-tril-not-implemented-for-bfloat16-upgrade-torch',
    kind='not_script',
    source=MSSWIFT_SOURCE,
    thread_site=MSSWIFT_SITE + '; Q91: full fine-tuning of Internlm3-8b with `--torch_dtype bfloat16 --deepspeed zero3` on 8 GPUs fails with the quoted RuntimeError; answer: upgrade torch',
    what='the installed PyTorch lacks a bfloat16 kernel the model uses; the cure is a newer torch in the software environment, not the job script, so labelled not_script (library version); the line is the page\'s own error text; ' + MSSWIFT_MAP + 'Stampede3 (H100 nodes); assumed shape - one node, 4 GPUs, bf16 full fine-tuning',
    cluster='stampede3',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH -p h100'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=4 swift/cli/sft.py --model Internlm3-8b --train_type full --torch_dtype bfloat16 --deepspeed zero3 --dataset train.json']],
    log='''
RuntimeError: "triu_tril_cuda_template" not implemented for 'BFloat16'
''',
)

# ---------------------------------------------------------------- Open MPI FAQ, TCP category (2)

OMPI_TCP_SOURCE = 'https://www.open-mpi.org/faq/?category=tcp'
OMPI_TCP_SITE = 'the Open MPI FAQ (v4.x and earlier) "Tuning the run-time characteristics of MPI TCP communications" (www.open-mpi.org/faq/?category=tcp; read from its source open-mpi/ompi-www faq/tcp.inc at 0db007f2), item "I\'m getting TCP-related errors. What do they mean?": TCP errors are reported like the quoted lines; errno 113 is "No route to host", errno 104 "Connection reset by peer"'
OMPI_MAP = 'not one job on one site - an FAQ for jobs started by Open MPI mpirun - so diagnosed on Bridges-2, whose GPU jobs start ranks with Open MPI mpirun (base scripts/bridges2_mpirun.sh)'

case(
    id='ompifaqtcp-errno-113-no-route-to-host-multiple-ip-networks-tcp-if-include',
    kind='script',
    source=OMPI_TCP_SOURCE,
    thread_site=OMPI_TCP_SITE + '; "No route to host" errors usually mean there are several IP interfaces that do not obey Open MPI\'s routability assumptions (e.g. a local-only bridge such as virbr0 that is "up" on every node); cure: tell Open MPI which networks to use - `mpirun --mca btl_tcp_if_include eth1,eth2 ...` (or a CIDR subnet) or `--mca btl_tcp_if_exclude lo,eth0 ...`, and the matching oob_tcp_if_include/exclude for the control channel',
    what='Open MPI tried to connect over an interface that cannot reach the peer; the FAQ\'s cure is naming the usable interface/subnet on the mpirun line (or as OMPI_MCA_btl_tcp_if_include in the job environment), so labelled script (launch line / environment) - a documentation cure; the line is the FAQ\'s first example message as written (its opening bracket is missing in the FAQ); ' + OMPI_MAP + '; assumed shape - a 2-node mpirun job over TCP',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[['mpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'mpirun -np $SLURM_NTASKS --mca pml ob1 --mca btl tcp,self,vader python train_hvd.py']],
    log='''
btl_tcp_endpoint.c:572:mca_btl_tcp_endpoint_complete_connect] connect() failed with errno=113
''',
    expect={'families': ['network', 'launcher', 'environment'], 'fix': r'(?m)^\+.*\b(btl_tcp_if_(include|exclude)|OMPI_MCA_btl_tcp_if_(include|exclude))\b'},
)

case(
    id='ompifaqtcp-writev-errno-104-connection-reset-peer-process-died',
    kind='not_script',
    source=OMPI_TCP_SOURCE,
    thread_site=OMPI_TCP_SITE + '; "Connection reset by peer" errors usually occur after MPI_INIT has completed and typically indicate that an MPI process has died unexpectedly (e.g. a seg fault) - a peer tried to write to the now-dead process',
    what='the message is a symptom of another rank dying (for example a crash in the program); the cure lies in whatever killed that rank, not in the job script, and this line alone does not say what it was, so labelled not_script (the program / another process); the line is the FAQ\'s second example message; ' + OMPI_MAP + '; assumed shape - a 2-node Horovod job under mpirun',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[],
    log='''
mca_btl_tcp_frag_send: writev failed with errno=104
''',
)

# ---------------------------------------------------------------- BIH HPC (Berlin Institute of Health) cluster FAQ (2)

BIH_SOURCE = 'https://github.com/bihealth/bih-cluster/blob/0048a6650878182ced716feed8d0210955c6f446/bih-cluster/docs/help/faq.md'
BIH_SITE = 'the BIH HPC cluster documentation (bihealth/bih-cluster, published as hpc-docs.cubi.bihealth.org), FAQ "My job terminated before being done. What happened?": look at the end of the job log; the two quoted messages are the usual endings'
BIH_MAP = 'not one of the ten sites - the BIH cluster is a Slurm cluster - so mapped by scheduler family to '

case(
    id='bihfaq-slurmstepd-cancelled-due-to-time-limit-raise-time',
    kind='script',
    source=BIH_SOURCE,
    thread_site=BIH_SITE + '; the TIME LIMIT line "indicates that you need to adjust the `--time` limit to your `sbatch` command"',
    what='the job ran past the time it asked for; the FAQ\'s cure is the job\'s --time request, so labelled script; the line is the FAQ\'s own example with its placeholders (`<your job id>`, `med0xxx`) kept; ' + BIH_MAP + 'Delta; assumed shape - a one-node srun job asking for two hours',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=1\n#SBATCH --partition=gpuA100x4\n#SBATCH --account=bbka-delta-gpu']],
    log='''
slurmstepd: error: *** JOB <your job id> ON med0xxx CANCELLED AT 2020-09-02T21:01:12 DUE TO TIME LIMIT ***
''',
    expect={'families': ['resources', 'scheduler', 'directives'], 'fix': r'(?m)^\+\s*#SBATCH\s+(-t|--time)[= ]\s*(?!02:00:00\s*$)\S+'},
)

case(
    id='bihfaq-batch-step-oom-kill-events-raise-memory-request',
    kind='script',
    source=BIH_SOURCE,
    thread_site=BIH_SITE + '; the oom-kill lines indicate "that your job tries to use more memory than has been allocated to it" (see the page "Slurm Scheduler: Memory Allocation": request enough memory)',
    what='the batch step used more memory than the job requested; the FAQ\'s cure is a larger memory request in the job script (or a leaner program - the FAQ points to the memory-allocation page), so labelled script; the first FAQ line is kept with its placeholder; its second line (`Some of your processes may have been killed by the cgroup out-of-memory handler`) is left out because it repeats a line of an earlier set; ' + BIH_MAP + 'DeltaAI; assumed shape - a one-node srun job that asks for 32G',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=8\n#SBATCH --mem=32G']],
    log='''
slurmstepd: error: Detected 2 oom-kill event(s) in step <your job id>.batch cgroup.
''',
    expect={'families': ['resources', 'directives'], 'fix': r'(?m)^\+\s*#SBATCH\s+--mem(-per-cpu|-per-gpu)?[= ]\s*(?!32G\s*$)\S+'},
)

# ---------------------------------------------------------------- DAIC (TU Delft) documentation, Slurm FAQ page (2)

DAIC_SOURCE = 'https://github.com/DAIC-tud/docs/blob/3ea5c8ba5eeb899f2bb7d458261abb0b0493afbc/content/en/support/FAQs/scheduler.md'
DAIC_SITE = 'the DAIC (Delft AI Cluster, TU Delft) documentation, "Slurm questions" FAQ page (content/en/support/FAQs/scheduler.md, published at daic.tudelft.nl/docs)'
DAIC_MAP = 'not one of the ten sites - DAIC is a Slurm cluster with mixed node generations and Kerberos-authenticated file access - so mapped by scheduler family to '

case(
    id='daicfaq-kerberos-ticket-expired-in-queue-auks-credential-lifetime-too-short',
    kind='not_script',
    source=DAIC_SOURCE,
    thread_site=DAIC_SITE + '; the quoted Auks messages mean the job\'s Kerberos ticket expired: the ticket stored at submission lives at most 7 days, so long jobs or jobs that waited days in the queue fail; cure: from a fresh login node session run `auks -a` to renew the ticket of a running job, or `install_keytab` once for automatic renewal (rerun after a password change)',
    what='the job lost its authentication to the file systems because the stored credential expired; the cure is renewing the credential on a login node (auks -a / install_keytab), nothing in the job script, so labelled not_script (site authentication); the lines are the page\'s own heading text, split at its ` / ` into the two messages it names; ' + DAIC_MAP + 'Lonestar6; assumed shape - a one-node job that waited days in the queue',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH -p gpu-a100\n#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=3'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=3'], ['#SBATCH --time=02:00:00', '#SBATCH --time=48:00:00']],
    log='''
Auks API request failed : auks cred : credential lifetime is too short
Auks API request failed : krb5 cred : unable to renew credential
''',
)

case(
    id='daicfaq-illegal-instruction-on-older-nodes-request-cpu-feature-constraint',
    kind='script',
    source=DAIC_SOURCE,
    thread_site=DAIC_SITE + '; "Why does my job run on some nodes but fail on other nodes?": nodes differ in processor type; a program that uses specific instruction extensions (AVX/SSE/AES/...) crashes with an `Illegal instruction` error on processors without them; cure: request nodes with the feature in the sbatch script (`#SBATCH --constraint=avx2` etc.), or compile the program for generic instructions (e.g. on the login node with the least advanced CPUs)',
    what='the job lands on nodes whose CPUs lack an instruction set the program was built for; one of the page\'s two cures is a job-script directive (a node-feature constraint), the other a rebuild, so labelled script with either change counted right in `fix` only when it is the directive - a judgement call; the line is the page\'s quoted error text (short: 19 characters, all the page gives); ' + DAIC_MAP + 'Stampede3, whose partitions hold CPUs of different generations; assumed shape - a CPU job built for AVX-512 that lands on older nodes',
    cluster='stampede3',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], ['module load cray-mpich', 'module load intel impi']],
    log='''
Illegal instruction
''',
    expect={'families': ['directives', 'resources', 'scheduler'], 'fix': r'(?m)^\+\s*#SBATCH\s+(-C|--constraint|-p|--partition)[= ]\s*\S+'},
)

# ---------------------------------------------------------------- Stanford Sherlock documentation FAQ (2)

SHERLOCK_SOURCE = 'https://github.com/stanford-rc/www.sherlock.stanford.edu/blob/f42cb6a2607420bfd9ab453083ab713cc1fd1fa1/src/docs/getting-started/faq.md'
SHERLOCK_SITE = 'the Sherlock (Stanford Research Computing) documentation FAQ page (src/docs/getting-started/faq.md in stanford-rc/www.sherlock.stanford.edu, published at sherlock.stanford.edu/docs)'
SHERLOCK_MAP = 'not one of the ten sites - Sherlock is a Slurm cluster - so mapped by scheduler family to '

case(
    id='sherlockfaq-exceeded-memory-limit-being-killed-request-mem-per-cpu',
    kind='script',
    source=SHERLOCK_SOURCE,
    thread_site=SHERLOCK_SITE + '; "Why does my job fail with \'exceeded memory limit, being killed\'?": by default Slurm allocates 2GB of memory per CPU core; if the job needs more, include `--mem-per-cpu=<MB>` in the sbatch job script (e.g. `--ntasks=16 --cpus-per-task=1 --mem-per-cpu=16000` on a bigmem node)',
    what='the job used more memory than its per-core default; the FAQ\'s cure is a memory directive in the job script, so labelled script; the line is the FAQ\'s quoted message as it writes it (a fragment of Slurm\'s old `... exceeded memory limit (...), being killed` line; 35 characters); ' + SHERLOCK_MAP + 'Anvil; assumed shape - a one-node srun job with no memory request',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH -p gpu\n#SBATCH --nodes=1']],
    log='''
exceeded memory limit, being killed
''',
    expect={'families': ['resources', 'directives'], 'fix': r'(?m)^\+\s*#SBATCH\s+--mem(-per-cpu|-per-gpu)?[= ]\s*\S+'},
)

case(
    id='sherlockfaq-module-command-not-found-in-batch-script-source-profile',
    kind='script',
    source=SHERLOCK_SOURCE,
    thread_site=SHERLOCK_SITE + '; "Why do all module commands in my scripts fail with \'module command not found\'?": depending on the shell or working environment the module setup commands are not run; cure: source the shell startup scripts in your script - `source /etc/profile` for bash/sh/zsh (`. /etc/csh.cshrc` for tcsh)',
    what='the batch script calls `module` in a shell where the module function was never defined; the FAQ\'s cure is a line in the job script (source /etc/profile, or a login shell), so labelled script; the line is the FAQ\'s own wording of the message (bash itself prints `module: command not found`), kept as written; ' + SHERLOCK_MAP + 'Delta; assumed shape - a `#!/bin/sh` batch script that loads modules before srun',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#!/bin/bash', '#!/bin/sh'], ['#SBATCH --nodes=1', '#SBATCH --partition=gpuA100x4\n#SBATCH --nodes=1'], ['export MASTER_ADDR', 'module load anaconda3_gpu\nexport MASTER_ADDR']],
    log='''
module command not found
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+\s*(source|\.)\s+/etc/(profile|csh\.cshrc)\b|^\+#!/bin/bash\s+-l\b|^\+.*/lmod/.*init'},
)

# ---------------------------------------------------------------- a user's training progress notes on Intel GPU Max nodes (1)

case(
    id='omini3dnotes-pvc-node-no-xpu-devices-available-hardware-excluded',
    kind='not_script',
    source='https://hf.zsm.im/DRDMsig/Omini3D/blob/main/progress.md?code=true',
    thread_site='a user\'s progress notes for multi-node XPU training ("OmniMorph Multi-Node XPU Training Progress", progress.md of the Hugging Face repository DRDMsig/Omini3D, read through the hf.zsm.im mirror): an 8-node production job on Intel GPU Max nodes (pvc-s-*) started by srun from bash_train_multi_nodes.sh; among the changes from the previous job: node pvc-s-135 excluded for a hardware failure ("No XPU devices are available")',
    what='one node\'s GPUs were not visible at all - a hardware fault the notes record as such; the user worked around it by leaving the node out, but the fault is the node\'s, not the job script\'s, so labelled not_script (hardware); the line is the notes\' own bullet as written (the error text is quoted inline); not one of the ten sites - a Slurm cluster with Intel Data Center GPU Max (PVC) nodes - so mapped by hardware to Aurora (same GPUs, PBS + mpiexec); assumed shape - an 8-node Aurora job, one rank per tile',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=8'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=36:00:00'], ['python train.py', 'python train_omnimorph.py --config all_om_net --img_size 128']],
    log='''
- Excluded pvc-s-135 (hardware failure: "No XPU devices are available")
''',
)

case(
    id='gitcodefabric-spawn-dataloader-reimports-module-fabric-launch-rebinds-port',
    kind='not_script',
    source='https://blog.gitcode.com/85f1fd73eb9b0bbc9753ee57f3074544.html',
    thread_site='a blog.gitcode.com article (Chinese) on a PyTorch Lightning Fabric problem: DDP training with `multiprocessing_context=\'spawn\'` in the DataLoader fails with the quoted DistNetworkError (the TCPStore port is already in use); cause: `fabric.launch()` sits at module scope, so every spawned DataLoader worker re-imports the module and tries to create the TCPStore again on the same port; cure: put the Fabric creation and `fabric.launch()` under `if __name__ == \'__main__\':`',
    what='the port clash comes from the training program re-running its own launch code in spawned worker processes; the cure is moving code under the main guard in the program, not a change to the job script (a different port would not help), so labelled not_script (the program); the two lines are the article\'s quoted error after its first line, which is left out because it repeats a line of an earlier set; not one job on one site - mapped by launcher shape (Lightning under Slurm) to Lonestar6; assumed shape - a one-node Lightning/Fabric job started by srun',
    cluster='lonestar6',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH -p gpu-a100\n#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=3'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=3'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun python train_fabric.py --devices 3 --num-workers 8']],
    log='''
The server socket has failed to bind to [::]:55733 (errno: 98 - Address already in use).
The server socket has failed to bind to 0.0.0.0:55733 (errno: 98 - Address already in use).
''',
)
