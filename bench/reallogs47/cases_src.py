# ruff: noqa: E501, F821, RUF005
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
