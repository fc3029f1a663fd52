# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MASTER = 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n'
RAY_HEAD = 'srun --nodes=1 --ntasks=1 -w "$head_node" ray start --head --node-ip-address="$head_ip" --port=6379 --num-gpus 4 --block &'
RAY_WORKER = 'srun --nodes=1 --ntasks=1 -w "${nodes[1]}" ray start --address="$head_ip:6379" --num-gpus 4 --block &'
RAY_TRAIN = 'python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model'
HARBOR_SOURCE = 'find_string:67368285488'
HARBOR_SITE = 'a user\'s error ledger for migrating a Harbor/SkyRL Qwen3-32B RL experiment to a 6-node H100 Slurm cluster (allocation jobs 1135 and 1139; Ray head and Harbor Docker on research-dev-coder-003, trainer nodes 012-015, rollout node 016; every step launched with srun inside the allocation; found with the code search, text id 67368285488, the tool shows no repository name)'
HARBOR_NODES = [['#SBATCH --nodes=2', '#SBATCH --nodes=6'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8']]

# ---------------------------------------------------------------- script cases

case(
    id='harborledger-ray-head-resources-json-loses-quotes-in-nested-bash',
    kind='script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 1: the Ray head seemed to start but its GCS port never came up for the workers; root cause given: the `--resources` argument in the cluster launcher was assembled through nested `bash -lc` quoting and lost the JSON quotes around `harbor_head`; fix given: build the JSON with json.dumps and pass it as `--resources "$HARBOR_HEAD_RESOURCES"` (status: fixed)',
    what='the job script passes a custom-resource JSON to `ray start` through a nested shell, and the quoting strips the JSON quotes, so Ray rejects the value and the head never serves; the fix is in the job script (quote the JSON so it reaches ray intact, e.g. a variable holding `{"harbor_head": 1}` passed in double quotes); assumed shape - a Delta Ray-on-Slurm job whose head step runs `srun ... bash -lc "ray start --head ... --resources={\\"harbor_head\\": 1} --block"`, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[*HARBOR_NODES, [RAY_HEAD, 'srun --nodes=1 --ntasks=1 -w "$head_node" bash -lc "ray start --head --node-ip-address=$head_ip --port=6379 --num-gpus 8 --resources={\\"harbor_head\\": 1} --block" &']],
    log='''
ERR utils.py:1163 -- --resources={harbor_head: 1} is not a valid JSON string
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^\+.*(--resources[= ]"\$\{?\w+|json\.dumps|--resources[= ]\'\{"harbor_head"|--resources[= ]\\?"?\'\{\\?"harbor_head)'},
)

case(
    id='harborledger-ray-detached-head-step-exits-gcs-unreachable',
    kind='script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 2: the Ray head and workers reported a successful start, then the workers failed with this line and the head port was no longer listening after the short srun step exited; root cause given: in `detached` mode the srun step finished and Slurm cleaned up the Ray daemons in that step\'s cgroup; fix given: start Ray in `block` mode so the service-bearing srun steps stay alive (status: fixed)',
    what='the job script starts the Ray head daemon in a short srun step without --block; when the step ends Slurm kills the daemons it left behind, so the workers cannot reach the head\'s GCS; the fix is in the job script (keep the step alive: `ray start --head ... --block &`); assumed shape - a Delta Ray-on-Slurm job whose head step runs `ray start --head` without --block and in the foreground, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[*HARBOR_NODES, [RAY_HEAD, 'srun --nodes=1 --ntasks=1 -w "$head_node" ray start --head --node-ip-address="$head_ip" --port=6381 --num-gpus 8'], ['ray start --address="$head_ip:6379"', 'ray start --address="$head_ip:6381"']],
    log='''
Failed to connect to GCS at address 172.21.44.54:6381
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*srun\b.*ray\s+start\s+--head\b.*--block'},
)

case(
    id='harborledger-cpu-probe-srun-inherits-gpus-requested-nodes-busy',
    kind='script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 3: during cluster validation simple checks failed with this line while rollout and Ray worker steps already held the node GPUs; root cause given: the helper\'s `srun` probe calls did not set `--gres=gpu:0`, so Slurm treated the probes as GPU-consuming steps; fix given: all CPU-only helper probes use `--gres=gpu:0` (status: fixed). The ledger meets the same line again later (Error 10, a leftover step from an earlier smoke test; Error 19, job 1139, a GPU smoke ordered after the rollout start) - this case is Error 3',
    what='the job script runs a CPU-only check as a new srun step on a node whose GPUs are held by running service steps, and the step asks for GPUs by default, so Slurm cannot create it; the fix is in the job script (give the probe step `--gres=gpu:0`, or let it share with `--overlap`); assumed shape - a Delta Ray-on-Slurm job that, after starting the Ray steps, runs `srun --nodes=1 --ntasks=1 -w "$head_node" python3 check_ports.py` before training, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[*HARBOR_NODES, [RAY_TRAIN, 'srun --nodes=1 --ntasks=1 -w "$head_node" python3 check_ports.py --ports 6379 8265\n' + RAY_TRAIN]],
    log='''
srun: error: Unable to create step for job 1135: Requested nodes are busy
''',
    expect={'families': ['scheduler', 'resources', 'launcher'], 'fix': r'(?m)^\+.*srun\b.*(--gres[= ]gpu:0|--gpus[= ]0\b|--overlap)'},
)

case(
    id='harborledger-ray-random-agent-ports-collide-with-worker-range',
    kind='script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 5: the Ray worker start on trainer node 012 failed with this line; root cause given: Ray was allowed to choose the dashboard-agent and runtime-env ports at random, and those could land inside the worker port range; fix given: pin `--dashboard-agent-listen-port`, `--dashboard-agent-grpc-port`, `--runtime-env-agent-port`, `--min-worker-port` and `--max-worker-port` in the cluster launcher (status: fixed)',
    what='the job script starts Ray nodes without fixing the agent ports, so a randomly chosen agent port falls inside the worker port range and the node refuses to start; the fix is in the job script\'s `ray start` lines (pin the agent ports and the worker port range apart); assumed shape - a Delta Ray-on-Slurm job whose worker step runs `ray start --address=... --block` with no port options, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=HARBOR_NODES,
    log='''
ValueError: Ray component worker_ports is trying to use a port number 16521 that is used by other components.
''',
    expect={'families': ['launcher', 'network'], 'fix': r'(?m)^\+.*ray\s+start\b.*(--dashboard-agent-listen-port|--dashboard-agent-grpc-port|--runtime-env-agent-port|--min-worker-port|--max-worker-port)'},
)

case(
    id='harborledger-preflight-ray-init-from-node-without-raylet',
    kind='script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 24: the direct preflight from the control shell showed these lines; root cause given: the validation suite ran the Python preflight locally from the control shell on the login node, not on the Ray head node (003), so Ray created a client-side node on the wrong host; fix given: run the final preflight through `run_on_node "$HEAD_NODE"` (an srun on the head node inside the allocation) with its arguments and environment forwarded (status: fixed)',
    what='the job script runs the Ray driver on a host that has no raylet of the cluster, so `ray.init(address=...)` finds no local raylet and fails; the fix is in the job script (start the driver on the Ray head node, `srun -w "$head_node" python3 ...`); assumed shape - a Delta Ray-on-Slurm job whose head is the second node of the allocation while the preflight driver runs in the batch step on the first node, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[*HARBOR_NODES, ['head_node=${nodes[0]}', 'head_node=${nodes[1]}'], ['-w "${nodes[1]}" ray start', '-w "${nodes[2]}" ray start'], [RAY_TRAIN, 'RAY_ADDRESS="$head_ip:6379" python3 preflight_qwen3_32b_6node_cluster.py --expect-gpus 48\n' + RAY_TRAIN]],
    log='''
This node has an IP address of 172.21.44.6, but we cannot find a local Raylet with the same address
Failed to get the system config from raylet because it is dead
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*srun\b.*(-w|--nodelist)[= ]"?\$\{?head_node\}?"?.*python3?\s+preflight'},
)

case(
    id='harborledger-smoke-python-from-stdin-breaks-spawn-workers',
    kind='script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 13: the first control run of a CUDA multiprocessing smoke on node 012 showed healthy single-process CUDA, then every spawned worker failed with this line; root cause given: the diagnostic script launched Python via `python - <<\'PY\' ...`, and multiprocessing `spawn` needs a real `__main__` file path, it cannot re-import code that came from stdin; fix given: the smoke script writes the program to a temporary file on the target node and runs that file (status: fixed)',
    what='the job script feeds the Python program on stdin (a here-document), and the program starts spawn-mode worker processes, which must re-import the main module from a file, so every worker dies; the fix is in the job script (write the program to a .py file and run that file); assumed shape - a one-node Delta job (Slurm) whose srun step runs `python - <<\'PY\'` with the smoke program inline, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=00:30:00'], [MASTER, 'cd /home/hkang/zthunder_agent/SkyRL\n'], [SRUNPY, "srun --nodes=1 --ntasks=1 python - <<'PY'\nimport multiprocessing as mp\nimport torch\n\ndef probe(i):\n    return torch.cuda.get_device_capability(i)\n\nif __name__ == \"__main__\":\n    print(torch.cuda.device_count())\n    with mp.get_context(\"spawn\").Pool(4) as pool:\n        print(pool.map(probe, range(4)))\nPY"]],
    log='''
FileNotFoundError: [Errno 2] No such file or directory: '/home/hkang/zthunder_agent/SkyRL/<stdin>'
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*\bpython3?\s+(?!-\s)\S+\.py\b|^-.*\bpython3?\s+-\s*<<'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='harborledger-vllm-server-stale-imports-for-installed-vllm',
    kind='not_script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 4: the rollout logs on node 016 showed these lines; root cause given: the server entrypoint (`vllm_server.py` in the SkyRL code) assumed an older vLLM module layout than the installed vllm==0.10.2; fix given: compatibility fallbacks in that Python file (FlexibleArgumentParser and set_ulimit imported from vllm.utils when the submodules are absent) (status: fixed)',
    what='the project\'s own server code imports vLLM submodules that the installed vLLM release does not have; the cause and the fix are in the Python code (or the version it is written against), not in the job script\'s launch line, resources or environment; assumed shape - a Delta Ray-on-Slurm job that starts the rollout servers, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=HARBOR_NODES,
    log='''
ModuleNotFoundError: No module named 'vllm.utils.argparse_utils'
ModuleNotFoundError: No module named 'vllm.utils.system_utils'
''',
)

case(
    id='harborledger-rollout-node-fabricmanager-failed-cuda-802',
    kind='not_script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Errors 12 and 17: a plain single-process torch.cuda smoke on rollout node 016 logged these lines; the node comparison under the same `srun --gres=gpu:4` path found `nvidia-fabricmanager` active on 012 and failed on 016 (`Active: failed (Result: exit-code)`); root cause given: a node-level NVIDIA fabric manager failure on an H100/NVSwitch node; fix given: "Not fixable in user space" - 016 needs node-level repair or replacement, and is treated as unhealthy until the fabric manager is active again',
    what='one node\'s NVSwitch fabric manager service has failed, so CUDA cannot initialise there although nvidia-smi works; the cause is the node (a site-side service), not the job script, and the same step runs on a healthy node; the only job-side answer is to avoid the node; the lines are the ledger\'s own text, with its `...`; assumed shape - a Delta Ray-on-Slurm job, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=HARBOR_NODES,
    log='''
torch.cuda.device_count() == 4
torch.cuda.is_available() == false
RuntimeError: Unexpected error from cudaGetDeviceCount() ... Error 802: system not yet initialized
''',
)

case(
    id='harborledger-node-006-gpu-device-handle-unknown-error-nvml',
    kind='not_script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 18: the CUDA runtime smoke on node 006 failed with `torch.cuda.is_available() == false`, `torch.cuda.device_count() == 0` and this NVML line, and a node-side probe showed the nvidia-smi line; root cause given: a node-level GPU runtime problem on 006 (fabric manager running, but at least one GPU device handle already broken); fix given: "Not fixable in user space" - do not use 006 in the training allocation',
    what='a GPU on one node has a broken device handle, so NVML and CUDA see no usable device; the cause is the node\'s hardware/driver state, not the job script; the job-side answer is only to exclude the node; assumed shape - a Delta Ray-on-Slurm job, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=HARBOR_NODES,
    log='''
Can't initialize NVML
Unable to determine the device handle for gpu 0000:3F:00.0: Unknown Error
''',
)

case(
    id='harborledger-rootless-docker-kernel-key-quota-session-keyring',
    kind='not_script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 29: on the rootless Docker path the Harbor trial containers (up to 256 concurrent) failed at `docker compose up -d` / `runc create failed` with this line; the head node showed `/proc/sys/kernel/keys/maxkeys = 200` and the user at 200/200 keys; root cause given: each rootless container start takes session-key quota and the per-user kernel key quota was saturated (a kernel limit reported as "disk quota exceeded", not free space); Error 31: it was recoverable only after the head node\'s kernel key quotas were expanded (a system-level change)',
    what='the node\'s per-user kernel key quota is too small for the number of containers the workload starts, so new containers fail to create their session keyring; the cause and the fix are a system setting on the node (kernel.keys.maxkeys), not the job script\'s launch line, resources or environment; assumed shape - a Delta Ray-on-Slurm job running the trainer whose Harbor trials start containers, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=HARBOR_NODES,
    log='''
unable to join session keyring: unable to create session key: disk quota exceeded
''',
)

# ---------------------------------------------------------------- more script cases

case(
    id='podlaunchnote-unpinned-transformers-upgrade-weight-conversion-error',
    kind='script',
    source='find_string:66493751945',
    thread_site='a user\'s session summary for an LLM probing fleet (11 text models, each on a rented GPU pod started by the project\'s launch/job scripts over ssh; found with the code search, text id 66493751945, the tool shows no repository name); the health monitor showed w1\'s model load failing with a RuntimeError during weight loading; root cause given: the job script\'s `pip install -U "transformers>=4.57.0"` had picked up transformers 5.13.0, a new major version with breaking changes (the "automatic conversion of the weights" error), instead of the 4.57.x line the model loaded under; fix given: `transformers<5` pinned in all job scripts, then a one-model canary run before fan-out (in progress at the end of the note)',
    what='the job script upgrades a library with only a lower bound, so a new major release is installed at job start and the model no longer loads; the fix is in the job script (pin the version, `transformers<5` or `==4.57.*`); the note quotes the message only as this fragment; not a cluster - rented GPU pods - so mapped: assumed shape - a one-GPU Delta job (Slurm) that runs `pip install -U "transformers>=4.57.0"` before the probe script, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=06:00:00'], [MASTER, 'source "$HOME/venvs/probe/bin/activate"\npip install -q -U "transformers>=4.57.0" accelerate\n'], [SRUNPY, 'srun python -u run_probe.py --model w1 --out results/w1']],
    log='''
automatic conversion of the weights
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*pip\s+install\b.*transformers\s*(<\s*5|==\s*4\.|~=\s*4\.|>=\s*4\.57\.0\s*,\s*<\s*5)|^\+.*transformers["\']?\s*(<\s*5|==\s*4\.5)'},
)

case(
    id='sealedm1note-sbatch-guard-readlink-real-dir-never-canonical-pool',
    kind='script',
    source='find_string:57645419229',
    thread_site='a user\'s cluster-ops record for a 41-task Slurm array (`graph1-sealed-m1-headstack`, job 6790859, on a /pfs/work9 workspace of a university Slurm cluster; found with the code search, text id 57645419229, the tool shows no repository name); all 41 tasks FAILED with exit 1:0 after 11 s to 4 min with this STOP line in task 0\'s err file; root cause given: the sbatch guard does `readlink -f "$CRB_SRC/simulations/injections"` and requires it to resolve to the canonical pool, but for the older 0.67 run that path is a real directory, not a symlink, so the check can never pass ("a guard precondition violated by an older run\'s directory layout", not a data mismatch); not fixed or resubmitted in the record ("reporting only")',
    what='DOUBTFUL - the record gives the cause but no fix and no rerun; the job script\'s own input guard demands that a path be a symlink to the canonical data pool, and for this input the path is a real directory, so every array task stops before any compute; a right fix is in the job script (change the guard for inputs whose injections are materialised in place, e.g. test the directory\'s contents or accept `-d` without a link); assumed shape - an Anvil CPU array job (Slurm) whose body runs the guard `[ "$(readlink -f "$CRB_SRC/simulations/injections")" = "$POOL" ] || { echo "STOP: ..."; exit 1; }` before the python step, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH --array=0-40\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4\n', ''], ['#SBATCH --time=02:00:00', '#SBATCH --time=08:00:00'], [MASTER, 'WS=/pfs/work9/workspace/scratch/st_ac147838-emri\nPOOL="$WS/injection_pool_mix200k_20260728"\nCRB_SRC="$WS/run_20260729_seed64000_h0p67"\nlink=$(readlink -f "$CRB_SRC/simulations/injections")\nif [ "$link" != "$POOL" ]; then\n  echo "STOP: the 0.67 run\'s own injections link resolves to $link, not the canonical pool $POOL -- pool mismatch, report"\n  exit 1\nfi\n'], [SRUNPY, 'srun python -u -m master_thesis_code.headstack --task "$SLURM_ARRAY_TASK_ID" --crb-src "$CRB_SRC"']],
    log='''
STOP: the 0.67 run's own injections link resolves to /pfs/work9/workspace/scratch/st_ac147838-emri/run_20260729_seed64000_h0p67/simulations/injections, not the canonical pool /pfs/work9/workspace/scratch/st_ac147838-emri/injection_pool_mix200k_20260728 -- pool mismatch, report
''',
    expect={'families': ['filesystem', 'environment'], 'fix': r'(?m)^-.*(readlink\s+-f\s+"?\$CRB_SRC/simulations/injections|\$link"?\s*!=\s*"?\$POOL)|^\+.*\[\s+!?\s*-[dL]\s+"?\$CRB_SRC/simulations/injections'},
)

case(
    id='uvaplan-srun-steps-lost-overlap-step-already-completing',
    kind='script',
    source='find_string:53131849599',
    thread_site='a project\'s implementation plan after a CPU sensitivity suite on UVA HPC (Slurm, standard partition; Snakemake submits one job per simulation, `Provided cores: 1`, runtime 2 min, and each job runs the model through `srun`; found with the code search, text id 53131849599, the tool shows no repository name) failed 0/20 right after a commit removed `--overlap` (and changed `--cpu-bind=none` to `--cpu-bind=cores`) from every srun line; each simulation log shows this line about 106 s into the 2-minute job, and the Slurm log shows the job cancelled DUE TO TIME LIMIT while srun waited for a step; the plan\'s cause: without `--overlap` the step waits for resources it never gets; the planned fix restores `--overlap` (and raises the per-simulation time), to be confirmed by test jobs',
    what='DOUBTFUL - a plan, not a confirmed result: the cause is the plan\'s assumption, and the 2-minute time limit also ended the jobs; the job step is started with srun without --overlap inside an allocation whose resources are held, so the step is never created before the job ends; the fix is in the job\'s srun line (`--overlap`, or a longer time limit); the line is the source\'s own text with its `XXXXX` job-id placeholder; assumed shape - a one-core Anvil CPU job (Slurm) whose body runs `srun -N 1 --ntasks=1 --cpus-per-task=1 --cpu-bind=cores ./triton.exe cfg.cfg`, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['#SBATCH --time=06:00:00', '#SBATCH --time=00:02:00'], ['srun --cpu-bind=cores ./solver input.dat', 'srun -N 1 --ntasks=1 --cpus-per-task=1 --cpu-bind=cores ./triton.exe sims/sa0_evt0/cfg.cfg']],
    log='''
srun: error: Unable to create step for job XXXXX: Job/step already completing or completed
''',
    expect={'families': ['launcher', 'scheduler'], 'fix': r'(?m)^\+.*srun\b.*--overlap\b|^\+#SBATCH\s+(--time|-t)[= ](0?0:[1-5]\d:\d\d|0?[1-9]:\d\d:\d\d|[1-9]\d+:\d\d:\d\d|\d+-\d|[1-9]\d+)\b'},
)

# ---------------------------------------------------------------- more not-script cases

case(
    id='titanlog-zero3-checkpoint-save-16bit-model-missing-after-1000-steps',
    kind='not_script',
    source='find_string:63174202382',
    thread_site='a user\'s Phase 1 training log for a 2.7B Mamba3 model trained with DeepSpeed ZeRO-3 (optimizer states offloaded to CPU) on one RTX 3060 12GB in a Dell workstation (found with the code search, text id 63174202382, the tool shows no repository name); 2026-06-05: the checkpoint save crashed at step 1000 with this line, losing steps 500-1000; root cause given: ZeRO-3 partitions the parameters and `save_16bit_model` is not available on the object the code called it on; fix given: save under a GatheredParameters context with a manual torch.save (a code change), plus a save smoke test on resume',
    what='the training code calls a checkpoint method on the wrong object after a thousand good steps; the cause and fix are in the user\'s Python save code, not in the job script\'s launch line, resources or environment; not a cluster - a workstation - so mapped: assumed shape - a one-node Delta job (Slurm) started with the deepspeed launcher on one GPU, diagnosed as on Delta',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=04:00:00', '#SBATCH --time=48:00:00'], ["scontrol show hostnames \"$SLURM_JOB_NODELIST\" | sed 's/$/ slots=4/' > hostfile\nexport MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n", ''], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 1 train_phase1.py --deepspeed_config ds_zero3_offload.json --save-interval 500']],
    log='''
AttributeError: 'Mamba3Titan' object has no attribute 'save_16bit_model'
''',
)

PM_RUN = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
LUMI_SOURCE = 'find_string:71316250935'
LUMI_SITE = 'a user\'s measurement note comparing MPICH 8.1.32 and MPICH 9.0.1, point-to-point exchange vs MPI_Alltoall, on an HPE Cray EX cluster with AMD GPUs and Slingshot (CXI) - 60 nodes, 8 ranks per node, one GCD per rank, 24 interleaved jobs in one afternoon, account project_462001120 (a LUMI-style Slurm system; found with the code search, text id 71316250935, the tool shows no repository name)'
LUMI_SHAPE = [['#SBATCH -N 1', '#SBATCH -N 60'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=8'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['#SBATCH -c 32', '#SBATCH -c 7'], ['#SBATCH -t 02:00:00', '#SBATCH -t 00:30:00'], ['module load pytorch/2.3.1\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500', 'module load PrgEnv-cray cray-mpich\nexport MPICH_GPU_SUPPORT_ENABLED=1']]

case(
    id='slatenote-perlmutter-multirank-cuda-eigh-segfault-at-4096',
    kind='not_script',
    source='find_string:61363242925',
    thread_site='a project\'s limitations ledger for a distributed linear-algebra service benchmarked on Perlmutter GPU nodes (NERSC, Slurm, /pscratch paths; found with the code search, text id 61363242925, the tool shows no repository name); L-4: SLATE `eigh` segfaults at n >= 4096 on a multi-rank CUDA mesh - step exit 139, all four ranks down, job 56457930, in a leg run only to produce this artifact; classed as "(e) third-party library defect", the CUDA sibling of the same library\'s host `heev` defect; the project now refuses that combination at resolve time (a code change) and the size sweep skips the cell',
    what='a third-party solver library crashes for large matrices on several GPU ranks; smaller sizes and the CPU path run in the same job shape; the cause is the library, not the job script\'s launch line, resources or environment; the excerpt is the source\'s own evidence line; assumed shape - a one-node, four-rank Perlmutter GPU job running the benchmark leg with srun, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -t 02:00:00', '#SBATCH -t 00:30:00'], [PM_RUN, 'srun --cpu-bind=cores python -m svc_distrib_la_perf.leg --backend slate --n 4096 --device cuda']],
    log='''
srun: error: nid001088: task 0: Segmentation fault
''',
)

case(
    id='cscsdoc-pyxis-node-user-database-unsynced-container-start-failed',
    kind='not_script',
    source='find_string:53577109192',
    thread_site='a centre\'s documentation page (CSCS, Alps systems: Slurm with the pyxis/enroot container plugin; found with the code search, text id 53577109192, the tool shows no repository name), a troubleshooting entry: a job whose container fails to start with these lines "does not indicate an issue with your container, but instead means that one or more of the compute nodes have user databases that are not fully synchronized"; if the node is not drained automatically, users are to tell the centre so that it can put the node back in a good state (an example shows a node in state drain$)',
    what='a compute node\'s user database is out of sync, so the container plugin cannot resolve the user and fails before the program starts; the documentation says the container and the job are fine and the node is the site\'s to fix; the job-side answer is at most to avoid the node; the page\'s example uses placeholder ids (user 42, job 12345, nid001234), kept as written; three generic pyxis/spank lines of the example that repeat an earlier set word for word are left out; assumed shape - a one-node Delta job (Slurm) starting the training in a container through pyxis, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    replace=[],
    log='''
slurmstepd: error: pyxis: container exited too soon
slurmstepd: error: pyxis: printing engine log file:
slurmstepd: error: pyxis:     id: cannot find name for user ID 42
slurmstepd: error: pyxis:     mkdir: cannot create directory ‘/iopsstor/scratch/cscs/42’: Permission denied
srun: error: nid001234: task 0: Exited with exit code 1
''',
)

case(
    id='mpichcxinote-alltoall-gpu-hang-hw-exception-beside-clean-jobs',
    kind='not_script',
    source=LUMI_SOURCE,
    thread_site=LUMI_SITE + '; job 22337453 (MPICH 9 MPI_Alltoall arm, node nid007383) ended with these lines, while another MPICH 9 MPI_Alltoall job and an MPICH 8 MPI_Alltoall job started at the same time completed; 5 of the 6 jobs of that arm were clean; the note records it as "the other failure" beside the CXI errors and draws no fix for it',
    what='DOUBTFUL - the note records the GPU hang once and gives no cause or fix; the GPU on one node raised a hardware exception (GPU hang) in a job whose identical copies ran clean at the same time, so the cause is the node or the driver/library stack, not the job script; assumed shape - a 60-node Perlmutter-style Cray EX job (Slurm, srun, 8 ranks per node, GPU-aware cray-mpich) running the exchange benchmark, diagnosed as on Perlmutter (same scheduler and Cray/Slingshot family; the source\'s GPUs are AMD)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[*LUMI_SHAPE, [PM_RUN, 'srun --cpu-bind=cores ./cxi_probe --exchange alltoall --payload-mb 12.431 --rounds 40']],
    log='''
HW Exception by GPU node-4 (Agent handle: 0x2d1f90) reason :GPU Hang
srun: error: nid007383: tasks 425-431: Aborted
''',
)

case(
    id='mpichcxinote-p2p-waitall-ofi-invalid-request-descriptor-intermittent',
    kind='not_script',
    source=LUMI_SOURCE,
    thread_site=LUMI_SITE + '; job 22337437 (MPICH 8.1.32, point-to-point arm) aborted with these lines (rank 202, nid005874); the same signature hit 2 of 6 MPICH 8 and 3 of 6 MPICH 9 point-to-point jobs at random, often beside a clean job of the same arm started at the same time, while no MPI_Alltoall job hit it; the note\'s reading: the collective implementation is what separates, the provider libraries did not change',
    what='the Slingshot/CXI transport fails intermittently under a large point-to-point exchange: the same job with the same script runs clean or aborts from one submission to the next, so the cause is the fabric/MPI stack under that communication pattern, not the job script; the note avoids it by changing the program\'s exchange to MPI_Alltoall (a code change); assumed shape - a 60-node Perlmutter-style Cray EX job (Slurm, srun, 8 ranks per node) running the exchange benchmark, diagnosed as on Perlmutter (same scheduler and Cray/Slingshot family; the source\'s GPUs are AMD)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[*LUMI_SHAPE, [PM_RUN, 'srun --cpu-bind=cores ./cxi_probe --exchange p2p --payload-mb 12.431 --rounds 40']],
    log='''
MPICH ERROR [Rank 202] [job id 22337437.0] [Fri Sep 25 12:09:31 2026] [nid005874]
Fatal error in PMPI_Waitall: Other MPI error
MPIDI_OFI_handle_cq_error(1310): OFI poll failed
  (ofi_events.c:1312:MPIDI_OFI_handle_cq_error:
   Input/output error - Invalid request descriptor)
error: Failed to destroy CXI Service ID 5 (cxi2): Device or resource busy
error: switch_g_job_postfini: Device or resource busy
''',
)

SCGS_SOURCE = 'find_string:62454151309'
SCGS_SITE = 'a user\'s run script for a stock SC-GS (sparse-controlled Gaussian splatting) baseline on a D-NeRF-style dataset (ficus_ds_wind), written up after a live debug session on a rented single-GPU vast.ai instance, each comment a "Lesson" naming a crash and the flag that avoids it (found with the code search, text id 62454151309, the tool shows no repository name)'
SCGS_RUN = 'srun python -u train_gui.py --source_path "$WS" --model_path /workspace/ficus_scgs --resolution 1 --white_background --is_blender --gt_alpha_mask_as_scene_mask --hyper_dim 8 --node_num 512 --iterations 60000'
SCGS_REPL = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=24:00:00'], [MASTER, 'WS=/workspace/data/ficus_ds_wind\ncd /workspace/SC-GS\n']]

case(
    id='scgsrun-opacity-reset-before-node-bootstrap-prunes-all-reshape-0',
    kind='script',
    source=SCGS_SOURCE,
    thread_site=SCGS_SITE + '; Lesson 3: training crashed in train_gui.py train_node_rendering_step() with this message; root cause given: the big-point prune starts once the iteration passes opacity_reset_interval, and with this dataset\'s small camera extent every node-bootstrap Gaussian is pruned before the ~7500-iteration node sampling finishes (N=0); fix given: pass `--opacity_reset_interval 8000` on the launch line (OPACITY_RESET=8000) to push the first reset past the bootstrap window',
    what='the job\'s launch line leaves a training schedule option at a default that does not fit this dataset, so the program prunes every point and crashes; the fix the source makes is on the launch line (`--opacity_reset_interval 8000`, past the ~7500-iteration bootstrap); a program option rather than a resource or environment setting; not a cluster - a rented GPU instance - so mapped: assumed shape - a one-GPU Delta job (Slurm) running `train_gui.py` with srun and no `--opacity_reset_interval`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[*SCGS_REPL, [SRUNPY, SCGS_RUN]],
    log='''
cannot reshape tensor of 0 elements into shape [0, -1]
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*--opacity_reset_interval[= ]"?(7[5-9]\d\d|[89]\d{3}|[1-9]\d{4,})\b'},
)

case(
    id='scgsrun-local-frame-flag-breaks-render-feature-sizes',
    kind='script',
    source=SCGS_SOURCE,
    thread_site=SCGS_SITE + '; Lesson 4: with `--local_frame` set, main-phase rendering crashed with this RuntimeError in GaussianModel.get_features, reached from render()\'s d_color path; fix given: do not pass `--local_frame` (the default local_frame=False still trains per-node rotation; the flag adds a local-rotation head this dataset\'s Gaussian init does not support)',
    what='the job\'s launch line turns on a program option that this input does not support, and rendering fails with mismatched tensor sizes; the fix the source makes is on the launch line (drop `--local_frame`); a program option rather than a resource or environment setting; mapped: assumed shape - a one-GPU Delta job (Slurm) running `train_gui.py ... --local_frame` with srun, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[*SCGS_REPL, [SRUNPY, SCGS_RUN + ' --opacity_reset_interval 8000 --local_frame']],
    log='''
RuntimeError: Sizes of tensors must match except in dimension 1. Expected size 1 but got size 0
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^-.*--local_frame\b|^\+(?!.*--local_frame).*train_gui\.py'},
)

LMPS_SOURCE = 'find_string:61958453276'
LMPS_SITE = 'a user\'s numbered lessons file for LAMMPS work on a Max Planck Slurm cluster (cmmg partitions s.cmmg / p.cmmg, module lammps/250722, 96 nodes with RealMemory 730000 MB; found with the code search, text id 61958453276, the tool shows no repository name)'

case(
    id='lmpslessons-nomultithread-256-tasks-defmempercpu-needs-mem-0',
    kind='script',
    source=LMPS_SOURCE,
    thread_site=LMPS_SITE + '; L36 (2026-08-03): a 256-task `--hint=nomultithread` job on s.cmmg was rejected at submit time with these lines; root cause given: s.cmmg sets DefMemPerCPU=1500 MB and nomultithread allocates whole cores (2 CPUs a task), so 256 tasks imply 512 x 1500 MB = 768000 MB > 730000 MB; fix given: `#SBATCH --mem=0`; a bisect with `sbatch --test-only` confirmed it (with --mem=0: PASS, 512 processors; -N 1 was not the cause)',
    what='the job script asks for many whole-core tasks on one node and no memory, so the partition\'s per-CPU memory default adds up to more than the node has and the submission is refused; the fix is in the job script (`#SBATCH --mem=0`, or fewer tasks); assumed shape - a one-node Anvil CPU job (Slurm) with `--ntasks=256 --hint=nomultithread` and no --mem, running LAMMPS with srun, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks=256\n#SBATCH --hint=nomultithread'], ['#SBATCH --cpus-per-task=2\n', ''], ['module load cray-mpich', 'module purge\nmodule load lammps/250722'], ['srun --cpu-bind=cores ./solver input.dat', 'srun -n "$SLURM_NTASKS" lmp -in relax-Hbind_Ni-disloc-d90-Pezold-EAM-0K.in -screen none']],
    log='''
sbatch: error: Batch job submission failed: Requested topology configuration is not available
sbatch --test-only ... : allocation failure: Requested node configuration is not available
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+#SBATCH\s+--mem[= ]0\b|^\+#SBATCH\s+(--ntasks|-n)[= ]?(2[0-3]\d|24[0-3]|1?\d{1,2})\b'},
)

case(
    id='lmpslessons-group-clear-on-undefined-group-all-ranks-exit',
    kind='not_script',
    source=LMPS_SOURCE,
    thread_site=LMPS_SITE + '; L40 (2026-08-05, found 2026-08-20): job 21638800 died on the first iteration of the input\'s site loop with this error, all 256 ranks exit 1 after 56 s; root cause given: `group HGRP clear` at the top of a `jump SELF` loop needs the group to exist, and on the first pass it was not yet defined (input line 193); fix given: pre-create the group before the label, or drop the reset (an input-file change)',
    what='the LAMMPS input uses a command on a group that does not exist yet, so the program stops on the first loop pass; the cause and fix are in the user\'s simulation input, not in the job script\'s launch line, resources or environment; assumed shape - a one-node Anvil CPU job (Slurm, 256 ranks, --mem=0) running LAMMPS with srun, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks=256\n#SBATCH --hint=nomultithread\n#SBATCH --mem=0'], ['#SBATCH --cpus-per-task=2\n', ''], ['module load cray-mpich', 'module purge\nmodule load lammps/250722'], ['srun --cpu-bind=cores ./solver input.dat', 'srun -n "$SLURM_NTASKS" lmp -in relax-Hbind_Ni-disloc-d90-Pezold-EAM-0K.in -screen none']],
    log='''
ERROR: Could not find group clear group ID HGRP (src/group.cpp:137)
''',
)

POL_BODY = 'cd ${PBS_O_WORKDIR}\nmodule use /soft/modulefiles\nmodule load conda\nconda activate\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'

case(
    id='cellsnpnote-pbs-mem-20gb-job-peaks-60g-killed',
    kind='script',
    source='find_string:44242110784',
    thread_site='a user\'s benchmark run notes for cellSNP v0.3.2 (16 threads) on a PBS/Torque cluster (queue cgsd, `qsub -l nodes=1:ppn=16,mem=...`; found with the code search, text id 44242110784, the tool shows no repository name); measured peak memory about 60.3G (memusg, with 200G assigned); the run with 20G assigned "would cause error" with this line',
    what='the job asks for less memory than the program\'s peak, and PBS kills it when it passes the limit; the fix is in the job\'s resource request (mem above the ~60G peak, e.g. 64gb or more); assumed shape - a one-node Polaris PBS job requesting `ncpus=16:mem=20gb` and running cellSNP directly, diagnosed as on Polaris (same scheduler family; the source used Torque-style `nodes=1:ppn=16,mem=`)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=16:mem=20gb'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=100:00:00'], [POL_BODY, 'cd ${PBS_O_WORKDIR}\nsource ~/.anaconda3/bin/activate CSP\ncellSNP -s "$bam" -b "$barcode" -R "$snp" -O time_20G -p 16 --cellTAG CB --UMItag UB --minMAF 0 --minCOUNT 1 --minLEN 0 --minMAPQ 20 --maxFLAG 4096']],
    log='''
=>> PBS: job killed: mem 59756048kb exceeded limit 20971520kb
''',
    expect={'families': ['resources'], 'fix': r'(?m)^\+#PBS\s+-l\s+.*mem=(6[1-9]|[7-9]\d|[1-9]\d{2,})\s*gb'},
)

case(
    id='ldbatchnote-pbs-mem-3gb-per-batch-job-killed-at-4-3gb',
    kind='script',
    source='find_string:29643099007',
    thread_site='a user\'s PBS batch-submission script for LD-based SNP list jobs (queue cbs, flags sharedmem; found with the code search, text id 29643099007, an earlier copy 29170522791; the tool shows no repository name); the per-job memory line carries this kill message as a comment (the limit in the message, 3145728 kb, is a 3gb request); the fix the script records is the raised request `mem_per_job="15gb"` (a later copy uses 8gb with a 24-hour walltime)',
    what='each batch job asks for 3gb and the program uses about 4.3GB, so PBS kills it; the fix is in the job\'s resource request (mem above ~4.3GB; the user chose 15gb, later 8gb); the resolution is read from the script\'s own changed value and comment; assumed shape - a one-node Polaris PBS job with `mem=3gb` running the LD step with python, diagnosed as on Polaris (same scheduler family; the source is a Torque/PBS site)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=1:mem=3gb'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=168:00:00'], ['#PBS -q debug-scaling', '#PBS -q cbs'], [POL_BODY, 'cd ${PBS_O_WORKDIR}\npython ld_batch.py --batch "$BATCH_ID" --distance_type kb --distance_cutoff 250']],
    log='''
=>> PBS: job killed: mem job total 4323312 kb exceeded limit 3145728 kb
''',
    expect={'families': ['resources'], 'fix': r'(?m)^\+#PBS\s+-l\s+.*mem=([5-9]|[1-9]\d+)\s*gb'},
)

case(
    id='gcpnote-image-profile-forces-nccl-net-gib-not-found',
    kind='script',
    source='find_string:52911463911',
    thread_site='a user\'s launch-fix note for a Google Cloud a3-highgpu-8g instance (8x H100 80GB; found with the code search, text id 52911463911, the tool shows no repository name): single-GPU training worked, multi-GPU `torchrun` failed before training with this error in a minimal NCCL smoke test; root cause given: the image\'s shell profile (`/etc/profile.d/nccl_env.sh`, `/usr/local/gib/scripts/set_nccl_env.sh`) exports `NCCL_NET=gIB` and related settings although the gIB network is not available to NCCL on that instance; fix given: at launch time unset the injected NCCL variables, drop `/usr/local/gib/lib64` from LD_LIBRARY_PATH, set `NCCL_IB_DISABLE=1` and `NCCL_SOCKET_IFNAME`, then torchrun (a wrapper script); verified by an 8-rank all-reduce and a real training step',
    what='the job\'s environment forces NCCL onto a network plugin the node does not have, so the process group cannot start; the fix is in the job script (unset NCCL_NET and the gIB settings, or set NCCL_IB_DISABLE=1 / a socket interface, before torchrun); not a cluster - a cloud VM - so mapped: assumed shape - a one-node Delta job (Slurm) that sources the image\'s NCCL profile (exporting NCCL_NET=gIB) before `torchrun --standalone --nproc_per_node=8`, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'source /usr/local/gib/scripts/set_nccl_env.sh\nexport NCCL_NET=gIB\nexport NCCL_TUNER_CONFIG_PATH=/usr/local/gib/configs/tuner_config_a3u.txtpb\ntorchrun --standalone --nproc_per_node=8 train_gpt.py']],
    log='''
torch.distributed.DistBackendError: NCCL error ...
Last error:
Error: network gIB not found.
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^-.*(NCCL_NET=gIB|set_nccl_env\.sh)|^\+.*(unset\s+.*NCCL_NET|-u\s+NCCL_NET|NCCL_NET=(Socket|IB)\b|NCCL_IB_DISABLE=1)'},
)

case(
    id='pantsnote-bridges2-launcher-deletes-own-cwd-onemkl-cannot-load',
    kind='script',
    source='find_string:70087496284',
    thread_site='a user\'s running log for a four-cell nnU-Net / UNet++ training grid raced across Delta, DeltaAI and Bridges-2 (PSC, Slurm, GPU partition, two H100s per job, node-local $LOCAL staging of the 9,000-case PanTS dataset; found with the code search, text id 70087496284, a second copy 68871296723; the tool shows no repository name); 2026-09-23: Bridges-2 job 46810860 ran 2h10m, reached full-data conversion and affine repair, and the next PyTorch import emitted this line; root cause found: the launcher\'s shell stayed in `$SOURCE/PanTS/data` while `rm -rf "$SOURCE"` removed that cwd; a CPU job from a valid cwd loaded fine, a deleted-cwd test reproduced the same error (exit 2); fix given: `cd "$LOCAL_ROOT"` immediately before the source deletion in the launcher; the corrected job 46842964 got through all 9,000 cases of preprocessing',
    what='the job script deletes the directory it is standing in and then starts Python, whose library loader fails from a deleted working directory; the fix is in the job script (cd out of the source tree, e.g. `cd "$LOCAL_ROOT"`, before `rm -rf "$SOURCE"`); the line is the note\'s own text with its `...`; assumed shape - a one-node Bridges-2 GPU job (Slurm, 2 H100) that stages and converts the data under $LOCAL, removes the source tree from inside it, then runs the preprocessing step, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH -p GPU\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=2'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=h100-80:2'], ['#SBATCH --time=02:00:00', '#SBATCH --time=48:00:00'], [MASTER, 'LOCAL_ROOT=$LOCAL/pants\nSOURCE=$LOCAL_ROOT/source\nmkdir -p "$SOURCE" && cd "$SOURCE"\ntar -xf /ocean/projects/cis250000p/$USER/PanTS.tar\ncd "$SOURCE/PanTS/data"\npython /ocean/projects/cis250000p/$USER/unetpp_port/convert_pants.py --out "$LOCAL_ROOT/nnUNet_raw"\nrm -rf "$SOURCE"\n'], [SRUNPY, 'nnUNetv2_plan_and_preprocess -d 501 -c 3d_fullres --verify_dataset_integrity\nsrun python -u /ocean/projects/cis250000p/$USER/unetpp_port/train_grid.py --pair unetpp']],
    log='''
Intel oneMKL FATAL ERROR: Cannot load .../libtorch_cpu.so
''',
    expect={'families': ['filesystem', 'environment'], 'fix': r'(?m)^\+\s*cd\s+"?\$\{?(LOCAL_ROOT|LOCAL|HOME|SLURM_SUBMIT_DIR)\b|^\+\s*cd\s+/'},
)

LMPS_REPL = [['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['#SBATCH --time=06:00:00', '#SBATCH --time=01:00:00'], ['module load cray-mpich', 'module purge\nmodule load lammps/250722']]

case(
    id='lmpslessons-if-operand-with-hyphen-invalid-boolean-syntax',
    kind='not_script',
    source=LMPS_SOURCE,
    thread_site=LMPS_SITE + '; L25 (2026-05-31, Thread 02 strain-template input): mode names with hyphens (`axial-xx`, `shear-yz`) failed at `if "${MODE} == axial-xx" then "jump SELF apply_axial_xx"` with this error and the whole sweep aborted at the first lmp call; cause given: LAMMPS\'s math tokenizer splits string operands on operator characters; fix given: underscores in the mode names (`axial_xx`, `shear_yz`) - an input-file change',
    what='the LAMMPS input compares strings containing hyphens inside an `if` expression, which the program parses as arithmetic and rejects; the cause and fix are in the user\'s simulation input, not in the job script\'s launch line, resources or environment; assumed shape - a one-task Anvil CPU job (Slurm) running the strain template with `srun lmp -in ... -var MODE axial-xx`, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[*LMPS_REPL, ['srun --cpu-bind=cores ./solver input.dat', 'srun -n "$SLURM_NTASKS" lmp -in strain-Ni-fcc-10x10x10-Cij-Pezold-EAM.in -var MODE axial-xx -screen none']],
    log='''
ERROR: Invalid Boolean syntax in if command
''',
)

case(
    id='lmpslessons-print-uses-braces-for-thermo-keyword-illegal-variable',
    kind='not_script',
    source=LMPS_SOURCE,
    thread_site=LMPS_SITE + '; L19 (Thread 01, 0 K lattice-constant minimisation): the post-minimize `print` line used `${lx}` for the final box length and LAMMPS stopped with this error, because `lx` is a thermo keyword, not a LAMMPS variable; fix given: use `$(lx)` as inside the `fix print` (an input-file change)',
    what='the LAMMPS input substitutes a name that is not a defined variable, so the program stops at that command; the cause and fix are in the user\'s simulation input, not in the job script; the note quotes the message without the program\'s `ERROR:` prefix; assumed shape - a one-task Anvil CPU job (Slurm) running the minimisation input with srun, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[*LMPS_REPL, ['srun --cpu-bind=cores ./solver input.dat', 'srun -n "$SLURM_NTASKS" lmp -in relax_Ni-fcc_Pezold-EAM.in -screen none']],
    log='''
Substitution for illegal variable lx
''',
)

case(
    id='harborledger-ray-init-waits-for-node-ip-json-preflight-code',
    kind='not_script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 23: full validation stalled in preflight printing this line repeatedly and failed only after Ray\'s 60-second local-node bootstrap wait; root cause given: under ray==2.51.1 the `ray.init(address=...)` path waits for a local node_ip_address.json unless `_node_ip_address` is supplied, and here the session directory was created but the cache file was not; fix given: compute the node IP and pass it as `_node_ip_address` to `ray.init(...)` in the preflight Python code (status: fixed)',
    what='the project\'s preflight code connects to Ray in a way that makes this Ray release wait for a cache file that is never written, so the check times out; the cause and fix are in the user\'s Python code (the ray.init call), not in the job script\'s launch line, resources or environment; the line is the ledger\'s own text with its `...`; assumed shape - a Delta Ray-on-Slurm job that runs the preflight on the head node with srun, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[*HARBOR_NODES, [RAY_TRAIN, 'srun --nodes=1 --ntasks=1 -w "$head_node" python3 preflight_qwen3_32b_6node_cluster.py --address "$head_ip:6379"\n' + RAY_TRAIN]],
    log='''
Can't find a node_ip_address.json file from /tmp/ray/session_...
''',
)

case(
    id='harborledger-stale-patch-checker-rejects-new-upstream-docker-py',
    kind='not_script',
    source=HARBOR_SOURCE,
    thread_site=HARBOR_SITE + '; Error 20: the full readiness run failed at its "Harbor rootless patch" step with this line although the updated Harbor smoke already passed; root cause given: the project\'s `apply_harbor_rootless_patch.py` only recognised the old local patch shape, and the new upstream Harbor patch rewrote docker.py differently, so the checker gave a false negative (Harbor itself was fine); fix given: teach the checker to accept either patch shape (a Python code change) (status: fixed)',
    what='the project\'s own patch-check script does not recognise a newer version of the library file it inspects and aborts; the cause and fix are in the user\'s Python tooling, not in the job script\'s launch line, resources or environment; assumed shape - a Delta Ray-on-Slurm job whose readiness step runs the patch checker with python before training, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[*HARBOR_NODES, [RAY_TRAIN, 'python3 examples/train_integrations/harbor/apply_harbor_rootless_patch.py --check\n' + RAY_TRAIN]],
    log='''
RuntimeError: Unexpected Harbor docker.py imports block; aborting patch.
''',
)

case(
    id='semcorrenote-vista-job-conda-activate-no-conda-on-path',
    kind='script',
    source='find_string:71303601906',
    thread_site='a user\'s run notes for a Stable Diffusion correspondence batch on TACC Vista (Slurm, `gh` Grace-Hopper queue, allocation ASC26012, python environment a venv at /scratch/11364/paliniya/stablekeypoints/sk_env; found with the code search, text id 71303601906, the tool shows no repository name): jobs 1024624 and 1027688 died in about 6 s because preflight found no environment; cause given: `conda activate sk_env` fails on Vista with this message (conda is not on Vista\'s PATH), the empty CONDA_PREFIX was written as the venv path, and the python check passed falsely on /bin/python; fix given: point the job at the existing venv (`/scratch/.../sk_env`, `source .../sk_env/bin/activate`), not conda',
    what='the job activates its Python environment with a conda command that does not exist on this system, so the environment is never set up and the job stops at once; the fix is in the job script (activate the venv: `source /scratch/11364/paliniya/stablekeypoints/sk_env/bin/activate`, or load a module that provides conda); the line is the note\'s quotation (short and generic, under the 30-character line check); the source\'s conda call ran in a setup step that wrote the venv path the job reads - assumed shape: a one-node Vista `gh` job that runs `conda activate sk_env` itself before the batch python script, diagnosed as on Vista',
    cluster='vista',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p gh'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['#SBATCH -t 02:00:00', '#SBATCH -t 48:00:00'], ['#SBATCH -A MyProject', '#SBATCH -A ASC26012'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate', 'module load gcc cuda python3\nconda activate sk_env\nexport HF_HOME=$SCRATCH/hf_cache_semcorre'], ['ibrun python train.py --epochs 10', 'python scripts/batch_mammo_correspondence.py --run-tag vista_exp_all_1to5 --skip-existing']],
    log='''
conda: command not found
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(source\s+\S*sk_env/bin/activate|\.\s+\S*sk_env/bin/activate|module\s+load\s+\S*(conda|miniconda|miniforge|anaconda))|^-.*conda\s+activate\s+sk_env'},
)
