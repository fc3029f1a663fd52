# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MASTER = 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n'
ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1']]
APPT_RUN = 'srun apptainer exec --nv --bind /scratch pytorch_24.04.sif \\\n    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py'
RAY_HEAD = 'srun --nodes=1 --ntasks=1 -w "$head_node" ray start --head --node-ip-address="$head_ip" --port=6379 --num-gpus 4 --block &'
RAY_TRAIN = 'python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model'

# ---------------------------------------------------------------- Hyak ManiFlow notes (3)

HYAK_SOURCE = 'find_string:12405874337'
HYAK_SITE = 'a user\'s project notes for HAMSTER/ManiFlow training and VILA path generation on UW Hyak (Slurm, gpu-a40 / gpu-l40s / H200 partitions, account escience, every program run with `/usr/bin/singularity exec --nv --bind /gscratch/...` from a Slurm allocation; found with the code search, text id 12405874337, the tool shows no repository name); section "トラブルシューティング" (troubleshooting), each problem with the error text, cause and fix'
HYAK_SIF = '/gscratch/scrubbed/naoto03/singularity/hamster-maniflow_latest.sif'
HYAK_MAP = 'not one of the ten sites - UW Hyak, a Slurm cluster running the program in a Singularity/Apptainer image - so mapped: diagnosed as on Delta (Slurm, apptainer)'

case(
    id='hyaknote-vila-sif-pytorch23-kernel-cuda13-driver-invalid-argument',
    kind='script',
    source=HYAK_SOURCE,
    thread_site=HYAK_SITE + '; problem 1: the VILA server failed with this error; cause given: the `tile()` kernel of PyTorch 2.3 (in the `vila.sif` image) is incompatible with the node\'s CUDA 13.0 driver; fix given: run the server in `hamster-maniflow_latest.sif` (PyTorch 2.5) instead of `vila.sif`',
    what='the job runs the program in a container image whose PyTorch build does not work with the node\'s newer driver, so a kernel launch fails; the fix is in the job script (the image on the launch line: `hamster-maniflow_latest.sif` instead of `vila.sif`); ' + HYAK_MAP + '; assumed shape - a one-node, one-GPU job whose srun step runs `apptainer exec --nv ... vila.sif python server.py --port 8000`',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], [APPT_RUN, 'srun apptainer exec --nv --bind /gscratch/:/gscratch/:rw /gscratch/scrubbed/naoto03/singularity/vila.sif \\\n    python -W ignore server.py --port 8000 --conv-mode vicuna_v1']],
    log='''
RuntimeError: CUDA driver error: invalid argument
''',
    expect={'families': ['containers', 'environment'], 'fix': r'(?m)^\+.*hamster-maniflow_latest\.sif|^-.*/vila\.sif'},
)

case(
    id='hyaknote-maniflow-train-r3m-not-on-container-pythonpath',
    kind='script',
    source=HYAK_SOURCE,
    thread_site=HYAK_SITE + '; problem 5: ManiFlow training stopped with this error; fix given: add ManiFlow\'s `third_party/r3m` to PYTHONPATH on the singularity line (`--env PYTHONPATH="/gscratch/scrubbed/naoto03/projects/HAMSTER-ManiFlow-Integration/ManiFlow/third_party/r3m"`)',
    what='the job starts the training in a container without putting a vendored package directory on the module search path, so the import fails at start; the fix is in the job script (`--env PYTHONPATH=.../ManiFlow/third_party/r3m` on the container line, or an exported APPTAINERENV_PYTHONPATH/PYTHONPATH); ' + HYAK_MAP + '; assumed shape - a one-node, one-GPU job whose srun step runs `apptainer exec --nv ... hamster-maniflow_latest.sif python maniflow/workspace/train_maniflow_robotwin_workspace.py` with no PYTHONPATH',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], [APPT_RUN, 'srun apptainer exec --nv --bind /gscratch/:/gscratch/:rw --bind /mmfs1/:/mmfs1/:rw \\\n    --env PYTHONNOUSERSITE=1 --env PYTHONUNBUFFERED=1 \\\n    ' + HYAK_SIF + ' \\\n    python maniflow/workspace/train_maniflow_robotwin_workspace.py \\\n    --config-name=maniflow_overlay_image_policy_robotwin2_zarr']],
    log='''
ModuleNotFoundError: No module named 'r3m'
''',
    expect={'families': ['environment', 'containers'], 'fix': r'(?m)^\+.*PYTHONPATH=\S*third_party/r3m'},
)

case(
    id='hyaknote-vila-paths-ssl-cert-file-missing-in-container',
    kind='script',
    source=HYAK_SOURCE,
    thread_site=HYAK_SITE + '; problem 2 (SSL certificate error): the path-generation client (OpenAI client to the local VILA server) failed with this error; fix given: clear the variables on the singularity line (`--env SSL_CERT_FILE="" --env SSL_CERT_DIR="" --env REQUESTS_CA_BUNDLE=""`), which the notes then keep in every path-generation command',
    what='the job passes a certificate-file setting into the container that points at a file the image does not have, so the client fails before any request; the fix is in the job script (clear or correct SSL_CERT_FILE and its siblings on the container line); the line is the notes\' own quotation, with its parenthesis; ' + HYAK_MAP + '; assumed shape - a one-node, one-GPU job whose srun step runs `apptainer exec ... hamster-maniflow_latest.sif python generate_paths_robotwin2_single_vila.py --episodes 50` with only PYTHONPATH set',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], [APPT_RUN, 'srun apptainer exec --bind /gscratch/:/gscratch/:rw --bind /mmfs1/:/mmfs1/:rw \\\n    --env PYTHONPATH="/gscratch/scrubbed/naoto03/.local/lib/python3.10/site-packages-vila" \\\n    ' + HYAK_SIF + ' \\\n    python generate_paths_robotwin2_single_vila.py --episodes 50']],
    log='''
FileNotFoundError: [Errno 2] No such file or directory (SSL_CERT_FILE)
''',
    expect={'families': ['environment', 'containers'], 'fix': r'(?m)^\+.*(SSL_CERT_FILE=(""|\'\'|\s|$)|unset\s+.*SSL_CERT_FILE|-u\s+SSL_CERT_FILE)'},
)

# ---------------------------------------------------------------- Lambda node ECC (1)

case(
    id='lambdanode-a10-vllm-engine-uncorrectable-ecc-dram',
    kind='not_script',
    source='find_string:71622757073',
    thread_site='a project\'s record of a faulty rented node (a Lambda instance with one NVIDIA A10, 2026-09-28, for a second dry run; found with the code search, text id 71622757073, the tool shows no repository name): the vLLM server started by the harness exited with code 1; its engine process loaded the model and failed during start with this error (serve.log line 163); `nvidia-smi` ECC report taken minutes later with driver 580.105.08: 301 uncorrectable DRAM errors in the volatile count and 373,452 in the aggregate count; the dry run was rerun on another node',
    what='the GPU\'s memory has uncorrectable ECC errors (hardware), so the first kernels fail; the same run passed on another node; the cause is the node, not the job script\'s launch line, resources or environment; the job-side answer is at most to avoid the node; the line is the record\'s own quotation; not a cluster - a rented node - so mapped: assumed shape - a one-GPU Anvil job (Slurm, gpu partition) whose srun step runs the harness that starts vLLM, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_python.sh',
    replace=[*ONE_GPU, [MASTER, ''], [SRUNPY, 'srun python harness/node/phase2.py']],
    log='''
torch.AcceleratorError: CUDA error: uncorrectable ECC error encountered
''',
)

# ---------------------------------------------------------------- Jupiter RL ledger (3)

JUP_SOURCE = 'find_string:60242178439'
JUP_SITE = 'a team\'s dated lessons ledger for agentic RL (SkyRL + Harbor/OpenCode rollouts, Ray on Slurm, vLLM engines, Qwen3.6-35B-A3B) on JSC Jupiter (Slurm, GH200 aarch64 nodes, GPFS /e/scratch; found with the code search, text id 60242178439, the tool shows no repository name), each entry with symptom, cause and fix'
JUP_MAP = 'not one of the ten sites - JSC Jupiter, a Slurm GH200 cluster - so mapped: diagnosed as on DeltaAI (Slurm, GH200 aarch64)'
JUP_NODES = [['#SBATCH --cpus-per-task=64', '#SBATCH --cpus-per-task=72']]

case(
    id='jupiterledger-rollout-trials-inode-quota-exhausted-edquot',
    kind='not_script',
    source=JUP_SOURCE,
    thread_site=JUP_SITE + '; 2026-08-03 entry: many trials aborted at once with these lines and the whole batch was aborted (job 1221005 killed at 14:03); cause given: the project\'s /e/scratch inode soft limit (77% of 8M, shared by 26 users; another project space at 98%), not bytes - `jutil project dataquota` showed 37% of the data limit, with counters days stale; fix given: delete superseded experiment trace trees after extracting their findings and treat trace cleanup as part of finishing a run',
    what='the project file system\'s file-count quota is exhausted, so new files cannot be created and the rollouts fail; the cause is the shared quota (and the data the runs leave), not the job script\'s launch line, resources or environment; the fix is clean-up of old data; the lines are the ledger\'s own text with its `...`; ' + JUP_MAP + '; assumed shape - a two-node Ray-on-Slurm RL job',
    cluster='deltaai',
    script='ray_slurm.sh',
    replace=JUP_NODES,
    log='''
INFRASTRUCTURE FAILURE [OSError]
[Errno 122] Disk quota exceeded: '/e/scratch/...'
''',
)

case(
    id='jupiterledger-opencode-rollouts-metadata-none-skyrl-extraction',
    kind='not_script',
    source=JUP_SOURCE,
    thread_site=JUP_SITE + '; 2026-08-03 entry: every OpenCode RL rollout died with these lines and fail-loud aborted the whole generation batch; cause given: SkyRL\'s `terminal_bench_generator._process_trial_result` reads `result.agent_result.metadata["all_messages"]` unconditionally, and Harbor\'s `opencode.py` never set the metadata (None), only `terminus_2.py` does; fix given: a Harbor code change (`_build_all_messages()` reconstructing the chat history from the stdout events, commit 179b31e9)',
    what='the RL framework reads a field that the chosen agent integration never fills, so result processing raises; the cause and the fix are in the Python code of the frameworks, not in the job script\'s launch line, resources or environment; the lines are the ledger\'s own text with its `...`; ' + JUP_MAP + '; assumed shape - a two-node Ray-on-Slurm RL job',
    cluster='deltaai',
    script='ray_slurm.sh',
    replace=JUP_NODES,
    log='''
INFRASTRUCTURE FAILURE [TypeError]: Trajectory ... failed outside the model
'NoneType' object is not subscriptable
''',
)

case(
    id='jupiterledger-flashinfer-moe-jit-unbounded-ninja-node-memory',
    kind='script',
    source=JUP_SOURCE,
    thread_site=JUP_SITE + '; 2026-08-03 entries: after all 26 Qwen shards loaded, the fused-MoE JIT launched some 300-350 compiler processes, node memory neared saturation, many NVCC targets died with exit code 9 and Ninja reported these lines (no literal CUDA OOM line; job 1217866, a 64-CPU allocation); cause given: FlashInfer honours MAX_JOBS, but without it Ninja derives its concurrency from the CPU allocation; fix given: bound the cold-JIT launches with `MAX_JOBS` (24 on the rerun 1217900, which completed the JIT in ~19 min) and check the rendered job environment carries it',
    what='the job leaves the build parallelism of a just-in-time kernel compile unbounded, so hundreds of compilers exhaust the node\'s memory and the build fails; the fix is in the job script\'s environment (`export MAX_JOBS=24`, or another bound); the lines are the ledger\'s quotations; ' + JUP_MAP + '; assumed shape - a two-node Ray-on-Slurm RL job (72 CPUs a task) with no MAX_JOBS',
    cluster='deltaai',
    script='ray_slurm.sh',
    replace=JUP_NODES,
    log='''
subcommand failed
Ninja build failed
''',
    expect={'families': ['environment', 'resources'], 'fix': r'(?m)^\+\s*(export\s+)?MAX_JOBS=\d+'},
)

# ---------------------------------------------------------------- single notes

case(
    id='partitionnotes-pdebug-maxnodes-1-multinode-rejected',
    kind='script',
    source='find_string:71296900588',
    thread_site='a user\'s cluster notes for a Slurm machine with partitions pdebug (MaxNodes=1, 2 nodes, 1 h), pbatch (MaxNodes=10, 35 nodes, 24 h, heavily backlogged) and pci (MaxNodes=10, 20 nodes, 24 h, near idle) (found with the code search, text id 71296900588, the tool shows no repository name): any multi-node job in pdebug is rejected outright - `srun -p pdebug -N2` answers "Invalid generic resource (gres) specification" and `sbatch --test-only -N2` answers this line; "neither message mentions MaxNodes, so the cause is easy to misread"; the notes\' answer: a multi-node study cannot use pdebug at all, use pci (or pbatch)',
    what='the job asks for two nodes in a partition whose per-job node limit is one, so Slurm rejects it with a generic configuration message; the fix is in the job script (a partition that allows multi-node jobs, `#SBATCH -p pci` or `pbatch`, or one node); the line is the notes\' own quotation; not one of the ten sites - a Slurm cluster with LLNL-style partition names - so mapped: assumed shape - a two-node torchrun-per-node job with `#SBATCH -p pdebug`, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 2\n#SBATCH -p pdebug']],
    log='''
Requested node configuration is not available
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH\s+(-p|--partition)[= ]?(pci|pbatch)\b|^-#SBATCH\s+(-p|--partition)[= ]?pdebug'},
)

case(
    id='spotracker-hf-shuffle-cache-race-on-lustre-after-658-iters',
    kind='not_script',
    source='find_string:55325984533',
    thread_site='a user\'s experiment tracker for SPO-tree / GRPO math RL runs (treetune framework, DeepSpeed ZeRO-2 with 8 per-rank vLLM servers, one 8x H200 node, `--exclusive --mem=0`, Slurm, lustre project storage; found with the code search, text id 55325984533, the tool shows no repository name); root cause & fix #3: the prompt-512 rerun (job 1414137) trained cleanly through iter 658/1000 (about 1 day 13 h), then died rc=1 at the start of iter 659 with this single error, raised by `os.chmod(indices_cache_file_name, ...)` in datasets 2.17.1 `_select_with_indices_mapping` via `dataset.shuffle(seed=self.seed + iteration)`; cause given: all 8 ranks shuffle with the same seed and write the same deterministic indices-cache file into the shared lustre dir, a rare race (once in the run; an identical earlier run finished clean); fix given: a code change (`shuffle(..., keep_in_memory=True, load_from_cache_file=False)`), resumed from iter 650 as job 1421588 and healthy past the crash point',
    what='after more than a day of good training the ranks of the program race on one cache file on the shared file system and one rank loses; the cause and fix are in the Python code (how the dataset is shuffled on every rank), not in the job script\'s launch line, resources or environment; the line is the tracker\'s own text with its `...`; not one of the ten sites - an H200 Slurm cluster - so mapped: assumed shape - a one-node DeepSpeed job on 8 GPUs (`deepspeed --num_gpus 8 ...`), diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['deepspeed --num_gpus 4 --num_nodes 2', 'deepspeed --num_gpus 8 --num_nodes 1']],
    log='''
FileNotFoundError: [Errno 2] No such file or directory: '.../data/math/train/cache-edf7937b847f91db.arrow'
''',
)

case(
    id='r11fnote-random-master-port-hits-port-in-time-wait-eaddrinuse',
    kind='script',
    source='find_string:70869225893',
    thread_site='a user\'s experiment record for an image-text pretraining data-source study (an overnight chain of single-node torchrun arms; found with the code search, text id 70869225893, the tool shows no repository name); Arm E (CC12M) failed 2026-10-05 00:50:53-55 before any training with this error; root cause given: the chain\'s `run_arm_f` launches with `--master_port=$((29400 + RANDOM % 1000))`, RANDOM happened to give port 30000, which the previous process still held (TIME_WAIT / not released), so the rendezvous failed and the arm exited 1 within 2 s; the record calls it "a pure engineering problem (port collision), not a data/science problem" and says it must be rerun "with a more robust port choice (see §15.7)"',
    what='DOUBTFUL - the record names the direction of the fix (a more robust port choice, its section 15.7), not the change, and shows no rerun; the job picks a random fixed rendezvous port that the previous run on the same host still holds, so the launcher cannot bind it and the run ends at once; the fix is on the launch line (a port chosen so it is free, e.g. `torchrun --standalone` for a single node or a checked free port) - the record names the direction, not the exact change; the line is the record\'s own quotation with its `...`; not a named cluster - mapped: assumed shape - a one-node, four-GPU Delta job (Slurm) whose batch step runs `torchrun --nnodes=1 --nproc_per_node=4 --master_port=$((29400 + RANDOM % 1000)) train.py`, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py', 'torchrun --nnodes=1 --nproc_per_node=4 --master_port=$((29400 + RANDOM % 1000)) train.py']],
    log='''
torch.distributed.DistNetworkError: ... port: 30000 ... EADDRINUSE, address already in use
''',
    expect={'families': ['launcher', 'network', 'rendezvous'], 'fix': r'(?m)^\+.*torchrun\b.*(--standalone|--master[_-]port[= ]"?\$\{?\w+|--rdzv[_-]endpoint[= ]\S*:0\b)|^-.*RANDOM\s*%\s*1000'},
)

# ---------------------------------------------------------------- data-efficiency OPS runbook (3)

OPS_SOURCE = 'find_string:61024599153'
OPS_SITE = 'a team\'s OPS runbook of infrastructure fixes for a data-efficiency pretraining and eval pipeline (lm_eval under `accelerate launch --num_processes 8` on A100-40GB nodes, Levanter training; the cluster nodes are AWS p4d instances in a Slurm cluster, `gpu-dy/st-p4d24xlarge-*`; found with the code search, text id 61024599153, the tool shows no repository name); each fix is "also applied in the code/script it concerns"'
OPS_MAP = 'not one of the ten sites - an AWS ParallelCluster Slurm cluster of 8x A100-40GB nodes - so mapped: diagnosed as on Delta (Slurm)'
ACC_RUN = 'accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py'
ACC_NODE = [['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=8']]

case(
    id='opsrunbook-lm-eval-gather-object-nccl-p2p-ipc-oom-a100-40gb',
    kind='script',
    source=OPS_SOURCE,
    thread_site=OPS_SITE + '; entry "Eval: multi-GPU gather_object NCCL crash": `torch.distributed.gather_object` at task end (lm_eval evaluator.py:677/691) failed with the first line, killing mmlu and the large paloma subsets, near-always on the NCCL 2.27.5 stack; root cause captured under NCCL_DEBUG=INFO (the second line): an OOM in NCCL\'s P2P/CUMEM IPC-buffer allocator on A100-40GB, "unhandled cuda error" being the misleading downstream symptom; fix given: `export NCCL_P2P_DISABLE=1` before `accelerate launch` in the eval run scripts; A/B: P2P on 8/8 fail, NCCL_SHM_DISABLE=1 6/6 fail, NCCL_P2P_DISABLE=1 6/6 pass (32/32 task-runs validated)',
    what='the job lets NCCL set up peer-to-peer IPC buffers for a final gather on GPUs already nearly full, and the buffer allocation runs out of memory; the fix is in the job script\'s environment (`export NCCL_P2P_DISABLE=1` before the launch line); the second line is the runbook\'s quotation; ' + OPS_MAP + '; assumed shape - a one-node, 8-GPU Delta job whose batch step runs `accelerate launch --num_processes 8 -m lm_eval ...`',
    cluster='delta',
    script='accelerate.sh',
    replace=[*ACC_NODE, [ACC_RUN, 'accelerate launch --num_processes 8 -m lm_eval --model hf --model_args pretrained=$HF_DIR --tasks mmlu --batch_size 16 --output_path $OUT_ROOT/mmlu']],
    log='''
RuntimeError: NCCL Error 1: unhandled cuda error
include/alloc.h:228 NCCL WARN Cuda failure 2 'out of memory'
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+\s*(export\s+)?NCCL_P2P_DISABLE=1\b|^\+.*\bNCCL_P2P_DISABLE=1\s+accelerate\b'},
)

case(
    id='opsrunbook-paloma-eval-hf-offline-mode-legacy-builder-script',
    kind='script',
    source=OPS_SOURCE,
    thread_site=OPS_SITE + '; entry "Eval: paloma needs HF ONLINE mode": `allenai/paloma` fetches a legacy builder script from the Hub on every `load_dataset`, so `HF_DATASETS_OFFLINE=1` / `HF_HUB_OFFLINE=1` kills it with this error; fix given: the paloma run script sets OFFLINE=0 (other tasks ship plain data files and stay offline); "Do not fix paloma back to offline"',
    what='the job forces the Hugging Face libraries offline, and this dataset needs a file from the Hub at every load, so the evaluation fails at once; the fix is in the job script\'s environment (do not set HF_DATASETS_OFFLINE/HF_HUB_OFFLINE for this task, or set them to 0); ' + OPS_MAP + '; assumed shape - a one-node, 8-GPU Delta job that exports `HF_DATASETS_OFFLINE=1` and `HF_HUB_OFFLINE=1` and runs `accelerate launch --num_processes 8 -m lm_eval ... --tasks paloma_c4_en`',
    cluster='delta',
    script='accelerate.sh',
    replace=[*ACC_NODE, [ACC_RUN, 'export HF_DATASETS_OFFLINE=1\nexport HF_HUB_OFFLINE=1\naccelerate launch --num_processes 8 -m lm_eval --model hf --model_args pretrained=$HF_DIR --tasks paloma_c4_en --batch_size 16 --output_path $OUT_ROOT/paloma']],
    log='''
ConnectionError: OfflineModeIsEnabled
''',
    expect={'families': ['environment'], 'fix': r'(?m)^-\s*(export\s+)?HF_(DATASETS|HUB)_OFFLINE=1|^\+\s*(export\s+)?HF_(DATASETS|HUB)_OFFLINE=0\b|^\+\s*unset\s+.*HF_(DATASETS|HUB)_OFFLINE'},
)

case(
    id='opsrunbook-levanter-fresh-cache-missing-validation-split',
    kind='not_script',
    source=OPS_SOURCE,
    thread_site=OPS_SITE + '; entry "Training: fresh tokenized caches need a validation -> train symlink": Levanter opens both train/ and validation/ caches at startup even with num_validation_sequences=0, so fresh caches with only train/ crash on first launch with these lines; fix given: a symlink `validation -> train` in every cache, baked into every tokenize script as a post-step',
    what='the training program expects a validation split in its data cache and the freshly built cache has none, so it stops at start-up; the cause and fix are in the data (the cache layout the tokenize step writes) and the program\'s expectations, not in the training job script\'s launch line, resources or environment; the lines are the runbook\'s quotations with their `...` and `<name>`; ' + OPS_MAP + '; assumed shape - a two-node Delta job running the Levanter trainer with srun, one task per node',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=64'], [SRUNPY, 'srun python -m levanter.main.train_lm --config_path config/ladder_600m.yaml']],
    log='''
FileNotFoundError: Cache ledger not found at .../validation/shard_ledger.json
ValueError: No source and no cache found for component <name> split validation
''',
)

case(
    id='rocenote-64-rank-nccl-init-hang-nvls-multicast-error-802',
    kind='script',
    source='find_string:67663506283',
    thread_site='a user\'s training notes for an RL run on an 8-node H100 RoCE cluster (64 ranks, NCCL 2.27.3, training in Docker containers, a b_manage0 management interface and mlx5 RoCE NICs; found with the code search, text id 67663506283, the tool shows no repository name): section "Critical Fix: NCCL_NVLS_ENABLE=0": the 64-rank job hung during NCCL communicator initialisation with NVLS enabled (the default), although all pair-wise node tests passed and a 2-node 16-rank test worked, over Socket and RoCE alike; root cause given: NVLS multicast fails on these nodes with this error, and with 8 nodes the NVLS fallback path appears to deadlock during the second communicator\'s QP setup; fix given: `export NCCL_NVLS_ENABLE=0` (kept in the job\'s full NCCL configuration beside NCCL_IB_GID_INDEX=3, NCCL_IB_HCA, NCCL_SOCKET_IFNAME)',
    what='the job leaves NCCL\'s NVLink-SHARP (NVLS) path on at a scale and on nodes where its multicast set-up fails, and communicator initialisation hangs; the fix is in the job script\'s environment (`export NCCL_NVLS_ENABLE=0`); the line is the notes\' quotation of the failing call\'s error; not one of the ten sites - a RoCE H100 Slurm-style cluster - so mapped: assumed shape - an 8-node Delta job (Slurm) running one torchrun per node with 8 GPUs each, with the RoCE NCCL settings exported but NCCL_NVLS_ENABLE unset, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 8'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['export MASTER_PORT=29500', 'export MASTER_PORT=29500\nexport NCCL_IB_DISABLE=0\nexport NCCL_IB_GID_INDEX=3\nexport NCCL_SOCKET_IFNAME=b_manage0\nexport NCCL_CUMEM_ENABLE=0'], ['--nnodes=2 --nproc_per_node=4', '--nnodes=8 --nproc_per_node=8']],
    log='''
CUDA error 802 'system not yet initialized'
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+\s*(export\s+)?NCCL_NVLS_ENABLE=0\b'},
)

# ---------------------------------------------------------------- two-A100X inference benchmark box (2)

BOX_SOURCE = 'find_string:63351310313'
BOX_SITE = 'a project\'s troubleshooting guide for LLM inference benchmarks (vLLM 0.22.0 and SGLang) on one server with two A100X cross-NUMA over PCIe, no NVLink, mlx5 RoCE NICs, driver 570 (CUDA 12.8) and CUDA-13 wheels; found with the code search, text id 63351310313, the tool shows no repository name); section "G - Multi-GPU / tensor-parallel (TP>1) failures", whose env and flags "are already applied in benchmark/run_static_benchmark.sh"'
BOX_MAP = 'not a cluster - one two-GPU server - so mapped: diagnosed as on Delta (Slurm), a one-node job with 2 GPUs'
TS_RUN = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'
TS_2GPU = [['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2']]

case(
    id='a100xbox-tp2-nccl-over-roce-ibv-reg-mr-memlock-64mb',
    kind='script',
    source=BOX_SOURCE,
    thread_site=BOX_SITE + '; G2: any TP=2 run crashed in ncclCommInitRank with `NCCL error: unhandled system error`, and under NCCL_DEBUG=INFO showed these lines; cause given: with no NVLink NCCL routes the GPU-to-GPU traffic over the RoCE NICs, and IB memory registration fails because `ulimit -l` is only 64 MB; fix given: `export NCCL_IB_DISABLE=1` (forces the PCIe P2P path, the right one for two local GPUs); do not disable P2P instead',
    what='the job lets NCCL use the node\'s RDMA NICs between two GPUs of the same host, and their memory registration fails under the locked-memory limit; the fix is in the job script\'s environment (`export NCCL_IB_DISABLE=1`; raising `ulimit -l` is the other cure); the lines are the guide\'s quotation with its `...`; ' + BOX_MAP + '; assumed shape - a one-node, two-GPU job that runs `python3 -m sglang.launch_server --model-path $MODEL --tp-size 2` with no NCCL settings',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[*TS_2GPU, [TS_RUN, 'python3 -m sglang.launch_server --model-path "$MODEL" --tp-size 2 --port 30000']],
    log='''
NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE ...
NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory
ncclSystemError ... Call to ibv_reg_mr_iova2 failed
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+\s*(export\s+)?NCCL_IB_DISABLE=1\b|^\+.*ulimit\s+-l\s+(unlimited|\d{6,})'},
)

case(
    id='a100xbox-vllm-tp2-custom-allreduce-cuda13-kernel-driver-570',
    kind='script',
    source=BOX_SOURCE,
    thread_site=BOX_SITE + '; G4: vLLM at TP>1 failed with `Engine core initialization failed`, the worker traceback ending in these lines (TP=1 never does the all-reduce and is unaffected); cause given: vLLM 0.22.0\'s custom all-reduce is a CUDA-13-compiled kernel and driver 570 supports only CUDA 12.8; fix given: `vllm serve ... --disable-custom-all-reduce` (plain NCCL all-reduce; no loss without NVLink)',
    what='the job starts the server with a feature whose kernel was built for a newer CUDA than the node\'s driver, so the worker fails at start; the fix is on the launch line (`--disable-custom-all-reduce`); the lines are the guide\'s quotation with its `...`; ' + BOX_MAP + '; assumed shape - a one-node, two-GPU job whose batch step runs `vllm serve $MODEL --tensor-parallel-size 2`',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[*TS_2GPU, [TS_RUN, 'vllm serve "$MODEL" --tensor-parallel-size 2 --gpu-memory-utilization 0.94 --port 8000']],
    log='''
File ".../distributed/device_communicators/custom_all_reduce.py", line 175, in __init__
    self.meta_ptrs = self.create_shared_buffer(...)
torch.AcceleratorError: CUDA error: CUDA driver version is insufficient for CUDA runtime version
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^\+.*vllm\s+serve\b.*--disable-custom-all-reduce'},
)

# ---------------------------------------------------------------- GitHub threads

case(
    id='nccl1043-two-node-allreduce-dual-port-nics-stuck-invalid-next-size',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1043',
    thread_site='NVIDIA/nccl#1043 (closed): two HGX-H100 systems, 4 dual-port Mellanox CX6-DX NICs each, one SN2700 switch, driver 535.104.05, CUDA 12.2; a two-node nccl-tests all_reduce_perf started with mpirun (6 GPUs and 3 NICs / 6 ports a node, NCCL_IB_HCA listing the six ports); with NCCL 2.19.3 the run logged the first line and got stuck, with 2.18.5 it failed with the second error, with 2.16.5 it ran clean; an NCCL maintainer\'s patch (NVLS dual-port NIC transmission) resolved it on the reporter\'s test, to be in a later release',
    what='a defect in the NCCL library releases for this NIC layout makes the collective hang or corrupt memory, while an older release of the same library runs the same job clean; the cause is the library (fixed by a patch), not the job script\'s launch line, resources or environment; not one of the ten sites - two HGX-H100 servers - so mapped: assumed shape - a two-node Stampede3 job (Slurm) running the all-reduce test with ibrun (the source used mpirun), one rank per GPU, diagnosed as on Stampede3 (its H100 nodes have 4 GPUs, so 4 ranks a node here)',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -n 6', '#SBATCH -n 8'], ['module load cuda/12.2', 'module load cuda/12.2 nccl'], ['ibrun python train.py --epochs 10', 'ibrun ./build/all_reduce_perf -c 0 -b 2M -e 4G -f 2 -g 1']],
    log='''
Tuner: plugin load '(null)' returned error (11 : (null))
free(): invalid next size (fast)
''',
)

case(
    id='sparkprd-nvfp4-moe-sm120-kernel-needs-147kb-smem-gb10-101kb',
    kind='not_script',
    source='find_string:54554506001',
    thread_site='a team\'s PRD "CUTLASS NVFP4 SM121 Shared Memory Fix" for serving NVFP4 MoE models (GLM-4.7-NVFP4 and others, SGLang v0.5.10, TP=4 EP=4) on DGX Spark (GB10 / SM121) nodes under Kubernetes (found with the code search, text id 54554506001, the tool shows no repository name); Crash A, the `triton` MoE runner: this error during CUDA graph capture and in eager inference; root cause given: sgl-kernel dispatches SM121 to its SM120 grouped-GEMM kernel (Pingpong schedule, 128x128x128 tiles, ~147 KB shared memory) but GB10 has 101 KB a block, so the launch triggers a device-side assert and later CUDA calls return the sticky error; "no known working NVFP4 MoE configuration exists on SM121 in any public sglang build" - the fix planned is a patched sgl-kernel build (upstream tracking sglang#11658); a second crash (Xid 13 in the flashinfer_cutlass runner) is a FlashInfer regression, left out here',
    what='a kernel of the serving library needs more shared memory than this GPU provides, so it asserts on the device at the first MoE call; the cause is the library build for this GPU (a patched kernel is the fix), not the job script\'s launch line, resources or environment; not one of the ten sites - DGX Spark (Grace-Blackwell, aarch64) nodes under Kubernetes - so mapped: assumed shape - a one-node, four-GPU DeltaAI job (Slurm, aarch64) whose batch step runs `python3 -m sglang.launch_server --model-path $MODEL --tp-size 4 --ep-size 4 --moe-runner-backend triton`, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='torchrun_single.sh',
    replace=[['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'python3 -m sglang.launch_server --model-path "$MODEL" --tp-size 4 --ep-size 4 --moe-runner-backend triton --disable-cuda-graph']],
    log='''
RuntimeError: Runtime check failed at nvfp4_blockwise_moe.cuh:78: CUDA error: device-side assert triggered
''',
)

# ---------------------------------------------------------------- Perlmutter submit-policy notes (one each)

PM_SRUN = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
PM_WHAT = 'the line is the notes\' own quotation of the submit filter\'s message; diagnosed as on Perlmutter'

case(
    id='pmmdnote-gpu-prefixed-qos-name-rejected-by-submit-filter',
    kind='script',
    source='find_string:69018290834',
    thread_site='a user\'s run instructions for a machine-learned-potential MD job on NERSC Perlmutter (account m4292, `perlmutter/la_uma_md.sbatch`, checkpointing every 50 ps, resubmitted with `sbatch -A m4292 -q overrun --requeue ...`; found with the code search, text id 69018290834, the tool shows no repository name); notes: "Don\'t use `-q gpu_regular` or `-q gpu_debug`. Those names are internal and Slurm rejects them with" this message; "Use `regular`, `debug`, or `overrun`"',
    what='the job names the internal GPU QOS instead of the public one, and the site\'s submit filter rejects it; the fix is in the job script (`#SBATCH -q regular`, `debug` or `overrun` with `-C gpu`); ' + PM_WHAT + '; assumed shape - a one-node Perlmutter GPU job with `#SBATCH -q gpu_regular` that runs the MD script with srun',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g', '#SBATCH -A m4292'], ['#SBATCH -q regular', '#SBATCH -q gpu_regular'], [PM_SRUN, 'srun --cpu-bind=cores python la_uma_md.py --restart latest']],
    log='''
Job request does not match any supported policy
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+#SBATCH\s+(-q|--qos)[= ]?(regular|debug|overrun|premium|shared|preempt)\b'},
)

case(
    id='pmvaspnote-three-gpus-per-node-rejected-gpu-policy',
    kind='script',
    source='find_string:69186574297',
    thread_site='a user\'s workflow notes for generated VASP defect/hybrid-functional runs on NERSC Perlmutter and a second cluster (found with the code search, text id 69186574297, the tool shows no repository name): "On Perlmutter, GPU sbatch/srun jobs on this account need `--gpus-per-node=4 --ntasks-per-node=4` (a full node\'s worth) to match Slurm\'s GPU policy - `--gpus-per-node=3` was tried and silently rejected" with this message; KPAR must divide the rank count (nodes x 4)',
    what='the job asks for three of a node\'s four GPUs in a QOS that only accepts whole GPU nodes, so the submit filter rejects it; the fix is in the job script (`--gpus-per-node=4 --ntasks-per-node=4`, KPAR adjusted to match); ' + PM_WHAT + '; assumed shape - a one-node Perlmutter GPU job (regular QOS) with `--gpus-per-node=3 --ntasks-per-node=3` running `srun vasp_std`',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=3'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=3'], ['module load pytorch/2.3.1', 'module load vasp/6.4.3-gpu'], [PM_SRUN, 'srun --cpu-bind=cores vasp_std']],
    log='''
Job request does not match any supported policy
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+#SBATCH\s+(--gpus-per-node|--gpus|-G)[= ]?4\b'},
)

case(
    id='pmcpunote-cpu-job-without-constraint-rejected',
    kind='script',
    source='find_string:70924589324',
    thread_site='a user\'s Perlmutter operations guide for CPU simulation campaigns (account m342; found with the code search, text id 70924589324, the tool shows no repository name): "`-C cpu` is MANDATORY. Without it `sbatch` fails with" this message - verified 2026-10-01: `sbatch --test-only -A m342 -q regular -t 1 --wrap true` rejected, the same with `-C cpu` accepted, debug QOS the same',
    what='the CPU job gives no node-type constraint, which this site requires, so the submission is rejected; the fix is in the job script (`#SBATCH -C cpu`); ' + PM_WHAT + '; assumed shape - a one-node Perlmutter CPU job (regular QOS, no -C) running an MPI solver with srun',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['# Perlmutter GPU job: srun starts one rank per GPU (NERSC docs shape, -C gpu, account and QOS).', '# Perlmutter CPU job: srun starts one MPI rank per core.'], ['#SBATCH -A m0000_g', '#SBATCH -A m342'], ['#SBATCH -C gpu\n', ''], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=128'], ['#SBATCH --gpus-per-node=4\n', ''], ['#SBATCH -c 32', '#SBATCH -c 2'], ['module load pytorch/2.3.1\n', ''], [PM_SRUN, 'srun --cpu-bind=cores ./solver input.dat']],
    log='''
Job request does not match any supported policy
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH\s+(-C|--constraint)[= ]?"?cpu\b'},
)

case(
    id='gb300adapter-ray-head-ip-on-unroutable-management-subnet-gcs',
    kind='script',
    source='find_string:59097103997',
    thread_site='a user\'s site-adapter job script for an RL recipe (Ray head and workers in one pyxis container per node, GLM-5.2 on 8 GB300 nodes of an `rdx-gb300` Slurm cluster, partition batch_1; found with the code search, text id 59097103997, the tool shows no repository name); its comments: the compute fabric is 10.4.90.x and the 10.0.1.x management subnet is NOT routable between nodes; the upstream default prefix "10." picked the wrong address from `hostname -I` (whose order is not stable) and the Ray workers failed with this line (job 1926); fix given in the script: select the head IP with `FABRIC_PREFIX=10.4.` (`hostname -I | tr \' \' \'\\n\' | grep -E "^${FABRIC_PREFIX}" | head -1`)',
    what='the job takes the Ray head\'s address from a host-address list that starts with a management address the other nodes cannot reach, so the workers cannot join the head; the fix is in the job script (choose the address on the compute fabric, e.g. filter `hostname -I` by the fabric prefix, or use the fabric interface\'s name); the line is the script\'s own quotation; not one of the ten sites - a GB300 (aarch64) Slurm cluster - so mapped: assumed shape - a DeltaAI Ray-on-Slurm job whose head IP is `hostname -I | awk \'{print $1}\'`, diagnosed as on DeltaAI (Slurm, aarch64)',
    cluster='deltaai',
    script='ray_slurm.sh',
    replace=[['head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)', 'head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname -I | awk \'{print $1}\')']],
    log='''
Failed to connect to GCS at 10.0.1.2:6379
''',
    expect={'families': ['network', 'launcher'], 'fix': r'(?m)^\+\s*head_ip=.*(grep\s+(-E\s+)?["\']?\^?\$?\{?FABRIC_PREFIX|grep\s+(-E\s+)?["\']?\^?10\\?\.4|ip\s+-4\s+(-o\s+)?addr\s+show)'},
)

case(
    id='alliancevllm-fork-start-method-cuda-already-initialised-mig',
    kind='script',
    source='find_string:71308171560',
    thread_site='a user\'s Slurm array job script for a vLLM evaluation phase (a per-job venv built with `pip install --no-index` from the site wheelhouse, node-local $SLURM_TMPDIR, MIG GPU slices - an Alliance-style Slurm cluster; found with the code search, text id 71308171560, the tool shows no repository name); its comments: "Two failures in the first Phase 1 launch came from here, not from the models": (1) this error - vLLM\'s default fork start method breaks when CUDA is already initialised (seen on MIG); (2) a stale-file-handle race in the inductor cache on $HOME; fix given in the script: `export VLLM_WORKER_MULTIPROC_METHOD=spawn` and all caches under $SLURM_TMPDIR',
    what='the job leaves the serving library on its fork start method although CUDA is already initialised in the parent, so the worker processes cannot use the GPU; the fix is in the job script\'s environment (`export VLLM_WORKER_MULTIPROC_METHOD=spawn`); the line is the script\'s own quotation; not one of the ten sites - an Alliance-style Slurm cluster with MIG slices - so mapped: assumed shape - a one-GPU Anvil array task (Slurm, gpu partition) that activates the venv and runs the vLLM evaluation with srun python, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_python.sh',
    replace=[*ONE_GPU, [MASTER, 'source "$SLURM_TMPDIR/venv/bin/activate"\n'], [SRUNPY, 'srun python run_phase1.py --model "$MODEL" --tasks "$SLURM_ARRAY_TASK_ID"']],
    log='''
Cannot re-initialize CUDA in forked subprocess
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+\s*(export\s+)?VLLM_WORKER_MULTIPROC_METHOD=spawn\b'},
)

case(
    id='rtx3080writeup-xid79-after-three-hours-gddr6x-heat-soak',
    kind='not_script',
    source='find_string:69028867135',
    thread_site='a user\'s incident write-up for a home GPU training node (RTX 3080 10GB GDDR6X, nvidia-open 595.71.05, custom water loop, FormD T1 sandwich case; transformer training ~250M params, bf16 + AdamW, runs of hours; found with the code search, text id 69028867135, the tool shows no repository name): late May 2026 training runs died with this line at a repeatable ~3-hour mark while gaming never crashed and every visible temperature was fine; red herrings tried: optimizer, PSU transients (power limit 370 -> 320 W), PCIe reseat, EXCLUSIVE_PROCESS compute mode; the break: `SW Thermal Slowdown: Active` at a 65-70 C die; cause found: the GDDR6X memory junction (not reported on Linux) heat-soaked because the backplate sat in still air; validation: side panel off, same workload past the 3-hour point clean; fixes: an intake fan feeding the GPU compartment and new memory thermal pads (2026-05-25), die repad; full power limit restored',
    what='after hours of good training the GPU\'s memory overheats behind a passive backplate and the card drops off the bus (Xid 79); the cause is the hardware\'s cooling, fixed mechanically, not the job script\'s launch line, resources or environment (power-limit cuts only stretched the time to failure); the line is the write-up\'s own quotation with its `pid=...`; not a cluster - a home training node - so mapped: assumed shape - a one-node, one-task Lonestar6 GPU job (Slurm, gpu-a100 queue) running the training with python in the batch step, diagnosed as on Lonestar6',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['#SBATCH -t 02:00:00', '#SBATCH -t 12:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['ibrun python train.py --epochs 10', 'python -u train.py --config configs/lm_250m.yaml --precision bf16']],
    log='''
NVRM: Xid (PCI:0000:06:00): 79, pid=..., GPU has fallen off the bus.
''',
)

case(
    id='dogbreednb-truncated-training-jpeg-pil-load-fails',
    kind='not_script',
    source='find_string:48205194183',
    thread_site='a student\'s dog-breed classifier notebook (CNN from scratch, PyTorch ImageFolder loaders on the dogImages set, training on one GPU; found with the code search, text id 48205194183, the tool shows no repository name): "One of the dog images in the train directory (dogImages/train/098.Leonberger/Leonberger_06571.jpg) is causing issues when attempting to load via PIL. Specifically, the following error occurs:" this line; workaround given: `ImageFile.LOAD_TRUNCATED_IMAGES = True` in the training code',
    what='one image of the training data is a truncated file, so the data loader fails when it reaches it; the cause is the data (and the fix a data clean-up or a tolerant loader in the Python code), not the job script\'s launch line, resources or environment; the line is the notebook\'s quotation; not a cluster - a notebook - so mapped: assumed shape - a one-GPU Bridges-2 job (Slurm, GPU-shared) running the training script with srun, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[*ONE_GPU, [MASTER, ''], [SRUNPY, 'srun python -u train_scratch.py --data dogImages --epochs 20']],
    log='''
OSError: image file is truncated (150 bytes not processed)
''',
)

case(
    id='spd263-exclude-names-node-removed-from-cluster',
    kind='script',
    source='https://github.com/goodfire-ai/spd/pull/263',
    thread_site='goodfire-ai/spd PR#263 (merged, 2025-11-21) "Fix SLURM exclude for missing nodes": the project\'s Slurm submissions carried an exclude directive for node h200-dev-145-040, which no longer exists in the cluster, so excluding it "caused an \'Invalid node name specified\' error"; the fix removes the exclude directive (an H200 Slurm cluster)',
    what='the job excludes a node by a name the cluster no longer has, and Slurm rejects the whole request for the unknown node name; the fix is in the job script (drop or correct the `--exclude` list); the line is the PR\'s own quotation of the error; not one of the ten sites - an H200 Slurm cluster - so mapped: assumed shape - a one-node, 8-GPU Delta job (Slurm) with `#SBATCH --exclude=h200-dev-145-040` starting torchrun, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8\n#SBATCH --exclude=h200-dev-145-040'], ['--nproc_per_node=4', '--nproc_per_node=8']],
    log='''
Invalid node name specified
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^-#SBATCH\s+(-x|--exclude)[= ]?h200-dev-145-040'},
)

case(
    id='robodojonote-xid79-gpu-off-bus-all-gpus-xid154-reboot-required',
    kind='not_script',
    source='find_string:71638218775',
    thread_site='a user\'s fault record for an 8-GPU training server (company-server-2, project jev_rsi, 2026-10-05; found with the code search, text id 71638218775, the tool shows no repository name): at 06:56:27 GPU4 (PCI 0000:00:09.0) reported Xid 79 and at the same time all 8 GPUs reported Xid 154 "Node Reboot Required"; integer device selection failed on GPU0/2/7, a near-idle GPU selected by UUID and a direct libcuda cuInit still returned 999; kernel and user driver both 580.82.09; UVM clean-up abnormal; the record: the driver explicitly requires a node reboot - changing the control code, device numbers or restarting Python cannot get past the reproduced cuInit failure; if the card drops again after the reboot, the server/host maintainers must check the hardware or passthrough',
    what='a GPU fell off the PCIe bus and the driver put every GPU of the server into a state that only a reboot clears, so CUDA cannot initialise at all; the cause is the node (hardware/driver state), not the job script\'s launch line, resources or environment; the job-side answer is at most another node; the lines are the record\'s own text (in Chinese punctuation, trimmed); not a cluster - one 8-GPU server - so mapped: assumed shape - a one-node, 8-GPU Delta job (Slurm) running the training with torchrun, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['--nproc_per_node=4 train.py --config configs/small.yaml', '--nproc_per_node=8 train.py --config configs/rsi.yaml']],
    log='''
06:56:27，GPU4（PCI0000:00:09.0）Xid79：GPU has fallen off the bus。
同时8卡全部Xid154：Node Reboot Required。
''',
)

case(
    id='diffsynth1001-controlnet-lora-ddp-unused-parameters',
    kind='not_script',
    source='https://github.com/modelscope/DiffSynth-Studio/issues/1001',
    thread_site='modelscope/DiffSynth-Studio#1001 (open): fine-tuning the FLUX.1-dev Upscaler ControlNet (LoRA) on custom 1440p data with `accelerate launch --mixed_precision=bf16 --multi_gpu --main_process_port 29501 --num_machines 1 --num_processes 2 ... examples/flux/model_training/train.py` on one node with two GPUs; training failed with this error; no reply with a fix in the thread',
    what='DOUBTFUL - the thread gives no resolution; the message itself says the model has parameters that take no part in the loss, which DDP cannot reduce; that is a property of the training code (which modules are trained, or `find_unused_parameters=True` passed to DDP by the program), not of the job script\'s launch line, resources or environment; not a cluster - mapped: assumed shape - a one-node, two-GPU Delta job (Slurm) running the same accelerate launch line, diagnosed as on Delta',
    cluster='delta',
    script='accelerate.sh',
    replace=[['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --mixed_precision=bf16 --multi_gpu --main_process_port 29501 --num_machines 1 --num_processes 2 \\\n    examples/flux/model_training/train.py --dataset_base_path "$DATASET_BASE_PATH" --output_path "$OUTPUT_PATH"']],
    log='''
[rank1]: RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss. You can enable unused parameter detection by passing the keyword argument `find_unused_parameters=True` to `torch.nn.parallel.DistributedDataParallel`
''',
)

case(
    id='nccl1726-p5-topology-xml-missing-cpu-arch-comm-init-internal-error',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1726',
    thread_site='NVIDIA/nccl#1726 (closed): a vLLM engine (DeepSeek, TP=8 PP=2 on H100 nodes under KubeRay, AWS p5.48xlarge, the reporter\'s companion report vllm#18997) failed at NCCL communicator initialisation with this error; the reporter\'s resolution: "Turns out `/usr/local/share/aws-ofi-nccl/xml/p5.48xl-topo.xml` was malformed. It was missing `arch` and `vendor` flags, causing NCCL to fail later on" (found with a standalone NCCL test that printed `Attribute arch of node cpu not found`)',
    what='a system topology file shipped in the node image is malformed, so NCCL\'s topology detection fails while the communicator is built; the cause is the platform image, not the job script\'s launch line, resources or environment; the line is the issue\'s own statement of the error; not one of the ten sites - AWS p5 nodes under KubeRay - so mapped: assumed shape - a two-node Delta job (Slurm) running one torchrun per node with 8 GPUs each, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['--nproc_per_node=4', '--nproc_per_node=8']],
    log='''
ncclCommInitRank failed with error: NCCL error: internal error
''',
)

case(
    id='refitab-vllm-modelopt-moe-kernel-none-assert-b200',
    kind='not_script',
    source='find_string:61945454013',
    thread_site='a user\'s timeline for an RL refit A/B (Qwen3-30B-A3B MXFP8, four B200 nodes on GCP, vLLM 0.25 rollout engines, shared Lustre worker environments; found with the code search, text id 61945454013, the tool shows no repository name): 2026-08-04 17:45, jobs 496459 and 496460 passed W&B set-up and reached vLLM model initialisation, then both failed at this assert in vLLM 0.25 ModelOpt; fix given: cherry-picked the upstream commits 553b985aa and c12c0eb7a (initialise the modular MoE kernel, restore the quantized value/scale tensor shapes); jobs 496508/496509 then passed the failure point and completed the 20 steps',
    what='the installed serving library has a defect in its quantized MoE path, so model initialisation trips an internal assert; the cause is the library version, fixed by upstream code commits, not the job script\'s launch line, resources or environment; the line is the timeline\'s own quotation; not one of the ten sites - B200 nodes on GCP - so mapped: assumed shape - a two-node Delta Ray-on-Slurm RL job, diagnosed as on Delta (Slurm)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8']],
    log='''
assert self.moe_kernel is not None
''',
)

case(
    id='agptledger-sunspot-async-checkpoint-gloo-subgroup-on-xpu',
    kind='script',
    source='find_string:68944595316',
    thread_site='a team\'s dated development ledger for AuroraGPT training with torchtitan + ezpz on ALCF Aurora and its testbed Sunspot (PBS, `mpiexec` started by `ezpz launch`, 12 XPU tiles a node, xccl backend; found with the code search, text id 68944595316, the tool shows no repository name); 2026-06-07 (pm): the first 80B production launch on Sunspot 4N, job 12468189, died at trainer init with this error, raised in `CheckpointManager.__init__` (torchtitan/components/checkpoint.py:468) on the quoted line, which runs when the checkpoint async mode is ASYNC or ASYNC_WITH_PINNED_MEM - an xccl-only default process group has no gloo backend bound, so the gloo subgroup cannot be created (an upstream torchtitan bug, to be reported); workaround given: `--checkpoint.async-mode=disabled` (or CHECKPOINT_ASYNC_MODE=disabled via the failover wrapper); resubmitted as 12468190 with it, past trainer init, step 1 clean',
    what='the job turns on asynchronous checkpointing, whose code path creates a gloo subgroup that this XPU backend set-up does not provide, so the trainer dies at start; the cause is an upstream library assumption, and the fix the source makes is on the job\'s launch line (`--checkpoint.async-mode=disabled`), so labelled script with the launch option as the fix (like earlier sets\' program-option cases); assumed shape - a 4-node Aurora PBS job (Sunspot is Aurora\'s testbed, same PBS/PALS stack) whose mpiexec line runs `python3 -m torchtitan.experiments.ezpz.train --job.config_file agpt_80b.toml --checkpoint.async-mode=async`, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=4'], ['--cpu-bind depth -d 8 python train.py', '--cpu-bind depth -d 8 python3 -m torchtitan.experiments.ezpz.train \\\n    --job.config_file train_configs/agpt_80b.toml --checkpoint.async-mode=async']],
    log='''
RuntimeError: No backend type associated with device type xpu
self.pg = cast(dist.ProcessGroup, dist.new_group(backend="gloo"))
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*(--checkpoint\.async[-_]mode[= ]"?disabled|CHECKPOINT_ASYNC_MODE=disabled)'},
)
