# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1']]

# ---------------------------------------------------------------- SDSC "Common Problems on Supercomputers" (3)

SDSC_SOURCE = 'https://github.com/glennklockwood/limelead/blob/02cdc10576f2c03f0d591b2aed7185ec4fab032b/content/hpc-howtos/common-problems.md'
SDSC_SITE = 'a staff page "Common Problems on Supercomputers" written for XSEDE users of SDSC Gordon and Trestles (Torque/PBS, MVAPICH2 over InfiniBand; glennklockwood/limelead, content/hpc-howtos/common-problems.md), each problem given as symptom (the error text), diagnosis and cure'
PBS_MPI = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
PBS_CONDA = 'module use /soft/modulefiles\nmodule load conda\nconda activate\n'

case(
    id='sdschowto-trestles-mpirun-finds-mpd-process-manager-use-mpirun-rsh',
    kind='script',
    source=SDSC_SOURCE,
    thread_site=SDSC_SITE + '; "Wrong MPI Process Manager": the job fails on submission with this message; diagnosis: the wrong mpirun command - Trestles does not support `mpirun` (the MVAPICH2 user guide asks for `mpirun_rsh`), or, for OpenMPI jobs, OpenMPI must be loaded explicitly within the submit script; cure: "Fix your submit script"',
    what='the submit script starts the MPI program with a launcher the site does not support (an mpd-based mpiexec behind `mpirun`), so the launch fails before any rank runs; the fix is in the job script (launch with `mpirun_rsh -hostfile $PBS_NODEFILE` for MVAPICH2, or load the OpenMPI module the program was built with); the lines are the page\'s own symptom block; not one of the ten sites - SDSC Trestles, Torque/PBS - so mapped by scheduler family: assumed shape - a two-node Polaris-style PBS job whose launch line is `mpirun -np ${NTOTRANKS} ./mycode.x`, diagnosed as on Polaris; any of the fixes the page names (mpirun_rsh, the site\'s own mpiexec, an OpenMPI module) counts',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[PBS_CONDA, ''], [PBS_MPI, 'mpirun -np ${NTOTRANKS} ./mycode.x']],
    log='''
mpiexec_trestles-9-11.local: cannot connect to local mpd (/tmp/mpd2.console_case); possible causes:
 1. no mpd is running on this host
 2. an mpd is running but was started without a "console" (-n option)
In case 1, you can start an mpd on this host with:
  mpd
and you will be able to run jobs just on this host.
For more details on starting mpds on a set of hosts, see
the MVAPICH2 User Guide.
''',
    expect={'families': ['launcher', 'modules'], 'fix': r'(?m)^\+\s*(mpirun_rsh\b|mpiexec\b|module\s+load\s+\S*openmpi)'},
)

case(
    id='sdschowto-gordon-mvapich2-completion-error-12-raise-mv2-timeout',
    kind='script',
    source=SDSC_SOURCE,
    thread_site=SDSC_SITE + '; "MVAPICH2 job fails with completion with error 12, vendor code=0x81": the job ran a minute or two and died with these lines; diagnosis: an MPI call to a remote host over InfiniBand timed out - most often InfiniBand congestion from other users together with the code\'s communication, fixable by tweaking MVAPICH2 parameters; cure: check `MV2_IBA_HCA`/`MV2_NUM_HCAS` (multi-rail Gordon), then raise the timeout with `MV2_DEFAULT_TIME_OUT=23` on the mpirun_rsh line (or before mpiexec.hydra); contact the help desk only if it persists',
    what='a collective over the InfiniBand fabric times out under congestion at the library\'s default timeout; the cure the centre gives is in the job script (the MVAPICH2 timeout, `MV2_DEFAULT_TIME_OUT`, set on the launch line or exported before it), so labelled script - the page is a centre help page, not one job\'s verified rerun; the lines are the page\'s own symptom block (`&gt;` written `>`); not one of the ten sites - SDSC Gordon, Torque/PBS, MVAPICH2 on InfiniBand - so mapped to the InfiniBand TACC system whose launcher wraps MVAPICH2: assumed shape - a two-node Lonestar6 CPU job started by `ibrun ./mycode.x`, diagnosed as on Lonestar6',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p normal'], ['#SBATCH -n 6', '#SBATCH -n 256'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\n', 'module load mvapich2\n'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['ibrun python train.py --epochs 10', 'ibrun ./mycode.x']],
    log='''
[0->17] send desc error, wc_opcode=0
[0->17] wc.status=12, wc.wr_id=0x18cc840, wc.opcode=0, vbuf->phead->type=55 = MPIDI_CH3_PKT_CLOSE
[gcn-4-11.sdsc.edu:mpi_rank_10][MPIDI_CH3I_MRAILI_Cq_poll] src/mpid/ch3/channels/mrail/src/gen2/ibv_channel_manager.c:586: [] Got completion with error 12, vendor code=0x81, dest rank=17
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*MV2_DEFAULT_TIME_OUT=\d+'},
)

case(
    id='sdschowto-trestles-encrypted-ssh-key-output-copy-denied',
    kind='not_script',
    source=SDSC_SOURCE,
    thread_site=SDSC_SITE + '; "Encrypted SSH Keys": the job\'s status ends with these errors; diagnosis: the MPI set-up and the output copy need password-less ssh within the cluster, and the user gave the key a passphrase when it was generated at first login; cure: delete the public key and rerun the site\'s key set-up (`bash /etc/profile.d/ssh-key.sh`) with an empty passphrase',
    what='the user\'s own SSH key in the home directory carries a passphrase, so the batch system cannot copy the job\'s output back; the cause and the fix are in the user\'s account set-up (regenerate the key), not in the job script\'s directives, launch line or environment; the lines are the page\'s first symptom block (the page writes `***` as HTML entities); not one of the ten sites - SDSC Trestles, Torque/PBS - so mapped by scheduler family: assumed shape - a two-node Polaris-style PBS MPI job, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[PBS_CONDA, ''], [PBS_MPI, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} ./mycode.x']],
    log='''
Unable to copy file /opt/torque/spool/1234567.trestles-fe1.sdsc.edu.OU to glock@trestles-login1.sdsc.edu:/oasis/projects/nsf/sds129/glock/job_output.txt
*** error from copy
Permission denied (publickey,gssapi-keyex,gssapi-with-mic,password).
lost connection
*** end error output
Output retained on that host in:
/opt/torque/undelivered/1234567.trestles-fe1.sdsc.edu.OU
''',
)

# ---------------------------------------------------------------- TopoFlow on LUMI, Lightning DDP notes (3)

TOPO_SOURCE = 'find_string:53550972412'
TOPO_SITE = 'a project\'s notes "TopoFlow Training Issues & Solutions (LUMI Supercomputer)" on training a weather model with PyTorch Lightning DDP on LUMI-G (Slurm, AMD MI250X, 8 GPUs a node, ROCm; found with the code search, text id 53550972412, the tool shows no repository name)'
TOPO_MAP = 'not one of the ten sites - LUMI-G, Slurm, AMD GPUs, Lightning started by srun one task a GPU - so mapped by scheduler and launcher family: diagnosed as on Delta (Slurm; its AMD GPU nodes use ROCm)'
LIGHT_RUN = 'srun python train.py trainer.devices=4 trainer.num_nodes=2'
LIGHT_TOPO = 'srun python main_multipollutants.py --config configs/config_wind_baseline.yaml'

case(
    id='topoflowlumi-miopen-shared-cache-db-no-suitable-algorithm-per-node-tmp',
    kind='script',
    source=TOPO_SOURCE,
    thread_site=TOPO_SITE + '; Issue 3 "MIOpen Convolution Algorithm Failures": this error; root causes given: first `MIOPEN_DISABLE_CACHE=1` (no kernel caching), then a shared cache path on /scratch, where several nodes writing one MIOpen SQLite database lock it, and kernels missing compilation; working solution, in the SLURM script: a per-node cache `export MIOPEN_USER_DB_PATH=/tmp/miopen_cache_$SLURM_JOB_ID`, `export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH`, `mkdir -p` it, `MIOPEN_FIND_MODE=1`',
    what='the job points every node\'s convolution-kernel cache at one shared database on the parallel file system, which the nodes lock against each other, so no convolution algorithm can be found; the fix is in the job script (a per-node cache directory under /tmp for MIOPEN_USER_DB_PATH / MIOPEN_CUSTOM_CACHE_DIR); the lines are the notes\' own quotation; assumed shape - the failed approach the notes name, a shared `MIOPEN_USER_DB_PATH` on /scratch exported before a two-node srun of the Lightning script; ' + TOPO_MAP,
    cluster='delta',
    script='lightning_srun.sh',
    replace=[[LIGHT_RUN, 'export MIOPEN_USER_DB_PATH=/scratch/project_462000640/ammar/miopen_cache\n' + LIGHT_TOPO]],
    log='''
MIOpen Error: No suitable algorithm was found to execute the required convolution
RuntimeError: miopenStatusUnknownError
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+.*MIOPEN_(USER_DB_PATH|CUSTOM_CACHE_DIR)=\S*(/tmp|\$\{?TMPDIR|\$\{?SLURM_JOB_ID|\$\{?SLURM_NODEID|\$\(hostname)'},
)

case(
    id='topoflowlumi-dataloader-prefetch-factor-with-zero-workers',
    kind='not_script',
    source=TOPO_SOURCE,
    thread_site=TOPO_SITE + '; Issue 2 "DataLoader prefetch_factor with num_workers=0": this error; root cause given: the datamodule set `prefetch_factor` unconditionally while `num_workers=0`; fix given: `src/datamodule_fixed.py` adds the multiprocessing arguments only when `num_workers > 0`',
    what='the program\'s data module passes a DataLoader option that needs worker processes while its config asks for none, so the loader refuses it; the cause and the fix are in the Python code (the datamodule), not in the job script\'s directives, launch line or environment; the lines are the notes\' own quotation; ' + TOPO_MAP,
    cluster='delta',
    script='lightning_srun.sh',
    replace=[[LIGHT_RUN, LIGHT_TOPO]],
    log='''
ValueError: prefetch_factor option could only be specified in multiprocessing.
let num_workers > 0
''',
)

case(
    id='topoflowlumi-ddp-hang-after-optimizer-config-wind-cache-first-forward',
    kind='not_script',
    source=TOPO_SOURCE,
    thread_site=TOPO_SITE + '; Issue 4 "DDP Deadlock with Wind Scanning": jobs hang indefinitely after these lines (or are killed with SIGTERM after more than an hour without training); root cause given: the model builds its wind-scanner cache at the first forward pass on rank 0 while the other ranks wait, a DDP deadlock; fewer GPUs (400, 80, 16) did not help; final fix (Issue 6): the cache pre-computed offline and loaded from disk by every rank - 400 GPUs then trained',
    what='a collective deadlock made by the model code (one rank builds a cache inside the first forward pass while the others wait), so training never starts; the cause and the fix are in the Python code (a pre-computed cache file), not in the job script - changing the GPU count did not help; the lines are the notes\' own quotation of the last output before the hang, with its `...`; ' + TOPO_MAP,
    cluster='delta',
    script='lightning_srun.sh',
    replace=[[LIGHT_RUN, LIGHT_TOPO.replace('config_wind_baseline', 'config_wind_400gpu')]],
    log='''
Fine-tuned optimizer configuration:
  - AdamW optimizer...
''',
)

# ---------------------------------------------------------------- single notes

case(
    id='lumibloomnote-nccl-socket-ifname-hsn-removed-unhandled-system-error',
    kind='script',
    source='find_string:40954386559',
    thread_site='a short team note "Annoying NCCL error without NCCL_SOCKET_IFNAME" from multi-node PyTorch training on LUMI (HPE Cray EX, Slingshot interfaces hsn0-hsn3, Slurm; paths /pfs/lustrep4/...; found with the code search, text id 40954386559, the tool shows no repository name): this traceback "Happens if you remove `export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3`", with a link to a colleague\'s chat message',
    what='the job script does not pin NCCL\'s bootstrap sockets to the high-speed interfaces, so NCCL picks an interface the other nodes cannot reach and the first collective fails; the fix is in the job script (`export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3`); the lines are the note\'s quotation without its first line (`work = default_pg.barrier(opts=opts)`) and its `ncclSystemError: System call ...` line, which repeat earlier sets; not one of the ten sites - LUMI, an HPE Cray EX system with Slingshot under Slurm - so mapped to the HPE Cray EX site with the same hsn interfaces: assumed shape - a two-node Perlmutter GPU job, one torchrun a node started by srun, with no NCCL_SOCKET_IFNAME, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1\n#SBATCH --ntasks-per-node=4', '#SBATCH -N 2\n#SBATCH --ntasks-per-node=1'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --config configs/run.yaml']],
    log='''
RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, unhandled system error, NCCL version 2.11.4
ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 15855) of binary: /pfs/lustrep4/users/nouatazi/projects/venv/bin/python
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+\s*export\s+NCCL_SOCKET_IFNAME=\S*hsn'},
)

case(
    id='ucsfc4faq-module-command-not-found-without-export-none',
    kind='script',
    source='https://github.com/UCSF-CBI/c4/blob/12310f9876dbd368c5d16bfe6459b04a55668e9e/docs/support/faq.md',
    thread_site='the user FAQ of UCSF\'s C4 cluster (Slurm, Lmod; UCSF-CBI/c4, docs/support/faq.md), section Errors: "How do I avoid the `/var/spool/slurm/d/job01180/slurm_script: line 17: module: command not found` error?" - answer: the job script loads an environment module but was submitted without the Slurm option `--export=NONE`',
    what='the batch script calls `module load` in an environment copied from the submitting shell, where the module function is not defined, so the command is not found; the fix the centre gives is in the job script (`#SBATCH --export=NONE`, so the job starts a fresh login environment; initialising Lmod in the script is accepted too); the line is the FAQ\'s own quotation; not one of the ten sites - a university Slurm cluster - so mapped: assumed shape - a CPU MPI job whose script loads modules before srun, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['module load cray-mpich', 'module load CBI openmpi']],
    log='''
/var/spool/slurm/d/job01180/slurm_script: line 17: module: command not found
''',
    expect={'families': ['environment', 'modules', 'scheduler'], 'fix': r'(?m)^\+\s*(#SBATCH\s+--export=NONE|(source|\.)\s+/etc/profile(\.d/\S*)?|#!/bin/bash\s+-l)'},
)

case(
    id='mpibenchnote-srun-without-mpi-plugin-every-rank-alone',
    kind='script',
    source='find_string:5843278241',
    thread_site='a project\'s note "Invalid Benchmark Runs (Archived)" on MPI benchmark jobs under Slurm (two nodes, 16 ranks a node; found with the code search, text id 5843278241 - a second copy is 6016669278 -, the tool shows no repository name): the runs used `srun -n <np>` as the MPI launcher, and every MPI program reported this line whatever np was asked for; root cause given: srun without a proper `--mpi=` plugin starts each executable as an independent single-rank job; fix applied: later runs use `mpirun -np $np --bind-to core --map-by core ./bin/mpi_2d ...`, with valid 2-node, 32-rank results',
    what='the job script starts an MPI program with srun but without the MPI plugin the library needs, so every task initialises as its own one-rank job; the fix is on the launch line in the job script (`srun --mpi=<type>` or the MPI library\'s own mpirun); the line is the note\'s own quotation of the program\'s output (short: it is all the note shows); not one of the ten sites - an unnamed Slurm cluster - so mapped: assumed shape - a two-node CPU job, `srun -n 32 ./bin/mpi_2d`, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64', '#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=16'], ['module load cray-mpich', 'module load openmpi'], ['srun --cpu-bind=cores ./solver input.dat', 'srun -n 32 ./bin/mpi_2d']],
    log='''
MPI Ranks: 1
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*(\bmpirun\b|\bmpiexec\b|\bsrun\b.*--mpi=\S+)'},
)

case(
    id='lumisftscript-cassini-event-queue-overflow-raise-cxi-cq-size',
    kind='script',
    source='find_string:31490329671',
    thread_site='a user\'s LUMI job script for instruction fine-tuning (Slurm, partition dev-g, one node with 8 GPUs, `torchrun --nproc-per-node=$SLURM_GPUS_ON_NODE --standalone huggingface-finetune.py`; found with the code search, text id 31490329671, the tool shows no repository name; the same comment is in several other LUMI job scripts): its comment `# Hoping to resolve "Cassini Event Queue overflow detected." errors` above `export FI_CXI_DEFAULT_CQ_SIZE=262144    # default 131072`',
    what='DOUBTFUL (the comment says "hoping": the fix is not shown to have worked): the Slingshot CXI provider\'s completion queue overflows at its default size; the fix the script applies is in the job script (a larger `FI_CXI_DEFAULT_CQ_SIZE`, exported before the launch); the line is the message as the comment quotes it; not one of the ten sites - LUMI, HPE Cray EX with Slingshot under Slurm - so mapped to the HPE Cray EX site: assumed shape - a one-node Perlmutter GPU job that runs the same single-node torchrun line without the export, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'torchrun --nproc-per-node=$SLURM_GPUS_ON_NODE --standalone huggingface-finetune.py']],
    log='''
Cassini Event Queue overflow detected.
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+\s*export\s+FI_CXI_(DEFAULT_CQ_SIZE|OFLOW_BUF_SIZE|OVFLOW_BUF_SIZE|CQ_FILL_PERCENT)=\d+'},
)

case(
    id='navsimoom-sixteen-gpu-ddp-dataloader-workers-host-ram-oom-kill',
    kind='script',
    source='find_string:44725846961',
    thread_site='a student project\'s post-mortem "Job 269582 Post-Mortem: OOM Analysis" (a Lightning DDP training of a driving model, 4 nodes x 4 L40S GPUs, 256 GB RAM a node, Slurm with srun one task a GPU, training options passed as Hydra overrides on the launch line; found with the code search, text id 44725846961, the tool shows no repository name; an earlier set used two other notes of the same project, not this one): DDP initialised, then the step was OOM-killed in the first training iteration; these lines under "Evidence from Logs"; root cause given: `dataloader.params.num_workers=8` per GPU, 128 loader workers exhausting host RAM (the TCPStore lines are symptoms); fix given: corrected job scripts with `dataloader.params.num_workers=2` (a larger node memory request rejected as not practical)',
    what='the launch line asks for eight data-loader workers for each of sixteen GPU processes, and together they exhaust the nodes\' host memory, so the step is OOM-killed and DDP breaks; the fix is on the launch line in the job script (the num_workers override lowered to 2); the lines are the note\'s own log quotation; not one of the ten sites - a university Slurm GPU cluster - so mapped: assumed shape - a four-node Delta job, four tasks a node, `srun python ... dataloader.params.num_workers=8`, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=4'], [LIGHT_RUN, 'srun python navsim/planning/script/run_training_dense.py agent=transfuser_agent \\\n    dataloader.params.num_workers=8 trainer.params.devices=4 trainer.params.num_nodes=4']],
    log='''
[2025-10-16T08:52:15.650] error: Detected 3 oom_kill events in StepId=269582.0
[2025-10-16T08:52:17.707] error: Detected 4 oom_kill events in StepId=269582.0
[2025-10-16T08:52:20.549] error: Detected 5 oom_kill events in StepId=269582.0
[rank6]:[W1016 08:52:32.551] Failed to check the "should dump" flag on TCPStore
''',
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+.*num_workers=[0-4]\b'},
)

case(
    id='rlframeworktrouble-h100-image-on-a100-cuda-failure-304-older-base',
    kind='script',
    source='find_string:20273225648',
    thread_site='the Troubleshooting page of an RL training framework\'s documentation (container images named like `nvidia24.05-pytorch2.6.0-te2.1-deepspeed0.16.7-flashattn2.7.4.post1-vllm0.8.4:20250503`; found with the code search, text id 20273225648, the tool shows no repository name), section NVIDIA: on older clusters, e.g. with A100 GPUs, the latest container images optimised for H100 show "a common symptom" - this error; mitigation given: use an image built on an older NVIDIA base layer that is compatible with A100 nodes',
    what='the job runs a container image built for a newer GPU generation on A100 nodes, and a CUDA call fails; the fix the page gives is in the job script (a different, older-based container image on the launch line); the line is the error as the page quotes it inline; not one of the ten sites - a documentation page about A100 clusters - so mapped: assumed shape - a one-node, eight-GPU Delta A100 job started by srun with a pyxis container image (the newest image of the framework), diagnosed as on Delta; any change of the image counts',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=nvcr.io#nvidia/pytorch:25.04-py3']],
    log='''
cuda failure 304: 'os call failed or operation not supported on this os'
''',
    expect={'families': ['containers'], 'fix': r'(?m)^\+[^\S\n]*(CONT=(?!nvcr\.io#nvidia/pytorch:25\.04-py3[^\S\n]*$)\S+|srun\b.*--container-image=(?!"\$CONT")\S+)'},
)

case(
    id='sigma2docs-batch-step-oom-kill-raise-mem-per-cpu',
    kind='script',
    source='https://github.com/UNINETTSigma2/documentation/blob/master/jobs/common_job_failures.md',
    thread_site='the Norwegian national HPC user documentation (Sigma2; Slurm clusters), page "Common job failures", section "Running out of memory": a job stops when it uses more memory than it requested, and this is reported in the Slurm output; fix given: request more memory in the job script, e.g. `#SBATCH --mem-per-cpu=1G` (but not far too much)',
    what='the program run from the batch script needs more memory than the job requested, so the cgroup kills it; the fix the centre gives is in the job script (a larger `--mem-per-cpu`/`--mem` request); the lines are the page\'s own example; not one of the ten sites - Sigma2\'s Slurm clusters - so mapped: assumed shape - a one-node CPU job whose batch script runs `./mybinary` directly with the default memory, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH --nodes=1\n#SBATCH --ntasks=1'], ['module load cray-mpich\n', ''], ['srun --cpu-bind=cores ./solver input.dat', './mybinary']],
    log='''
slurm_script: line 11: 33333 Killed ./mybinary
slurmstepd: error: Detected 1 oom-kill event(s) in step 997857.batch cgroup.
Some of your processes may have been killed by the cgroup out-of-memory
handler.
''',
    expect={'families': ['resources'], 'fix': r'(?m)^\+\s*#SBATCH\s+--mem(-per-cpu)?=\S+'},
)

case(
    id='glueloradiff-outputs-under-home-quota-iostream-error-move-to-scratch',
    kind='script',
    source='find_string:42424418426',
    thread_site='a project\'s note "GLUE Jobs Status and Fix (Feb 2026)" (100 fine-tuning jobs submitted as Slurm jobs on a university cluster with `/fs/scratch/users/$USER`; found with the code search, text id 42424418426, the tool shows no repository name): almost all failures were `OSError: [Errno 122] Disk quota exceeded` "and related `basic_ios::clear: iostream error` when writing logs/checkpoints"; cause given: checkpoints and run outputs written under the project (home) directory `./outputs/glue_single/` while many jobs ran in parallel; fix applied in the SLURM scripts: `OUTPUT_DIR=$SCRATCH/lora-diffusion/outputs/glue_single` when scratch exists',
    what='the job script points the run\'s checkpoints at the quota-limited home/project directory, so once many jobs fill it every write fails; the fix is in the job script (the output directory moved to scratch); the line is the second of the note\'s two inline quotations - the first, `OSError: [Errno 122] Disk quota exceeded`, repeats an earlier set and is left out; not one of the ten sites - a university Slurm cluster - so mapped: assumed shape - a one-node, one-GPU Delta job whose srun step writes to `./outputs/glue_single`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'OUTPUT_DIR=./outputs/glue_single\nsrun python -u train.py --task sst2 --method lora_diffusion --seed 42 --output_dir "$OUTPUT_DIR"']],
    log='''
basic_ios::clear: iostream error
''',
    # s37: 'filesystem' is no record family (no answer could be right); storage records are of
    # the families site and environment (labels widened, the fix pattern unchanged)
    expect={'families': ['filesystem', 'site', 'environment'], 'fix': r'(?m)^\+.*(OUTPUT_DIR=|--output_dir[= ])\S*(\$\{?SCRATCH|/scratch|\$\{?WORK)'},
)

case(
    id='narvalrecovery-missing-optional-python-package-pybigwig',
    kind='not_script',
    source='find_string:40421167454',
    thread_site='a project\'s "SLURM Job Recovery Status Report" (six training jobs on an Alliance Canada GPU cluster, Narval, Slurm, A100; found with the code search, text id 40421167454, the tool shows no repository name): after the script fixes (account, CUDA module, paths, model pre-cached), job 56685212 failed with this error; cause given: a missing optional dependency for ENCODE epigenomics data loading; fix proposed: install pyBigWig or skip ENCODE features - not yet re-run',
    what='DOUBTFUL (the fix is proposed, not shown): the program imports a Python package that the environment does not have; the cause is the software environment\'s contents or the program\'s optional feature, not the job script\'s directives, launch line or modules - the earlier job-script fixes of the same note had already been applied; the line is the note\'s own inline quotation; not one of the ten sites - Narval, Slurm - so mapped: assumed shape - a one-node, one-GPU Delta job, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[*ONE_GPU, ['srun python -u train.py --batch-size 256 --epochs 32', 'source $HOME/chromaguide_env/bin/activate\nsrun python -u train_chromaguide_full.py --split split_a_gene_held_out']],
    log='''
ModuleNotFoundError: No module named 'pyBigWig'
''',
)

# ---------------------------------------------------------------- library / data problems

TORCHRUN_2N = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'

case(
    id='mindspeedfaq-megatron070-append-eod-pad-equals-eos-grad-norm-nan',
    kind='not_script',
    source='https://github.com/Ascend/MindSpeed-Core-MS/blob/c22caaf9c1326e58121fb477b4647172537699ff/docs/faq/megatron070_grad_norm_nan.md',
    thread_site='an FAQ page of Ascend\'s MindSpeed-Core-MS (Megatron-LM 0.7.0 GPT pre-training, multi-node; docs/faq/megatron070_grad_norm_nan.md, in Chinese): in a long stability test with `--tokenizer-type PretrainedFromHF` the loss oscillated and after some steps the gradient norm became NaN, ending in this traceback; root cause given: the dataset was generated with `--append-eod` (an eos token at the end of every sample), and Megatron 0.7.0\'s GPTDataset padding sets pad_token_id == eos_token_id in PretrainedFromHF mode, so the loss mask removes the eos tokens - "a native Megatron problem", reproduced on GPUs with the same configuration; fix given: do not use `--append-eod` when generating the dataset in PretrainedFromHF mode',
    what='the training data were preprocessed with an option that, together with the library version\'s padding rule, corrupts the loss mask, so gradients become NaN; the cause and the fix are in the input data and the library (regenerate the dataset without `--append-eod`), not in the job script\'s directives, launch line or environment; the lines are the last lines of the page\'s traceback as written (the page wraps `collective` over two lines); not one of the ten sites - an Ascend NPU cluster (the page says GPUs fail the same way) - so mapped: assumed shape - a two-node Delta GPU job, one torchrun a node, running `pretrain_gpt.py`, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[[TORCHRUN_2N, TORCHRUN_2N.replace('train.py --epochs 10', 'pretrain_gpt.py --tokenizer-type PretrainedFromHF --data-path data/gpt_text_document')]],
    log='''
assert not norm.isnan( ), (
AssertionError: Rank 13: found NaN in local grad norm in backward pass before data-parallel communication collectie
ve. Device: 5, node: node-15-11
''',
)

KAG_SOURCE = 'find_string:4302226851'
KAG_SITE = 'a project\'s note "v1 Kaggle: What Broke and Why" documenting every error hit running vLLM 0.6.3 on free-tier notebook T4 GPUs (found with the code search, text id 4302226851, the tool shows no repository name); its root-cause summary: old vLLM needs old tokenizers that conflict with the platforms\' pre-installed packages, new vLLM needs FlashInfer (sm_80+); final solution: another platform with an A10G GPU and a clean container'
KAG_MAP = 'not one of the ten sites - a notebook GPU host - so mapped: assumed shape - a one-node, one-GPU Delta job whose batch step starts `vllm serve`, diagnosed as on Delta'
KAG_RUN = [['#SBATCH --ntasks=1\n#SBATCH --gpus-per-node=4', '#SBATCH --ntasks=1\n#SBATCH --gpus-per-node=1'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'vllm serve Qwen/Qwen2.5-1.5B-Instruct --dtype half --port 8000']]

case(
    id='kagglevllm-old-vllm-with-newer-outlines-fsm-module-missing',
    kind='not_script',
    source=KAG_SOURCE,
    thread_site=KAG_SITE + '; Error 2, on the first request: this error; root cause given: vLLM 0.6.3 uses `outlines` for guided decoding and the base image had a newer outlines whose module layout renamed `outlines.fsm`; fix applied: `pip install outlines==0.0.46`, which fixed it and exposed the next missing package',
    what='the installed library set is inconsistent (the serving library needs an older version of one of its dependencies than the image provides), so an import fails at the first request; the cause and the fix are in the software environment (a pinned package version), not in the job script\'s directives, launch line or modules; the line is the note\'s own quotation; ' + KAG_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=KAG_RUN,
    log='''
ModuleNotFoundError: No module named 'outlines.fsm'
''',
)

case(
    id='kagglevllm-newer-tokenizers-drops-all-special-tokens-extended',
    kind='not_script',
    source=KAG_SOURCE,
    thread_site=KAG_SITE + '; Error 4: this error; root cause given: vLLM 0.6.3 was built against tokenizers 0.19.x and the base image had a newer tokenizers that removed `all_special_tokens_extended`; fix tried: `pip install tokenizers==0.19.1 --force-reinstall` (after a restart it loaded, then transformers/huggingface_hub conflicted - no consistent version set on that platform)',
    what='a dependency of the serving library is newer than the one it was built against and lacks an attribute it uses; the cause is the package set of the environment (version pins), not the job script\'s directives, launch line or modules; the line is the note\'s own quotation; ' + KAG_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=KAG_RUN,
    log='''
AttributeError: TokenizersBackend has no attribute all_special_tokens_extended
''',
)

case(
    id='jetsonvllm-pytorch-caching-allocator-nvml-internal-assert',
    kind='not_script',
    source='https://github.com/jason-easyazz/zoe-ai-assistant/blob/main/docs/archive/vllm-migration-2025-11/VLLM_MIGRATION_BLOCKED.md',
    thread_site='a project\'s archived note "vLLM Migration - BLOCKED by PyTorch Bug" (vLLM containers on a Jetson Orin NX, driver 540.4.0; jason-easyazz/zoe-ai-assistant, docs/archive/vllm-migration-2025-11/VLLM_MIGRATION_BLOCKED.md): NVIDIA\'s vLLM container needed a newer driver; the community container started but every run failed with this error; eight memory-setting variants, both vLLM engines and two server implementations failed the same way; conclusion: a PyTorch CUDA caching-allocator bug in all available containers for that device - migration blocked, no fix',
    what='DOUBTFUL (no fix is shown; the note blocks on it): an internal assertion of the framework\'s CUDA memory allocator fails whatever the memory settings, which the note attributes to a PyTorch bug in the available builds for that device; the cause is the library build on that hardware, not the job script\'s directives, launch line or environment; the lines are the note\'s own quotation; not one of the ten sites - a single embedded GPU device - so mapped: assumed shape - a one-node, one-GPU Delta job whose batch step starts `vllm serve`, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[KAG_RUN[0], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'vllm serve /models/Qwen2.5-3B-Instruct-AWQ --quantization awq --gpu-memory-utilization 0.40 --max-model-len 2048']],
    log='''
RuntimeError: NVML_SUCCESS == r INTERNAL ASSERT FAILED at
"/opt/pytorch/c10/cuda/CUDACachingAllocator.cpp":1131,
please report a bug to PyTorch.
''',
)

TT_SOURCE = 'find_string:27449405801'
TT_SITE = 'a "TT-vLLM Troubleshooting FAQ" for running vLLM on Tenstorrent accelerator hosts (torch 2.5.0+cpu, torchvision 0.20.0, a tt-vllm build, a start script run from a shell with exported variables; found with the code search, text id 27449405801, the tool shows no repository name; "Initial version based on real debugging session")'
TT_MAP = 'not one of the ten sites - a single accelerator host - so mapped: assumed shape - a one-node Delta job whose batch step activates the venv and runs the vLLM start script, diagnosed as on Delta'
TT_RUN = [KAG_RUN[0], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'source ~/tt-vllm-venv/bin/activate\npython ~/tt-jukebox/start-vllm-server.py --model ~/models/Llama-3.2-3B-Instruct --host 0.0.0.0 --port 8000 --max-model-len 131072']]

case(
    id='ttvllmfaq-torchvision-built-for-other-torch-nms-operator-missing',
    kind='not_script',
    source=TT_SOURCE,
    thread_site=TT_SITE + '; issue 1 "torch/torchvision Version Mismatch": these symptoms; root cause given: torchvision was compiled against a different PyTorch than the one installed (vLLM\'s dependencies may pull torch 2.6); solution: force-reinstall matching torch 2.5.0+cpu, torchvision 0.20.0, torchaudio 2.5.0 into the venv',
    what='the environment holds a torchvision built for another torch release, so its compiled operators are missing; the cause and the fix are in the installed package set (reinstall matching versions), not in the job script\'s directives, launch line or environment variables; the lines are the FAQ\'s own symptom block; ' + TT_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=TT_RUN,
    log='''
RuntimeError: operator torchvision::nms does not exist
ModuleNotFoundError: Could not import module 'ProcessorMixin'
''',
)

case(
    id='ttvllmfaq-intel-extension-for-pytorch-version-conflict',
    kind='not_script',
    source=TT_SOURCE,
    thread_site=TT_SITE + '; issue 2 "Intel PyTorch Extension Conflict": this symptom; root cause given: the Intel extension (IPEX) is installed but built for torch 2.6; solution: `pip uninstall -y intel-extension-for-pytorch` (not needed on that hardware); prevention: avoid packages that pull it in',
    what='an extension package in the environment requires a different torch release than the one installed, so the import fails; the cause and the fix are in the package set (remove the extension), not in the job script\'s directives, launch line or environment variables; the lines are the FAQ\'s own symptom block; ' + TT_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=TT_RUN,
    log='''
Intel Extension for PyTorch 2.6 needs to work with PyTorch 2.6.*,
but PyTorch 2.5.0+cpu is found
''',
)

case(
    id='ttvllmfaq-torch25-inductor-dataclass-bug-disable-dynamo',
    kind='script',
    source=TT_SOURCE,
    thread_site=TT_SITE + '; issue 3 "torch.compile / torch._inductor DataClass Error": these symptoms at import time; root cause given: a bug in PyTorch 2.5\'s `torch._inductor`; solution: `export TORCHDYNAMO_DISABLE=1` before running the vLLM server (the page\'s "Running vLLM Server - The Right Way" script has it, marked CRITICAL)',
    what='a library bug is triggered when the compiler stack is imported; the workaround the FAQ gives is in the launch environment of the job script (`export TORCHDYNAMO_DISABLE=1` before the server starts), so labelled script; the lines are the FAQ\'s own symptom block; ' + TT_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=TT_RUN,
    log='''
TypeError: must be called with a dataclass type or instance
File "torch/_inductor/runtime/hints.py", line 36, in <module>
  attr_desc_fields = {f.name for f in fields(AttrsDescriptor)}
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+\s*export\s+TORCHDYNAMO_DISABLE=1'},
)

case(
    id='rdna3ddp-torch251-on-rocm62-hipblas-alloc-failed-rebuild-rocm63',
    kind='not_script',
    source='https://github.com/lrud/futures_vpoc_backtest/blob/a017a56eeb3a6b46edfadf2610857ee73fd541c1/BUG_RESEARCH/ML_Training_Debug_Progress_Summary_2025-10-29.md',
    thread_site='a project\'s "ML Training Debug Progress Summary" (multi-GPU DataParallel training on two AMD RX 7900 XT GPUs, gfx1100, in a ROCm dev container; lrud/futures_vpoc_backtest, BUG_RESEARCH/ML_Training_Debug_Progress_Summary_2025-10-29.md): training failed at the first neural-network operation with this error; root cause given: PyTorch 2.5.1 requires ROCm >= 6.3 for gfx1100 while the container had ROCm 6.2 (an AMD engineer\'s confirmation cited); fix applied: the Dockerfile rebuilt on `rocm/dev-ubuntu-22.04:6.3` with the rocm6.3 torch wheels - "ready for testing", not yet re-run',
    what='DOUBTFUL (the rebuilt image is not shown to work): the installed framework build and the GPU runtime it runs on are incompatible versions for that GPU, so the BLAS handle cannot be created; the cause and the fix are in the software build (a container image rebuilt from a changed Dockerfile with matching ROCm and torch), not in the job script\'s directives, launch line or environment variables; the line is the note\'s own inline quotation; not one of the ten sites - a two-GPU AMD workstation - so mapped: assumed shape - a one-node Delta job on AMD GPUs whose batch step runs the training script, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python src/ml/train.py --data ./DATA/MERGED/merged_es_vix_test.csv --output ./TRAINING/ --epochs 1 --batch_size 8']],
    log='''
HIPBLAS_STATUS_ALLOC_FAILED when calling hipblasCreate(handle)
''',
)

# ---------------------------------------------------------------- TACC: MFEM SEAS miniapp manual (2)

SEAS_SOURCE = 'find_string:67562767034'
SEAS_SITE = 'the user and developer manual of an MFEM-based earthquake-cycle (SEAS) miniapp run on TACC (Frontera / Stampede, Slurm, `ibrun`, modules hypre/2.31.0, mumps/5.3, parmetis; job scripts under jobs/*.sbatch that build the executable and generate the Gmsh mesh inside the job; found with the code search, text id 67562767034, the tool shows no repository name; an earlier set used a run log of the same project, text id 67105621629, not this manual), table "F.8 Common Issues and Fixes"'
SEAS_MAP = 'ran on TACC (Frontera/Stampede) - mapped to Stampede3, the TACC Slurm system with the same `ibrun` launcher and module set: assumed shape - a one-node, 32-rank Stampede3 CPU job that loads the three modules, meshes with gmsh if the mesh is missing and starts the solver with ibrun, diagnosed as on Stampede3'
SEAS_MODS = 'module load hypre/2.31.0\nmodule load mumps/5.3\nmodule load parmetis\nexport LD_LIBRARY_PATH=${TACC_HYPRE_LIB}:${LD_LIBRARY_PATH}\n'
SEAS_MESH = 'if [ ! -f bp1/mesh/bp1_ss_100m.msh ]; then\n    gmsh -2 bp1/mesh/bp1_selfsimilar.geo -o bp1/mesh/bp1_ss_100m.msh -setnumber h 0.1\nfi\n'
SEAS_BASE = [['#SBATCH -p gpu-a100', '#SBATCH -p spr'], ['#SBATCH -N 2\n#SBATCH -n 6', '#SBATCH -N 1\n#SBATCH -n 32'], ['#SBATCH -A MyProject', '#SBATCH -A EAR20006'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\n', SEAS_MODS], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'make seas_bp1_bdrload\n' + SEAS_MESH]]

case(
    id='seasmfemtacc-gmsh-not-on-path-module-load-gmsh',
    kind='script',
    source=SEAS_SOURCE,
    thread_site=SEAS_SITE + ': symptom `gmsh: command not found`; likely cause "Gmsh not in PATH"; fix "`module load gmsh` on TACC, or install locally"',
    what='the job script meshes the geometry with gmsh but does not load the module that provides it, so the command is not found; the fix is in the job script (`module load gmsh` with the other module loads); the line is the table\'s own symptom; ' + SEAS_MAP,
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[*SEAS_BASE, ['ibrun python train.py --epochs 10', 'ibrun ./seas_bp1_bdrload --mesh bp1/mesh/bp1_ss_100m.msh --ref-dir bp1/benchmark_data --output-dir bp1/results_ss_100m']],
    log='''
gmsh: command not found
''',
    # s38relabel: gmsh is not found; no gmsh module is in the Stampede3 profile (available_modules) and the script loads none, so where gmsh comes from is the user's: asks
    expect={'families': ['modules', 'environment'], 'ask': True, 'ask_for': ['path', 'python_path', 'program_path', 'tool_module', 'module']},
)

case(
    id='seasmfemtacc-mumps-factorization-singular-all-natural-bcs',
    kind='not_script',
    source=SEAS_SOURCE,
    thread_site=SEAS_SITE + ': symptom `MFEM abort: Error during MUMPS numerical factorization`; likely cause "Singular stiffness matrix (all-Natural BCs on a structured quad mesh)"; fix "Use `seas_bp1_bdrload` instead of `seas_bp1_full`" (the driver with far-field Dirichlet loading, whose matrix is SPD), with a diagnosis section in the manual; the build section marks `seas_bp1_full` "legacy, do not use for self-similar meshes"',
    what='the chosen solver formulation leaves the stiffness matrix singular on that mesh (only natural boundary conditions), so the direct solver cannot factorise it; the cause is the numerical model, and the fix is the program variant with Dirichlet far-field loading - a model choice, not the job script\'s resources, launcher, modules or environment (judgement call: the variant is named on the launch line; labelled not_script because nothing about how the job is launched is wrong); the line is the table\'s own symptom; ' + SEAS_MAP + ' (running the legacy `seas_bp1_full` driver)',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[*SEAS_BASE[:4], [SEAS_BASE[4][0], 'make seas_bp1_full\n' + SEAS_MESH], ['ibrun python train.py --epochs 10', 'ibrun ./seas_bp1_full --mesh bp1/mesh/bp1_ss_100m.msh --output-dir bp1/results_ss_100m']],
    log='''
MFEM abort: Error during MUMPS numerical factorization
''',
)

case(
    id='pgalfmanifest-oneapi-compiler-module-needs-tbb-compiler-rt-preloaded',
    kind='script',
    source='https://github.com/bkoh-27/pgalf/blob/8cf8b32f6acbd61d00be304ac70bb7840868d254/work/production_runs/zoom4/PRODUCTION_RUN_MANIFEST.md',
    thread_site='the append-only production manifest of a galaxy-finder pipeline run as a Slurm array on a university CPU cluster with OpenHPC Lmod modules (bkoh-27/pgalf, work/production_runs/zoom4/PRODUCTION_RUN_MANIFEST.md): every snapshot task (jobs 89626_0 ... 89639_13, 2026-02-24) failed at stage MODULE_INIT (rc=1) with this stderr, repeated for intel/tbb and intel/compiler-rt; the same project\'s task script (text id 18997258141) loads `intel/compiler-intel-llvm/2025.3.0 intel/compiler-rt/2025.3.0 intel/umf/1.0.2 intel/tbb/2022.3 intel/mpi/2021.17` and, on failure, falls back to "# Some clusters require oneAPI dependencies preloaded before compiler-intel-llvm." - `module load intel/tbb/2022.3 intel/compiler-rt/2025.3.0 intel/umf/1.0.2` first, then the full list; each stage then runs `mpirun -np 4 ...`',
    what='DOUBTFUL (no passing run is shown after the fallback was written): the job script loads the oneAPI compiler module before the modules it depends on, and this site\'s Lmod refuses it; the fix is in the job script (load intel/tbb and intel/compiler-rt before intel/compiler-intel-llvm), as the project\'s own script comment says; the lines are the first block of the manifest\'s stderr excerpt without its `Lmod has detected the following error: Cannot load module` and `While processing the following module(s):` lines, which repeat earlier sets; not one of the ten sites - a university OpenHPC Slurm cluster - so mapped: assumed shape - a one-node, four-rank CPU job that loads the oneAPI stack in the failing order and runs `mpirun -np 4 newdd.exe`, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH --nodes=1\n#SBATCH --ntasks=4\n#SBATCH --array=0-13'], ['module load cray-mpich', 'module purge\nmodule load intel/compiler-intel-llvm/2025.3.0 intel/compiler-rt/2025.3.0 intel/umf/1.0.2 intel/tbb/2022.3 intel/mpi/2021.17\nexport OMP_NUM_THREADS=1'], ['srun --cpu-bind=cores ./solver input.dat', 'mpirun -np 4 /home/bkoh/pgalf/NewDD/newdd.exe "$SLURM_ARRAY_TASK_ID" 4']],
    log='''
"intel/compiler-intel-llvm/2025.3.0". At least one of these module(s) must be
loaded:
   intel/tbb

    Module fullname                     Module Filename
    ---------------                     ---------------
    intel/compiler-intel-llvm/2025.3.0  /opt/ohpc/pub/modulefiles/intel/compiler-intel-llvm/2025.3.0
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+[^\S\n]*module[^\S\n]+load[^\S\n]+((?!\S*compiler-intel-llvm)\S+[^\S\n]+)*intel/(tbb|compiler-rt)\b'},
)
