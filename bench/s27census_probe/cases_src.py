# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Real excerpts showing messages of the s27census census (bench/s27census), gathered and
# labelled before any run; sources claimed in /work/wt/claimed_threads.txt (s27-s27census).

PY = 'srun python -u train.py --batch-size 256 --epochs 32'

case(
    id='accelerate-multigpu-one-process-smoke',
    kind='script',
    source='find_string:68735229708',
    thread_site="a user's Slurm training chain (phase-2 LoRA training started with `accelerate launch --multi_gpu --num_machines 1 --num_processes ${NUM_GPUS} ... -m genfocus_train.train`); the script's own comment says the 1-GPU smoke run aborted with this accelerate message and that the right path on a single GPU is without the flag (the script now adds --multi_gpu only when NUM_GPUS > 1)",
    what='accelerate launch refuses --multi_gpu with fewer than two processes, so nothing starts; the fix is the launch line (drop --multi_gpu when one process is started); assumed shape - a one-GPU Delta job whose accelerate line gives --multi_gpu with --num_processes 1',
    cluster='delta',
    script='accelerate.sh',
    replace=[['--gpus-per-node=2', '--gpus-per-node=1'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --multi_gpu --num_machines 1 --num_processes 1 --mixed_precision bf16 --dynamo_backend no -m genfocus_train.train bokeh']],
    log='''
ValueError: You need to use at least 2 processes to use `--multi_gpu`.
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+(?!.*--multi_gpu).*\baccelerate launch\b'},
)

case(
    id='yhrun-node-count-range-colon',
    kind='script',
    source='find_string:69857994085',
    thread_site='a bounded GPU probe on a Tianhe-style Slurm system (yhrun is its srun); the note records `yhrun -N 1:1 -G 8` exiting before submission with this message, no job created, and that the next probe must use the cluster\'s node-count syntax (a single integer, after verifying the intended semantics)',
    what='the node count 1:1 is not a Slurm node count (min-max is written with a dash), so the launcher refuses the line before any job exists; the fix is that launch line - which count was meant is the user\'s (the note says so), so the right answer asks for it; assumed shape - a Delta job whose srun line carries -N 1:1 -G 8',
    cluster='delta',
    script='srun_python.sh',
    replace=[[PY, 'srun -N 1:1 -G 8 nvidia-smi -L']],
    log='''
yhrun: error: "1:1" is not a valid node count
''',
    expect={'families': ['launcher', 'scheduler', 'resources'], 'ask': True, 'ask_for': ['nodes', 'count']},
)

case(
    id='inner-srun-mem-step-outer-unbound',
    kind='script',
    source='find_string:59207456102',
    thread_site="a user's run log of a multi-job GPU study on Slurm: one job failed in one second before Python/CUDA because its outer allocation did not bind memory while the inner srun requested 192000M; the note quotes the message with its own elision",
    what='the srun step asks a memory amount the job allocation does not hold, so the step is refused; the fix is the srun line (no explicit step memory, or --mem=0: all the memory the job holds on the node); assumed shape - a Delta job whose srun line carries --mem=192000M',
    cluster='delta',
    script='srun_python.sh',
    replace=[[PY, 'srun --mem=192000M python -u train.py --batch-size 256 --epochs 32']],
    log='''
Unable to create step ... Memory required by task is not available
''',
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+.*\bsrun\b(?!.*--mem=192000M).*(--mem[= ]0\b|python)'},
)

case(
    id='sub-node-srun-steps-first-reserves-memory',
    kind='script',
    source='find_string:66632286419',
    thread_site="a developer's changelog of an MPI command builder used under Slurm: sub-node srun jobs failed with this message because the first srun step reserved all the node's memory; the fix added --mem=0 to the srun arguments (each step may then use the job's memory on the node)",
    what='several srun steps share a node inside one allocation and the first takes all the memory, so the next step cannot be created; the fix is the srun lines (--mem=0); assumed shape - a Delta job that starts two one-task srun steps in the background; the note quotes only the message (no srun prefix)',
    cluster='delta',
    script='srun_python.sh',
    replace=[[PY, 'srun -n 1 python -u train.py --part 0 &\nsrun -n 1 python -u train.py --part 1 &\nwait']],
    log='''
Memory required by task is not available
''',
    expect={'families': ['resources', 'launcher'], 'fix': r'(?m)^\+.*\bsrun\b.*--mem[= ]0\b'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='qsub-max-jobs-per-user-queue-limit',
    kind='not_script',
    source='find_string:16057450247',
    thread_site="a user's batch-submission helper for a PBS/Torque cluster: its header records this qsub refusal (the user's number of jobs exceeds the queue's limit on queue bigmem), which the helper works around by submitting in turns",
    what='the queue refuses more jobs from this user because of its per-user job limit (the site\'s policy); the job script is fine and is accepted once earlier jobs leave the queue - no change of the script helps; diagnosed as on Polaris (PBS)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
qsub: Maximum number of jobs already in queue for user MSG=total number of current user's jobs exceeds the queue limit: user jyxu@master.cluster, queue bigmem
''',
)
