# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
AUR = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
IBRUN = 'ibrun python train.py --epochs 10'
SRUN_TR = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'

# ---------------------------------------------------------------- script cases

case(
    id='gasnet22-slingshot11-one-node-fi-domain-function-not-implemented',
    kind='script',
    source='https://github.com/StanfordLegion/gasnet/issues/22',
    thread_site='an HPE Slingshot 11 system with Slurm (the issue documents a known problem for Legion users; the machine is not named); a Legion/GASNet-EX (ofi conduit) program run on a single node fails in GASNet\'s OFI initialisation; the Legion maintainer writes that he was told it is an issue of the Slurm integration and gives two workarounds: use two or more nodes, or run with `srun --network=single_node_vni`',
    what='on these Slingshot systems a one-node job gets no network VNI from Slurm unless it asks for one, so libfabric\'s CXI provider cannot open a domain and the program dies at start-up; the fix is in the job script (`--network=single_node_vni` on srun/sbatch, or SLURM_NETWORK, or two nodes); assumed shape - a one-node Perlmutter GPU job starting the Legion program with srun, diagnosed as on Perlmutter (Slingshot 11, Slurm)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1', 'module load PrgEnv-gnu'], [PM, 'srun --cpu-bind=cores ./legion_app -ll:gpu 1 -ll:cpu 4']],
    log='''
*** FATAL ERROR (proc 0): in gasnetc_ofi_init() at .../gasnet_ofi.c:946: fi_domain failed: -38(Function not implemented)
''',
    expect={'families': ['launcher', 'network', 'scheduler'], 'fix': r'(?m)^(\+.*--network[= ]single_node_vni|\+export SLURM_NETWORK=single_node_vni|\+#SBATCH (-N|--nodes)[= ]?([2-9]|\d\d))'},
)

case(
    id='lci110-deltaai-single-node-cxip-auth-key-function-not-implemented',
    kind='script',
    source='https://github.com/uiuc-hpc/lci/issues/110',
    thread_site='NCSA DeltaAI (Slurm, Slingshot 11); an LCI (libfabric CXI provider) program runs when the job has several nodes but fails on a single node: `fi_domain` reports "Function not implemented" and with FI_LOG_LEVEL=debug libfabric prints the auth-key failure; the reporter finds the root cause (default service id disabled, switch parameters `single_node_vni=user`) and two solutions: the admins enable the service, or the user passes `--network=single_node_vni` to srun/salloc/sbatch or sets SLURM_NETWORK=single_node_vni',
    what='the one-node job does not ask Slurm for a network VNI, which this site requires for single-node jobs, so the CXI provider cannot create an auth key and the program cannot open its fabric domain; the fix the user can make is in the job script (`--network=single_node_vni` or `export SLURM_NETWORK=single_node_vni`, or more than one node); assumed shape - a one-node DeltaAI job starting the LCI program with srun, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=2'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8\n#SBATCH --time=00:30:00'], ['#SBATCH --time=06:00:00\n', ''], ['module load cray-mpich', 'export FI_LOG_LEVEL=debug'], [MPIAPP, 'srun ./lci_pingpong']],
    log='''
err : Function not implemented
cxip_gen_auth_key failed: -38
''',
    expect={'families': ['launcher', 'network', 'scheduler'], 'fix': r'(?m)^(\+.*--network[= ]single_node_vni|\+export SLURM_NETWORK=single_node_vni|\+#SBATCH (-N|--nodes)[= ]?([2-9]|\d\d))'},
)

case(
    id='glotzersoftware335-frontier-pmi-mmap-bootstrap-barrier-timeout-slow-imports',
    kind='script',
    source='https://github.com/glotzerlab/software/pull/335',
    thread_site='OLCF Frontier (Slurm, Cray MPICH); 64-node hoomd-validation jobs started with srun, the Python environment on the project file system (/ccs/proj); importing `flow` and other packages takes about 500 s, longer than the 180 s Cray PMI start-up barrier, so MPI_Init fails; the merged PR increases the PMPI_Init timeout and adds scripts/documentation for putting the Python environment on node-local NVMe instead',
    what='the ranks reach MPI_Init only after a very slow import from a shared file system and the Cray PMI bootstrap barrier times out; the fix is in the job script (raise the PMI start-up timeout, e.g. `export PMI_MMAP_SYNC_WAIT_TIME=...`, or stage the environment to node-local storage before srun); assumed shape - a 64-node Cray-MPICH srun python job on Perlmutter, diagnosed as on Perlmutter (same HPE Cray PE and PMI)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 64'], ['module load pytorch/2.3.1', 'source /global/cfs/cdirs/m0000/envs/flow/bin/activate'], [PM, 'srun --cpu-bind=cores python project.py run']],
    log='''
Wed Oct 11 15:15:14 2023: [PE_1295]:_pmi_mmap_tmp: Warning bootstrap barrier failed: num_syncd=40, pes_this_node=56, timeout=180 secs
MPICH ERROR [Rank 0] [job id unknown] [Wed Oct 11 15:15:14 2023] [frontier03965] - Abort(1091855) (rank 0 in comm 0): Fatal error in PMPI_Init:
Other MPI error, error stack:
MPIR_Init_thread(170):  MPID_Init(441).......:  MPIR_pmi_init(110)...: PMI_Init returned 1
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^\+.*(PMI_MMAP_SYNC_WAIT_TIME|PMI_\w*TIMEOUT\w*|/mnt/bb|sbcast|/tmp/)'},
)

case(
    id='aihubnote-torchrun-dash-c-inline-code-unrecognized-argument',
    kind='script',
    source='find_string:53115452667',
    thread_site='a user\'s debugging transcript (found with the code search, text id 53115452667, the tool shows no repository name) for a two-server DeepSeek-R1 SGLang deployment on 8-GPU servers (hosts tpgds-aihub0003/0007/0008, no batch scheduler); to test NCCL on one server the user runs `torchrun --nproc_per_node=8 --master_addr=10.99.91.63 --master_port=29500 -c "<inline Python all-reduce test>"` with NCCL_* variables set on the command line; torchrun prints its usage and stops; the transcript ends there (the earlier part of the file is about NVLink/NIC link flapping on another server, a separate problem)',
    what='DOUBTFUL - the transcript does not show the corrected command; torchrun, unlike python, has no `-c` option (it takes a training script or `-m module` as its program), so the launch line itself is wrong and no worker starts; the fix is on the launch line (put the test code in a file and pass the file, or `--no-python python -c ...`); assumed shape - the one-node Delta torchrun job whose launch line is the transcript\'s command with the inline code joined on one line, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'export NCCL_NVLS_ENABLE=0 NCCL_IB_GID_INDEX=3\ntorchrun --nproc_per_node=4 --master_addr=$(hostname) --master_port=29500 -c "import torch; import torch.distributed as dist; dist.init_process_group(\'nccl\'); rank = dist.get_rank(); x = torch.ones(1000).cuda(rank); dist.all_reduce(x); torch.cuda.synchronize(); print(f\'rank {rank} OK: {x[0].item()}\')"']],
    log='''
usage: torchrun [-h] [--nnodes NNODES] [--nproc-per-node NPROC_PER_NODE]
                [--rdzv-backend RDZV_BACKEND] [--rdzv-endpoint RDZV_ENDPOINT] [--rdzv-id RDZV_ID]
                training_script ...
torchrun: error: unrecognized arguments: -c
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+\s*torchrun\b(?!.*\s-c\s).*(\.py\b|\s-m\s|--no-python|--no_python)'},
)

case(
    id='mfc1834-phoenix-mpirun-default-core-binding-partial-cpuset',
    kind='script',
    source='https://github.com/MFlowCode/MFC/pull/1834',
    thread_site='Georgia Tech PACE Phoenix (Slurm, shared GPU nodes, Open MPI); MFC\'s CI build step runs a one-rank smoke test `mpirun -np 1 "$syscheck_bin"` inside its Slurm job; after the CI began backfilling onto shared GPU nodes, Slurm handed the job an offset, partial cpuset and Open MPI\'s default core binding failed before the program started; the same job\'s earlier `mpirun --bind-to none -np 1 syscheck` on the same node passed; the merged PR adds `--bind-to none` to the smoke test (the PR author quotes the Open MPI message in shortened form, with "..." in it)',
    what='the launch line lets Open MPI bind the rank to a core it computes from the whole node, but the job only owns part of the node\'s cores, so the bind call fails and the process is killed before it runs; the fix is on the job script\'s launch line (`mpirun --bind-to none`, or launching with srun, which binds inside the job\'s cpuset); assumed shape - a one-task GPU job on Delta whose script runs the Open MPI mpirun smoke test, diagnosed as on Delta',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --gpus-per-node=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=16'], ['module load cray-mpich', 'module load nvhpc openmpi'], [MPIAPP, 'mpirun -np 1 build/install/gpu-acc/bin/syscheck']],
    log="""
hwloc_set_cpubind returned "Error" for bitmap "0"   (orte/mca/rtc/hwloc/rtc_hwloc.c:382)
Open MPI tried to bind a new process ... process was killed without launching
Application name: build/install/gpu-acc-*/bin/syscheck
""",
    expect={'families': ['launcher', 'resources'], 'fix': r'(?m)^\+.*(mpirun\b.*--bind-to[= ]none|srun\b.*syscheck)'},
)

case(
    id='mfc1894-frontier-darshan-exit-stall-job-time-limit',
    kind='script',
    source='https://github.com/MFlowCode/MFC/pull/1894',
    thread_site='OLCF Frontier (Slurm, Cray PE); MFC\'s benchmark job runs seven cases one after another in a 2-hour job; from one day on it is killed by the time limit although every case still takes about 3 minutes - the author measures a fixed stall of about 14 minutes between cases, in process exit, silent in every log, with nothing else changed; Frontier preloads the Darshan I/O profiler into every MPI job, and the PR turns Darshan off for these benchmark jobs (the PR, which replaces an earlier attempt, is closed without merge in the stored thread)',
    what='DOUBTFUL - the thread ends with the PR closed and no confirmed result; by the author\'s measurements the job loses its time to the I/O profiler the centre preloads into every MPI process (a stall at exit), so the job runs out of walltime; the fix the PR makes is in the job script\'s environment (disable Darshan for the job), raising the time limit only hides it; assumed shape - a one-node Cray-MPICH srun job on Perlmutter that runs several cases in a row in 2 hours, diagnosed as on Perlmutter (HPE Cray PE, Slurm)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -t 02:00:00', '#SBATCH -t 01:59:00'], ['module load pytorch/2.3.1', 'module load PrgEnv-cray cray-mpich'], [PM, 'for c in $(cat bench_cases.txt); do srun --cpu-bind=cores ./mfc.sh run "$c"; done']],
    log="""
error: *** JOB 5499026 ON frontier10198 CANCELLED AT 2026-09-17T14:28:53 DUE TO TIME LIMIT ***
""",
    expect={'families': ['environment', 'modules', 'resources'], 'fix': r'(?mi)^\+.*darshan'},
)

case(
    id='scream2675-perlmutter-srun-outside-allocation-no-supported-policy',
    kind='script',
    source='https://github.com/E3SM-Project/scream/pull/2675',
    thread_site='NERSC Perlmutter CPU nodes (pm-cpu); EAMxx\'s test driver `test-all-scream` builds a unit test and then runs it with its own srun command from the login node; srun, asking for a new allocation by itself, is refused by the NERSC submit policy; the PR author notes that running the same binary inside `salloc --time 00:30:00 --nodes=1 --constraint=cpu -q debug --account ACCOUNT` works',
    what='the srun that has to create its own allocation names no node type (constraint) and QOS, so Perlmutter\'s submit filter finds no policy for the request and refuses it before anything runs; the fix is in the launch script (give the allocation `-C cpu` and a QOS/account, or run the srun inside an sbatch/salloc job that has them); assumed shape - a login-node script on Perlmutter that starts the test binary with a bare `srun -n 1` and no #SBATCH header, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2\n#SBATCH --time=06:00:00\n', ''], ['module load cray-mpich', 'cd $WORK_DIR/full_debug/tests/uncoupled/ml_correction'], [MPIAPP, 'srun -n 1 ./ml_correction_standalone']],
    log="""
srun: error: Job request does not match any supported policy.
""",
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+.*(\s-C\s?\w+|--constraint[= ]\S+|#SBATCH\s+(-q|--qos))'},
)

case(
    id='uncchpcnote-qsub-script-dos-windows-line-endings',
    kind='script',
    source='find_string:31832498955',
    thread_site='a student project\'s README (a Keras/TensorFlow image classifier trained on the UNC Charlotte HPC cluster; found with the code search, text id 31832498955, the tool shows no repository name; an earlier version of the same file is text id 45508269326); its "Running: Server" steps say jobs are submitted with `qsub face.sh` and record that if qsub answers with this message the fix is `dos2unix face.sh`',
    what='the job script was edited on Windows and carries CRLF line endings, which PBS refuses at submission; the fix is in the job script file itself (convert it to Unix line endings, e.g. dos2unix); the note does not show the script, so every line is assumed to end in CRLF; assumed shape - the Polaris PBS mpiexec job saved with Windows line endings, diagnosed as on Polaris (PBS, same qsub check)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[line, line[:-1] + '\r\n'] for line in ['#PBS -l select=2:system=polaris\n', '#PBS -l place=scatter\n', '#PBS -l walltime=01:00:00\n', '#PBS -l filesystems=home:eagle\n', '#PBS -q debug-scaling\n', '#PBS -A MyProject\n', 'cd ${PBS_O_WORKDIR}\n', 'module use /soft/modulefiles\n', 'module load conda\n', 'conda activate\n']],
    log="""
qsub:  script is written in DOS/Windows text format
""",
    expect={'families': ['scheduler', 'environment'], 'fix': r'(?m)^-[^\n]*\r$'},
)

case(
    id='tacccontainers-stampede2-ib-image-under-ibrun-segfault-psm2-needed',
    kind='script',
    source='find_string:49010281820',
    thread_site='the README of TACC\'s MPI base-container collection (found with the code search, text id 49010281820, the tool shows no repository name; author\'s prompt gzynda@Sc460-031 on Stampede2; other copies of the same README are text ids 6017052724 and 49111341814); the images come in `*ib` (InfiniBand) and `*psm2` (Omni-Path) variants; its FAQ "What happens if I run a `*ib` container on Stampede2?" shows `ibrun singularity exec tacc-centos7-mvapich2.3-ib_0.0.2.sif hellow` segfaulting on two nodes while the same image runs on one node with the fork launcher; a second FAQ entry shows the opposite mismatch (a `*psm2` image failing in MPI_Init on the InfiniBand system Hikari)',
    what='the job runs an MPI container built for InfiniBand on Stampede2\'s Omni-Path fabric, so every rank crashes as soon as MPI uses the network between nodes; the fix is in the job script (run the `*psm2` variant of the image on this system); assumed shape - a two-node Stampede3 job (Omni-Path nodes, TACC ibrun) whose launch line runs the `*ib` image with singularity exec, diagnosed as on Stampede3',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['#SBATCH -n 6', '#SBATCH -n 2'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\n', 'module load tacc-apptainer\n'], [IBRUN, 'ibrun singularity exec tacc-centos7-mvapich2.3-ib_0.0.2.sif hellow']],
    log="""
TACC:  Starting up job 4784577
TACC:  Starting parallel tasks...
[c460-032.stampede2.tacc.utexas.edu:mpi_rank_1][error_sighandler] Caught error: Segmentation fault (signal 11)
[c460-031.stampede2.tacc.utexas.edu:mpi_rank_0][error_sighandler] Caught error: Segmentation fault (signal 11)
TACC:  MPI job exited with code: 139
TACC:  Shutdown complete. Exiting.
""",
    expect={'families': ['containers', 'network', 'launcher'], 'fix': r'(?m)^\+.*psm2\S*\.sif'},
)

case(
    id='jscgpuhack-srun-cpus-per-task-empty-variable',
    kind='script',
    source='find_string:24604757251',
    thread_site='a GPU-hackathon team\'s batch script for a JSC Slurm system (account training2508, partition `all`, reservation gpuhack25-day4; found with the code search, text id 24604757251, the tool shows no repository name); the script keeps its earlier launch line `srun --cpus-per-task=$OMP_NUM_THREADS nsys profile ... ./../build/bin/ide_secir_example` commented out, runs `srun --cpus-per-task=64 ./../build/bin/ide_secir_example` instead, and records the error of the earlier line in a comment at the end',
    what='the srun option is given an empty shell variable, so srun refuses the step before anything starts; the fix is on the launch line (a literal count, `${SLURM_CPUS_PER_TASK}`, or setting the variable before srun uses it); the final script exports OMP_NUM_THREADS=64, so the failing version is assumed to have used the variable before it was set; assumed shape - a one-node 4-GPU Delta job whose launch line is `srun --cpus-per-task=$OMP_NUM_THREADS ...` with OMP_NUM_THREADS not set, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=64'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'module load nvhpc cuda\n'], [SRUNPY, 'srun --cpus-per-task=$OMP_NUM_THREADS ./../build/bin/ide_secir_example']],
    log="""
srun: error: Invalid numeric value "" for --cpus-per-task.
""",
    expect={'families': ['launcher', 'environment', 'resources'], 'fix': r'(?m)^\+\s*(srun\b.*--cpus-per-task[= ](\d+|\$\{?SLURM_CPUS_PER_TASK\}?)|export OMP_NUM_THREADS=\S+)'},
)

case(
    id='llamafactorynote-deepspeed-launcher-dash-m-module-unrecognized',
    kind='script',
    source='find_string:6387872806',
    thread_site='a user\'s fix note (Chinese; found with the code search, text id 6387872806, the tool shows no repository name) for fine-tuning ChatLM-mini-Chinese with LLaMA-Factory on one machine with 3 RTX 3080 GPUs; their launch script `run_llamafactory_3x3080.sh` started training with `deepspeed --num_gpus=3 -m llmtuner.cli train config.yaml` and failed at once; the note explains that the deepspeed (and torchrun) launcher takes a script path, not `-m module`, and records the fixed script: resolve the path of llmtuner/cli.py and run `deepspeed --num_gpus=3 "$LLMTUNER_CLI" train config.yaml` (or use llamafactory-cli / accelerate launch)',
    what='the launch line gives the deepspeed launcher Python\'s `-m module` form, which this launcher does not accept, so it stops before starting any worker; the fix is on the launch line (pass the entry script\'s path, or the launcher\'s own module option where the installed DeepSpeed has one, or use a launcher that accepts -m); assumed shape - a one-node Delta job running the deepspeed launcher with `--num_gpus=3 -m llmtuner.cli`, diagnosed as on Delta',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=3'], ['scontrol show hostnames "$SLURM_JOB_NODELIST" | sed \'s/$/ slots=4/\' > hostfile\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n', ''], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus=3 -m llmtuner.cli train config.yaml']],
    log="""
deepspeed: error: unrecognized arguments: -m
""",
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*(deepspeed\b(?!.*\s-m\s).*(\.py\b|\$\{?\w*CLI\w*\}?|--module)|llamafactory-cli|accelerate launch)'},
)

case(
    id='aifsensscript-lightning-devices-2-ntasks-per-node-1',
    kind='script',
    source='find_string:36449741419',
    thread_site='a user\'s batch script for AIFS ensemble training (PyTorch Lightning under srun) on the ECMWF Atos HPC (Slurm, `--qos=ng` GPU nodes, account ecaifs; found with the code search, text id 36449741419, the tool shows no repository name); the script ends with the Lightning error as a comment, and its `#SBATCH --ntasks-per-node=2 #4 #2 #1 #4` and `--gpus-per-node=2` lines keep the values tried before in trailing comments; the current version asks for 2 tasks per node for the 2 GPUs',
    what='the job starts one Slurm task per node while the Trainer is set to use 2 devices per node; Lightning under Slurm expects one task per device and refuses the mismatch; the fix is in the job script (`--ntasks-per-node=2`, one task per GPU), which is the value the user\'s final script has; the failing version is assumed to be the same script with `--ntasks-per-node=1` (one of the values in the trailing comment); assumed shape - the one-node 2-GPU Lightning job started with srun on Delta, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['#SBATCH --cpus-per-task=16', '#SBATCH --cpus-per-task=32'], ['#SBATCH --mem=0', '#SBATCH --mem=64G'], ['#SBATCH --time=12:00:00', '#SBATCH --time=48:00:00\nmodule load conda\nconda activate xformers-dev-ens'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun aifs-ens-gradtest hardware=atos_slurm hardware.num_gpus_per_ensemble=2 --config-name=gradtest']],
    log="""
ValueError: You set `devices=2` in Lightning, but the number of tasks per node configured in SLURM `--ntasks-per-node=1` does not match. HINT: Set `devices=1`.
""",
    expect={'families': ['launcher', 'resources'], 'fix': r'(?m)^\+(#SBATCH --ntasks-per-node=2\b|.*(devices|num_gpus_per_node)=1\b)'},
)

case(
    id='mrbayes130-slurm-16-ranks-8-chains-too-many-mpi-processes',
    kind='script',
    source='https://github.com/NBISweden/MrBayes/issues/130',
    thread_site='a university Slurm cluster; MrBayes 3.2.7a (MPI build) run with `mpirun` from a batch script; the analysis is `mcmc nruns=2 nchains=4` (8 chains); with `#SBATCH -n 16` MrBayes stops with this message (the reporter quotes it and agrees it is correct), while `#SBATCH -n 8` and no `-np` on mpirun runs exactly as expected on 8 CPUs; the reporter also notes that other task counts start separate copies of the analysis',
    what='the job asks for more MPI ranks than the analysis has chains, and MrBayes refuses to start; the fix is in the job script (a task count no larger than nruns x nchains, here `-n 8`, or a matching `-np`), the reporter\'s working setting; assumed shape - a one-node CPU job on Anvil with `#SBATCH -n 16` starting the MPI build with mpirun, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH --nodes=1\n#SBATCH -n 16'], ['module load cray-mpich', 'module load openmpi mrbayes'], [MPIAPP, 'mpirun mb-mpi run.nex']],
    log="""
There must be at least as many chains as MPI processors
""",
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+(#SBATCH\s+(-n|--ntasks)[= ]?[1-8]\s*$|.*mpirun\b.*-np?\s*[1-8]\b)'},
)

case(
    id='xtb1257-orca-internal-mpirun-8-ranks-one-slurm-task',
    kind='script',
    source='https://github.com/grimme-lab/xtb/issues/1257',
    thread_site='a university Slurm cluster (node muse100); xtb drives ORCA 5.0.4 (`xtb coord --opt vtight --orca -I opt.inp`), and the ORCA input asks for 8 processes, so ORCA starts its own `mpirun -np 8` for each module; with `#SBATCH --ntasks-per-node=1` and `#SBATCH --cpus-per-task=8` (and the other combinations the reporter tried) ORCA stops in its first MPI module; the part read shows no answer, but the same problem in the related xtb/ENSO thread (grimme-lab/enso#13) was solved by requesting the cores as Slurm tasks (`--ntasks=16`) instead of `--cpus-per-task`',
    what='DOUBTFUL - the thread\'s own resolution is not in the part read; ORCA launches its MPI ranks itself inside the allocation, and the job gives it one Slurm task with 8 CPUs, so the 8-rank mpirun has one slot and the MPI module aborts; the fix (as in the related thread) is in the job script: request the cores as tasks (`--ntasks=8` / `--ntasks-per-node=8`, one CPU each); assumed shape - a one-node CPU job on Bridges-2 (RM) with 1 task x 8 CPUs running xtb with the ORCA driver, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH --nodes=1\n#SBATCH -p RM-shared\n#SBATCH --ntasks-per-node=1\n#SBATCH --cpus-per-task=8'], ['module load cray-mpich', 'module load openmpi/4.1.1\nexport OMP_NUM_THREADS=8'], [MPIAPP, '$xtbdir/xtb coord --opt vtight --orca -I opt.inp']],
    log="""
ORCA finished by error termination in GTOInt
Calling Command: mpirun -np 8  /nfs/home/galanoj/orca504/orca_gtoint_mpi inp.int.tmp inp
""",
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+#SBATCH\s+(--ntasks(-per-node)?[= ]?8|-n\s*8)\b'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='torchxpuops2361-accelerate-fsdp2-xccl-average-op-not-supported-scheduler-path',
    kind='not_script',
    source='https://github.com/intel/torch-xpu-ops/issues/2361',
    thread_site='a node with Intel GPUs (XPU, four devices selected with `ZE_AFFINITY_MASK=0,1,2,3`); `accelerate launch --config_file config.yaml examples/scripts/sft_gemma3.py` from TRL with an FSDP2 config (4 processes, one machine, `ZE_AFFINITY_MASK=0,1,2,3`); FSDP2\'s gradient reduction asks the XCCL backend for an AVG reduction and oneCCL refuses it; the same exception is reported by Intel\'s own FSDP unit tests (intel/torch-xpu-ops#1559); the issue is open with no fix in the thread',
    what='DOUBTFUL - no resolution in the thread; the refusal comes from oneCCL (the AVG reduction is not implemented on the path it takes), i.e. a limitation of the communication library used by PyTorch\'s XPU backend, not of the launch line, resources or environment of the job; the remedy is a library update (or a framework-side workaround), not a job-script change; assumed shape - a one-node Aurora PBS job running `accelerate launch` with the thread\'s config, diagnosed as on Aurora (Intel GPU Max, oneCCL)',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['NNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=12\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n', 'export ZE_AFFINITY_MASK=0,1,2,3\n'], [AUR, 'accelerate launch --config_file config.yaml examples/scripts/sft_gemma3.py']],
    log='''
RuntimeError: oneCCL: coll_param.cpp:455 validate: EXCEPTION: average operation is not supported for the scheduler path
''',
)

case(
    id='radicalsaga183-stampede-submit-filter-no-queue-limits-available',
    kind='not_script',
    source='https://github.com/radical-cybertools/radical.saga/issues/183',
    thread_site='TACC Stampede (Slurm with TACC\'s sbatch submission filter); a BigJob/SAGA pilot job submitted with sbatch from login2; the filter checks the submit host, job count, home/work/scratch directories and the project\'s queue access (all OK) and then stops at the queue-limit check with this message; the issue was closed without a stated cause',
    what='DOUBTFUL - the thread does not say what was done; the filter itself reports that its own configuration has no queue limits to check against and asks the user to contact TACC consulting, i.e. a site-side configuration problem of the submission filter, not a wrong request in the job script; assumed shape - a Stampede3 ibrun job submitted with sbatch, diagnosed as on Stampede3 (TACC\'s filter)',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p normal'], ['#SBATCH -A MyProject', '#SBATCH -A TG-MCB090174'], ['module load cuda/12.2\n', '']],
    log='''
--> Verifying access to desired queue (TG-MCB090174)...OK
--> Verifying job request is within current queue limits...

Job submission filter configuration. No queue limits available. Please
contact TACC consulting for assistance.
''',
)

case(
    id='mfc1750-phoenix-l40s-node-ecc-uncorrectable-every-gpu-job',
    kind='not_script',
    source='https://github.com/MFlowCode/MFC/pull/1750',
    thread_site='Georgia Tech PACE Phoenix (Slurm); MFC\'s GPU CI jobs (NVHPC, OpenACC/OpenMP offload, launched under Slurm) fail at the start of every case on one L40S node, a second node in the same chassis as a node excluded earlier for the same fault; reruns land on the same node because Slurm keeps it in service; the merged PR adds the node to the CI\'s `--exclude` list and reports both GPUs to the centre for repair; the PMIx dstore messages in the same logs are said to be benign',
    what='a GPU with uncorrectable ECC memory errors on one node makes every job placed there fail at context creation; the fault is the hardware\'s (the node must be drained and repaired); excluding the node is only a stop-gap, the job script itself is correct; assumed shape - a one-node GPU MPI application job on Delta started with srun, diagnosed as on Delta',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --gpus-per-node=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['module load cray-mpich', 'module load nvhpc openmpi'], [MPIAPP, 'srun ./mfc.sh test --gpu']],
    log='''
Accelerator Fatal Error: call to cuCtxCreate returned error 214
  (CUDA_ERROR_ECC_UNCORRECTABLE): uncorrectable ECC error encountered
''',
)

case(
    id='accelerate3206-mn5-multinode-evaluate-metric-cache-collision',
    kind='not_script',
    source='https://github.com/huggingface/accelerate/issues/3206',
    thread_site='BSC MareNostrum 5 (Slurm; host as01r1b03.bsc.mn); Accelerate\'s examples/slurm/submit_multinode.sh runs `srun accelerate launch ... complete_nlp_example.py` on several 4-GPU nodes; after the reporter added `--multi_gpu` and `--machine_rank` to the launch line the job trains its first epoch and then every rank fails in the evaluation step; the reporter\'s follow-up PR (huggingface/accelerate#3229, closed without merge; the part read does not say why) changes the example so that only the main process computes the metric, because the `evaluate` metric used by the example is not safe when several distributed processes share one cache file',
    what='the failure is in the training program: the example\'s evaluation creates one `evaluate` metric per process with the same local cache file, so finalize fails on the other ranks and the job aborts after an epoch of good training; the fix is in the Python code (compute the metric on one process, or give each instance an experiment_id), not in the job script\'s launch line or resources; assumed shape - a two-node Delta job starting `accelerate launch --multi_gpu` once per node with srun, diagnosed as on Delta',
    cluster='delta',
    script='accelerate.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=2'], ['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=4'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nsrun bash -c \'accelerate launch --multi_gpu --num_machines $SLURM_JOB_NUM_NODES --num_processes 8 --machine_rank $SLURM_PROCID --main_process_ip $MASTER_ADDR --main_process_port 29500 complete_nlp_example.py\'']],
    log='''
[rank6]:     eval_metric = metric.compute()
[rank6]:     self._finalize()
[rank6]: ValueError: Error in finalize: another evaluation module instance is already using the local cache file. Please specify an experiment_id to avoid collision between distributed evaluation module instances.
[rank0]:[E1031 11:33:14.593046631 ProcessGroupNCCL.cpp:1664] [PG 0 (default_pg) Rank 0] Exception (either an error or timeout) detected by watchdog at work: 438, last enqueued NCCL work: 451, last completed NCCL work: 437.
''',
)

case(
    id='marin7956-gb200-512gpu-single-rank-illegal-instruction-gang-abort',
    kind='not_script',
    source='https://github.com/marin-community/marin/issues/7956',
    thread_site='a CoreWeave GB200 cluster (cw-us-east-08a; 128 nodes x 4 GB200 = 512 GPUs, JAX training launched by the project\'s own multi-node launcher); a single rank hits a device-side illegal instruction, its CUDA context is destroyed, it reaches JAX\'s shutdown barrier alone and about five minutes later all ranks abort; seen on nine runs over three commits, at least six different nodes and steps 2 to 161; the maintainers\' own description (kept current) says it is not a code regression and not tied to a node, commit or model configuration; the issue is open and a linked reproduction campaign (marin-community/marin#8029) did not settle the cause',
    what='DOUBTFUL - no root cause in the thread; by the thread\'s evidence the fault is a device/runtime failure (same program and toolchain run clean on other attempts, different nodes and steps fail), not the job\'s resource request, launch line or environment, so no change to the job script is justified; the remedy is on the runtime/hardware side (node health, driver/library), retrying meanwhile; assumed shape - a 128-node DeltaAI (GH200, aarch64) job starting one JAX process per GPU with srun, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=128'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=16'], ['#SBATCH --time=02:00:00', '#SBATCH --time=12:00:00'], [SRUNPY, 'srun python -u -m experiments.grug.moe_hero_fsdp']],
    log='''
jax.errors.JaxRuntimeError: INTERNAL: Failed to retrieve branch_index value on stream 0x…:
  CUDA error: Could not synchronize CUDA stream:
  CUDA_ERROR_ILLEGAL_INSTRUCTION: an illegal instruction was encountered
''',
)

case(
    id='archer2doc292-crystal-long-run-oom-kill-libfabric-leak',
    kind='not_script',
    source='https://github.com/ARCHER2-HPC/archer2-docs/pull/292',
    thread_site='EPCC ARCHER2 (HPE Cray EX, Slurm, Slingshot/libfabric); a merged centre documentation PR adding a known issue to the CRYSTAL page: long-running CRYSTAL jobs may be killed with this out-of-memory message; the page says the cause is a memory leak in the underlying libfabric communication layer, to be fixed in a future release, and gives `export FI_MR_CACHE_MAX_COUNT=0` as a workaround (the reviewer asks for and gets confirmation of the variable name)',
    what='the job is killed for memory after running for a long time because the communication library leaks memory, not because the job asked for too little memory or launched wrongly; the cause is a library bug (fixed by a library release); the centre\'s workaround is an environment setting, but the job script as written is correct; the message is quoted from the page without its markdown code marks; assumed shape - a multi-node Cray-MPICH CPU application job on Perlmutter started with srun, diagnosed as on Perlmutter (HPE Cray EX, Slurm, libfabric CXI)',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=8\n#SBATCH -C cpu\n#SBATCH -q regular\n#SBATCH -A m0000'], ['#SBATCH --time=06:00:00', '#SBATCH --time=24:00:00'], ['module load cray-mpich', 'module load crystal'], [MPIAPP, 'srun --cpu-bind=cores MPPcrystal']],
    log='''
slurmstepd: error: Detected 1 oom-kill event(s) in step 411502.0 cgroup.
''',
)

case(
    id='scream2146-pm-gpu-segfault-after-upstream-merge-code-regression',
    kind='not_script',
    source='https://github.com/E3SM-Project/scream/issues/2146',
    thread_site='NERSC Perlmutter GPU nodes (pm-gpu, Slurm, srun through the CIME case scripts); the SCREAM test `ERP_Ln22.ne4pg2_ne4pg2.F2010-SCREAMv1.pm-gpu_gnugpu` starts failing with a segmentation fault right after dycore initialisation; the reporter checks out the code just before the latest upstream merge and the same test passes, so the merge is the cause; some other layouts/debug variants still pass',
    what='the model crashes because of a code change (an upstream merge), shown by the same test passing on the code from before the merge; the job\'s resources and launch line are unchanged, so the fix is in the program, not the job script; assumed shape - a one-node Perlmutter GPU job starting the model with srun, one rank per GPU, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1', 'module load PrgEnv-gnu cudatoolkit'], ['#SBATCH -t 02:00:00', '#SBATCH -t 00:30:00'], [PM, 'srun --label --cpu-bind=cores ./e3sm.exe']],
    log='''
0: compose> nelemd 24 qsize 10 hv_q 1 hv_subcycle_q 6 lim 9 independent_time_steps 1
0: Program received signal SIGSEGV: Segmentation fault - invalid memory reference.
0: slurmstepd: error: *** STEP 5168341.0 ON nid001492 CANCELLED AT 2023-02-01T18:19:49 ***
''',
)

case(
    id='hpcfund3-one-node-segfault-same-script-works-elsewhere',
    kind='not_script',
    source='https://github.com/AMDResearch/hpcfund/issues/3',
    thread_site='the AMD HPC Fund research cluster (Slurm, AMD Instinct GPU partitions mi1004x/mi1008x); a 4-GPU OpenMM job started by `sbatch` of a wrapper that runs `python3 run.py` in a container segfaults; the reporter says the same script worked until a month earlier, still works on other nodes, and fails only on node t006-002 (and sometimes on one GPU of mi1008x nodes); the maintainer asks for the full job to reproduce it; the part read does not give the outcome',
    what='DOUBTFUL - no resolution in the part read; the failure follows particular nodes (one node always, one GPU of other nodes sometimes) while the unchanged script works elsewhere, which points to a faulty node/GPU, not to the job script; the remedy is on the node side (drain/repair, exclude the node meanwhile); assumed shape - a one-node 4-GPU Delta job running the Python program, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32'], ['#SBATCH --time=02:00:00', '#SBATCH --time=24:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', ''], [SRUNPY, 'bash execnew.sh input1']],
    log='''
/path/execnew.sh: line 3: 2815415 Segmentation fault      (core dumped) python3 /path/run.py $1
''',
)

case(
    id='oneccl174-aurora-alltoallv-topo-zero-buffers-zememgetaddressrange',
    kind='not_script',
    source='https://github.com/uxlfoundation/oneCCL/issues/174',
    thread_site='ALCF Aurora (PBS, PALS mpiexec, Intel Data Center GPU Max 1550, oneCCL 2021.15 with oneAPI 2025.0.5); an application calls alltoallv with only the two neighbouring ranks\' buffers non-zero; with `CCL_ALLTOALLV=topo` and non-zero buffers larger than 8 KB oneCCL throws, other alltoallv algorithms and smaller buffers work; the issue is closed, and ALCF\'s Aurora bug tracker (argonne-lcf/AuroraBugTracking#54) gives oneCCL 2021.17 / oneAPI 2025.3 as the release with the fix',
    what='the collective library throws inside its own topology-aware alltoallv path when some send/receive counts are zero - a bug in oneCCL fixed by a library release, not a problem of the job\'s launch line or resources; choosing another alltoallv algorithm is only a workaround; assumed shape - the Aurora PBS job launching one rank per GPU tile with mpiexec and `export CCL_ALLTOALLV=topo`, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['export MASTER_PORT=29500', 'export MASTER_PORT=29500\nexport CCL_ALLTOALLV=topo'], [AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 ./alltoallv_neighbors']],
    log='''
terminate called after throwing an instance of 'ccl::v1::exception'
  what():  oneCCL: ze_call.cpp:43 do_call: EXCEPTION: ze error at zeMemGetAddressRange, code: ZE_RESULT_ERROR_UNKNOWN
''',
)

case(
    id='adios2-3456-frontier-sst-mpi-plane-comm-connect-invalid-port',
    kind='not_script',
    source='https://github.com/ornladios/ADIOS2/issues/3456',
    thread_site='OLCF Frontier (Slurm, HPE Cray MPICH over Slingshot/OFI); a coupled XGC-GEM run uses ADIOS2\'s SST engine with the MPI data plane, which connects the two programs with MPI_Comm_connect; XGC aborts at the connect and srun terminates the whole step; in the related ADIOS2 thread (ornladios/ADIOS2#3439) a participant running SST+MPI on Frontier gets an assertion failure inside MPI_Open_port itself and concludes that it looks broken on the system',
    what='DOUBTFUL - the thread does not record a fix; the failure is in the MPI library\'s dynamic-process (port connect) support on this system, which the ADIOS2 SST MPI data plane relies on, not in the job\'s resource request or launch line; the remedy is a different data plane (library configuration) or an MPI fix, not a job-script change; assumed shape - a multi-node Cray-MPICH srun job on Perlmutter running the coupled program, diagnosed as on Perlmutter (HPE Cray PE, Slingshot)',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=8\n#SBATCH -C cpu\n#SBATCH -A m0000'], [MPIAPP, 'srun --cpu-bind=cores ./xgc-es-cpp-gpu']],
    log='''
MPICH ERROR [Rank 0] [job id 1267839.0] [Tue Jan 31 15:16:32 2023] [frontier01774] - Abort(673264166) (rank 0 in comm 0): Fatal error in PMPI_Comm_connect: Invalid port, error stack:
PMPI_Comm_connect(125).........: MPI_Comm_connect(port="tag#0$connentry#0024CC21$", MPI_INFO_NULL, root=0, MPI_COMM_SELF, newcomm=0x7fe7ffff69b8) failed
MPIDI_OFI_mpi_comm_connect(662):
srun: error: frontier01774: task 0: Exited with exit code 255
''',
)

case(
    id='e3sm8659-frontier-debug-ne256-gpu-memory-access-fault',
    kind='not_script',
    source='https://github.com/E3SM-Project/E3SM/issues/8659',
    thread_site='OLCF Frontier (Slurm, AMD MI250X, CIME case scripts launching e3sm.exe with srun on 1024 ranks); a DEBUG build of an ne256 SCREAM case aborts with a GPU memory access fault on one rank; the reporter notes that the restart variant (ERS) of the same case fails while the plain SMS run passes, and that the same tests pass on the NVIDIA machine muller-gpu; the issue is open',
    what='DOUBTFUL - no cause found in the thread; an illegal GPU memory access inside the model in one configuration (debug build, restart test) on one GPU architecture points at the program (or the compiler/runtime for that GPU), not at the job\'s resources or launch line, which are the same for the passing runs; assumed shape - a many-node Perlmutter GPU job started with srun, one rank per GPU, diagnosed as on Perlmutter (HPE Cray EX, Slurm)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 256'], ['module load pytorch/2.3.1', 'module load PrgEnv-gnu cudatoolkit'], [PM, 'srun --label --cpu-bind=cores ./e3sm.exe']],
    log='''
 581: Memory access fault by GPU node-11 (Agent handle: 0x3000d2c0) on address 0x538800000000. Reason: Unknown.
 581: Failed to allocate file: Bad file descriptor
 581: GPU core dump failed
srun: error: frontier04993: task 581: Aborted (core dumped)
''',
)

case(
    id='seasnote-frontera-50-rank-verifier-abort-code-tolerance-bug',
    kind='not_script',
    source='find_string:67105621629',
    thread_site='a developer\'s run log for an MFEM-based earthquake-cycle (SEAS) code on TACC Frontera (Slurm, dev queue, TACC ibrun; found with the code search, text id 67105621629, the tool shows no repository name; another copy is text id 67321326724); the first 50-rank job (7666117, 2026-04-19) aborts at initialisation in the code\'s own shared-fault consistency check; two re-runs with more diagnostics show two quadrature points whose centroids computed on two ranks differ by more than the check\'s 1e-9 tolerance, and the fix raises the tolerance in the code (wave_operator.inl) to 1e-6; the job scripts needed only an unrelated fix to where they grep for a build banner',
    what='the run aborts because of a bug in the program\'s own verifier (a tolerance too tight for the floating-point drift between ranks at this rank count), found and fixed in the source; the job\'s resources and launch line are not the cause and stay as they were; assumed shape - a two-node 50-rank CPU job on Lonestar6 started with ibrun, diagnosed as on Lonestar6 (TACC, Slurm, ibrun)',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p development'], ['#SBATCH -n 6', '#SBATCH -n 50'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'module load intel impi\n'], [IBRUN, 'ibrun ./seas_dynamic -c tpv102_200m_p1_0.01s.cfg']],
    log='''
MFEM abort: R-101 shared-fault DOFData: 2 unpaired entries (every shared
QP should have exactly 2 ranks).  Likely mesh-partitioning pathology or
peer-rank resolution failure.
 ... in file: drivers/../dynamic/wave_operator.inl:1576
(aborted on all 50 ranks)
Fault QPs (global): 113835 (local: 5136, shared: 3)
TACC:  MPI job exited with code: 1
''',
)
