# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Ray clusters started inside a Slurm job (the pattern of Ray's slurm-basic.sh), from public
# threads none of bench/ or templates/ cites (claimed in /work/wt/claimed_threads.txt, s30ray).
# Written and labelled before any run of maple on them.

RAY_WORKER = 'srun --nodes=1 --ntasks=1 -w "${nodes[1]}" ray start --address="$head_ip:6379" --num-gpus 4 --block &'
RAY_HEAD = 'srun --nodes=1 --ntasks=1 -w "$head_node" ray start --head --node-ip-address="$head_ip" --port=6379 --num-gpus 4 --block &'

case(
    id='nemorl261-ray-worker-range-collides-random-agent-ports',
    kind='script',
    source='https://github.com/NVIDIA-NeMo/RL/issues/261',
    thread_site="NVIDIA NeMo-RL's ray.sub (a Slurm batch script that starts a Ray head and one Ray worker per node with srun, then the driver); the maintainer reports port collisions more frequent on larger node runs; the script pinned the worker port range (53001-53257) and a few service ports but left the dashboard agent, metrics export and runtime-env agent ports random; fixed by PR #272 'define all the ports' (closes #261)",
    what='the job script gives `ray start` a worker port range but leaves the agent ports to Ray, which picks them at random and can land inside that range, so the Ray node refuses to start; the fix is in the job script (pin the agent/metrics ports on the `ray start` lines, apart from the worker range); assumed shape - the Delta Ray-on-Slurm job whose worker step runs `ray start --address=... --min-worker-port=53001 --max-worker-port=53257 --block`, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[[RAY_WORKER, 'srun --nodes=1 --ntasks=1 -w "${nodes[1]}" ray start --address="$head_ip:6379" --min-worker-port=53001 --max-worker-port=53257 --num-gpus 4 --block &']],
    log='''
# ValueError: Ray component worker_ports is trying to use a port number 53156 that is used by other components.
# Port information: {'gcs': 'random', 'object_manager': 'random', 'node_manager': 'random', 'gcs_server': 'random', 'client_server': 10001, 'dashboard': 8265, 'dashboard_agent_grpc': 64894, 'dashboard_agent_http': 52365, 'dashboard_grpc': 'random', 'runtime_env_agent': 35083, 'metrics_export': 53156, 'redis_shards': 'random', 'worker_ports': '257 ports from 53001 to 53257'}
''',
    expect={'families': ['launcher', 'network'], 'fix': r'(?m)^\+.*ray\s+start\b.*(--dashboard-agent-grpc-port|--dashboard-agent-listen-port|--metrics-export-port|--runtime-env-agent-port)'},
)

case(
    id='lsfray7-gcs-port-inside-default-worker-range',
    kind='script',
    source='https://github.com/IBMSpectrumComputing/ray-integration/issues/7',
    thread_site="IBM's ray-integration launcher (a batch script that starts a Ray head and workers inside one LSF allocation on shared nodes, choosing the head port itself); the maintainers report this error 'often' when launching the cluster on a shared node (closed as a bug of the launcher)",
    what="DOUBTFUL - the script chose the head's GCS port (10956) inside Ray's default worker port range (10002-10999 in that release), so Ray refuses to start the node; the fix is in the job script (a head --port outside the worker range, or a worker range that excludes it); the thread gives no fix text; assumed shape - the same launch as a Delta Ray-on-Slurm job whose head step runs `ray start --head --port=10956` with no worker range, diagnosed as on Delta (Slurm)",
    cluster='delta',
    script='ray_slurm.sh',
    replace=[[RAY_HEAD, 'srun --nodes=1 --ntasks=1 -w "$head_node" ray start --head --node-ip-address="$head_ip" --port=10956 --num-gpus 4 --block &'], ['ray start --address="$head_ip:6379"', 'ray start --address="$head_ip:10956"']],
    log='''
ValueError: Ray component worker_ports is trying to use a port number 10956 that is used by other components.
Port information: {'gcs': [10956], 'object_manager': [], 'node_manager': [], 'gcs_server': [], 'client_server': [10001], 'dashboard': [6596], 'dashboard_agent': [56445], 'metrics_export': [64279], 'redis_shards': [], 'worker_ports': [10002, 10003, 10004, 10005, 10006, 10007, 10008, 10009, 10010]}
''',
    expect={'families': ['launcher', 'network'], 'fix': r'(?m)^\+.*ray\s+start\b.*(--min-worker-port|--max-worker-port|--port[= ](?!10956))'},
)

case(
    id='ray44431-raylet-socket-connect-after-workers-join-regression',
    kind='not_script',
    source='https://github.com/ray-project/ray/issues/44431',
    thread_site='a user starting a multi-node Ray cluster (head, then workers joining, then a driver on the head node) on an HPC cluster; a second user on large HPCs reports the same since Ray 2.7 (not in 2.6.3); open, no fix beyond staying on 2.6.3',
    what='the raylet socket error appears only with Ray 2.7 and newer for the order head -> workers -> driver, and not with 2.6.3 with the same launch; a Ray regression, not a line of the job script (the script here keeps Ray\'s default node-local temp dir); assumed shape - the Ray-on-Slurm job on 2 Delta nodes, diagnosed as on Delta',
    cluster='delta',
    script='ray_slurm.sh',
    log='''
raylet_client.cc:60: Could not connect to socket logdir_path/sockets/raylet.3
''',
    expect={},
)

case(
    id='scenicplus24-ray-temp-dir-af-unix-path-too-long',
    kind='not_script',
    source='https://github.com/aertslab/scenicplus/issues/24',
    thread_site="a user running SCENIC+ (which starts Ray with ray.init inside the Python program) on an HPC cluster under Slurm; Ray timed out at start-up; the user found the cause: the temporary directory the program was given (tmp_dir in the Python call) made Ray's socket paths longer than 107 bytes; fixed by passing a shorter tmp_dir or a symlink to it",
    what="the temporary directory is chosen in the user's Python call (SCENIC+'s tmp_dir / ray.init _temp_dir), not in the job script, which starts no Ray node and sets no temp dir; the fix is in the program's arguments; assumed shape - a one-GPU Delta job that runs the Python analysis with srun, diagnosed as on Delta",
    cluster='delta',
    script='srun_python.sh',
    log='''
Exception: The current node has not been updated within 30 seconds, this could happen because of some of the Ray processes failed to startup.
AF_UNIX path length cannot exceed 107 bytes
''',
    expect={},
)
