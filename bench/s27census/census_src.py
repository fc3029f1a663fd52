# ruff: noqa: E501
"""The census: error messages the launch tools themselves print when a launch request is wrong.

Each entry is one message (its format string in the tool's source, at a fixed commit), the
message as it appears in a log (the format's values filled plausibly), what in a job script
causes it, the job-script shape and cluster it is diagnosed on, and which record families are
the right answer (`expect`: a set of script families, or NOT_SCRIPT for messages no change of
the script fixes). Nothing here was tuned: the list was written from the sources before any
diagnosis was run (bench/s27census/run_census.py runs it).
"""

from __future__ import annotations

SLURM = 'SchedMD/slurm@284c3b95f08a2dc2478499837b03355e1b9c5c75'
TORCH = 'pytorch/pytorch@0128317766202d2b0aaaf35f7b21b5baccd7dbc9'
DS = 'deepspeedai/DeepSpeed@edaa7221267243c7be7fb49c5d5f5c4fb97b4641'
ACC = 'huggingface/accelerate@16cb6eb80dd9aa8b4df1a63ef57863e455d53b83'
PBS = 'openpbs/openpbs@cd7ab5edaf03dcac2f1cb9e2f42d75eb117d468a'
MPICH = 'pmodels/mpich@6a79bf6575c3b5b41cabbd3d59340634d6f9412d'
OMPI = 'open-mpi/ompi@ea8f4d03089018f08451f42f2cfa2467570f395e (v4.1.8)'

# expected family sets
SCHED = ['scheduler', 'resources']
RES = ['resources', 'scheduler', 'devices']
LAUNCH = ['launcher', 'resources', 'rendezvous']
RDZV = ['rendezvous', 'launcher', 'environment']
ENV = ['environment', 'modules', 'launcher']
USER = ['user', 'launcher', 'scheduler']
DEV = ['devices', 'resources', 'scheduler']
NOT_SCRIPT = ['NOT_SCRIPT']

SUBMIT = 'sbatch: error: Batch job submission failed: '
STEP = 'srun: error: Unable to create step for job 4829113: '
ALLOC = 'srun: error: Unable to allocate resources: '

ENTRIES: list[dict] = []


def m(id: str, tool: str, src: str, fmt: str, log: str, cause: str, expect: list[str],
      script: str, cluster: str, directives: list[str] | None = None,
      replace: list[list[str]] | None = None) -> None:
    """Add one census entry."""
    ENTRIES.append({'id': id, 'tool': tool, 'source': src, 'format': fmt, 'log': log.strip('\n') + '\n',
                    'cause': cause, 'expect': expect, 'script': script, 'cluster': cluster,
                    'directives': directives or [], 'replace': replace or []})


def errno(id: str, line: int, text: str, cause: str, expect: list[str], prefix: str = SUBMIT,
          directives: list[str] | None = None, script: str = 'srun_python.sh',
          cluster: str = 'delta', replace: list[list[str]] | None = None) -> None:
    """A Slurm error-number string as sbatch/srun print it after their prefix."""
    where = {SUBMIT: 'src/sbatch/sbatch.c:315 "Batch job submission failed: %m"',
             STEP: 'src/srun/launch.c:1368 "Unable to create step for job %u: %m"',
             ALLOC: 'src/srun/allocate.c:189 "Unable to allocate resources: %s"'}[prefix]
    m(id, 'slurm', f'{SLURM} src/common/slurm_errno.c:{line} + {where}', text, prefix + text,
      cause, expect, script, cluster, directives, replace)


# ------------------------------------------------------------------ Slurm: error numbers
errno('slurm-invalid-partition', 220, 'Invalid partition name specified',
      'the script names a partition (-p/--partition) this cluster does not have', SCHED,
      directives=['#SBATCH --partition=gpu-a100'])
errno('slurm-no-partition', 224, 'No partition specified or system default partition',
      'the script names no partition on a cluster without a default one', SCHED)
errno('slurm-access-denied', 228, 'Access/permission denied',
      'the script asks a partition/QOS/account the user may not use', SCHED,
      directives=['#SBATCH --partition=gpuA100x8'])
errno('slurm-partition-group', 232, "User's group not permitted to use this partition",
      "the script's partition is restricted to other groups", SCHED,
      directives=['#SBATCH --partition=gpuA100x8'])
errno('slurm-more-processors', 240, 'More processors requested than permitted',
      'tasks x cpus-per-task (or the node count) exceed what the partition allows', [*RES, 'launcher'],
      prefix=ALLOC, directives=['#SBATCH --partition=gpuA100x4'],
      replace=[['--cpus-per-task=8', '--cpus-per-task=64']])
errno('slurm-node-count-invalid', 244, 'Node count specification invalid',
      'the node count asked is above the partition limit or inconsistent with the tasks', SCHED,
      replace=[['--nodes=1', '--nodes=400']])
errno('slurm-node-config-unavailable', 276, 'Requested node configuration is not available',
      'the script asks per node more GPUs/CPUs/memory (or a feature) than any node of the partition has', RES,
      replace=[['--gpus-per-node=4', '--gpus-per-node=8'], ['--ntasks-per-node=4', '--ntasks-per-node=8']])
errno('slurm-step-node-config-unavailable', 276, 'Requested node configuration is not available',
      'the srun line asks more per node than the job allocation holds', RES, prefix=STEP,
      replace=[['srun python', 'srun --ntasks-per-node=8 --gpus-per-task=1 python']])
errno('slurm-part-config-unavailable', 280, 'Requested partition configuration not available now',
      'the request does not fit the partition as configured now (nodes, time)', RES,
      directives=['#SBATCH --partition=gpuA40x4'])
errno('slurm-bad-dist', 316, 'Task distribution specification invalid',
      'the -m/--distribution value is not one Slurm accepts for this job', LAUNCH,
      replace=[['srun python', 'srun --distribution=block:block:cyclic,pack python']])
errno('slurm-bad-task-count', 324, 'Task count specification invalid',
      'the task count is inconsistent with the nodes (e.g. fewer tasks than nodes)', LAUNCH,
      replace=[['--nodes=1', '--nodes=2'], ['srun python', 'srun -n 1 python']], prefix=STEP)
errno('slurm-invalid-feature', 340, 'Invalid feature specification',
      'the -C/--constraint names a node feature the cluster does not define', SCHED,
      directives=['#SBATCH --constraint=a100_80g'])
errno('slurm-task-memory', 410, 'Memory required by task is not available',
      'the memory per CPU/task asked exceeds the node memory', RES,
      directives=['#SBATCH --mem-per-cpu=64G'])
errno('slurm-invalid-account', 414, 'Invalid account or account/partition combination specified',
      'the -A/--account is not one of the user\'s accounts, or not allowed on the partition', SCHED,
      directives=['#SBATCH --account=bbka-delta-gpu'])
errno('slurm-invalid-qos', 426, 'Invalid qos specification',
      'the --qos is not defined or not allowed for the account', SCHED,
      directives=['#SBATCH --qos=high'])
errno('slurm-qos-policy', 443, "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)",
      'the job asks more nodes/GPUs/time than the QOS or account limits allow', SCHED,
      replace=[['--time=02:00:00', '--time=72:00:00']])
errno('slurm-time-limit', 448, 'Requested time limit is invalid (missing or exceeds some limit)',
      'the --time exceeds the partition MaxTime (or is missing where required)', SCHED,
      replace=[['--time=02:00:00', '--time=7-00:00:00']])
errno('slurm-reservation-access', 452, 'Access denied to requested reservation',
      'the --reservation names a reservation the user is not in', SCHED,
      directives=['#SBATCH --reservation=hackathon'])
errno('slurm-reservation-invalid', 456, 'Requested reservation is invalid',
      'the --reservation names no (active) reservation', SCHED,
      directives=['#SBATCH --reservation=hackathon'])
errno('slurm-invalid-gres', 520, 'Invalid generic resource (gres) specification',
      'the --gres names a resource or type the cluster does not define (gpu:v100 on an A100 cluster)', DEV,
      replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gres=gpu:v100:4']])
errno('slurm-step-invalid-gres', 520, 'Invalid generic resource (gres) specification',
      'the srun line asks a gres the allocation does not hold', DEV, prefix=STEP,
      replace=[['srun python', 'srun --gres=gpu:a100:4 python']])
errno('slurm-invalid-array', 552, 'Invalid job array specification',
      'the --array range exceeds MaxArraySize or is malformed', SCHED,
      directives=['#SBATCH --array=0-20000'])
errno('slurm-dependency', 386, 'Job dependency problem',
      'the --dependency names a job that does not exist or has finished', SCHED,
      directives=['#SBATCH --dependency=afterok:4829001'])
errno('slurm-invalid-tres', 681, 'Invalid Trackable RESource (TRES) specification',
      'a --gpus/--tres-per-task/--gres value names a TRES the cluster does not track', DEV,
      replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=a100:4']])
errno('slurm-gres-type-mix', 697, 'Invalid GRES specification (with and without type identification)',
      'the job mixes typed and untyped GPU requests (--gres=gpu:a100:4 with --gpus=4)', DEV,
      directives=['#SBATCH --gres=gpu:a100:4'])
errno('slurm-threads-per-core', 750, 'Cannot request more threads per core than the job allocation',
      'the srun line asks --threads-per-core above the job\'s', LAUNCH, prefix=STEP,
      replace=[['srun python', 'srun --threads-per-core=2 python']], directives=['#SBATCH --threads-per-core=1'])
errno('slurm-insufficient-gres', 758, 'Insufficient GRES available in allocation',
      'the srun step asks more GPUs than the job allocation holds', [*DEV, 'launcher'], prefix=STEP,
      replace=[['srun python', 'srun --gpus-per-task=2 python']])
errno('slurm-partition-inactive', 512, 'Required partition not available (inactive or drain)',
      'the partition is down/drained by the site (no script change helps)', NOT_SCRIPT,
      directives=['#SBATCH --partition=gpuA100x4'])
errno('slurm-internal', 588, 'Slurm internal error, contact system administrator',
      'a controller-side failure (the site\'s)', NOT_SCRIPT)
errno('slurm-submissions-disabled', 645, 'System submissions disabled',
      'the site stopped submissions (maintenance)', NOT_SCRIPT)
errno('slurm-disabled', 382, 'Requested operation is presently disabled',
      'the site disabled the operation (e.g. a partition closed to new jobs)', NOT_SCRIPT)

# ------------------------------------------------------------------ Slurm: sbatch / srun / options
m('sbatch-no-shebang', 'slurm', f'{SLURM} src/sbatch/sbatch.c:691-694',
  'This does not look like a batch script.  The first / line must start with #! followed by the path to an interpreter. / For instance: #!/bin/sh',
  'sbatch: error: This does not look like a batch script.  The first\nsbatch: error: line must start with #! followed by the path to an interpreter.\nsbatch: error: For instance: #!/bin/sh',
  'the script\'s first line is not a #! line (a blank line or a comment first)', USER,
  'srun_python.sh', 'delta', replace=[['#!/bin/bash\n', '\n#!/bin/bash\n']])
m('sbatch-dos-line-breaks', 'slurm', f'{SLURM} src/sbatch/sbatch.c:701-702',
  'Batch script contains DOS line breaks (\\r\\n) / instead of expected UNIX line breaks (\\n).',
  'sbatch: error: Batch script contains DOS line breaks (\\r\\n)\nsbatch: error: instead of expected UNIX line breaks (\\n).',
  'the script was saved with Windows line endings', USER, 'srun_python.sh', 'delta')
m('sbatch-slurm-directive', 'slurm', f'{SLURM} src/sbatch/opt.c:629',
  'Change from #SLURM to #SBATCH in your script and verify the options are valid in #SBATCH',
  'sbatch: error: Change from #SLURM to #SBATCH in your script and verify the options are valid in #SBATCH',
  'the script writes #SLURM directives', USER, 'srun_python.sh', 'delta',
  replace=[['#SBATCH --time=02:00:00', '#SLURM --time=02:00:00']])
m('sbatch-wrap-args', 'slurm', f'{SLURM} src/sbatch/opt.c:346',
  'Script arguments not permitted with --wrap option',
  'sbatch: error: Script arguments not permitted with --wrap option',
  'an sbatch --wrap command line given unquoted (its words taken as script arguments)', USER,
  'srun_python.sh', 'delta')
m('sbatch-open-file', 'slurm', f'{SLURM} src/sbatch/sbatch.c:631', 'Unable to open file %s',
  'sbatch: error: Unable to open file run_train.sbatch',
  'the script path given to sbatch does not exist (relative to the submit directory)', USER,
  'srun_python.sh', 'delta')
m('slurm-invalid-time', 'slurm', f'{SLURM} src/common/slurm_opt.c:3953', 'Invalid --time specification',
  'sbatch: error: Invalid --time specification',
  'the --time value is not a Slurm time (e.g. 2h, 1:00:00:00)', SCHED, 'srun_python.sh', 'delta',
  replace=[['--time=02:00:00', '--time=2h']])
m('slurm-invalid-mem', 'slurm', f'{SLURM} src/common/slurm_opt.c:2450', 'Invalid --mem specification',
  'sbatch: error: Invalid --mem specification',
  'the --mem value is not a size Slurm reads (e.g. 64GB, 1.5T)', RES, 'srun_python.sh', 'delta',
  directives=['#SBATCH --mem=64GB'])
m('slurm-invalid-distribution', 'slurm', f'{SLURM} src/common/slurm_opt.c:1303',
  'Invalid --distribution specification', 'srun: error: Invalid --distribution specification',
  'the -m/--distribution value is misspelled', LAUNCH, 'srun_python.sh', 'delta',
  replace=[['srun python', 'srun --distribution=blocks python']])
m('slurm-invalid-gpu-bind', 'slurm', f'{SLURM} src/common/slurm_opt.c:1646', 'Invalid --gpu-bind argument: %s',
  'srun: error: Invalid --gpu-bind argument: closest,verbose',
  'the --gpu-bind value is not one srun accepts', [*DEV, 'launcher'], 'srun_python.sh', 'delta',
  replace=[['srun python', 'srun --gpu-bind=closest,verbose python']])
m('slurm-mem-exclusive', 'slurm', f'{SLURM} src/common/slurm_opt.c:5081',
  '--mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.',
  'sbatch: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.',
  'the script sets two of --mem/--mem-per-cpu/--mem-per-gpu', RES, 'srun_python.sh', 'delta',
  directives=['#SBATCH --mem=200G', '#SBATCH --mem-per-cpu=4G'])
m('slurm-mem-env-exclusive', 'slurm', f'{SLURM} src/common/slurm_opt.c:5094',
  'SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and SLURM_MEM_PER_NODE are mutually exclusive.',
  'srun: fatal: SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and SLURM_MEM_PER_NODE are mutually exclusive.',
  'the job sets one memory option and the srun step (or an export) another, both reach srun as variables', [*RES, 'launcher'],
  'srun_python.sh', 'delta', directives=['#SBATCH --mem-per-cpu=4G'],
  replace=[['srun python', 'srun --mem=0 python']])
m('slurm-gpus-gres-exclusive', 'slurm', f'{SLURM} src/common/slurm_opt.c:5216',
  '--gpus-per-node and --gres=gpu are mutually exclusive.',
  'sbatch: fatal: --gpus-per-node and --gres=gpu are mutually exclusive.',
  'the script asks GPUs twice, with --gpus-per-node and --gres=gpu', DEV, 'srun_python.sh', 'delta',
  directives=['#SBATCH --gres=gpu:4'])
m('slurm-gpus-per-task-ntasks-per-gpu', 'slurm', f'{SLURM} src/common/slurm_opt.c:5264',
  '--gpus-per-task is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU',
  'srun: fatal: --gpus-per-task is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU',
  'the job sets --ntasks-per-gpu and the srun line --gpus-per-task (or the reverse)', [*DEV, 'launcher'],
  'srun_python.sh', 'delta', directives=['#SBATCH --ntasks-per-gpu=1'],
  replace=[['srun python', 'srun --gpus-per-task=1 python']])
m('slurm-ntasks-per-node-ntasks-per-gpu', 'slurm', f'{SLURM} src/common/slurm_opt.c:5276',
  '--ntasks-per-node is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU',
  'srun: fatal: --ntasks-per-node is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU',
  'the script sets both --ntasks-per-node and --ntasks-per-gpu', [*DEV, 'launcher'],
  'srun_python.sh', 'delta', directives=['#SBATCH --ntasks-per-gpu=1'])
m('slurm-cpus-exclusive', 'slurm', f'{SLURM} src/common/slurm_opt.c:5732',
  '--cpus-per-task, --tres-per-task=cpu:#, and --cpus-per-gpu are mutually exclusive',
  'srun: fatal: --cpus-per-task, --tres-per-task=cpu:#, and --cpus-per-gpu are mutually exclusive',
  'the script sets both --cpus-per-task and --cpus-per-gpu', RES, 'srun_python.sh', 'delta',
  directives=['#SBATCH --cpus-per-gpu=8'])
m('slurm-step-cpus-exceed', 'slurm', f'{SLURM} src/common/slurm_opt.c:1153',
  "Job step's --cpus-per-task value exceeds that of job (%d > %d). Job step may never run.",
  "srun: Job step's --cpus-per-task value exceeds that of job (16 > 8). Job step may never run.",
  'the srun line asks more CPUs per task than the job allocated per task', [*RES, 'launcher'],
  'srun_python.sh', 'delta', replace=[['srun python', 'srun --cpus-per-task=16 python']])
m('slurm-cant-honor-ntasks-per-node', 'slurm', f'{SLURM} src/srun/opt.c:1308',
  "can't honor --ntasks-per-node set to %u which doesn't match the requested tasks %u with the maximum number of requested nodes %u. Ignoring --ntasks-per-node.",
  "srun: Warning: can't honor --ntasks-per-node set to 4 which doesn't match the requested tasks 2 with the maximum number of requested nodes 2. Ignoring --ntasks-per-node.",
  'the srun -n is not nodes x ntasks-per-node', LAUNCH, 'srun_python.sh', 'delta',
  replace=[['--nodes=1', '--nodes=2'], ['srun python', 'srun -n 2 python']])
m('slurm-invalid-node-count', 'slurm', f'{SLURM} src/common/proc_args.c:538', '"%s" is not a valid node count',
  'srun: error: "" is not a valid node count',
  'a -N/--nodes value that is empty or not a number (an unset variable)', [*LAUNCH, 'scheduler'],
  'srun_python.sh', 'delta', replace=[['srun python', 'srun -N "$NNODES" python']])
m('slurm-invalid-ntasks', 'slurm', f'{SLURM} src/srun/opt.c:1147', 'invalid number of tasks (-n %d)',
  'srun: error: invalid number of tasks (-n 0)',
  'an -n/--ntasks value computed to 0 or negative (an unset variable in arithmetic)', LAUNCH,
  'srun_python.sh', 'delta', replace=[['srun python', 'srun -n $((NNODES * 4)) python']])
m('slurm-ntasks-per-node-zero', 'slurm', f'{SLURM} src/srun/opt.c:1165', 'ntasks-per-node is 0',
  'srun: error: ntasks-per-node is 0',
  'an --ntasks-per-node value that is 0 (an unset variable)', LAUNCH, 'srun_python.sh', 'delta',
  replace=[['srun python', 'srun --ntasks-per-node=$((GPUS)) python']])
m('slurm-hint-invalid', 'slurm', f'{SLURM} src/common/proc_args.c:835', 'unrecognized --hint argument "%s", see --hint=help',
  'srun: error: unrecognized --hint argument "nomultithreading", see --hint=help',
  'the --hint value is misspelled', LAUNCH, 'srun_python.sh', 'delta',
  replace=[['srun python', 'srun --hint=nomultithreading python']])
m('slurm-exclusive-oversubscribe', 'slurm', f'{SLURM} src/common/slurm_opt.c:5310',
  '--exclusive and --oversubscribe options are mutually exclusive',
  'sbatch: fatal: --exclusive and --oversubscribe options are mutually exclusive',
  'the script sets --exclusive and --oversubscribe', SCHED, 'srun_python.sh', 'delta',
  directives=['#SBATCH --exclusive', '#SBATCH --oversubscribe'])
m('slurm-node-failure', 'slurm', f'{SLURM} src/srun/allocate.c:157', 'Node failure on %s',
  'srun: error: Node failure on gpub041',
  'a node of the allocation failed (hardware/site)', NOT_SCRIPT, 'srun_python.sh', 'delta')

# ------------------------------------------------------------------ torchrun / elastic
m('torchrun-nproc-unsupported', 'torchrun', f'{TORCH} torch/distributed/run.py determine_local_world_size',
  'Unsupported nproc_per_node value: {nproc_per_node}',
  "ValueError: Unsupported nproc_per_node value: ",
  'the --nproc_per_node value is empty or not a number/gpu/cpu/auto (an unset variable)', LAUNCH,
  'srun_torchrun.sh', 'delta', replace=[['--nproc_per_node=4', '--nproc_per_node=$GPUS_PER_NODE']])
m('torchrun-cuda-not-available', 'torchrun', f'{TORCH} torch/distributed/run.py determine_local_world_size',
  'Cuda is not available.', 'ValueError: Cuda is not available.',
  '--nproc_per_node=gpu on a node where the job got no GPU', DEV, 'srun_torchrun.sh', 'delta',
  replace=[['#SBATCH --gpus-per-node=4\n', ''], ['--nproc_per_node=4', '--nproc_per_node=gpu']])
m('torchrun-nnodes-format', 'torchrun', f'{TORCH} torch/distributed/run.py parse_min_max_nnodes',
  'nnodes={nnodes} is not in "MIN:MAX" format',
  'RuntimeError: nnodes=1:2:4 is not in "MIN:MAX" format',
  'the --nnodes value has more than one colon or is malformed', LAUNCH, 'srun_torchrun.sh', 'delta',
  replace=[['--nnodes=2', '--nnodes=1:2:4']])
m('torchrun-endpoint-port', 'torchrun', f'{TORCH} torch/distributed/elastic/rendezvous/utils.py parse_rendezvous_endpoint',
  "The port number of the rendezvous endpoint '{endpoint}' must be an integer between 0 and 65536.",
  "ValueError: The port number of the rendezvous endpoint 'gpub041:' must be an integer between 0 and 65536.",
  'the --rdzv_endpoint port is empty (MASTER_PORT unset) or not a number', RDZV, 'srun_torchrun.sh', 'delta',
  replace=[['export MASTER_PORT=29500\n', '']])
m('torchrun-endpoint-host', 'torchrun', f'{TORCH} torch/distributed/elastic/rendezvous/utils.py parse_rendezvous_endpoint',
  "The hostname of the rendezvous endpoint '{endpoint}' must be a dot-separated list of labels, an IPv4 address, or an IPv6 address.",
  "ValueError: The hostname of the rendezvous endpoint ':29500' must be a dot-separated list of labels, an IPv4 address, or an IPv6 address.",
  'the --rdzv_endpoint host is empty (MASTER_ADDR unset in this shell) or malformed', RDZV, 'srun_torchrun.sh', 'delta',
  replace=[['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)\n', '']])
m('torchrun-rdzv-conf-value', 'torchrun', f'{TORCH} torch/distributed/elastic/rendezvous/utils.py _parse_rendezvous_config',
  "The rendezvous configuration option '{key}' must have a value specified.",
  "ValueError: The rendezvous configuration option 'timeout' must have a value specified.",
  'a --rdzv_conf key=value pair whose value is empty (an unset variable)', RDZV, 'srun_torchrun.sh', 'delta',
  replace=[['--rdzv_id="$SLURM_JOB_ID"', '--rdzv_id="$SLURM_JOB_ID" --rdzv_conf=timeout=$RDZV_TIMEOUT']])
m('torchrun-rdzv-backend-unregistered', 'torchrun', f'{TORCH} torch/distributed/elastic/rendezvous/api.py RendezvousHandlerRegistry.create_handler',
  "The rendezvous backend '{backend}' is not registered. Did you forget to call `register`?",
  "ValueError: The rendezvous backend 'c10' is not registered. Did you forget to call `register`?",
  'the --rdzv_backend value is misspelled (c10d, static, etcd, etcd-v2)', RDZV, 'srun_torchrun.sh', 'delta',
  replace=[['--rdzv_backend=c10d', '--rdzv_backend=c10']])
m('torch-env-master-addr', 'torch', f'{TORCH} torch/distributed/rendezvous.py _env_error',
  'Error initializing torch.distributed using env:// rendezvous: environment variable {var} expected, but not set',
  'ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable MASTER_ADDR expected, but not set',
  'the program initialises with env:// and the script does not export MASTER_ADDR', RDZV, 'srun_python.sh', 'delta',
  replace=[['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n', '']])
m('torch-env-rank', 'torch', f'{TORCH} torch/distributed/rendezvous.py _env_error',
  'Error initializing torch.distributed using env:// rendezvous: environment variable {var} expected, but not set',
  'ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable RANK expected, but not set',
  'the program is started without a launcher that sets RANK (or the script does not map SLURM_PROCID)', [*LAUNCH, 'environment'],
  'srun_python.sh', 'delta')
m('torch-tcp-port-missing', 'torch', f'{TORCH} torch/distributed/rendezvous.py _tcp_rendezvous_handler',
  'Error initializing torch.distributed using tcp:// rendezvous: port number missing',
  'ValueError: Error initializing torch.distributed using tcp:// rendezvous: port number missing',
  'the init_method tcp://HOST:PORT built from a MASTER_PORT that is empty', RDZV, 'srun_python.sh', 'delta',
  replace=[['export MASTER_PORT=12802\n', '']])
m('torch-eaddrinuse', 'torch', f'{TORCH} torch/csrc/distributed/c10d/socket.cpp (DistNetworkError)',
  'The server socket has failed to listen on any local network address. port: %d, useIpv6: %d, code: %d, name: %s, message: %s',
  'torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 29500, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use',
  'two jobs/launchers on one node use the same fixed MASTER_PORT', RDZV, 'srun_torchrun.sh', 'delta')
m('torch-client-timeout', 'torch', f'{TORCH} torch/csrc/distributed/c10d/socket.cpp (DistNetworkError)',
  'The client socket has timed out after %dms while trying to connect to (%s, %d).',
  'torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to (gpub041, 29500).',
  'the workers connect to a MASTER_ADDR/port where no store listens (wrong host or the rank-0 launcher never started)', [*RDZV, 'network'],
  'srun_torchrun.sh', 'delta')
m('torch-c10d-store-connection', 'torchrun', f'{TORCH} torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py _create_tcp_store',
  'The connection to the C10d store has failed. See inner exception for details.',
  'torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.',
  'the --rdzv_endpoint host/port is not reachable from this node (wrong host, a login node name, a port in use)', [*RDZV, 'network'],
  'srun_torchrun.sh', 'delta')
m('torchrun-unrecognized-args', 'torchrun', f'{TORCH} torch/distributed/run.py get_args_parser (argparse)',
  'torchrun: error: unrecognized arguments: %s',
  'torchrun: error: unrecognized arguments: --nnode=2',
  'a torchrun option misspelled (argparse refuses it)', LAUNCH, 'srun_torchrun.sh', 'delta',
  replace=[['--nnodes=2', '--nnode=2']])
m('torchrun-missing-script', 'torchrun', f'{TORCH} torch/distributed/run.py get_args_parser (argparse)',
  'torchrun: error: the following arguments are required: training_script, training_script_args',
  'torchrun: error: the following arguments are required: training_script, training_script_args',
  'the training script argument is missing (an empty variable where the script path should be)', LAUNCH,
  'srun_torchrun.sh', 'delta', replace=[['train.py --epochs 10', '$TRAIN_SCRIPT']])

# ------------------------------------------------------------------ DeepSpeed launcher
m('ds-hostfile-missing', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:232',
  'Unable to find hostfile, will proceed with training with local resources only.',
  '[WARNING] [runner.py:232:fetch_hostfile] Unable to find hostfile, will proceed with training with local resources only.\nValueError: Num nodes is >1 but no extra nodes available via hostfile',
  'a multi-node deepspeed launch whose --hostfile does not exist', LAUNCH, 'deepspeed_hostfile.sh', 'delta',
  replace=[['--hostfile hostfile', '--hostfile /job/hostfile']])
m('ds-hostfile-bad-entry', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:266',
  'Hostfile contains a bad entry: {line}, unable to proceed with launching',
  'ValueError: Hostfile contains a bad entry: gpub041, unable to proceed with launching',
  'the hostfile lists host names without slots=N', LAUNCH, 'deepspeed_hostfile.sh', 'delta',
  replace=[["| sed 's/$/ slots=4/' ", '']])
m('ds-hostfile-duplicate', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:262',
  'Hostfile contains multiple entries for {host}, unable to proceed with launching',
  'ValueError: Hostfile contains multiple entries for gpub041, unable to proceed with launching',
  'the hostfile was built with one line per task (srun hostname) rather than one per node', LAUNCH,
  'deepspeed_hostfile.sh', 'delta')
m('ds-hostfile-empty', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:270',
  'Hostfile is empty or not formatted correctly, unable to proceed with launching.',
  'ValueError: Hostfile is empty or not formatted correctly, unable to proceed with launching.',
  'the hostfile written by the script is empty (a command that printed nothing)', LAUNCH, 'deepspeed_hostfile.sh', 'delta')
m('ds-num-nodes-no-hosts', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:477',
  'Num nodes is >1 but no extra nodes available via hostfile',
  'ValueError: Num nodes is >1 but no extra nodes available via hostfile',
  '--num_nodes above 1 with a hostfile that lists one node (or none)', LAUNCH, 'deepspeed_hostfile.sh', 'delta')
m('ds-no-gpu', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:471',
  'Unable to proceed, no GPU resources available', 'RuntimeError: Unable to proceed, no GPU resources available',
  'the deepspeed launcher sees no GPU on the node (the job asked none)', DEV, 'deepspeed_hostfile.sh', 'delta',
  replace=[['#SBATCH --gpus-per-node=4\n', '']])
m('ds-launcher-not-installed', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:595',
  "launcher '{launcher}' not installed.", "RuntimeError: launcher 'pdsh' not installed.",
  'the multi-node runner (pdsh by default) is not on the nodes; the script must pick --launcher or start one deepspeed per node', [*LAUNCH, 'environment'],
  'deepspeed_hostfile.sh', 'delta')
m('ds-same-devices', 'deepspeed', f'{DS} deepspeed/launcher/multinode_runner.py:216',
  'MPICH requires same number of devices per node', 'ValueError: MPICH requires same number of devices per node',
  'the hostfile gives the nodes different slot counts with --launcher mpich', LAUNCH, 'deepspeed_hostfile.sh', 'delta',
  replace=[['--hostfile hostfile', '--hostfile hostfile --launcher mpich']])
m('ds-master-addr', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:512',
  'Unable to detect suitable master address via `hostname -I`, please manually specify one via --master_addr',
  'RuntimeError: Unable to detect suitable master address via `hostname -I`, please manually specify one via --master_addr',
  'a multi-node deepspeed launch without --master_addr on a node where hostname -I fails', RDZV,
  'deepspeed_hostfile.sh', 'delta', replace=[['--master_addr "$MASTER_ADDR" ', '']])
m('ds-node-rank', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:539',
  'Launching training without ssh, but --node_rank is not set correctly.',
  'AssertionError: Launching training without ssh, but --node_rank is not set correctly.',
  'deepspeed --no_ssh started per node without a --node_rank from SLURM_NODEID', LAUNCH, 'deepspeed_hostfile.sh', 'delta',
  replace=[['--hostfile hostfile', '--hostfile hostfile --no_ssh --node_rank=$NODE_RANK']])
m('ds-include-num', 'deepspeed', f'{DS} deepspeed/launcher/runner.py:464',
  'Cannot specify num_nodes/gpus with include/exclude',
  'ValueError: Cannot specify num_nodes/gpus with include/exclude',
  'the deepspeed line gives --include/--exclude together with --num_gpus/--num_nodes', LAUNCH,
  'deepspeed_hostfile.sh', 'delta', replace=[['--num_gpus 4 --num_nodes 2', '--num_gpus 4 --num_nodes 2 --include localhost:0,1']])

# ------------------------------------------------------------------ Accelerate launch
m('acc-multi-gpu-one-process', 'accelerate', f'{ACC} src/accelerate/commands/launch.py:1203',
  'You need to use at least 2 processes to use `--multi_gpu`.',
  'ValueError: You need to use at least 2 processes to use `--multi_gpu`.',
  'accelerate launch --multi_gpu with --num_processes 1', LAUNCH, 'accelerate.sh', 'delta',
  replace=[['--num_processes 2', '--multi_gpu --num_processes 1']])
m('acc-one-mode', 'accelerate', f'{ACC} src/accelerate/commands/launch.py:1199',
  'You can only use one of `--cpu`, `--multi_gpu`, `--tpu`, `--use_deepspeed`, `--use_fsdp` at a time.',
  'ValueError: You can only use one of `--cpu`, `--multi_gpu`, `--tpu`, `--use_deepspeed`, `--use_fsdp` at a time.',
  'the accelerate line gives two launch modes (--multi_gpu and --use_deepspeed)', LAUNCH, 'accelerate.sh', 'delta',
  replace=[['--num_processes 2', '--multi_gpu --use_deepspeed --num_processes 2']])
m('acc-port-in-use', 'accelerate', f'{ACC} src/accelerate/utils/launch.py:244',
  'Tried to launch distributed communication on port `{port}`, but another process is utilizing it. Please specify a different port ...',
  'ConnectionError: Tried to launch distributed communication on port `29500`, but another process is utilizing it. Please specify a different port (such as using the `--main_process_port` flag or specifying a different `main_process_port` in your config file) and rerun your script. To automatically use the next open port (on a single node), you can set this to `0`.',
  'a fixed main_process_port already used on the node by another job', RDZV, 'accelerate.sh', 'delta')
m('acc-mpirun-missing', 'accelerate', f'{ACC} src/accelerate/utils/launch.py:69',
  'mpirun or mpiexec were not found. Ensure that Intel MPI, Open MPI, or MVAPICH are installed.',
  'OSError: mpirun or mpiexec were not found. Ensure that Intel MPI, Open MPI, or MVAPICH are installed.',
  'a multi-CPU accelerate launch with no MPI module loaded', ENV, 'accelerate.sh', 'delta')
m('acc-module-no-python', 'accelerate', f'{ACC} src/accelerate/utils/launch.py:106',
  '--module and --no_python cannot be used together', 'ValueError: --module and --no_python cannot be used together',
  'the accelerate line gives both -m/--module and --no_python', LAUNCH, 'accelerate.sh', 'delta',
  replace=[['--num_processes 2 train_ppo.py', '--num_processes 2 --module --no_python train_ppo']])
m('acc-deepspeed-missing', 'accelerate', f'{ACC} src/accelerate/commands/launch.py:1037',
  'DeepSpeed is not installed => run `pip3 install deepspeed` or build it from source.',
  'ImportError: DeepSpeed is not installed => run `pip3 install deepspeed` or build it from source.',
  'the environment the script activates lacks deepspeed', ENV, 'accelerate.sh', 'delta')
m('acc-gpu-ids', 'accelerate', f'{ACC} src/accelerate/utils/launch.py:178',
  'Less than two GPU ids were configured and tried to run on multiple GPUs. Please ensure at least two are specified for `--gpu_ids`, or use `--gpu_ids=\'all\'`.',
  "ValueError: Less than two GPU ids were configured and tried to run on multiple GPUs. Please ensure at least two are specified for `--gpu_ids`, or use `--gpu_ids='all'`.",
  'a multi-GPU accelerate launch on a node that shows one GPU (the job asked one, or --gpu_ids lists one)', [*DEV, 'launcher'],
  'accelerate.sh', 'delta', replace=[['--gpus-per-node=2', '--gpus-per-node=1']])
m('acc-num-processes-config', 'accelerate', f'{ACC} src/accelerate/commands/launch.py:1300',
  'You need to manually pass in `--num_processes` using this config yaml.',
  'ValueError: You need to manually pass in `--num_processes` using this config yaml.',
  'the config file leaves num_processes unset and the line does not give --num_processes', LAUNCH,
  'accelerate.sh', 'delta', replace=[[' --num_processes 2', '']])

# ------------------------------------------------------------------ MPICH Hydra / Open MPI
HYDRA_SCRIPT = [['srun python -u train.py', 'mpiexec -n 4 -ppn 4 python -u train.py']]
m('hydra-unrecognized-arg', 'mpich-hydra', f'{MPICH} src/pm/hydra/lib/utils/args.c:166',
  'unrecognized argument %s', '[mpiexec@gpub041] match_arg (lib/utils/args.c:166): unrecognized argument cpu-bind\n[mpiexec@gpub041] HYD_arg_parse_array (lib/utils/args.c:181): argument matching returned error\n[mpiexec@gpub041] mpiexec (mpiexec/mpiexec.c:105): error parsing parameters',
  'an mpiexec option of another MPI (Cray PALS --cpu-bind, Open MPI --map-by) given to Hydra', LAUNCH,
  'srun_python.sh', 'delta', replace=[['srun python -u train.py', 'mpiexec -n 4 --cpu-bind depth python -u train.py']])
m('hydra-hostfile-open', 'mpich-hydra', f'{MPICH} src/pm/hydra/lib/utils/args.c:324',
  'unable to open host file: %s', '[mpiexec@gpub041] HYDU_parse_hostfile (lib/utils/args.c:324): unable to open host file: hosts.txt',
  'the -f/-hostfile path does not exist (not written, or relative to another directory)', LAUNCH,
  'srun_python.sh', 'delta', replace=[['srun python -u train.py', 'mpiexec -f hosts.txt -n 4 python -u train.py']])
m('hydra-execvp', 'mpich-hydra', f'{MPICH} src/pm/hydra/lib/utils/launch.c:73',
  'execvp error on file %s (%s)', '[proxy:0:0@gpub041] HYDU_create_process (lib/utils/launch.c:73): execvp error on file train.py (Permission denied)',
  'the program is given to mpiexec without its interpreter (a .py file that is not executable)', [*LAUNCH, 'user'],
  'srun_python.sh', 'delta', replace=[['srun python -u train.py', 'mpiexec -n 4 ./train.py']])
m('ompi-not-enough-slots', 'openmpi', f'{OMPI} orte/mca/rmaps/base/help-orte-rmaps-base.txt:26',
  'There are not enough slots available in the system to satisfy the %d slots that were requested by the application:',
  'There are not enough slots available in the system to satisfy the 8\nslots that were requested by the application:\n\n  python\n\nEither request fewer slots for your application, or make more slots\navailable for use.',
  'mpirun -np above the slots of the allocation/hostfile (e.g. -np 8 in a job of 4 tasks)', LAUNCH,
  'srun_python.sh', 'delta', replace=[['srun python -u train.py', 'mpirun -np 8 python -u train.py']])
m('ompi-not-enough-slots-ppn', 'openmpi', f'{OMPI} orte/mca/rmaps/round_robin/help-orte-rmaps-rr.txt:40',
  'There are not enough slots on the nodes in your allocation to satisfy your request to launch on a %d process-per-node basis - only %d slots/node were available.',
  'There are not enough slots on the nodes in your allocation to satisfy your request to launch on a 8 process-per-node basis - only 4 slots/node were available.',
  'mpirun --npernode/--map-by ppr above the tasks per node of the job', LAUNCH,
  'srun_python.sh', 'delta', replace=[['srun python -u train.py', 'mpirun --npernode 8 python -u train.py']])
m('ompi-run-as-root', 'openmpi', f'{OMPI} orte/orted/orted_submit.c:317',
  '%s has detected an attempt to run as root.',
  'mpirun has detected an attempt to run as root.\n\nRunning as root is *strongly* discouraged as any mistake (e.g., in\ndefining TMPDIR) or bug can result in catastrophic damage to the OS\nfile system, leaving your system in an unusable state.',
  'mpirun started as root (inside a container) without --allow-run-as-root / OMPI_ALLOW_RUN_AS_ROOT', [*ENV, 'containers'],
  'srun_python.sh', 'delta', replace=[['srun python -u train.py', 'mpirun -np 4 python -u train.py']])

# ------------------------------------------------------------------ PBS Pro qsub
PQ = 'qsub: '
for pid, line, text, cause, exp in [
    ('pbs-unknown-queue', 201, 'Unknown queue', 'the -q names a queue the server does not have', SCHED),
    ('pbs-badatval', 194, 'Illegal attribute or resource value', 'a -l value is malformed or not allowed (e.g. walltime 1:00, select with a bad chunk)', SCHED),
    ('pbs-unknown-resource', 234, 'Unknown resource Resource_List.ngpu', 'a -l resource name the server does not define (ngpu, gpu)', RES),
    ('pbs-excqresc', 235, 'Job violates queue and/or server resource limits', 'the job asks more nodes/walltime than the queue allows', SCHED),
    ('pbs-bad-account', 248, 'Invalid Account', 'the -A project is not one the user belongs to', SCHED),
    ('pbs-queue-access', 208, 'Access to queue is denied', "the -q queue is restricted (the user/project is not on its ACL)", SCHED),
    ('pbs-select-resc', 278, 'Resource invalid in "select" specification', 'a select chunk names a job-wide resource (walltime, place) or an unknown one', RES),
    ('pbs-bad-tspec', 268, 'Bad time specification(s)', 'the walltime (or -a time) is not a PBS time', SCHED),
    ('pbs-bad-nodespec', 269, 'node(s) specification error', 'the -l nodes=/select= spec is malformed', SCHED),
    ('pbs-resc-with-select', 279, '"-lresource=" cannot be used with "select" or "place", resource is: ncpus', 'a job-wide -l ncpus/ngpus beside -l select', SCHED),
    ('pbs-place-no-select', 281, 'Cannot have "place" without "select"', '-l place given without -l select', SCHED),
    ('pbs-dup-resc', 284, 'duplicated resource within a section of a select specification, resource is: ngpus', 'a select chunk names a resource twice', SCHED),
    ('pbs-queue-disabled', 207, 'Queue is not enabled', 'the site disabled the queue (no script change helps)', NOT_SCRIPT),
    ('pbs-max-queued', 245, 'Maximum number of jobs already in queue', "the user's queued-job limit (the site's policy, not the script)", NOT_SCRIPT),
]:
    m(pid, 'pbs', f'{PBS} src/lib/Liblog/pbs_messages.c:{line} + src/cmds/qsub.c:591 "qsub: %s"',
      text, PQ + text, cause, exp, 'pbs_mpiexec.sh', 'polaris')
m('pbs-illegal-l', 'pbs', f'{PBS} src/cmds/qsub.c:1199', 'qsub: illegal -l value', 'qsub: illegal -l value',
  'a -l directive the qsub parser cannot read (a space inside the value, a missing =)', SCHED,
  'pbs_mpiexec.sh', 'polaris', replace=[['#PBS -l walltime=01:00:00', '#PBS -l walltime = 01:00:00']])
