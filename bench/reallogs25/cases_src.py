# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
AUR = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
IBRUN = 'ibrun python train.py --epochs 10'
PYXIS = 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py'
SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
TORCHRUN_TAIL = '--rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'

# ---------------------------------------------------------------- script cases

case(
    id='explorernote-array-task-time-two-minutes-timeout',
    kind='script',
    source='find_string:71564399324',
    thread_site='a student\'s troubleshooting notes for a variant-calling pipeline run as a Slurm job array on Northeastern\'s Explorer cluster (Slurm, partition courses; found with the code search, text id 71564399324, the tool shows no repository name); breakage 1: the per-sample script submitted with `--time=00:02:00` for a sample that needs about 8 minutes; sacct shows TIMEOUT and the job is cancelled inside the alignment stage; the notes say `--time` is the limit the cluster enforces',
    what='the job script asks for less wall time than the work needs, so Slurm kills the task at its limit; the fix is in the job script (a `--time` above the ~8 minutes one sample takes); assumed shape - a one-node Stampede3 SKX array task (Slurm, TACC) running the per-sample pipeline script directly in the batch step with `#SBATCH --time=00:02:00`, diagnosed as on Stampede3',
    cluster='stampede3',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH -p skx\n#SBATCH --nodes=1\n#SBATCH --array=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['#SBATCH --time=06:00:00', '#SBATCH --time=00:02:00'], ['module load cray-mpich', 'SAMPLE=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" samplesheet.csv | cut -d, -f1)'], [MPIAPP, 'bash run_sample.sh "$SAMPLE"']],
    log='''
10711368_1   vc-persample   TIMEOUT   00:02:03   0:0   8
===== stage 3 : align =====
slurmstepd: error: *** JOB 10711368 ON c0617 CANCELLED AT 2026-09-30T16:00:24 DUE TO TIME LIMIT ***
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH\s+(--time[= ]|-t\s*)(0*[1-9]\d*:\d\d:\d\d|00:(0*[89]|[1-5]\d):\d\d|\d+-)'},
)

case(
    id='explorernote-array-range-one-past-samplesheet',
    kind='script',
    source='find_string:71564399324',
    thread_site='the same Explorer job-array notes (text id 71564399324), breakage 3: the per-sample script submitted with `--array=1-9` against an eight-row samplesheet; tasks 1-8 complete, task 9 finds no row and its guard refuses with exit 65; the notes say the array range must match the samplesheet (a run without the guard would "succeed" with nine tasks and eight results)',
    what='the job array asks for one task more than there are samples, so the last task has no input and fails; the fix is in the job script (`--array=1-8`, the samplesheet\'s row count); note: the other case from these notes (the two-minute time limit) is a different breakage with a different log; assumed shape - a Bridges-2 RM array job (Slurm) with `#SBATCH --array=1-9`, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --array=1-9'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['#SBATCH --time=06:00:00', '#SBATCH --time=00:30:00'], ['module load cray-mpich', 'SAMPLE=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" /courses/BINF6610.202710/data/samplesheet-variant8.csv | cut -d, -f1)\nif [[ -z "${SAMPLE}" ]]; then echo "task ${SLURM_ARRAY_TASK_ID}: no row $((SLURM_ARRAY_TASK_ID + 1)) in samplesheet (out-of-range array index), refusing."; exit 65; fi'], [MPIAPP, 'srun bash run_sample.sh "$SAMPLE"']],
    log='''
10711371_9                  vc-persample   FAILED      00:00:07   65:0
task 9: no row 10 in /courses/BINF6610.202710/data/samplesheet-variant8.csv (out-of-range array index), refusing.
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+#SBATCH\s+(--array[= ]|-a\s*)1-8\b'},
)

case(
    id='nic5note-intel-mpi-srun-pmi-server-not-found',
    kind='script',
    source='find_string:41804475189',
    thread_site='a user\'s notes on running the CROCO ocean model on the CECI cluster NIC5 (ULiege; Slurm, Intel MPI, srun; found with the code search, text id 41804475189, the tool shows no repository name); "Errors & debugging", first MPI item: every rank prints this message under srun; "Solved by setting export I_MPI_PMI_LIBRARY=/usr/lib64/libpmi2.so" (the final job script also sets I_MPI_PMI=pmi2 and uses `srun --mpi=pmi2`)',
    what='the Intel MPI program is started by srun, but the job script does not tell Intel MPI where Slurm\'s PMI library is, so each rank finds no PMI server and starts as a singleton; the fix is in the job script (export I_MPI_PMI_LIBRARY to Slurm\'s libpmi2.so, with srun --mpi=pmi2); assumed shape - a one-node, 32-task Anvil CPU job (Slurm) that loads Intel MPI and starts the model with a bare srun, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=32'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['#SBATCH --time=06:00:00', '#SBATCH --time=01:01:00'], ['module load cray-mpich', 'module load intel impi\nulimit -s unlimited'], [MPIAPP, 'srun croco crocoNIC5.in']],
    log='''
MPI startup(): PMI server not found. Please set I_MPI_PMI_LIBRARY variable if it is not a singleton case.
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^\+.*(I_MPI_PMI_LIBRARY=\S*libpmi|srun\b.*--mpi=pmi2)'},
)

case(
    id='nic5note-intel-mpi-pmi2-job-getid-returned-14',
    kind='script',
    source='find_string:41804475189',
    thread_site='the same NIC5 CROCO notes (text id 41804475189), second MPI item: the run aborts in MPI_Init with this PMI2 error stack; "Solved by setting" `export I_MPI_PMI=pmi2`, `export I_MPI_PMI_LIBRARY=/usr/lib64/libpmi2.so` and launching with `srun --mpi=pmi2` (the script the notes end with)',
    what='the ranks load Slurm\'s PMI2 client library but the job step is not started with Slurm\'s PMI2 plugin (and Intel MPI is not told to speak PMI2), so PMI2_Job_GetId fails in MPI_Init; the fix is in the job script (`srun --mpi=pmi2` together with I_MPI_PMI=pmi2); the notes do not show the script as it was when this error appeared - assumed shape: I_MPI_PMI_LIBRARY already set to libpmi2.so, a bare srun and no I_MPI_PMI; note: the other case from these notes (PMI server not found) is a different message at another stage; a one-node Anvil CPU job (Slurm), diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=32'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['#SBATCH --time=06:00:00', '#SBATCH --time=01:01:00'], ['module load cray-mpich', 'module load intel impi\nulimit -s unlimited\nexport I_MPI_PMI_LIBRARY=/usr/lib64/libpmi2.so'], [MPIAPP, 'srun croco_nea crocoNIC5_NEA_32.in']],
    log='''
Abort(1091087) on node 0 (rank 0 in comm 0): Fatal error in PMPI_Init: Other MPI error, error stack:
MPIR_Init_thread(136):
MPID_Init(939).......:
MPIR_pmi_init(168)...: PMI2_Job_GetId returned 14
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^\+.*(srun\b.*--mpi=pmi2|I_MPI_PMI=pmi2|SLURM_MPI_TYPE=pmi2)'},
)

case(
    id='fds12248-lonestar6-mpirun-not-found-site-uses-ibrun',
    kind='script',
    source='https://github.com/firemodels/fds/issues/12248',
    thread_site='TACC Lonestar6 (Slurm, TACC ibrun); a user running FDS on two nodes (`-N 2 -n 2`, development queue); following a maintainer\'s advice she unloaded the intel and impi modules and launched with `mpirun -n 2 .../fds bus.fds` instead of srun; the job then fails at once with this message; she notes that the site documentation says to use ibrun, not mpirun; the thread goes on to the build of FDS on the machine (closed)',
    what='DOUBTFUL - the excerpt does not show the final working script; the job script calls `mpirun`, which is not on the PATH of a Lonestar6 job once the MPI module is unloaded, and the site\'s launcher is ibrun; the fix is in the job script (keep the MPI module loaded and launch with ibrun); assumed shape - the two-node Lonestar6 job from the thread, diagnosed as on Lonestar6',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p development'], ['#SBATCH -n 6', '#SBATCH -n 2'], ['#SBATCH -t 02:00:00', '#SBATCH -t 00:05:00'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'module list\nmodule unload intel impi\n'], [IBRUN, 'mpirun -n 2 /home1/07969/juliette/FDS/FDS6/bin/fds bus.fds']],
    log='''
/var/spool/slurmd/job1365738/slurm_script: line 13: mpirun: command not found
''',
    expect={'families': ['launcher', 'modules'], 'fix': r'(?m)^\+(?!.*\bmpirun\b).*\bibrun\b'},
)

case(
    id='lumirunnote-srun-inherits-cpus-per-task-128-more-processors',
    kind='script',
    source='find_string:68314839931',
    thread_site='a user\'s run note for AMBER pmemd.MPI jobs on the LUMI `standard` CPU partition (Slurm, HPE Cray, 128-core nodes; found with the code search, text id 68314839931, the tool shows no repository name); six per-compound jobs failed in the first second with this message; cause given: the script used `srun -n 128 pmemd.MPI` without overriding `--cpus-per-task`, so the step inherited the job-level `--cpus-per-task=128` (128 x 128 CPUs); the resubmitted job with `srun --ntasks=128 --cpus-per-task=1 pmemd.MPI` ran (minimisation reached 5000 steps)',
    what='the job header asks for 128 CPUs per task and srun inherits it for its 128 tasks, so the step asks for far more CPUs than the node has and is refused at once; the fix is in the job script (`--cpus-per-task=1` on srun or in the header); assumed shape - a one-node Anvil CPU job (128-core nodes, Slurm) with `#SBATCH --cpus-per-task=128` and `srun -n 128 pmemd.MPI`, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=128'], ['module load cray-mpich', 'module load amber'], [MPIAPP, 'srun -n 128 pmemd.MPI -O -i mini.in -p CPD8.prmtop -c CPD8.inpcrd -o mini.out -r mini.rst']],
    log='''
srun: error: Unable to create step for job 22076694: More processors requested than permitted
''',
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+.*(srun\b.*(--cpus-per-task[= ]1\b|-c\s*1\b)|#SBATCH\s+(--cpus-per-task[= ]|-c\s*)1\b|#SBATCH\s+--ntasks-per-node[= ]128\b)'},
)

case(
    id='skyrlnote-ray-start-block-holds-node-second-srun-busy',
    kind='script',
    source='find_string:44935754124',
    thread_site='a project\'s troubleshooting notes for running SkyRL (Ray-based RL training) in a Slurm allocation (found with the code search, text id 44935754124, the tool shows no repository name); item "Requested nodes are busy / SLURM step creation fails": these messages appear when another srun is started on a node where Ray was started with `srun ... ray start --head --block &`; root cause given: the blocking srun keeps holding all the node\'s resources; fix given: start Ray as daemons without `--block`',
    what='the job script starts the Ray head with a background srun step that never returns (`--block`) and holds every CPU and GPU of the node, so the next srun on that node cannot get resources; the fix is in the job script (start Ray without `--block`, or let the steps share the node with `--overlap`); assumed shape - the two-node Ray-in-Slurm job (head started with `srun ... ray start --head --block &`) that then runs a second srun on the head node, diagnosed as on Delta',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[['python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model', 'srun --nodes=1 --ntasks=1 -w "$head_node" python3 -m skyrl_train.entrypoints.main_base trainer.placement.policy_num_nodes=2']],
    log='''
srun: Job step creation temporarily disabled, retrying (Requested nodes are busy)
srun: error: Unable to create step for job: Job/step already completing or completed
''',
    expect={'families': ['launcher', 'resources'], 'fix': r'(?m)^(\+(?!.*--block).*ray start --head|\+.*srun\b.*--overlap)'},
)

case(
    id='lichtenbergnote-ntasks-8-split-over-two-nodes-step-7-cpus',
    kind='script',
    source='find_string:58717334787',
    thread_site='a project\'s workflow notes for OpenFOAM studies run through snakemake on TU Darmstadt\'s Lichtenberg cluster (Slurm, one sbatch per solve; found with the code search, text id 58717334787, the tool shows no repository name); np=8 solves failed at launch with this (wrapped) message; cause given: Slurm satisfied `--ntasks=8` across two nodes, so the batch step held only 7 CPUs and `srun --ntasks=8` inside it failed; after pinning the solve to one node (`nodes=1`) every solve got 8 CPUs on one node and the study went from 12/18 to 18/18',
    what='the job asks for 8 tasks without saying they must share a node, Slurm spreads them over two nodes, and the in-job srun that expects all 8 CPUs where the batch step runs is refused; the fix is in the job script (`#SBATCH --nodes=1` with the 8 tasks); assumed shape - a Bridges-2 RM job (Slurm) with `#SBATCH --ntasks=8` and no node count, starting the solver with `srun --ntasks=8 --overlap`, diagnosed as on Bridges-2; the log keeps the note\'s line break inside the message',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n', ''], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks=8'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['module load cray-mpich', 'module load openmpi openfoam'], [MPIAPP, 'srun --ntasks=8 --overlap interFoam -parallel > log.interFoam 2>&1']],
    log='''
srun: error: Unable to create step for job 54042738:
      More processors requested than permitted
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+#SBATCH\s+(--nodes[= ]|-N\s*)1\b'},
)

case(
    id='baobabforum-gpus-2-one-task-split-two-nodes-invalid-gres',
    kind='script',
    source='find_string:61674120941',
    thread_site='a thread of the University of Geneva HPC community forum (hpc-community.unige.ch/t/3728, cluster Baobab, Slurm; found with the code search as a saved copy, text id 61674120941): an array job with `--gpus=2 --ntasks=1 --cpus-per-task 1 --gres=VramPerGpu:25G` and `srun --mpi=pmi2 python ...`; some array tasks fail at start with this message (after a warning that 1 process cannot run on 2 nodes); the admin explains that `--gpus=2` for one task let Slurm allocate two nodes with one GPU each, and gives `--gpus-per-task=2 --ntasks=1 --cpus-per-task=2`; the user confirms it "works like a charm"',
    what='the job asks for GPUs per job instead of per task, so a one-task job can be given two nodes, and the single-task srun step cannot use the GPUs spread over them; the fix is in the job script (`--gpus-per-task=2` with one task, all on one node); assumed shape - a Delta GPU array job with `#SBATCH --gpus=2`, one task and the forum\'s srun line, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --array=1-49\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=2\n#SBATCH --mem=30000'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=12:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', '. ~/baobab_python_env_LLM3/bin/activate\n'], [SRUNPY, 'srun --mpi=pmi2 ~/baobab_python_env_LLM3/bin/python -u classify_SR.py ${SLURM_ARRAY_TASK_ID} > ./results/classify.out']],
    log='''
srun: error: Unable to create step for job 13610168: Invalid generic resource (gres) specification
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+#SBATCH\s+(--gpus-per-task[= ]2\b|--nodes[= ]1\b|-N\s*1\b|--gpus-per-node[= ]2\b)'},
)

case(
    id='b300efanote-nccl-picks-nvswitch-ib-hca-rem-access-error',
    kind='script',
    source='find_string:57062131034',
    thread_site='a user\'s Chinese setup and test guide for two AWS p6-b300 nodes with EFA (torchrun in a container on each node, 8 GPUs per node; found with the code search, text id 57062131034, the tool shows no repository name); root cause given: NCCL scans every RDMA device and picks `ibp198s0f0`, a Mellanox IB device of the NVSwitch internal fabric that cannot carry inter-node traffic, and cross-node collectives fail with these messages; fix given: `NCCL_IB_HCA=rdmap` so NCCL uses only the EFA devices; the test then passes (all_reduce up to 17.4 GB/s)',
    what='the launch environment leaves NCCL free to choose an RDMA device that cannot reach the other node, so the first inter-node transfer fails; the fix is in the job script (restrict NCCL to the right adapters with NCCL_IB_HCA); assumed shape - a two-node Delta job starting one torchrun per node with srun and no NCCL_IB_HCA, diagnosed as on Delta (Slurm); the note\'s messages are quoted as it writes them (no peer address)',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['export MASTER_PORT=29500', 'export MASTER_PORT=29501\nexport FI_EFA_USE_DEVICE_RDMA=1\nexport NCCL_SOCKET_IFNAME=enp71s0'], ['--nproc_per_node=4', '--nproc_per_node=8'], [TORCHRUN_TAIL, '--rdzv_id="$SLURM_JOB_ID" /efa_test.py']],
    log='''
NET/IB: Got completion from peer with status=IBV_WC_REM_ACCESS_ERR(10)
NET/IB: ibp198s0f0:1 async fatal event on QP: local access violation work queue error
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*NCCL_IB_HCA='},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='pytorch189065-b200-runner-rank0-gpu-busy-or-unavailable',
    kind='not_script',
    source='https://github.com/pytorch/pytorch/issues/189065',
    thread_site='PyTorch CI, distributed test shards on an 8-GPU DGX B200 runner (`linux.dgx.b200.8`); since about 2026-07-01 both shards fail: rank 0 cannot get a GPU with this error, never publishes the NCCL unique id, the other ranks time out, and the job runs to its 1170-minute ceiling; the issue (high priority, open) states the root cause is a runner/GPU-availability problem, not a PyTorch code bug',
    what='the process cannot even acquire its GPU, on a runner where the same jobs passed before, and the maintainers attribute it to the machine (a GPU held or unavailable on the node), not to the launch line, resources or environment of the job; the remedy is on the node (drain/reset it); assumed shape - a one-node Delta job running the distributed tests with torchrun on 8 GPUs, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['#SBATCH --time=01:00:00', '#SBATCH --time=19:30:00'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=8 test/run_test.py --distributed-tests --shard 1 2']],
    log='''
torch.AcceleratorError: CUDA error: CUDA-capable device(s) is/are busy or unavailable
''',
)

case(
    id='torchtitan909-keep-latest-k-purge-listdir-missing-folder-1400-gpus',
    kind='not_script',
    source='https://github.com/pytorch/torchtitan/issues/909',
    thread_site='a 1400-GPU torchtitan training run (multi-node, torchrun; checkpoints on an NFS drive other than the run directory); with `keep_latest_k = 2` set to save disk, the run fails at its first checkpoint: on rank 1186 the checkpointer\'s `_purge_stale_checkpoints` lists the checkpoint folder and it does not exist there; the issue (a bug report by a maintainer-side user) is open',
    what='DOUBTFUL - the thread has no stated fix; the run trains to its first checkpoint and then fails inside the library\'s own purge routine (a non-writing rank lists a folder that only exists where the checkpoint was written), so it is a library bug in the checkpoint clean-up, not the job script\'s launch line or resources; assumed shape - a many-node Delta job starting torchrun per node with srun, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 175'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['#SBATCH --time=01:00:00', '#SBATCH --time=24:00:00'], ['srun torchrun --nnodes=2 --nproc_per_node=4', 'srun torchrun --nnodes=175 --nproc_per_node=8'], [TORCHRUN_TAIL, '--rdzv_id="$SLURM_JOB_ID" -m torchtitan.train --job.config_file ./train_configs/llama3_70b.toml']],
    log='''
[rank1186]:     for filename in os.listdir(self.folder):
[rank1186]:                     ^^^^^^^^^^^^^^^^^^^^^^^
[rank1186]: FileNotFoundError: [Errno 2] No such file or directory: './outputs/test'
''',
)

case(
    id='scr540-frontier-sw4-restart-fetch-axl-add-files-failed',
    kind='not_script',
    source='https://github.com/llnl/scr/issues/540',
    thread_site='OLCF Frontier (Slurm, HPE Cray EX; 3072 nodes, 24576 ranks); the SW4 code with the SCR checkpoint library writes a checkpoint to the parallel file system, and a later job trying to restart from it fails in SCR\'s fetch: SCR finds the checkpoint, fails to add its files to the AXL transfer handle, deletes the dataset from cache and restarts from the beginning; reported by an SCR developer, issue open',
    what='DOUBTFUL - no resolution in the thread; the checkpoint exists and the job starts, and the failure is inside the checkpoint library\'s fetch path (reported by its own developer as an SCR problem), not in the launch line, resources or environment of the job script; assumed shape - a many-node Perlmutter CPU job (Slurm, Cray EX) running the MPI application with srun, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=3072\n#SBATCH -C cpu\n#SBATCH -q regular'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=8'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=16'], ['module load cray-mpich', 'export SCR_PREFIX=$SCRATCH/problem'], [MPIAPP, 'srun -n 24576 --cpu-bind=cores ./sw4 problem.in']],
    log='''
SCR v3.0.0: rank 0 on frontier00010: Attempting fetch: cycle=40
SCR v3.0.0 ERROR: rank 0 on frontier00010: Failed to add files to AXL transfer handle 0 @ /gpfs/scr-v3.0.1/scr/src/scr_util_mpi.c:354
SCR v3.0.0: rank 0 on frontier00010: One or more processes failed to read its files @ /gpfs/scr-v3.0.1/scr/src/scr_fetch.c:471
SCR v3.0.0 ERROR: rank 0 on frontier00010: Failed to fetch checkpoint set into cache. Restarting from the beginning @ /gpfs/scr-v3.0.1/scr/src/scr.c:2549
''',
)

case(
    id='nccl1919-two-node-h100-qp-invalid-request-local-work-queue',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1919',
    thread_site='two nodes with 8x H100 each (NCCL 2.25.1, CUDA 12.8), nccl-tests alltoall_perf_mpi started with Open MPI mpirun over two hosts with the NCCL socket interface pinned; the run crashes with this QP async fatal event only when two nodes are used (one node passes); a matching nccl-tests issue is linked; the issue is open',
    what='DOUBTFUL - no resolution in the thread; the ranks start, bootstrap and connect, and the crash is an InfiniBand queue-pair fatal event raised by the HCA during the collective on the inter-node path (NIC/driver/fabric level), with the same launch working on one node, so nothing in the launch line, resources or environment is shown to be wrong; assumed shape - a two-node Delta job running nccl-tests with srun, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['module load cray-mpich', 'module load openmpi\nexport NCCL_IB_DISABLE=0\nexport NCCL_SOCKET_IFNAME=ens1'], [MPIAPP, 'srun --mpi=pmix ./build/alltoall_perf_mpi -b 8M -e 128M -f 2 -g 1']],
    log='''
node-0:139577:139678 [0] transport/net_ib.cc:154 NCCL WARN NET/IB : mlx5_1:1 async fatal event on QP (0x7309dc3bb338): invalid request local work queue error
''',
)

case(
    id='deepdewedge41-ddp-ranks-rewrite-same-subtomo-files-zip-corrupt',
    kind='not_script',
    source='https://github.com/MLI-lab/DeepDeWedge/pull/41',
    thread_site='DeepDeWedge (a cryo-ET denoising model trained with PyTorch Lightning DDP on several GPUs); the PR (following the reporter\'s issue #40) explains that under multi-GPU DDP the periodic missing-wedge update runs on every rank and each rank `torch.save`s the same subtomogram files concurrently, truncating them, so the run later crashes with this message when the files are read back; the fix is in the code (rank-0-only rewrite plus a barrier)',
    what='the run trains for several epochs and then dies reading files its own ranks corrupted by writing them concurrently; the cause and the fix are in the program (a race in the training code), not in the launch line, resources or environment; assumed shape - a one-node Delta job starting one task per GPU with srun for the Lightning DDP fit, diagnosed as on Delta',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun ddw fit-model --config config.yaml']],
    log='''
PytorchStreamReader failed reading zip archive: failed finding central directory
''',
)

case(
    id='nextflownote-driver-job-1gb-oom-killed-mid-workflow',
    kind='script',
    source='find_string:63638943242',
    thread_site='a user\'s Slurm batch script that runs a Nextflow phylogenomics workflow driver (partition genoa64, QOS pipelines, Java module; found with the code search, text id 63638943242, the tool shows no repository name); its header comment records that with 1 GB the driver of the 2026-08-24 run was OOM-killed at 20:02:34 with about 1500 gene families in flight, taking the whole workflow down mid-GeneRax, quoting this message; the script now asks for `--mem=8GB`',
    what='the driver job asks for too little memory for the workflow manager it runs, so the kernel OOM killer ends the batch step and every task with it; the fix is in the job script (a larger `--mem`, 8 GB in the source); assumed shape - a one-task Anvil CPU job (Slurm) with `#SBATCH --mem=1GB` running the Nextflow driver, diagnosed as on Anvil; the log line is quoted as the script comment quotes it',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --no-requeue\n#SBATCH --mem=1GB'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['#SBATCH --time=06:00:00', '#SBATCH --time=7-00:00:00'], ['module load cray-mpich', 'module load Java\nexport NXF_VER="${NXF_VER:-25.04.2}"'], [MPIAPP, 'nextflow run main.nf -profile slurm -resume']],
    log='''
Detected 1 oom_kill event in StepId=27863248.batch
''',
    expect={'families': ['resources'], 'fix': r'(?m)^\+#SBATCH\s+--mem[= ]*([2-9]|\d\d+)\s*G'},
)

case(
    id='prithvinote-a100-validation-job-mem-too-small-oom',
    kind='script',
    source='find_string:53099291999',
    thread_site='a user\'s Slurm script for Prithvi-WxC validation on a university A100-80GB partition (account yunglu, one task, 8 CPUs, one GPU, 30 minutes; found with the code search, text id 53099291999, the tool shows no repository name); its comment says that if the memory request is too small the process gets this message, and the script asks for `--mem=128G`',
    what='the batch step runs out of host memory (the model and data loading need more RAM than the job requested), so the OOM killer ends it; the fix is in the job script (`--mem=128G` in the source); the earlier, too small value is not shown - assumed 32G; assumed shape - a one-node Anvil GPU (A100) job (Slurm) running the validation script directly in the batch step, diagnosed as on Anvil; the log line is quoted from the script comment without its leading `#`',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks=1\n#SBATCH -p gpu\n#SBATCH --mem=32G'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=00:30:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'export PRITHVIWXC_GIT_FOLDER="$SCRATCH/geoML/Prithvi-WxC"\nsource $SCRATCH/envs/prithviwxc/bin/activate\n'], [SRUNPY, 'python $PRITHVIWXC_GIT_FOLDER/myverification/validate.py']],
    log='''
[2026-03-28T14:27:13.072] error: Detected 1 oom_kill event in StepId=10483536.batch. Some of the step tasks have been OOM Killed.
''',
    expect={'families': ['resources'], 'fix': r'(?m)^\+#SBATCH\s+--mem[= ]*(6[4-9]|[7-9]\d|\d{3,})\s*G'},
)

case(
    id='polarisnote-home-over-quota-job-cannot-write-output',
    kind='not_script',
    source='find_string:25246233782',
    thread_site='a user\'s README notes for a multi-node GPU graph-join code on ALCF Polaris (PBS, PALS mpiexec; found with the code search, text id 25246233782, with several saved versions of the same README; the tool shows no repository name); section "Polaris disk quota error fix": a PBS job that builds and runs the code fails with these messages; `myquota` shows /home at 50.93G of a 50G quota (grace expired); the user deletes large unneeded folders (home back to 28.66G) and the error goes away',
    what='the job\'s writes fail because the user\'s home file system is over its quota, a storage-accounting condition fixed by freeing space (or writing elsewhere), not by changing the launch line, resources or environment of the job script; assumed shape - a ten-node Polaris PBS job that runs make and the MPI program with PALS mpiexec from the home directory, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=10:system=polaris'], ['#PBS -q debug-scaling', '#PBS -q prod'], [POL, 'make testpolarissemi\necho "NUM_OF_NODES= ${NNODES} TOTAL_NUM_RANKS= ${NTOTRANKS}"\nMPICH_GPU_SUPPORT_ENABLED=1 mpiexec --np ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=4 --cpu-bind depth ./set_affinity_gpu_polaris_semi.sh ./tc_semi_naive.out data/data_147892.bin 1']],
    log='''
Couldn't write output: Disk quota exceeded
make: *** [Makefile:55: testpolarissemi] Error 127
/var/spool/pbs/mom_priv/jobs/2051517.polaris-pbs-01.hsn.cm.polaris.alcf.anl.gov.SC: line 75: echo: write error: Disk quota exceeded
''',
)

case(
    id='polarisgpudirectnote-multinode-sendrecv-bad-address-newly-broken',
    kind='not_script',
    source='find_string:37325752424',
    thread_site='an ALCF staff member\'s notes for a CUDA-aware MPI example (Jacobi) on Polaris (PBS, PALS mpiexec, Cray MPICH with the default modules including craype-accel-nvidia80, MPICH_GPU_SUPPORT_ENABLED=1; found with the code search, text id 37325752424, the tool shows no repository name); section "GPUDirect newly broken as of 2022-07-27": the same binary and command work on one node (4 ranks) and abort on two nodes with this error stack; the notes do not give a resolution',
    what='DOUBTFUL - no cause or fix is stated; the run works within a node and fails only across nodes with the same default environment that worked before the date the notes give ("newly broken"), which points at the system software/network path of that time rather than the job script; assumed shape - a two-node Polaris PBS job with MPICH_GPU_SUPPORT_ENABLED=1 running the example with PALS mpiexec, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['module load conda\nconda activate\n', 'export MPICH_GPU_SUPPORT_ENABLED=1\n'], [POL, 'mpiexec -np 8 --ppn 4 ./jacobi_cuda_aware_mpi -t 4 2 -d 128 128']],
    log='''
PMPI_Sendrecv(249)........: MPI_Sendrecv(sbuf=0x1537d3200418, scount=128, MPI_DOUBLE, dest=0, stag=0, rbuf=0x1537d
3200008, rcount=128, MPI_DOUBLE, src=0, rtag=0, comm=0x84000002, status=0x7ffcadf8d490) failed
MPIDI_OFI_send_normal(352): OFI tagged senddata failed (ofi_send.h:352:MPIDI_OFI_send_normal:Bad address)
x3202c0s19b1n0.hsn.cm.polaris.alcf.anl.gov: rank 4 exited with code 255
''',
)

case(
    id='neuroh5note-aurora-stim-spike-file-larger-than-circuit-assertion',
    kind='not_script',
    source='find_string:52446096421',
    thread_site='a developer\'s run log for a dmosopt network-optimisation study of a hippocampal microcircuit model (MiV) with neuroh5 on ALCF Aurora (PBS, PALS mpiexec; found with the code search, text id 52446096421, a second copy is text id 52493870573; the tool shows no repository name); after the projections loaded (~400K connections per rank) rank 0 aborted in neuroh5 during the STIM spike-input initialisation; root cause given: the spike input file registers 1000 STIM cells (full microcircuit) while the small-circuit cell file has 10, so a GID read from the spike data is missing from the rank map; fix: a patch to the model\'s `init_input_cells`',
    what='the job starts and loads its network, then the program aborts on an inconsistency between two of its own input files (a spike file for the full circuit used with a small circuit), fixed by a code/data change in the model, not in the launch line, resources or environment; assumed shape - a one-node Aurora PBS job running the optimisation with PALS mpiexec, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], [AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python optimize_network.py --config-file MiV_small_circuit.yaml']],
    log='''
append_rank_attr_map: index not found in node rank map:
Assertion 'it != node_rank_map.end()' failed in
file '/home/hyoklee/neuroh5/src/data/append_rank_attr_map.cc' line 53
terminate called after throwing an instance of 'AssertionFailureException'
x4311c6s7b0n0.hsn.cm.aurora.alcf.anl.gov: rank 0 died from signal 6
''',
)

case(
    id='parastationnote-lightning-cvd-reassigned-inside-single-gpu-task',
    kind='script',
    source='find_string:70962247300',
    thread_site='a project\'s Slurm launch helper for PyTorch Lightning DDP training of a Qwen-based model on a ParaStation-MPI cluster (srun, one task per GPU, trainer.devices = GPUs per node; found with the code search, text id 70962247300, the tool shows no repository name); its comment records that the Slurm prolog sets CUDA_VISIBLE_DEVICES to a single GPU per task, that assigning `CUDA_VISIBLE_DEVICES=0,1,2,3` without unsetting it first only remaps within that one GPU, so Lightning sees one device and dies with this message (job 1856100); the fix given is to unset it and then expose all the node\'s GPUs (LOCAL_RANK picks one)',
    what='the job script binds one GPU to each task and then sets CUDA_VISIBLE_DEVICES to four GPUs inside the task, so each rank can see only one device while the trainer is told to use four; the fix is in the job script (unset CUDA_VISIBLE_DEVICES before exposing all node GPUs, or do not bind one GPU per task); assumed shape - a one-node Delta job with `--gpus-per-task=1` whose srun sets CUDA_VISIBLE_DEVICES=0,1,2,3 for each task, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-task=1'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun bash -c \'export CUDA_VISIBLE_DEVICES=0,1,2,3; python train.py trainer.devices=4 trainer.num_nodes=1 strategy=ddp\'']],
    log='''
You requested gpu: [0,1,2,3] But your machine only has: [0]
''',
    expect={'families': ['environment', 'resources'], 'fix': r'(?m)^(\+.*unset\s+CUDA_VISIBLE_DEVICES|-#SBATCH\s+--gpus-per-task|-.*export CUDA_VISIBLE_DEVICES=0,1,2,3)'},
)

case(
    id='auroracontainernote-host-ccl-process-launcher-pmix-leaks-into-container',
    kind='script',
    source='find_string:62668594707',
    thread_site='a developer\'s session notes on running a PyTorch Lightning model in Apptainer containers on ALCF Aurora (PBS, host PALS mpiexec starting one container per rank, oneCCL; found with the code search, text id 62668594707, the tool shows no repository name); in the section on host state leaking into the container, the host value `CCL_PROCESS_LAUNCHER=pmix` (set by `module load frameworks`) gives this failure inside the container; the notes conclude "Do not `module load frameworks` for container runs" because it only exports host values the wrapper then has to override',
    what='the job script loads the host AI frameworks module and then starts containers that inherit its oneCCL launcher setting, which is wrong inside the container, so oneCCL fails to initialise PMIx; the fix is in the job script (do not load the frameworks module for container runs, or override/unset CCL_PROCESS_LAUNCHER for the container); assumed shape - a two-node Aurora PBS job that loads frameworks and runs `mpiexec ... apptainer exec` per rank, diagnosed as on Aurora; the message is quoted as the notes write it (a fragment of the log line)',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks', 'module load frameworks\nmodule load apptainer'], [AUR, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 apptainer exec biom3-xpu-oneapi.sif python scripts/pretrain.py --config pretrain_scratch_v1.json']],
    log='''
PMIx_Init failed: PMIX_ERR_UNREACH
''',
    expect={'families': ['environment', 'modules', 'containers'], 'fix': r'(?m)^(-module load frameworks\s*$|\+.*unset\s+.*CCL_PROCESS_LAUNCHER|\+.*CCL_PROCESS_LAUNCHER=(?!pmix))'},
)

case(
    id='amaxgpunote-a100-dbe-ecc-gpu1-xid79-during-rl-rollouts',
    kind='not_script',
    source='find_string:58977523224',
    thread_site='a user\'s diagnosis-and-recovery note for a 4x A100 80GB PCIe server (pc-amax-1; found with the code search, text id 58977523224, the tool shows no repository name); an RL training run (vLLM rollouts on two GPUs plus trainer, `uv run rl @ configs/...`) crashed repeatedly; the Xid history from nvidia-bug-report shows GPU 1 falling off the bus under the vLLM workers, ECC counters show 16 uncorrectable (double-bit) aggregate errors, DCGM level-3 diagnostics fail every test on that GPU; the note concludes a hardware defect (RMA candidate) and runs training on GPUs 0, 2, 3 meanwhile',
    what='one GPU of the node has failing memory and drops off the PCIe bus under load, so the training job dies whatever its launch line; the remedy is on the hardware (RMA / exclude the node or GPU), not in the job script\'s resources, launcher or environment; assumed shape - a one-node Delta job running the RL trainer on four GPUs, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --time=01:00:00', '#SBATCH --time=24:00:00'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'uv run rl @ configs/arc_agi/opd-rl-qwen3.5-9b.toml']],
    log='''
Mar 10 23:25:13  Xid 79 (PCI:0000:46:00): pid=14944, name=VLLM::Worker, GPU has fallen off the bus
Mar 11 11:29:29  Xid 79 (PCI:0000:46:00): pid=54555, name=VLLM::Worker, GPU has fallen off the bus
''',
)

case(
    id='ddpppo-note-padding-minibatch-skips-backward-collective-mismatch',
    kind='not_script',
    source='find_string:71518852927',
    thread_site='a developer\'s status note for a two-rank DDP PPO trainer (one GPU and NUMA node per rank, started by the project\'s own launcher `scripts/run_ddp_ppo.py` with numactl; found with the code search, text id 71518852927, the tool shows no repository name); the first two-rank smoke test reached the update step and failed with this PyTorch error (the bracketed remarks are the note\'s own); root cause diagnosed: when one rank runs out of local rows its padding-only minibatch skips the backward pass and so the DDP gradient all-reduce, while the other rank performs it, so the collective sequences diverge; the fix is in the training code (not yet made when the note was written)',
    what='the ranks start, train and then issue different collectives because of the program\'s own batching logic (uneven local row counts), a user-code bug with no bearing on the launch line, resources or environment of the job; assumed shape - a one-node Delta job starting two ranks with srun, diagnosed as on Delta (Slurm); the message keeps the note\'s line breaks and bracketed remarks',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=2'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], [SRUNPY, 'srun python -u scripts/train_ppo_ddp.py --games-per-rank 32 --envs 64 --minibatch 256 --microbatch 64']],
    log='''
Detected mismatch between collectives on ranks. Rank 0 is running
all_reduce(TensorShape=[4]) [the global actor/value count reduction] but Rank 1
is running all_reduce(TensorShape=[1853171]) [a DDP gradient reduction].
''',
)

case(
    id='edennote-detr-barrier-on-none-batch-ddp-desync',
    kind='not_script',
    source='find_string:67108392841',
    thread_site='a user\'s Polish checklist for DETR training with DDP on the Eden cluster of Warsaw University of Technology (Slurm, `--gres=gpu:4`, torchrun with 4 processes on one node; found with the code search, text id 67108392841, the tool shows no repository name); item 4.2 "DDP Desynchronization" quotes this error; the fixes listed are in the Python training code: remove the `dist.barrier()` taken when a batch is None (only some ranks get None batches) and fix the early-stopping broadcast (rank 0 decides, the others start from 0)',
    what='the ranks run different collectives because the training code enters a barrier on some ranks only and builds the early-stopping broadcast inconsistently, a user-code bug fixed in the program, not in the job script\'s launch line, resources or environment; assumed shape - a one-node Delta job running torchrun with four processes, diagnosed as on Delta (Slurm); the second line is quoted as the note abbreviates it',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --time=01:00:00', '#SBATCH --time=5-00:00:00\n#SBATCH --mem=250G'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --nproc_per_node=4 --master_addr=localhost --master_port=29501 --rdzv_backend=c10d --rdzv_endpoint=localhost:29501 detr_train_optimized.py --epochs 300 --batch_size 4 --num_workers 4 --patience 30 --resume_training']],
    log='''
RuntimeError: Detected mismatch between collectives on ranks.
Rank 3 is running BROADCAST, but Rank 1 is running REDUCE
''',
)

case(
    id='lorraxnote-perlmutter-ngpu-16-read-as-per-node-invalid-gres',
    kind='script',
    source='find_string:56692328801',
    thread_site='a research group\'s agent issue log for the LORRAX GW code on NERSC Perlmutter (Slurm, 4 GPUs per node, Shifter; found with the code search, text id 56692328801, the tool shows no repository name); entry 2026-05-16: a 16-GPU retest was launched with `LORRAX_NGPU=16`, which the group\'s launch helper turns into `--gres=gpu:16` per node, and srun rejected the step with this message (the run died in 2 s); the fix given: 4 nodes x 4 GPUs per node (`LORRAX_NNODES=4 LORRAX_NGPU=4`), matching the in-tree 16-GPU launch script',
    what='the job step asks for 16 GPUs on each node of a machine with 4 GPUs per node, so Slurm refuses the step before anything runs; the fix is in the job script (4 GPUs per node on 4 nodes, i.e. `--gres=gpu:4` / `--gpus-per-node=4` with 16 tasks); assumed shape - a four-node Perlmutter GPU job whose srun line carries `--gres=gpu:16`, diagnosed as on Perlmutter; note: another case from the same log (the JAX topology hang) is a different failure',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 4'], ['#SBATCH -t 02:00:00', '#SBATCH -t 04:00:00'], ['module load pytorch/2.3.1', 'export SLURM_CPU_BIND="cores"'], [PM, 'srun -N 4 -n 16 --gres=gpu:16 --cpu-bind=cores shifter python3 -u -m gw.gw_jax -i cohsex.in']],
    log='''
srun: error: Unable to create step for job 53054263: Invalid generic resource (gres) specification
''',
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+.*(--gres[= ]gpu:4\b|--gpus-per-node[= ]4\b|--gpus[= ]16\b|--gpus-per-task[= ]1\b)'},
)

case(
    id='lorraxnote-perlmutter-jax-distributed-init-topology-timeout-code',
    kind='not_script',
    source='find_string:56692328801',
    thread_site='the same LORRAX agent issue log on Perlmutter (text id 56692328801), entry 2026-05-12: the profiling wrapper `scripts/profiling/pf.py` launched with the group\'s srun helper on any multi-rank allocation hangs in `jax.distributed.initialize()` and dies after 2 minutes with this message; cause given: each rank sees only one GPU (`CUDA_VISIBLE_DEVICES=$SLURM_LOCALID`) but the wrapper called `initialize()` without `local_device_ids`, unlike the project\'s canonical `runtime.init_jax_distributed()`; fix: the wrapper now delegates to that function (a code change)',
    what='the ranks start and then the program\'s own distributed initialisation waits for devices it does not own, a bug in the profiling wrapper fixed in code, not in the job script\'s launch line, resources or environment (the same launch works with the canonical initialiser); assumed shape - a one-node Perlmutter GPU job starting four ranks with srun, one GPU each, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1', 'module load cudatoolkit'], [PM, 'srun --cpu-bind=cores bash -c \'CUDA_VISIBLE_DEVICES=$SLURM_LOCALID shifter python3 -u scripts/profiling/run_profiled.py --out profile -m gw.gw_jax -i cohsex.in\'']],
    log='''
Getting local topologies failed: GetKeyValue() timed out with key: cuda:local_topology/cuda/{1,2,3,...}
''',
)

case(
    id='ezpzpolarisnote-130-node-job-cuda-device-unavailable-sick-node',
    kind='not_script',
    source='find_string:65747478497',
    thread_site='a project\'s known-bug note for torchtitan training with the ezpz launcher on ALCF Polaris (PBS, PALS mpiexec, 130 nodes, auto-retry failover; found with the code search, text id 65747478497, the tool shows no repository name); job 7550301 spent about an hour of 130 nodes with zero training steps: the dominant Polaris failure mode is a rank\'s Python process failing with this CUDA error on a sick node, and the only host-attributed line is the watchdog\'s own SIGTERM of an innocent rank; the fix (in the failover tooling) labels mpiexec output so the sick node can be identified and swapped out',
    what='a GPU on one node of the allocation is unavailable to the process that should use it, a node/hardware fault that the same job script survives once the node is replaced; the remedy is excluding or swapping the node (site/hardware), not a change of launch line, resources or environment; assumed shape - a 130-node Polaris PBS job starting the trainer with PALS mpiexec, one rank per GPU, diagnosed as on Polaris; the CUDA message is split over two lines as the note quotes it',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=130:system=polaris'], ['#PBS -q debug-scaling', '#PBS -q prod'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=06:00:00'], [POL, 'mpiexec --envall --line-buffer -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python3 -m torchtitan.train --job.config_file agpt_20b.toml']],
    log='''
torch.AcceleratorError: CUDA error: CUDA-capable device(s) is/are busy
or unavailable
x3007c0s13b1n0.hsn.cm.polaris.alcf.anl.gov: rank 57 died from signal 15
''',
)

case(
    id='isambardrmnote-three-node-grpo-weight-sync-ofi-cxi-race',
    kind='not_script',
    source='find_string:52236869768',
    thread_site='a project\'s notes on GRPO training with a learned reward model on Isambard-AI (GH200 nodes, Slurm, Ray, HPE Slingshot with aws-ofi-nccl 1.8.1 and FI_PROVIDER=cxi; found with the code search, text id 52236869768, an earlier version is text id 51890742439; the tool shows no repository name); on three-node allocations the NCCL weight sync from learner to vLLM engines fails after the first step in about 2 of 3 runs with these messages, while 2-node runs never fail; root cause given: a timing-dependent race in the Slingshot OFI CXI provider; the team works around it with `NCCL_DEBUG=INFO` + `NCCL_DEBUG_FILE=/dev/null` in the sbatch file (the extra logging changes the timing) or gloo for weight sync',
    what='DOUBTFUL as to kind - the cause the source names is a race in the network provider library (the same script succeeds one run in three, and always on two nodes), so the job script is not at fault; the source\'s workaround is nevertheless an environment line in the job script that only shifts timing (or a training-config switch to gloo), and a fixer may reasonably propose it; assumed shape - a three-node DeltaAI (GH200) job starting Ray with srun and then the GRPO trainer, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='ray_slurm.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=3'], ['#SBATCH --cpus-per-task=64', '#SBATCH --cpus-per-task=72'], ['python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model', 'srun --nodes=1 --ntasks=1 -w "${nodes[2]}" ray start --address="$head_ip:6379" --num-gpus 4 --block &\nsleep 20\npython3 -m grpo.train --config configs/isambard/march_exps/if_valley_thinker_sfm_cpt_aligned_rm.yaml']],
    log='''
ofi_process_cq:196 NCCL WARN NET/OFI Request completed with error. RC: 107.
Error: Inappropriate ioctl for device.
''',
)

case(
    id='alomancynote-nested-srun-explicit-mem-competes-with-batch-step',
    kind='script',
    source='find_string:60786142506',
    thread_site='the changelog of a workflow package that submits VASP/MLIP jobs to Slurm clusters (release 0.4.6; found with the code search, text id 60786142506, the tool shows no repository name); fixed item: VASP jobs hung with no output when the outer job set an explicit `--mem`, because the nested srun that launches the DFT binary also requested an explicit `--mem=<max_mem_per_node>`; on Slurm configurations where the batch script is the job\'s first step and is credited with the whole memory allocation, that step request fails at once with this message; the fix: the nested srun requests `--mem=0` (use all memory already granted to the job)',
    what='the job script asks srun for a fixed amount of memory for the step while the batch step already holds the job\'s whole memory, so the step cannot be created and the program never starts; the fix is in the job script (`srun --mem=0`, or no explicit step memory); assumed shape - a one-node Bridges-2 RM job with `#SBATCH --mem=200G` whose srun line repeats `--mem=200G` for VASP, diagnosed as on Bridges-2; the message is quoted as the changelog writes it (with its ellipsis)',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --mem=200G'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=128'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['module load cray-mpich', 'module load intel-oneapi vasp'], [MPIAPP, 'srun --ntasks=128 --mem=200G vasp_std > vasp.out']],
    log='''
Unable to create step ... Memory required by task is not available
''',
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^(\+.*srun\b.*--mem[= ]0\b|\+(?!.*--mem).*srun\b.*vasp_std)'},
)

case(
    id='qwen2audionote-deepspeed-multinode-without-hostfile',
    kind='script',
    source='find_string:65852110308',
    thread_site='a user\'s Chinese fix summary for multi-node Qwen2-Audio pretraining with the `deepspeed` launcher started by hand on three 8-GPU nodes (no batch scheduler shown; found with the code search, text id 65852110308, the tool shows no repository name); error 1: the launch with `--num_nodes`/`--node_rank` but no hostfile fails with this message; cause given: with more than one node DeepSpeed looks for the node list in a hostfile; fixes given in the launch script: build a hostfile listing every node with its slots and pass `--hostfile`, and add `--no_ssh --node_rank` (pdsh is not installed); the summary records the tests passing',
    what='the launch line asks the DeepSpeed launcher for several nodes without telling it which nodes (no hostfile), so it stops before starting any rank; the fix is in the job script (write the allocation\'s hosts with their slots to a hostfile and pass `--hostfile`, or run one launcher per node with `--no_ssh --node_rank`); note: the second and third errors of the same summary (pdsh missing, node_rank unset) are later stages and not used; assumed shape - a two-node Delta job running the deepspeed launcher once from the batch script without a hostfile, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['scontrol show hostnames "$SLURM_JOB_NODELIST" | sed \'s/$/ slots=4/\' > hostfile\n', ''], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 4 --num_nodes 2 --node_rank 0 --master_addr "$MASTER_ADDR" --master_port 10020 training/train.py --deepspeed_config ds_config.json']],
    log='''
ValueError: Num nodes is >1 but no extra nodes available via hostfile
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*(deepspeed\b.*--hostfile|slots=|deepspeed\b.*--no_ssh|--launcher[= ](slurm|SLURM))'},
)
