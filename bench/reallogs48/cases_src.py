# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Written and labelled before any run of maple on these cases; labels follow the sources only.

# ---------------------------------------------------------------- Perlmutter Slurm guide of a user's agent config (1)

case(
    id='pmguide-interactive-qos-is-salloc-only-batch-job-rejected',
    kind='script',
    source='https://github.com/jeremylp2/perlmutter-tools/blob/1e58a484ad7836ae25892d83f5c3cb833adb56ab/claude-config/.claude/perlmutter-slurm-guide.md',
    thread_site='a user\'s own Perlmutter Slurm guide (jeremylp2/perlmutter-tools, claude-config/.claude/perlmutter-slurm-guide.md, "facts marked verified were checked on a Perlmutter login node with the command shown"), section "Interactive allocation": "`interactive` is **salloc-only**, and needs `-C cpu` like every other QOS *(verified 2026-10-01: `sbatch --test-only -C cpu -q interactive ...` -> `Cannot submit batch jobs to interactive_ss11`; without `-C cpu` -> `does not match any supported policy`)*"; the guide\'s QOS table gives debug, shared, regular, preempt (and premium with the user\'s OK) for batch work',
    what='a batch job asks for the interactive QOS, which on Perlmutter takes only salloc allocations, so sbatch rejects it; the cure is the job script\'s QOS directive (a batch QOS such as debug, shared, regular or preempt - which one depends on the job, any is right), so labelled script; the line is the guide\'s own quoted rejection; Perlmutter itself (CPU nodes, -C cpu); assumed shape - a one-node CPU job whose directives carry `-q interactive` and the CPU constraint, srun starting the work',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -C gpu', '#SBATCH -C cpu'], ['#SBATCH -q regular', '#SBATCH -q interactive'], ['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32', '#SBATCH --ntasks-per-node=1\n#SBATCH -c 128'], ['module load pytorch/2.3.1', 'module load python'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun python3 -u work.py --out "$SCRATCH/myjob/result.tsv"']],
    log='''
Cannot submit batch jobs to interactive_ss11
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+\s*#SBATCH\s+(-q\s*|--qos[= ])(?!interactive\b)\w+|^-\s*#SBATCH\s+(-q\s*|--qos[= ])interactive\b'},
)

# ---------------------------------------------------------------- NeMo RL issue: ray.sub hangs when one node is busted (1)

case(
    id='nemorl1019-worker-srun-step-memory-not-available-busted-node',
    kind='not_script',
    source='https://github.com/NVIDIA-NeMo/RL/issues/1019',
    thread_site='NVIDIA-NeMo/RL issue #1019 "ray.sub hangs unnecessarily if one node is busted" (maintainer terrykong, 2025-08-29): "Internal report: `srun: error: Unable to create step for job 1853845: Memory required by task is not available` ... if the `srun` fails like above because there\'s something wrong with the node, the one worker job will never touch `ENDED` so it\'ll hang and exhaust all the compute"; fixed by PR #1022 ("ray.sub will exit early if any srun fails to launch ... Could be a failure in startup or an issue with the node preventing the srun to start")',
    what='the maintainers read the failed worker step as a node that is broken (something wrong with the node), not as a wrong memory request: the same ray.sub launches on healthy nodes, and their fix only makes the launcher exit early instead of hanging - labelled not_script (node fault, site side); the line is the issue\'s quoted internal report; not one of the ten sites - an NVIDIA Slurm cluster running ray.sub (one Ray head and one worker srun per node) - so mapped by scheduler family to Delta; assumed shape - a two-node Ray-on-Slurm job with one background srun per node for the Ray head and worker',
    cluster='delta',
    script='ray_slurm.sh',
    log='''
srun: error: Unable to create step for job 1853845: Memory required by task is not available
''',
)

# ---------------------------------------------------------------- nekRS view-factor cases on a Slurm CPU cluster, a user's change log (1)

case(
    id='tetonnek-one-task-exclusive-no-mem-udf-build-oom-killed-mem-zero',
    kind='script',
    source='find_string:71005630439',
    thread_site='a user\'s change log for nekRS radiation view-factor cases run on the Teton Slurm cluster (Cray MPICH, 192-core Turin nodes, `run_teton.sh` generating the sbatch script, TASKS_PER_NODE as an environment knob): "tried `TASKS_PER_NODE=1` ... Got a different, unrelated failure: the `udf` build step OOM-killed (`MPICH ERROR ... Abort(1)`, `oom_kill event ... task 0: Out Of Memory`) before ever reaching the view-factor read. Root cause: `run_teton.sh`\'s sbatch header has `--exclusive` but no `--mem` request; on this site\'s Slurm config, `--exclusive` alone does not guarantee the job\'s memory cgroup covers the full node -- without an explicit `--mem`, the limit is computed from `ntasks x (default-mem-per-cpu)`, so a 1-task job got a ~1/192nd-of-node memory cap ... Fixed by adding `#SBATCH --mem=0` (Slurm idiom for \\"all memory on the node\\") to all three `run_teton.sh` scripts"; the next 1-task run "ran to completion cleanly"',
    what='a one-task exclusive job gets only the per-CPU default memory, too little for the case\'s compile step; the fix the log records and verified is a memory directive in the job script (`--mem=0`; any explicit --mem or --mem-per-cpu large enough is as right), so labelled script; the two lines are the log\'s own quoted fragments, ellipses as written; not one of the ten sites - a Slurm CPU cluster with Cray MPICH - so mapped by scheduler and node kind to Anvil (Slurm, 128-core CPU nodes, srun); assumed shape - one node, one task, `--exclusive`, no memory directive, srun starting nekRS whose first step builds the case\'s udf',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --exclusive'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['#SBATCH --time=06:00:00', '#SBATCH --time=00:15:00'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --cpu-bind=cores nekrs --setup concentric_spheres.par']],
    log='''
MPICH ERROR ... Abort(1)
oom_kill event ... task 0: Out Of Memory
''',
    expect={'families': ['resources'], 'fix': r'(?m)^\+\s*#SBATCH\s+--mem(-per-cpu)?[= ]\S+|^\+.*\bsrun\b.*--mem(-per-cpu)?[= ]\S+'},
)

# ---------------------------------------------------------------- a user's SGLang/Dynamo 1M-context notes on Perlmutter (1)

case(
    id='dynamosglang-perlmutter-1m-context-over-derived-262144-allow-overwrite-env',
    kind='script',
    source='https://github.com/madantimalsina/nvidia-dynamo-perlmutter/blob/227b8f777298d25a65bee00fb3697bacc999ca2d/sglang/sglang-vs-vllm.md',
    thread_site='a user\'s own benchmark notes for serving Qwen3.6-27B with a 1M-token context through NVIDIA Dynamo (SGLang backend) on Perlmutter, one 4-GPU node, the worker started by a Slurm launcher inside a podman-hpc container: "Common failure at 1M ctx: SGLang errors with `context_length > derived context_length (262144)`. Qwen3.6-27B\'s native max is 256k; reaching 1M needs both `SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1` (env var) and YaRN RoPE scaling via `--json-model-override-args ...`. Both are now wired into `launch_sglang_qwen3.6-1m.sh`"; and "Without both ... SGLang either refuses to start (`User-specified context_length (1010000) is greater than the derived context_length (262144)`) or starts but produces incoherent output past 256k"',
    what='the worker asks for a context four times the model\'s native one without the override the server requires; the cure the notes give and wired into the launcher is in the job script (the SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1 variable passed into the container, with the YaRN rope override on the worker line; asking for at most the native 262144 tokens also starts the server) - labelled script; the line is the notes\' own quoted refusal; Perlmutter itself (4 A100 per node, podman-hpc); assumed shape - a one-node job, one srun task running the Dynamo SGLang worker in podman-hpc with TP 4 and --context-length 1010000, neither override set',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH -c 32', '#SBATCH -c 128'], ['module load pytorch/2.3.1', 'export HF_HOME=$SCRATCH/cache'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun podman-hpc run --rm --gpu -v $SCRATCH:$SCRATCH -e HF_HOME \\\n    nvcr.io/nvidia/ai-dynamo/sglang-runtime:1.1.1 \\\n    python3 -m dynamo.sglang --model-path Qwen/Qwen3.6-27B --discovery-backend file \\\n    --tensor-parallel-size 4 --context-length 1010000 --kv-cache-dtype fp8_e5m2 --mem-fraction-static 0.90']],
    log='''
User-specified context_length (1010000) is greater than the derived context_length (262144)
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^\+.*\bSGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=(1|true)\b|^\+.*--context-length[= ](?:[1-9]\d{0,4}|1\d{5}|2[0-5]\d{4}|26[01]\d{3}|262[01]\d{2}|2621[0-3]\d|26214[0-4])\b'},
)

# ---------------------------------------------------------------- Lightning issue: multi-node DDP freezes without srun (1)

case(
    id='lightning8707-batch-step-python-without-srun-ddp-init-freezes',
    kind='script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/8707',
    thread_site='Lightning-AI/pytorch-lightning issue #8707 "Multi-node training freezes during ddp initialization": catalys1\'s job script (`--nodes=2`, `--ntasks-per-node=4`, `--gpus=8`, `-C pascal`, `--qos=test`, modules python/3.8 and cuda/10.1, a venv, then `python test.py` with the Trainer on 2 nodes) freezes after the quoted lines (the last one `initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/8`); nicolas-dufour: "i solved it by adding srun at the end before the python run.py"; catalys1: "@nicolas-dufour that solved it, thanks!"',
    what='the batch step starts one Python process, so only one of the eight expected ranks ever joins and DDP set-up waits for the rest; the confirmed cure is in the job script (start the training with srun, one task per GPU) - labelled script; the lines are the issue\'s quoted output, with the lines that repeat earlier sets word for word left out (`GPU available: True, used: True`, `TPU available: False, using: 0 TPU cores` and the last line `initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/8`); not one of the ten sites - a university Slurm cluster with Pascal GPU nodes and QOS - so mapped by scheduler family to Delta; assumed shape - two nodes, four tasks and four GPUs a node, Lightning Trainer with num_nodes=2, python started directly from the batch script',
    cluster='delta',
    script='lightning_srun.sh',
    replace=[['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'module load python/3.8\nmodule load cuda/10.1\nsource ~/venv/bin/activate\ncd ~/test/\npython test.py']],
    log='''
Multi-processing is handled by Slurm.
IPU available: False, using: 0 IPUs
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+\s*srun\b[^\n]*\bpython'},
)

# ---------------------------------------------------------------- Fast-LLM issue: distributed checkpoint loses optimizer state when the node count changes (1)

case(
    id='fastllm436-distributed-checkpoint-fewer-nodes-optimizer-state-missing',
    kind='not_script',
    source='https://github.com/ServiceNow/Fast-LLM/issues/436',
    thread_site='ServiceNow/Fast-LLM issue #436 (label bug, 2026-01-05) "[bug] Optimiser state is not re-loaded from a distributed checkpoint if the number of ranks/nodes changes": "1. Create a checkpoint with TP and some number of nodes say 24. 2. Try to load the `distributed` checkpoint in a new job with number of nodes <24", followed by the quoted loader output listing, for every parameter, all values of the optimizer shard exp_avgs_sq as missing',
    what='the job is launched correctly and the loader runs; the framework\'s distributed-checkpoint loader does not reshard the optimizer state onto a different number of ranks, which the issue files as a bug in the framework (loading on another node count is meant to work) - labelled not_script (library defect); going back to the node count the checkpoint was written with would sidestep it, but that is a workaround for the defect, not a fault of the launch script; the two lines are the issue\'s quoted output (the first, truncated, line of the excerpt left out); not one of the ten sites - a multi-node Slurm GPU cluster - so mapped by scheduler family to Delta; assumed shape - the resumed job on fewer nodes, one torchrun per node started by srun, Fast-LLM training from the distributed checkpoint',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['train.py --epochs 10', '-m fast_llm.cli train gpt --config experiments/kda_hybrid.yaml']],
    log='''
     2026-01-05 18:17:47,243 [Rank 000] 2,048 values missing out of 2,048 for parameter decoder.47.mixer.mixers.kda.v_conv.weight in stage 74, shard exp_avgs_sq (locally 0 out of 0)
     2026-01-05 18:17:47,243 [Rank 000] 65,536 values missing out of 65,536 for parameter decoder.47.mixer.mixers.kda.f_b_proj.weight in stage 74, shard exp_avgs_sq (locally 0 out of 0)
''',
)

# ---------------------------------------------------------------- SLAM-LLM issue: join_hook after a merged DeepSpeed PR (1)

case(
    id='slamllm231-dual-node-ddp-adamw-join-hook-merged-pr-regression',
    kind='not_script',
    source='https://github.com/X-LANCE/SLAM-LLM/issues/231',
    thread_site='X-LANCE/SLAM-LLM issue #231 "SLAM-Omni Multi-Node Training Issue" (2025-05-14): running finetune_s2s_group.sh on a dual-node setup (16 x A800 80G), DDP with use_fp16, only the weight path and the multi-node settings changed, training fails at line 91 of src/slam_llm/utils/train_utils.py in `with MemoryTrace() as memtrace, Join([model, optimizer])` with the quoted error; maintainer cwx-worst-one: "I believe this issue is related to the newly merged PR involving DeepSpeed support. Reverting the code back to `with MemoryTrace() as memtrace:` should resolve the problem. We\'ll review and fix this part"; the reporter: "Thank you so much! I can now proceed with training normally"',
    what='the two-node job starts and reaches the training loop; the failure is a regression in the project\'s own training code (a Join context handed an optimizer, from a newly merged PR), cured by reverting that line in the source - labelled not_script (a bug in the training program); the line is the issue\'s quoted error; not one of the ten sites - a two-node A800 GPU cluster - so mapped by scheduler family to Delta (8-GPU A100 nodes); assumed shape - two nodes, one torchrun per node started by srun, eight processes a node running the SLAM-LLM fine-tuning entry point',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['--nproc_per_node=4', '--nproc_per_node=8'], ['train.py --epochs 10', 'examples/s2s/finetune_s2s.py --config-path conf --config-name prompt.yaml train_config.enable_ddp=true train_config.use_fp16=true']],
    log='''
AttributeError: 'AdamW' object has no attribute 'join_hook'
''',
)

# ---------------------------------------------------------------- transformers issue: FSDP + accelerate launch optimizer step device/dtype error (1)

case(
    id='transformers33413-fsdp-accelerate-optimizer-tensors-same-index-device-dtype-upgrade',
    kind='not_script',
    source='https://github.com/huggingface/transformers/issues/33413',
    thread_site='huggingface/transformers issue #33413 "Exception raised with trainer + `accelerate launch` FSDP + large gradient accumulation steps + small dataset" (labels Accelerate, bug, PyTorch FSDP, trainer): DarshanDeshpande: "The same script that was working till yesterday is now throwing this error for me" (the quoted RuntimeError); maintainer MekkCyber: "Can you upgrade the `transformers` version used to >= `4.47.0` and re-try"; Hprairie: "Upgrading to `transformers >= 4.47.0` fixed the issue for me, thanks!"; closed by SunMarc',
    what='the accelerate launch with FSDP is set up right; the Trainer of the installed transformers release mishandles the optimizer state with gradient accumulation, and a newer transformers release cures it - labelled not_script (library defect); the line is the issue comment\'s quoted error; not one of the ten sites - the reporters\' GPU machines - so mapped by launcher to Delta (Slurm, accelerate launch on one node); assumed shape - one node, `accelerate launch` with an FSDP config and a Trainer script using large gradient accumulation',
    cluster='delta',
    script='accelerate.sh',
    replace=[['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --config_file ./fsdp_config.yaml --num_processes 2 train_sft.py --gradient_accumulation_steps 64']],
    log='''
RuntimeError: Tensors of the same index must be on the same device and the same dtype except `step` tensors that can be CPU and float32 notwithstanding
''',
)

# ---------------------------------------------------------------- NRC Trixie user issue: home on GPFS gone while GPFS nodes reboot (1)

case(
    id='trixie37-home-stale-file-handle-gpfs-nodes-rebooting',
    kind='not_script',
    source='https://github.com/ai4d-iasc/trixie/issues/37',
    thread_site='ai4d-iasc/trixie (the NRC Trixie GPU cluster\'s user issue tracker) issue #37 "filesystem failure" (2020-10-13): "I just tried logging in and apparently the home directory doesn\'t exist:" followed by the quoted line; admin joeydumont: "We are rebooting the GPFS nodes right now. Sorry you didn\'t get the notification, we sent out a notice early this morning."; the reporter closes it',
    what='the home file system was unavailable because the site was rebooting its GPFS servers (an announced maintenance); nothing in a job script causes or cures it - labelled not_script (site outage); the line is the issue\'s quoted shell error; not one of the ten sites - a Slurm GPU cluster with GPFS home - so mapped by scheduler family to Delta; assumed shape - a job whose script changes into the user\'s home directory before starting the training with srun',
    cluster='delta',
    script='srun_python.sh',
    replace=[['export MASTER_PORT=12802\n', 'export MASTER_PORT=12802\ncd /home/ryczkok\n']],
    log='''
-bash: cd: /home/ryczkok: Stale file handle
''',
)

case(
    id='tetonnek-oudf-old-boundary-function-names-udfdirichlet-not-found',
    kind='not_script',
    source='find_string:71005630439',
    thread_site='the same nekRS change log (2026-09-01): "Rewrote all three `.oudf` files: nekRS aborted at runtime with \\"Cannot find required okl function udfDirichlet!\\" -- traced to `src/core/udf/udf.cpp`, which regex-searches the compiled `.oudf` for a literal `void udfDirichlet` function; the old per-field function names (`codedFixedValueScalar`, `codedFixedValueVelocity`, `codedFixedGradientScalar`) don\'t match ... Converted all three to the current convention (one `udfDirichlet`/`udfNeumann` function per case ...)", confirmed against the repository\'s current examples',
    what='the job starts nekRS correctly; the case\'s own device-code file still uses boundary-function names from an older nekRS release, and the cure is rewriting that case file - labelled not_script (the user\'s case code against a newer library version); the line is the log\'s quoted abort message; mapped to Anvil as the entry above; assumed shape - the same nekRS job on one CPU node started with srun',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --exclusive\n#SBATCH --mem=0'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=32'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['#SBATCH --time=06:00:00', '#SBATCH --time=00:15:00'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --cpu-bind=cores nekrs --setup concentric_spheres.par']],
    log='''
Cannot find required okl function udfDirichlet!
''',
)

# ---------------------------------------------------------------- Ares (Cyfronet) island-model Ray benchmark, a user's run-book (2)

ARES_SOURCE = 'find_string:69421193256'
ARES_SITE = 'a user\'s run-book (in Polish) for an island-model evolutionary benchmark run as a Ray cluster inside Slurm jobs on the Cyfronet Ares cluster (48-core CPU nodes, plgrid accounts, a canary job then a gate job then an array), section 12 "Forensics pierwszego submitu pilota" records every failed canary with its sacct line, the exact error and the fix'
ARES_MAP = 'not one of the ten sites - Ares is a Slurm CPU cluster with 48-core nodes - so mapped by scheduler and node kind to Anvil (Slurm, CPU nodes)'
ARES_SCRIPT = [['#SBATCH --nodes=2', '#SBATCH --nodes=9'], ['#SBATCH --gpus-per-node=4\n', ''], ['#SBATCH --cpus-per-task=64', '#SBATCH --cpus-per-task=48'], ['#SBATCH --time=12:00:00', '#SBATCH --time=00:10:00\n#SBATCH --job-name=island-pilot-canary']]

case(
    id='aresislands-batch-script-dir-from-bash-source-points-at-spool-copy',
    kind='script',
    source=ARES_SOURCE,
    thread_site=ARES_SITE + '; canary 21059904 and gate 21059905 both FAILED 1:0 within seconds with the quoted errors; "Przyczyna jest jednoznaczna: batch script liczyl `SCRIPT_DIR` z polozenia skopiowanego pliku SLURM" (the cause: the batch script computed SCRIPT_DIR from the location of the copy Slurm makes); section 13: "W skrypcie przekazanym do `sbatch` nie wolno wyznaczac polozenia repo z `${BASH_SOURCE[0]}`. To wskazuje kopie w spool" - fixed in commit e96b53e: the submitters export an absolute ISLANDS_PROJECT_DIR and the batch scripts require it (`SCRIPT_DIR=\\"$PROJECT_DIR/pilot_run\\"`); `run_ares.sh` already falls back to SLURM_SUBMIT_DIR, "to wlasciwy wzorzec"; canary 21076864 confirmed the fix',
    what='the job script finds its helper scripts relative to its own path, but sbatch runs a copy from the slurmd spool directory, so the helper is looked for under /var/spool/slurmd; the fix the run-book records and verified is in the job script (an absolute project directory passed in or SLURM_SUBMIT_DIR instead of BASH_SOURCE) - labelled script; the two lines are the run-book\'s quoted error, split where it splits it; ' + ARES_MAP + '; assumed shape - the canary batch script computing SCRIPT_DIR from BASH_SOURCE and sourcing ../hpc_benchmarks/ares_storage.sh before starting Ray head and workers with srun',
    cluster='anvil',
    script='ray_slurm.sh',
    replace=ARES_SCRIPT + [['nodes=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))', 'SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"\nsource "$SCRIPT_DIR/../hpc_benchmarks/ares_storage.sh"\nnodes=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))']],
    log='''
/var/spool/slurmd/job21059904/slurm_script: line 19:
/var/spool/slurmd/hpc_benchmarks/ares_storage.sh: No such file or directory
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^\+.*(\bSLURM_SUBMIT_DIR\b|\bISLANDS_PROJECT_DIR\b|\b(SCRIPT_DIR|PROJECT_DIR)=["\']?(/|\$HOME|~|\$\{?HOME\}?)|(source|\.)\s+["\']?(/|\$HOME|~)\S*ares_storage\.sh)'},
)

case(
    id='aresislands-ray-cli-click-83-not-a-valid-sentinel-pin-click',
    kind='not_script',
    source=ARES_SOURCE,
    thread_site=ARES_SITE + '; canary 21076864 (after the spool fix) FAILED 1:0 after 7 s: the job used the right scratch directory, warmed the Matplotlib cache on all seven nodes and reached `Starting HEAD`, then the Ray CLI died on import with the quoted lines; "To znana niezgodnosc CLI Ray z Click 8.3 i nowszym" (a known incompatibility of the Ray CLI with Click 8.3 and newer); the cure: pin `click==8.2.1` in the environment and confirm `ray --version`; canary 21077082 (Ray 2.9.3, Click 8.2.1) got past it',
    what='the job reaches `ray start` correctly; the installed Click release breaks the Ray command-line tool at import, and the cure is a package pin in the user\'s Python environment, not a change to the job script - labelled not_script (library incompatibility); the two lines are the run-book\'s quoted output (`...` as written); ' + ARES_MAP + '; assumed shape - the same canary job, Ray head and workers started with srun from the batch script',
    cluster='anvil',
    script='ray_slurm.sh',
    replace=ARES_SCRIPT,
    log='''
ValueError: <object object at ...> is not a valid Sentinel
Ray head exited during startup
''',
)

# ---------------------------------------------------------------- PatchCore sweep on a university GPU cluster, a user's incident report (1)

case(
    id='patchcoresweep-identity-ts10000-feature-bank-exceeds-30g-node-killed',
    kind='not_script',
    source='find_string:59929091167',
    thread_site='a user\'s incident report (in French) on a Slurm job array of PatchCore anomaly-detection runs on the CentraleSupelec DCE cluster (partitions gpu_prod_long and gpu_inter): "Cause racine du plantage (tache 6)" quotes the log, then: the process is SIGKILLed after memory thrashing; the feature bank at train_subset 10000 is about 22 GB before the FAISS index; the sbatch had no --mem; the status note then records the hardware limit found: the GPU nodes have only 30 GB of RAM each (`--mem=64G` rejected), "identity a ts=10000 est infaisable ici: il garde 100 % des features + un index FAISS complet ~ 45 Go > 30 Go" - excluded from the sweep; later train_subset capped at 5000 on these nodes',
    what='the killed task (identity sampler, train_subset 10000) needs about 45 GB on nodes that have 30 GB, so no memory directive can make it fit; the report\'s cure for this task is in the experiment itself (drop the combination, cap the training subset), not in the job script - labelled not_script (the program\'s memory need exceeds the hardware); DOUBTFUL: the same report adds `--mem=29G` to the script for the other tasks, which protects the ones that do fit; the lines are the report\'s quoted log excerpt (its progress bars and the elided spool path as written); not one of the ten sites - a university Slurm GPU cluster - so mapped by scheduler family to Delta; assumed shape - an array task on one GPU, no --mem, python started directly from the batch script',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --array=0-11'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python bin/inspect_patchcore_celeba.py --manifest manifest.txt --task "$SLURM_ARRAY_TASK_ID"']],
    log='''
Computing support features...:  84%|████████▍ | 1047/1250 [03:00<00:34,  5.86it/s]
Computing support features...:  84%|████████▍ | 1048/1250 [03:05<05:31,  1.64s/it]
Computing support features...:  84%|████████▍ | 1049/1250 [33:46<30:54:45, 553.66s/it]
/var/spool/slurm/.../slurm_script: line 30: 23375 Killed   python bin/inspect_patchcore_celeba.py …
''',
)

# ---------------------------------------------------------------- a student's lab notebook: samtools in a Singularity image, called bare in the job (1)

case(
    id='ggcatalog-samtools-not-on-host-call-through-singularity-image',
    kind='script',
    source='find_string:6684193821',
    thread_site='a graduate student\'s lab-notebook page (UGA Sapelo2-style Slurm cluster, /scratch/<user>/nf_dev, login node ss-sub3) for a read-mapping pipeline: job 18217928 ("slurm sub: 18217928") printed the quoted lines - samtools is not installed on the nodes, only in a Singularity image the script also pulls; "I set this up to just call singularity shell docker://lorentzb/samtools" (job 18229465: still `samtools: command not found`); "It did not like that, I added a singularity call before each samtools invocation" (job 18229634 ran and produced output)',
    what='the job script calls samtools on the host although the tool exists only inside the container image it uses; the fix the notebook records is in the job script (prefix each samtools call with `singularity exec` of the image; `singularity shell` does not run the following lines inside the image) - labelled script; the lines are the notebook\'s quoted output (samtools lines and the sort line, trimmed; the `INFO:    Using cached SIF image` line between them left out because it repeats an earlier set word for word); not a deep-learning job, but the container invocation in the job script is the class; not one of the ten sites - a university Slurm CPU cluster with Singularity - so mapped by scheduler and node kind to Anvil (Slurm, CPU nodes, Apptainer); assumed shape - one node, one task, the image pulled once, samtools sort and merge called bare',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=16\n#SBATCH --mem=120G'], ['module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat', 'module load singularity\nsingularity pull --name samtools.sif docker://lorentzb/samtools\nfor f in indv-ref/*/*.sam; do\n    samtools sort -@ 16 -o "${f%.sam}_sorted.sam" "$f"\ndone\nsamtools merge -@ 16 merged_reads.sam indv-ref/*/*_sorted.sam']],
    log='''
/var/lib/slurmd/job18217928/slurm_script: line 19: samtools: command not found
/var/lib/slurmd/job18217928/slurm_script: line 19: samtools: command not found
[bam_sort_core] merging from 188 files and 1 in-memory blocks...
/var/lib/slurmd/job18217928/slurm_script: line 23: samtools: command not found
''',
    expect={'families': ['containers', 'environment', 'modules'], 'fix': r'(?m)^\+.*\b(singularity|apptainer)\s+(exec|run)\b[^\n]*samtools|^\+\s*module\s+load\s+\S*samtools'},
)

# ---------------------------------------------------------------- an agent-run research project's debugging log on a Slurm GPU cluster (2)

IRED_SOURCE = 'find_string:24007388020'
IRED_SITE = 'a research project\'s debugging log ("ired-interp", Hessian analysis of an energy-based model) for Slurm jobs on a university GPU cluster (CUDA module 11.8.0-fasrc01, A100 GPUs), where each job script clones the project repository at a given commit into /tmp and runs the experiment from it; each failure is logged with job ids, the error, the root cause, the fix and the job that verified it'
IRED_MAP = 'not one of the ten sites - a university Slurm GPU cluster (A100) - so mapped by scheduler family to Delta'
IRED_SCRIPT = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'WORKDIR=/tmp/ired-interp-job-$SLURM_JOB_ID\nmkdir -p "$WORKDIR" && cd "$WORKDIR"\ngit clone "$REPO_URL" repo && cd repo && git checkout "$GIT_SHA"\ncd projects/ired-interp\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python experiments/exp001_hessian_analysis.py --run-id "$RUN_ID"']]

case(
    id='iredinterp-project-dir-never-committed-job-clone-cd-fails',
    kind='not_script',
    source=IRED_SOURCE,
    thread_site=IRED_SITE + '; Issue #1 "Project Directory Not Committed to Git": job 56186252 failed after 2 s at `cd projects/ired-interp` (the quoted log); "The entire `projects/ired-interp/` directory is **not committed to git** ... When SLURM jobs clone the research repository and checkout commit `7770702`, the `projects/ired-interp/` directory does not exist in that commit"; fix: `git add projects/ired-interp/`, commit, push, resubmit with the new SHA - job 56186619 got past it',
    what='the job script does what it should (clone the named commit, enter the project); the project files were never committed, so the commit the job checks out does not contain them - the cure is committing the user\'s files, not a change to the job script (no path in the script would find files that are not in the commit) - labelled not_script (the user\'s files); the lines are the log\'s quoted excerpt (its `...` kept); ' + IRED_MAP + '; assumed shape - a one-GPU job that clones the repository at a commit into /tmp, enters the project and runs the experiment',
    cluster='delta',
    script='srun_python.sh',
    replace=IRED_SCRIPT,
    log='''
Cloning into 'repo'...
Note: switching to '7770702133ed39020ae4a0424e6b600ec7a10c4b'.
...
HEAD is now at 7770702 Fix critical result persistence bug in SLURM jobs
/var/slurmd/spool/slurmd/job56186252/slurm_script: line 56: cd: projects/ired-interp: No such file or directory
''',
)

case(
    id='iredinterp-dataset-numpy-arrays-torch-stack-typeerror',
    kind='not_script',
    source=IRED_SOURCE,
    thread_site=IRED_SITE + '; Issue #5 "Dataset Returns Numpy Arrays, Need Tensor Conversion": job 56188536 (commit 0864acb) got past checkout, environment and imports and failed in the experiment with the quoted traceback; root cause: the dataset classes return numpy arrays and `generate_test_problems()` stacks them with torch.stack; fix in commit 0a522be: `x_samples.append(torch.from_numpy(x))`; job 56188953 confirmed it ("torch.stack succeeded")',
    what='the job ran as launched and the training program itself failed on its own data handling; the cure is a code change in the experiment script - labelled not_script (a bug in the user\'s program); the lines are the log\'s quoted excerpt; ' + IRED_MAP + '; assumed shape - the same one-GPU clone-and-run job at commit 0864acb',
    cluster='delta',
    script='srun_python.sh',
    replace=IRED_SCRIPT,
    log='''
HEAD is now at 0864acb Fix MatrixAdd class name and dataset unpacking in exp001
Traceback (most recent call last):
  File "/tmp/ired-interp-job-56188536/repo/projects/ired-interp/experiments/exp001_hessian_analysis.py", line 82, in generate_test_problems
    x_samples = torch.stack(x_samples)
TypeError: expected Tensor as element 0 in argument 0, but got numpy.ndarray
''',
)

# ---------------------------------------------------------------- a lab's Slack export committed to its repo: Polaris submission under a project with no allocation (1)

case(
    id='labslack-polaris-qsub-no-active-allocation-project-foundepidem',
    kind='script',
    source='find_string:54270294743',
    thread_site='a lab\'s Slack channel export committed to a GitHub repository (protein-design group using ALCF Polaris): a student posts "qsub: Request rejected.  Reason: No active allocation found for project FoundEpidem and resource polaris." and asks "Could I be assigned to a new project so I can access Polaris?"; the PI: "can you please request access to FRAME-IDP project? i will approve as soon as i see it"',
    what='the job is charged to a project that has no allocation on Polaris; the cure is to submit under a project that has one (the PI names FRAME-IDP, which the user must first join) - the project is the job script\'s `#PBS -A` directive, so labelled script; the project to use is a site/user fact the script does not contain, so the right answer asks for it; the line is the message as the student quoted it; Polaris itself (PBS Pro, mpiexec); assumed shape - the Polaris job with `#PBS -A FoundEpidem`',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -A MyProject', '#PBS -A FoundEpidem']],
    log='''
qsub: Request rejected.  Reason: No active allocation found for project FoundEpidem and resource polaris.
''',
    expect={'families': ['scheduler'], 'ask': True, 'ask_for': ['account']},
)

# ---------------------------------------------------------------- NeMo-Run pull request: its torchrun rendezvous override breaks single-node runs (1)

case(
    id='nemorun292-launcher-torchrun-rdzv-override-localhost-port-0-single-node',
    kind='not_script',
    source='https://github.com/NVIDIA-NeMo/Run/pull/292',
    thread_site='NVIDIA-NeMo/Run pull request #292 "Remove breaking torchrun config for single-node runs" (merged, 2025-07-15): "I suspect there were upstream changes ... because it actually breaks single-node torchrun runs today. I tested this by overwriting this config change locally and my `launcher=torchrun` (on a single-node in k8s) started working. The error I was seeing originally was" the quoted line, "which led me to believe that rdzv backend was misconfigured, which finally led me to the overwriting of `c10d`"; maintainer hemildesai: the block was a workaround for multi-node K8s rendezvous',
    what='the rendezvous settings are generated by the NeMo-Run library (its torchrun launcher forces a c10d endpoint that single-node runs cannot use); the fix is the library change this pull request merged, not a change the user makes in a job script - labelled not_script (library defect); the line is the pull request\'s quoted log line; not one of the ten sites - a one-node Kubernetes GPU pod - so mapped by launcher to Delta (one node, torchrun); assumed shape - one node, eight GPUs, the NeMo-Run-generated torchrun command started from the batch script',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --nnodes=1 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=localhost:0 \\\n    -m nemo_run.core.runners.fdl_runner -n llama3_8b_pretrain -p /nemo_run/configs/llama3_8b_pretrain_packager /nemo_run/configs/llama3_8b_pretrain_fn_or_script']],
    log='''
[default7]:[I715 22:47:11.296780083 socket.cpp:872] [c10d] No socket on (localhost, 0) is listening yet, will retry.
''',
)

# ---------------------------------------------------------------- fyrd issue: a site that forbids memory requests in the job script (1)

case(
    id='fyrd88-site-forbids-mem-directive-memory-set-per-cpu',
    kind='script',
    source='https://github.com/MikeDacre/fyrd/issues/88',
    thread_site='MikeDacre/fyrd issue #88 "Empty memory option in profiles.txt" (2018-08-20): "I am trying to use fyrd on a supercomputer with SLURM queue system but the \'mem\' option is giving me problems. The point is that in our SLURM the option ``#SBATCH --mem=XXX`` is not allowed:" followed by the quoted submission error; "This parameter is already fixed by the class/partition and it is not permitted"; the reporter asks for the memory directive to be left out of the generated job script',
    what='the site sets memory per requested core and its submit filter rejects any memory directive, so the cure is in the job script: drop the `#SBATCH --mem` request (ask for more cores, or the highmem class, to get more memory) - labelled script; the lines are the issue\'s quoted tool output, with the tool\'s arrow prefixes as written; not one of the ten sites - a Slurm CPU supercomputer whose submit filter rejects memory requests - so mapped by scheduler family to Anvil (Slurm CPU nodes); assumed shape - a one-node CPU job generated by the tool with `#SBATCH --mem=4G`',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --mem=4G'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat', 'cd $SLURM_SUBMIT_DIR\npython3 run_fyrd_job.py']],
    log='''
20180820 16:39:56.517 | CRITICAL --> sbatch failed with code 1
-----------------------------------> stdout:
-----------------------------------> stderr: sbatch: error: You cannot submit a job requesting memory parameters, memory is automatically set for each asked cpu (2G/core by default, 8G/core for highmem)
-----------------------------------> sbatch: error: Batch job submission failed: Memory required by task is not available
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^-\s*#SBATCH\s+--mem[= ]'},
)

# ---------------------------------------------------------------- transformers issue: FSDP + Trainer grad-accumulation dtype error (1)

case(
    id='transformers34702-fsdp-sft-expected-dtype-float-end-bfloat16-fixed-upstream',
    kind='not_script',
    source='https://github.com/huggingface/transformers/issues/34702',
    thread_site='huggingface/transformers issue #34702 "FSDP with SFTrainer: expected dtype float for `end` but got dtype c10::BFloat16" (label bug; transformers 4.46.2, PyTorch 2.2 and 2.4, 4 x RTX 6000 Ada): the PEFT FSDP example launched with `accelerate launch --config_file configs/fsdp_config.yaml train.py ...` fails with the quoted error whatever dtype is chosen; benjamin-marie: "Everything works again if I downgrade Accelerate+Transformers+TRL"; maintainer muellerzr: "This should be fixed via https://github.com/huggingface/transformers/pull/34645, can you install transformers via `pip install git+https://github.com/huggingface/transformers`?"; benjamin-marie: "I confirm that it works with the most recent version of Transformers (already available through pip)"',
    what='the accelerate/FSDP launch is set up as the example documents; the error comes from a regression in the Trainer\'s gradient-accumulation change in transformers 4.46, fixed upstream in a later release - labelled not_script (library defect); DOUBTFUL on the log form: the issue quotes the message in prose (bold), not as a raw log line, and the line is that text; not one of the ten sites - a four-GPU workstation - so mapped by launcher to Delta (one node, accelerate launch); assumed shape - one node, four GPUs, `accelerate launch` with an FSDP config running the PEFT SFT example',
    cluster='delta',
    script='accelerate.sh',
    replace=[['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=4'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --config_file configs/fsdp_config.yaml train.py --seed 100 \\\n    --model_name_or_path meta-llama/Llama-3.2-1B-Instruct --dataset_name smangrul/ultrachat-10k-chatml \\\n    --chat_template_format chatml --bf16 True --gradient_accumulation_steps 4']],
    log='''
expected dtype float for `end` but got dtype c10::BFloat16
''',
)

# ---------------------------------------------------------------- a user's DEXTRAH agent work log on an NVIDIA Slurm cluster (2)

case(
    id='dextrahdp-inherited-partition-list-batch-singlenode-invalid-on-l401',
    kind='script',
    source='find_string:61373197314',
    thread_site='a user\'s committed work log for Diffusion Policy evaluation in the DEXTRAH Isaac Lab repository (worklogs/franka-cube-grasp-prior/franka-cube-dp-bc-warmstart.md; jobs submitted with `sbatch cluster/sbatch_eval_franka_cube_dp_policy_1gpu.sh` on an NVIDIA Slurm cluster called l401, Lustre paths, Isaac container): "status: first submission blocked before scheduling ... key evidence: l401 rejected the inherited DEXTRAH partition list with `sbatch: error: invalid partition specified: batch_singlenode`. Current `sinfo` reports GPU partitions `batch` and `batch_long`; the DP launcher is being patched to use `batch` only."; the next submissions of the same launcher on l401 were scheduled and ran (jobs 1027699 ... 1027713, the last "COMPLETED, exit 0:0")',
    what='the job script names a partition that exists on another of the user\'s clusters but not on this one, so sbatch refuses it; the cure the log records (and whose later submissions ran) is the job script\'s partition directive - a partition that exists here (`batch`, or `batch_long`; any existing GPU partition is right, as is dropping the directive to take the default) - labelled script; the line is the log\'s own quoted error; not one of the ten sites - an NVIDIA Slurm GPU cluster with containers started by srun - so mapped by scheduler family and container launch to DeltaAI (Slurm GPU nodes); assumed shape - a one-node one-GPU evaluation job whose directives carry `#SBATCH --partition=batch_singlenode` (the log says "partition list"; a single name is assumed), srun starting the Isaac Sim python inside the container image',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8\n#SBATCH --exclusive', '#SBATCH --nodes=1\n#SBATCH --partition=batch_singlenode\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=nvcr.io#nvidia/isaac-lab:2.1.0'], ['--container-mounts="$PWD":/workspace python /workspace/train.py', '--container-mounts="$CODE_NFS":/code /isaac-sim/python.sh /code/dextrah_lab/rl_games/eval_franka_cube_dp_policy.py --headless']],
    log='''
sbatch: error: invalid partition specified: batch_singlenode
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+\s*#SBATCH\s+(-p\s*|--partition[= ])(?![^\n]*\bbatch_singlenode\b)\S+|^-\s*#SBATCH\s+(-p\s*|--partition[= ])[^\n]*\bbatch_singlenode\b'},
)

case(
    id='dextrahdp-wandb-protos-in-isaac-container-descriptors-cannot-be-created',
    kind='script',
    source='find_string:61373197314',
    thread_site='the same DEXTRAH work log, section "l401 DP eval first failure / protobuf patch": a one-off Slurm job in the same Isaac container (`/isaac-sim/python.sh`, import and checkpoint smoke, job 1027701) "failed before official DP workspace construction ... then `wandb` import failed with protobuf: `TypeError: Descriptors cannot be created directly`. diagnosis: the container\'s installed `wandb` generated protos are incompatible with the active protobuf runtime. The error message recommends either protobuf `3.20.x` or setting `PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python`; the launcher now uses the latter to avoid mutating the shared Isaac environment." Change: "Patched `cluster/sbatch_eval_franka_cube_dp_policy_1gpu.sh` to export `PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python` inside the container"; next job 1027702: "protobuf workaround passed, failed on missing `dill`"',
    what='the container\'s wandb was built against an older protobuf than the one installed, so importing it fails; the fix the log records and verified (the next job got past the import) is in the job script: export `PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python` for the containerised step (the message\'s other cure, a protobuf 3.20.x pin installed by the job, is accepted too) - labelled script (environment); DOUBTFUL - a library version clash, which a reader could call not_script; the line is the log\'s own quoted error (the worklog quotes only that line of the traceback); not one of the ten sites - an NVIDIA Slurm GPU cluster with containers started by srun - so mapped to DeltaAI; assumed shape - a one-node one-GPU job, srun starting the Isaac Sim python in the container on a script that imports the Diffusion Policy workspace (and so wandb), no protobuf setting in the script',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8\n#SBATCH --exclusive', '#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=nvcr.io#nvidia/isaac-lab:2.1.0'], ['--container-mounts="$PWD":/workspace python /workspace/train.py', '--container-mounts="$CODE_NFS":/code,"$OFFICIAL_DP_NFS":/official_dp /isaac-sim/python.sh /code/scripts/dp_ckpt_import_smoke.py --checkpoint "$CHECKPOINT"']],
    log='''
TypeError: Descriptors cannot be created directly
''',
    expect={'families': ['environment', 'containers'], 'fix': r'(?m)^\+.*\bPROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=["\']?python\b|^\+.*--container-env[= ]\S*PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION|^\+.*\bpip3?\s+install\b[^\n]*\bprotobuf\s*(==|<=|~=)\s*3\.(20|19|18)\b|^\+.*\bpip3?\s+install\b[^\n]*["\']protobuf\s*<\s*(4|3\.21)\b'},
)

# ---------------------------------------------------------------- a user's failure record for a DiLoCo training code on the Miyabi-G PBS system (1)

case(
    id='fsdiloco-miyabi-queue-name-from-other-site-unknown-queue',
    kind='script',
    source='find_string:60236615134',
    thread_site='a user\'s committed failure record ("Plan 03 失败记录") for a decoupled-DiLoCo training code (fs_diloco) on the Miyabi-G PBS system (queues `debug-g` and `regular-g`, `-W group_list=xg24i002`), entry "p0-final-compute-validation-allocation-attempt1": command `qsub -I -q rt_HG -l select=1 -l walltime=00:15:00 -W group_list=xg24i002`; "实际：调度器立即返回 `qsub: Unknown queue`；没有创建job ID或任何运行产物。已确认根因：沿用了不属于本Miyabi PBS环境的queue名称。仓库所有当前Miyabi脚本使用 `debug-g` 或 `regular-g`" (the scheduler answered at once with the quoted line, no job ID; confirmed cause: a queue name carried over that does not belong to this Miyabi PBS system; all current Miyabi scripts of the repository use debug-g or regular-g); the next request with `-q debug-g` was accepted by the queue check, and later batch jobs on `debug-g` ran (e.g. "PBS job `2508516.opbs`")',
    what='the job asks for a queue of another site (rt_HG, carried over from earlier work), which this PBS server does not have, so qsub refuses it; the cure the record gives is the queue option - a queue that exists here (debug-g for a short test, regular-g; any existing queue is right) - labelled script (scheduler); the line is the record\'s own quoted answer; the record\'s request was an interactive `qsub -I` with `-q` on the command line, and the case assumes the same `-q rt_HG` written as a directive of a batch script (the record\'s later work used batch scripts on the same system); not one of the ten sites - a PBS Pro GPU system - so mapped by scheduler family to Polaris (PBS Pro, mpiexec); assumed shape - a one-node ten-minute test job, one process started by mpiexec running the test suite',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=00:15:00'], ['#PBS -q debug-scaling', '#PBS -q rt_HG'], ['NRANKS_PER_NODE=4', 'NRANKS_PER_NODE=1'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} .venv/bin/python -m pytest -q tests']],
    log='''
qsub: Unknown queue
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+\s*#PBS\s+-q\s*(?!rt_HG\b)[\w@.-]+'},
)

# ---------------------------------------------------------------- a student's troubleshooting record for a Slurm job-array pipeline on Explorer (1)

case(
    id='explorerarray-per-sample-task-two-minute-walltime-timeout-in-align',
    kind='script',
    source='find_string:71106553698',
    thread_site='a user\'s committed TROUBLESHOOTING.md for a per-sample Slurm job-array pipeline on the Explorer cluster ("every sacct line is pasted from my own terminal"), section "1. A `--time` that is too short -> TIMEOUT": "One per-sample task (NA12878) with `--time=00:02:00`. A full sample takes about 8 minutes." sacct: "10672029_1      TIMEOUT   00:02:21      0:0"; "The log ran through validate, qc_raw and trim, printed `===== stage 3 : align =====`, and ended with `slurmstepd: error: *** JOB 10672029 ON c0672 CANCELLED AT 2026-09-28T20:14:51 DUE TO TIME LIMIT ***`" ... "`--time` is enforced on Explorer (`--mem` is not), so it is the limit that actually kills a job"; the record\'s ordinary runs of the same array, with the pipeline\'s own time request, did not fail ("The cohort data is small enough that nothing breaks on its own, so I broke the pipeline four times on purpose")',
    what='the task asks for two minutes but a sample needs about eight, so Slurm kills it at the limit; the cure is the job script\'s time request (anything comfortably above the sample\'s ~8 minutes, e.g. 00:15:00 or more; any such value is right) - labelled script (resources); the failure was caused on purpose by the user to see what a timeout looks like, the log lines are real and quoted as posted (the two job-log lines of the record; the sacct table is the user\'s terminal, not the job log, and is left out); not one of the ten sites - a Slurm CPU cluster - so mapped by scheduler family to Bridges-2 (Slurm CPU nodes); assumed shape - a one-node, one-task array job with 8 cores and `#SBATCH --time=00:02:00`, each task running the per-sample pipeline script on its samplesheet row',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --array=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['#SBATCH --time=06:00:00', '#SBATCH --time=00:02:00'], ['module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat', 'source slurm.env\nSAMPLE=$(awk -F, -v r=$((SLURM_ARRAY_TASK_ID + 1)) \'NR==r {print $1}\' samplesheet.cluster.csv)\nbash run_sample.sh "$SAMPLE"']],
    log='''
===== stage 3 : align =====
slurmstepd: error: *** JOB 10672029 ON c0672 CANCELLED AT 2026-09-28T20:14:51 DUE TO TIME LIMIT ***
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+\s*#SBATCH\s+(?:-t\s*|--time[= ])(?:\d+-\S+|0*[1-9]\d*:\d\d:\d\d|0{1,2}:(?:0?9|[1-5]\d):\d\d|(?:9|[1-9]\d+)(?::\d\d)?)\s*$'},
)
