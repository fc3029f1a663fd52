# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# s26rl24 probe: NEW real excerpts of the classes the reallogs24 tune half missed (CRLF job
# scripts, torchrun started without its training script, MPI message truncation, a crash inside
# the MPI library's own code). Written before any run.

SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
SRUN_TR = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'

# ---------------------------------------------------------------- script cases

case(
    id='sbt6717-crlf-script-line-2-carriage-return-command',
    kind='script',
    source='https://github.com/sbt/sbt/issues/6717',
    thread_site='a shell launcher installed with Windows (CRLF) line endings and run by bash from Cygwin/WSL; bash reports the blank line 2 as the command `$\'\\r\'` and every later line carries a carriage return; the issue names the cause (the file has \\r\\n endings) and was fixed by shipping LF endings',
    what='the shell script was saved with Windows line endings, so bash reads a carriage return at the end of every line; the fix is in the script file (convert to Unix line endings); assumed shape - a one-node Delta GPU job script saved with CRLF endings, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\r\n'], ['#SBATCH --ntasks-per-node=4\n', '#SBATCH --ntasks-per-node=4\r\n'], ['#SBATCH --time=02:00:00\n', '#SBATCH --time=02:00:00\r\n'], ['export MASTER_PORT=12802\n', 'export MASTER_PORT=12802\r\n\r\n']],
    log='''
/cygdrive/c/Program Files (x86)/sbt/bin/sbt: line 2: $'\\r': command not found
''',
    expect={'families': ['scheduler', 'environment', 'launcher'], 'fix': r'(?m)^-[^\n]*\r$'},
)

case(
    id='lerobotnote-crlf-broken-continuation-env-name-command-not-found',
    kind='script',
    source='find_string:54941965360',
    thread_site='a user\'s setup notes for LeRobot reinforcement-learning recording under WSL (found with the code search, text id 54941965360, the tool shows no repository name); the first run of the recording script failed with `--env.name: command not found` and `$\'\\r\'` errors; the cause given: the script was edited on the Windows side and had CRLF endings, which broke the bash `\\` continuations; the fix: `sed -i \'s/\\r$//\'` on the script',
    what='a CRLF script: the backslash that should continue the python command is followed by a carriage return, so the command ends there and the next option line is run as a command; the fix is the line endings of the script (not adding a backslash); assumed shape - a one-node Delta job whose srun python command continues over two lines, saved with CRLF endings, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\r\n'], ['#SBATCH --gpus-per-node=4\n', '#SBATCH --gpus-per-node=4\r\n'], ['export MASTER_PORT=12802\n', 'export MASTER_PORT=12802\r\n\r\n'], [SRUNPY, 'srun python -m lerobot.rl.gym_manipulator \\\r\n    --env.name gym_hil --config_path env_config.json']],
    log='''
record.sh: line 11: --env.name: command not found
record.sh: line 12: $'\\r': command not found
''',
    expect={'families': ['scheduler', 'environment', 'launcher'], 'fix': r'(?m)^-[^\n]*\r$'},
)

case(
    id='openpbs2106-crlf-job-script-bash-bad-interpreter',
    kind='script',
    source='https://github.com/openpbs/openpbs/issues/2106',
    thread_site='UNSW Katana (PBS Pro); a job script written with a Windows editor (CR/LF line ends) is accepted by qsub, and the job\'s error file then holds this message; the issue (a feature request to convert or refuse such scripts) states the cause and that users must run dos2unix',
    what='the job script has DOS line endings, so the interpreter named on its first line is `/bin/bash` followed by a carriage return, which does not exist; the fix is the script file\'s line endings; assumed shape - a one-node Polaris PBS job script saved with CRLF endings, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#!/bin/bash\n', '#!/bin/bash\r\n'], ['#PBS -l select=2:system=polaris\n', '#PBS -l select=1:system=polaris\r\n']],
    log='''
-bash: /var/spool/pbs/mom_priv/jobs/820635.kman.restech.unsw.edu.au.SC: /bin/bash^M: bad interpreter: No such file or directory
''',
    expect={'families': ['scheduler', 'environment', 'launcher'], 'fix': r'(?m)^-[^\n]*\r$'},
)

case(
    id='torchrunnote-two-node-torchrun-without-training-script',
    kind='script',
    source='find_string:7349460472',
    thread_site='a user\'s notes for two-node LLaMA fine-tuning with torchrun (found with the code search, text id 7349460472, the tool shows no repository name); torchrun printed its usage and this error; the notes then list the torchrun lines tried, one of them a bare line of rendezvous options `--rdzv_id=456 --rdzv_backend=c10d` apart from the torchrun command',
    what='DOUBTFUL as to the exact edit - torchrun got no training script because the rest of its command sits on a line the shell does not join to it; the fix is the launch line (continue the torchrun command so the script and its arguments are on it); assumed shape - a two-node Delta srun torchrun launch whose continuation backslash was lost before the line holding the script',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['--rdzv_id="$SLURM_JOB_ID" train.py --epochs 10', '--rdzv_id="$SLURM_JOB_ID"\n    train_7b_local_ds_multi.py']],
    log='''
torchrun: error: the following arguments are required: training_script, training_script_args
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*--rdzv_id="?\$SLURM_JOB_ID"?\s*\\\s*$'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='imp758-replica-exchange-mpi-recv-err-truncate',
    kind='not_script',
    source='https://github.com/salilab/imp/issues/758',
    thread_site='a Mac, one core, IMP replica exchange after an update of IMP; after a single frame the run aborts with this Open MPI error; labelled bug, closed by the developers',
    what='a receive got a longer message than the buffer the program posted (a mismatch in the program\'s own send/receive sizes after the update), not a launch-line, resource or environment error; assumed shape - a one-node Delta job running the IMP script with srun, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=2'], [SRUNPY, 'srun python replica_exchange.py']],
    log='''
[udp012400uds:91098] *** An error occurred in MPI_Recv
[udp012400uds:91098] *** reported by process [3691035461887983617,0]
[udp012400uds:91098] *** on communicator MPI_COMM_WORLD
[udp012400uds:91098] *** MPI_ERR_TRUNCATE: message truncated
[udp012400uds:91098] *** MPI_ERRORS_ARE_FATAL (processes in this communicator will now abort,
''',
)

case(
    id='aorsa45-4096-rank-pmpi-recv-message-truncated',
    kind='not_script',
    source='https://github.com/ORNL-Fusion/aorsa/issues/45',
    thread_site='a Tianhe-style Slurm cluster (yhbatch/yhrun, 128 nodes, 4096 ranks); the AORSA example DIIID-helicon with nprow=npcol=64 aborts with MPICH\'s truncation error in MPI_Recv of a user vector datatype; the issue is open',
    what='DOUBTFUL - no resolution; a receive in the program got a longer message than the posted buffer/datatype (the program\'s own message sizes at this decomposition), not a job-script error; assumed shape - a 128-node Bridges-2 RM job (Slurm) running the MPI program with srun, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=128'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=32'], [MPIAPP, 'srun ./xaorsa2d']],
    log='''
Abort(469879054) on node 3421 (rank 3421 in comm 0): Fatal error in PMPI_Recv: Message truncated, error stack:
PMPI_Recv(171): MPI_Recv(buf=0x4000740012d0, count=1, dtype=USER<vector>, src=53, tag=9976, comm=0x84000001, status=0x177116c0) failed
(unknown)(): Message truncated
''',
)

case(
    id='intrompi11-hello-again-recv-buffer-too-short',
    kind='not_script',
    source='https://github.com/rantahar/introduction-to-mpi/issues/11',
    thread_site='a course\'s MPI exercise solution (GNU 8.1 + Open MPI 3.1) run with mpirun; after a compile fix the program aborts with this error; the course maintainer answers that the message is longer than the 20-character receive buffer of the solution code',
    what='the program posts a receive buffer shorter than the message sent to it - a bug in the program\'s code, not the job script; assumed shape - a one-node Bridges-2 RM job running the program with srun, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=4'], [MPIAPP, 'srun ./hello_again']],
    log='''
[sl1:273263] *** An error occurred in MPI_Recv
[sl1:273263] *** reported by process [2088763393,0]
[sl1:273263] *** on communicator MPI_COMM_WORLD
[sl1:273263] *** MPI_ERR_TRUNCATE: message truncated
''',
)

case(
    id='ompi7642-vader-shared-memory-segfault-in-waitall',
    kind='not_script',
    source='https://github.com/open-mpi/ompi/issues/7642',
    thread_site='a node running several MPI jobs at once (Open MPI 4.0.3, debug build); occasional segfaults and hangs; the backtraces printed by Open MPI\'s signal handler are inside the shared-memory transport (btl vader) under MPI_Waitall; the Open MPI developers worked on it as a bug of the vader BTL (targets v4.0.x/v4.1.x); closed',
    what='the crash is inside the MPI library\'s own shared-memory transport code (a library bug the developers took up), not the launch line, resources or environment of the job; assumed shape - a one-node Delta job running the MPI program with Open MPI mpirun, diagnosed as on Delta',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=4'], ['module load cray-mpich', 'module load openmpi'], [MPIAPP, 'mpirun -np 4 ./app']],
    log='''
*** Process received signal ***
Signal: Segmentation fault (11)
Signal code: Address not mapped (1)
Failing at address: 0x55ea69fed980
[ 0] /lib/x86_64-linux-gnu/libpthread.so.0(+0x12730)[0x7f5ef1faf730]
[ 1] /opt/openmpi-4.0.3-debug/lib/openmpi/mca_btl_vader.so(+0x50b2)[0x7f5eee5470b2]
[ 2] /opt/openmpi-4.0.3-debug/lib/openmpi/mca_btl_vader.so(mca_btl_vader_poll_handle_frag+0x68)[0x7f5eee549aef]
[ 3] /opt/openmpi-4.0.3-debug/lib/openmpi/mca_btl_vader.so(+0x7d30)[0x7f5eee549d30]
''',
)
