# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.

# ---------------------------------------------------------------- Perlmutter Nsight Systems run report (1)

NSYS_SOURCE = 'find_string:57691973345'
NSYS_SITE = 'a user\'s run report (run-004, "Nsight Systems profile of the run-003 optimum, 1 GPU") for an AMReX multigrid solver on Perlmutter: six one-rank `nsys profile` runs on an A100 GPU node, each problem written up as what was seen, why, and what the next run must change'
NSYS_SCRIPT = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['module load pytorch/2.3.1', 'module load cudatoolkit']]


case(
    id='nsysperlmutter-gpu-metrics-already-under-profiling-node-monitor-holds-counters',
    kind='not_script',
    source=NSYS_SOURCE,
    thread_site=NSYS_SITE + '; "GPU metrics failed - not the permission problem that was anticipated": all four GPUs of the node report "Already under profiling"; something already holds the profiling context on every GPU, most likely NERSC\'s node-health GPU monitoring (DCGM); "That is a question for NERSC, not a script bug"',
    what='the GPU performance counters are taken by a site service on the node, so no change to the job script gives the profiler the counters; the report itself calls it a question for the centre, not a script bug - labelled not_script (node administration); the line is the report\'s own quoted message; assumed shape - the same one-rank `nsys profile` job with `--gpu-metrics-devices=all`',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=NSYS_SCRIPT + [['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun -n 1 nsys profile -o $PSCRATCH/run-004/nsys-metrics --gpu-metrics-devices=all \\\n    ./main3d.gnu.MPI.CUDA.ex inputs nosync=1 recreate_linop=0 nsolves=20 nwarmup=3']],
    log='''
Ampere GA100 | NVIDIA A100-SXM4-80GB PCI[0000:c1:00.0] - Already under profiling
''',
)

# ---------------------------------------------------------------- Aurora frameworks/2026.1.0 notes (1 + 1)

AURORA_FW_MAP = 'Aurora itself (PBS, PALS mpiexec, one rank per tile)'

case(
    id='auroraglog-frameworks-2026-module-lib-not-on-loader-path-import-torch-libglog',
    kind='script',
    source='find_string:66032137868',
    thread_site='a user\'s note "`frameworks/2026.1.0` on Aurora: `import torch` dies on `libglog.so.0`" (status: open upstream, workaround one line): after the module reached Aurora, loading it and importing torch fails in torchcomms; the library ships in the module\'s own lib/ directory, but the modulefile does not put that directory on LD_LIBRARY_PATH; workaround: `export LD_LIBRARY_PATH="$FW/lib:$LD_LIBRARY_PATH"` with FW=/opt/aurora/26.181.0/frameworks/aurora_frameworks-2026.1.0 after `module load frameworks/2026.1.0` - with that line jobs 8781129 (1 node) and 8789506 (2 nodes) ran',
    what='the job loads a frameworks module whose own library directory is not on the loader path; the cure the note gives and verified is one exported line in the job script (the module\'s lib/ on LD_LIBRARY_PATH; loading the previous module frameworks/2025.3.1 also avoids it), so labelled script although the root cause is the module\'s packaging; the line is the note\'s own quoted error; ' + AURORA_FW_MAP + '; assumed shape - the base Aurora job with `module load frameworks/2026.1.0`',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks', 'module load frameworks/2026.1.0']],
    log='''
OSError: libglog.so.0: cannot open shared object file: No such file or directory
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(\bLD_LIBRARY_PATH=\S*(aurora_frameworks-2026\.1\.0|\$\{?FW\}?|\$\{?CONDA_PREFIX\}?)/lib|module\s+load\s+frameworks/2025)'},
)

case(
    id='aurorawandbshadow-job-starts-in-home-wandb-run-dir-shadows-package',
    kind='script',
    source='https://github.com/saforem2/ezpz/blob/9b17e854bf2b822d33c4dfe9bee14b7cf832443b/experiments/aurora/frameworks_2026_1_0_bugs.pbs',
    thread_site='a PBS reproducer with a written diagnosis (saforem2/ezpz experiments/aurora/frameworks_2026_1_0_bugs.pbs, "Two independent packaging bugs in Aurora\'s frameworks/2026.1.0"), BUG 2: `import wandb` succeeds but yields an empty module; (a) the module ships an empty site-packages/wandb/, (b) "the actual shadow": PBS jobs start with cwd=$HOME, cwd is on sys.path, and the ~/wandb run-output directory wandb itself creates becomes a namespace package, so the import binds that directory; "(b) would shadow a working site install too - so pip install alone does not reliably fix it; you must also not run from a directory containing a wandb/ folder"; workarounds: `python3 -m pip install --user wandb` (fixes a), `cd somewhere without a ./wandb dir` (fixes b)',
    what='the job never changes directory, so it runs in $HOME, where an old wandb output directory shadows the package; the source names this shadow as the cause that bites and its cure is a `cd` in the job script (a user-site install of wandb only fixes the packaging half), so labelled script; the two lines are the reproducer\'s own quoted output (its "<- the giveaway" annotation dropped); ' + AURORA_FW_MAP + '; assumed shape - the base Aurora job without its `cd ${PBS_O_WORKDIR}` line, training script logging to wandb',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['cd ${PBS_O_WORKDIR}\n', ''], ['module load frameworks', 'module load frameworks/2026.1.0'], ['python train.py', 'python3 $HOME/projects/agpt/train.py --wandb']],
    log='''
AttributeError: module 'wandb' has no attribute '__version__'
__path__: ['/home/<user>/wandb']
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+\s*cd\s+\S+'},
)

# ---------------------------------------------------------------- Leonardo RL job script comment (1)

case(
    id='leonardorl-checkpoints-on-over-quota-scratch-fast-errno-122-move-to-work',
    kind='script',
    source='find_string:55806614737',
    thread_site='a user\'s Slurm job script for GRPO reinforcement-learning runs on CINECA Leonardo (boost_usr_prod, 1 node x 4 A100-64GB, singularity exec of a SkyRL sandbox) whose comment records the failure and the fix: "write ckpts to $WORK, not $SF. The scratch-fast quota ... is over 1T (was 370% / 3.7T, blown by the 3.4T stale grid_ckpts HPO sweep) -> the first save_steps write ... hit `OSError [Errno 122] Disk quota exceeded` and FAILED all 12 cells. $WORK has 88T free. Location-only change"; the fix is `export CKPT_DIR=$WORK/rl_ckpts/$RUN_NAME`',
    what='the job writes its checkpoints to a file system whose project quota is exhausted; the fix the script\'s author made and recorded is the checkpoint path in the job script (CKPT_DIR on $WORK), so labelled script; the line is the comment\'s own quoted error (written without the colon after OSError); not one of the ten sites - CINECA Leonardo Booster is a Slurm cluster with 4 A100 GPUs a node - so mapped by scheduler and node family to Perlmutter; assumed shape - the job as it was before the fix, CKPT_DIR on the scratch-fast area, one srun task running the container',
    cluster='perlmutter',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32'], ['export MASTER_PORT=12802\n', 'export MASTER_PORT=12802\nWORK=/leonardo_work/AIFAC_5C0_290/bfeuer00\nSF=/leonardo_scratch/fast/AIFAC_5C0_290/bfeuer00\nexport CKPT_DIR=$SF/grid_ckpts/$RUN_NAME\nmkdir -p "$CKPT_DIR"\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun singularity exec --nv --bind /leonardo_work,/leonardo_scratch "$SF/marinskyrl_sandbox" \\\n    bash run_delphi_math_rl.sh trainer.ckpt_path="$CKPT_DIR" trainer.export_path="$CKPT_DIR/exports"']],
    log='''
OSError [Errno 122] Disk quota exceeded
''',
    expect={'families': ['filesystem', 'environment'], 'fix': r'(?m)^\+.*\bCKPT_DIR=(?!\$SF\b|\$\{SF\})\S+|^\+.*trainer\.ckpt_path=(?!"?\$CKPT_DIR)\S+'},
)

# ---------------------------------------------------------------- streaming-VQA cluster run-book (2)

case(
    id='vqarunbook-export-none-user-env-retrieval-failed-requeued-held',
    kind='script',
    source='find_string:53935212427',
    thread_site='a project run-book (streaming video QA evaluation on a university Slurm cluster with RTX A6000 GPU nodes, partition gpunodes, typed `--gres=gpu:rtx_a6000:1`), section "Common Issues and Fixes": "`user env retrieval failed requeued held` - Symptom: SLURM jobs go into HELD state immediately after submission. Cause: Submitting with `--export=NONE` or `--export=ONLY_SPECIFIC_VAR=...` prevents SLURM\'s prologue from setting up the user environment. Fix: Do not use `--export=NONE`. The default (`--export=ALL`) works. Hardcode any env vars that need to be set (like `HF_HOME`) directly inside the job script"',
    what='the job asks Slurm not to export the environment, and the site\'s prologue then cannot set up the user environment, so every job is requeued and held; the fix the run-book gives is a job-script directive (drop `--export=NONE`, set the variables inside the script), so labelled script; the line is the run-book\'s quoted state reason; not one of the ten sites - a university Slurm cluster that requires a typed GPU request - so mapped by scheduler family to Bridges-2 (whose GPU partitions also take a typed GPU count); assumed shape - a one-GPU evaluation job with `#SBATCH --export=NONE`',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --export=NONE'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=v100-32:1\n#SBATCH -p GPU-shared'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -m streaming.ReKV.run_eval --dataset rvs_ego --method rekv --retrieve-size 64 --n-local 15000']],
    log='''
user env retrieval failed requeued held
''',
    expect={'families': ['scheduler', 'environment'], 'fix': r'(?m)^-\s*#SBATCH\s+--export=NONE|^\+\s*#SBATCH\s+--export=ALL'},
)

case(
    id='vqarunbook-rekv-retrieval-drops-question-tokens-one-word-answers-eos',
    kind='not_script',
    source='find_string:53935212427',
    thread_site='the same run-book, "Common Issues and Fixes": "`rekv`/`duo_plus_rekv` generating 1-3 word answers (`\\"The person<|im_end|>\\"`) - Symptom: After retrieval, the model immediately emits the EOS token and produces 1-word answers. Root cause: In `rekv_attention.py`, after retrieval the returned `current_key_value` was `(past_k, past_v)` - only retrieved video context, without the question tokens. Autoregressive decoding then attended only to video frames and had no question context, causing immediate EOS. Fix (already applied): `current_key_value = (h_k, h_v)` where `h_k = torch.cat([past_k, h_k])`"',
    what='the jobs run and exit normally, but the answers are cut to a word because the project\'s attention code drops the question from the cache it returns; the fix is in the project\'s source (rekv_attention.py), not in the job script - labelled not_script (a bug in the user\'s program); the line is the run-book\'s quoted answer; mapped to Bridges-2 as the entry above; assumed shape - the one-GPU evaluation job with the rekv method',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=v100-32:1\n#SBATCH -p GPU-shared'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -m streaming.ReKV.run_eval --dataset rvs_ego --method rekv --retrieve-size 64 --n-local 15000 --max-videos 1']],
    log='''
"The person<|im_end|>"
''',
)

# ---------------------------------------------------------------- Bonn Bender troubleshooting guide (2)

BENDER_SOURCE = 'find_string:54153067322'
BENDER_SITE = 'a project\'s troubleshooting guide ("Common errors encountered during development on the University of Bonn Bender HPC cluster", Slurm with A40/A100 GPU partitions, EasyBuild modules Python/3.12.3 and CUDA/12.4.0, a venv sourced by setup_env.sh, jobs `python scripts/01_extract.py --config configs/...yaml`), each entry given as symptom, root cause and fix'
BENDER_MAP = 'not one of the ten sites - a university Slurm cluster whose GPU partitions include A40 nodes - so mapped by scheduler and GPU family to Delta (Slurm, A40 partitions)'
BENDER_SCRIPT = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'source ~/NLP_Lab/setup_env.sh\ncd ~/NLP_Lab\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python scripts/01_extract.py --config configs/exp_qwen35_4b_pymupdf.yaml']]

case(
    id='bendertrouble-python-module-not-loaded-venv-libpython-shared-object-missing',
    kind='script',
    source=BENDER_SOURCE,
    thread_site=BENDER_SITE + '; 1.1 "`libpython3.12.so.1.0: cannot open shared object file`": root cause - the Python module is not loaded in the current shell; the venv\'s Python binary is dynamically linked against libpython from the module, so without the module the shared library cannot be found; fix: `module load Python/3.12.3` then `source ~/nlp_lab/bin/activate`; 2.1 (jobs failing at once): the job script\'s setup_env.sh must load Python/3.12.3 and CUDA/12.4.0 and activate the venv, in that order, before python runs',
    what='the job activates a venv built on the module Python without loading that module first, so the interpreter cannot find its own library; the guide\'s fix is the module load before the venv activation in the job\'s set-up (entry 2.1 puts it in the job script\'s setup_env.sh), so labelled script; the two lines are the guide\'s quoted error, split where the guide splits it; entry 2.2 of the same guide (`Illegal instruction (core dumped)`, fixed by a partition) was not used because its only line is a signature line of templates/failures/s20_notscript.yaml; ' + BENDER_MAP + '; assumed shape - the guide\'s job script with the venv activated directly and no module loads',
    cluster='delta',
    script='srun_python.sh',
    replace=BENDER_SCRIPT[:2] + [['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'source ~/nlp_lab/bin/activate\ncd ~/NLP_Lab\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python scripts/01_extract.py --config configs/exp_qwen35_4b_pymupdf.yaml'], ['#SBATCH --time=02:00:00', '#SBATCH --time=02:00:00\n#SBATCH --partition=gpuA40x4']],
    log='''
python: error while loading shared libraries: libpython3.12.so.1.0:
cannot open shared object file: No such file or directory
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+\s*(module\s+load\s+\S*[Pp]ython|ml\s+\S*[Pp]ython|source\s+\S*setup_env\.sh)'},
)

case(
    id='bendertrouble-experiment-config-never-pushed-to-cluster-file-not-found',
    kind='not_script',
    source=BENDER_SOURCE,
    thread_site=BENDER_SITE + '; 3.4 "Config file not found on cluster": `FileNotFoundError: Config file not found: configs/exp_qwen35_4b_pymupdf.yaml`; root cause: the config file was created locally but never pushed to the cluster via git; fix: git add/commit/push on the laptop, git pull on the cluster, check `ls configs/`',
    what='the job names the right file relative to the right directory; the file is simply not on the cluster yet because the user never synchronised it, so the cure is copying the user\'s own file there, not a change to the job script (no path on the launch line would find a file that does not exist) - labelled not_script (the user\'s files); the line is the guide\'s quoted error; ' + BENDER_MAP + '; assumed shape - the guide\'s job script, one GPU, on a GPU partition',
    cluster='delta',
    script='srun_python.sh',
    replace=BENDER_SCRIPT + [['#SBATCH --time=02:00:00', '#SBATCH --time=02:00:00\n#SBATCH --partition=gpuA40x4']],
    log='''
FileNotFoundError: Config file not found: configs/exp_qwen35_4b_pymupdf.yaml
''',
)

# ---------------------------------------------------------------- GRPO (Omni) launcher comments (2)

GRPO_SOURCE = 'find_string:70937101297'
GRPO_SITE = 'a user\'s Slurm launcher for GRPO training of a 30B vision-language model with TRL on one 8-GPU node (GPU 0 a reward server, GPU 1 a `trl.scripts.vllm_serve` generation server, GPUs 2-7 six training processes under `accelerate launch --config_file accelerate_omni_plan_a.yaml` - TRL\'s multi_gpu.yaml, no DeepSpeed), whose comments record each failure met on that cluster and the line added for it'
GRPO_MAP = 'not one of the ten sites - a Slurm cluster with 8 x 80 GB GPU nodes - so mapped by scheduler family to Delta (Slurm, 8-GPU A100 nodes)'
GRPO_SCRIPT = [['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=8\n#SBATCH --cpus-per-task=96'], ['#SBATCH --time=08:00:00', '#SBATCH --time=02:00:00\nsource $HOME/scratch/miniconda3/etc/profile.d/conda.sh\nexport HF_HOME=$HOME/scratch/cache/hf_cache']]

case(
    id='grpoomni-accelerate-peft-check-imports-deepspeed-cuda-home-missing',
    kind='script',
    source=GRPO_SOURCE,
    thread_site=GRPO_SITE + '; "CUDA_HOME, and it is not optional even though nothing here compiles a kernel. `accelerate.utils.is_peft_model` -> `extract_model_from_parallel` does `from deepspeed import DeepSpeedEngine` whenever deepspeed is INSTALLED, and importing deepspeed probes every op builder, which needs a toolkit. So a run that uses no deepspeed at all -- this one: multi_gpu.yaml, no ZeRO -- still dies at the peft check with \\"CUDA_HOME does not exist, unable to compile CUDA op(s)\\""; the fix is `source "$REPO/setup_cuda_home.sh"` (it sets CUDA_HOME to a toolkit and re-asserts the env\'s bin on PATH) before `accelerate launch`',
    what='the training environment has no CUDA toolkit on the job\'s environment, and an installed DeepSpeed insists on one at import; the fix the launcher applies is in the job script (set CUDA_HOME / load a CUDA toolkit before `accelerate launch`), so labelled script; the line is the comment\'s own quoted error (without the exception class, as written); ' + GRPO_MAP + '; assumed shape - the launcher\'s training step without its setup_cuda_home.sh line (the reward and generation servers left out)',
    cluster='delta',
    script='accelerate.sh',
    replace=GRPO_SCRIPT + [['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'conda activate nemotron\nCUDA_VISIBLE_DEVICES=2,3,4,5,6,7 accelerate launch --config_file accelerate_omni_plan_a.yaml \\\n    --num_processes 6 --main_process_port 29611 \\\n    examples/scripts/grpo_vlm_qwen3.py --use_peft --lora_r 16 --lora_alpha 32 \\\n    --use_vllm --vllm_mode server --vllm_server_host 127.0.0.1 --vllm_server_port 8000']],
    log='''
CUDA_HOME does not exist, unable to compile CUDA op(s)
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(\bCUDA_HOME=\S+|setup_cuda_home|module\s+load\s+\S*cuda)'},
)

case(
    id='grpoomni-vllm-enginecore-child-hangs-waiting-for-core-engine-in-process',
    kind='script',
    source=GRPO_SOURCE,
    thread_site=GRPO_SITE + '; "TWO THINGS THAT ARE NOT OPTIONAL ON THIS CLUSTER ... VLLM_ENABLE_V1_MULTIPROCESSING=0 runs the engine in the worker process instead of spawning an EngineCore child. That child HANGS here: it gets as far as the worker\'s memory snapshot and then sits in a futex with 43 sleeping threads, while the parent prints \\"Waiting for 1 local core engine proc(s) to start\\" forever. In-process it loads normally." - the fix is `export VLLM_ENABLE_V1_MULTIPROCESSING=0` in the server\'s environment in the launcher',
    what='on that cluster vLLM\'s separate engine process never finishes starting; the launcher\'s fix is one exported variable in the job script (run the engine in-process), so labelled script although the hang\'s root cause was not found; the line is the comment\'s own quoted message; ' + GRPO_MAP + '; assumed shape - the launcher\'s generation-server step as it was before the export, the server started in the background on GPU 1 and polled for health',
    cluster='delta',
    script='accelerate.sh',
    replace=GRPO_SCRIPT + [['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'conda activate nemotron_vllm\nCUDA_VISIBLE_DEVICES=1 python -m trl.scripts.vllm_serve --model nvidia/Nemotron-3-Nano-Omni-30B-A3B-Reasoning-BF16 \\\n    --host 127.0.0.1 --port 8000 --tensor_parallel_size 1 --gpu_memory_utilization 0.90 \\\n    --dtype bfloat16 --max_model_len 4096 --max_num_seqs 64 --trust_remote_code True > logs/vllm.log 2>&1 &\nuntil curl -sf http://127.0.0.1:8000/health/ >/dev/null; do sleep 5; done\nconda activate nemotron\nCUDA_VISIBLE_DEVICES=2,3,4,5,6,7 accelerate launch --config_file accelerate_omni_plan_a.yaml \\\n    --num_processes 6 examples/scripts/grpo_vlm_qwen3.py --use_vllm --vllm_mode server']],
    log='''
Waiting for 1 local core engine proc(s) to start
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*\bVLLM_ENABLE_V1_MULTIPROCESSING=0\b'},
)

# ---------------------------------------------------------------- NVIDIA LLM-benchmarking recipe README, FAQ (1)

case(
    id='llmbnemotron340b-gb200-tp-comm-overlap-watchdog-allreduce-timeout',
    kind='script',
    source='find_string:55377080114',
    thread_site='the README of an NVIDIA LLM-benchmarking recipe (pretraining Nemotron4-340B with NeMo, submitted as Slurm jobs through `llmb-run submit -w pretrain_nemotron4-340b --dtype <precision> --scale <GPUs>`, H100/GB200/B200 clusters), FAQ "Failure detected by watchdog": "For GB200 you may see the following error message" (the four quoted lines); "To fix, try running with TP_COMM_OVERLAP disabled like so: `TP_COMM_OVERLAP=False llmb-run submit -w pretrain_nemotron4-340b --dtype bf16 --scale 256`"',
    what='the recipe\'s own FAQ gives the cure as one environment setting of the submission (tensor-parallel communication overlap off), which the job script carries, so labelled script - a documentation cure, not one job\'s verified rerun; the lines are the FAQ\'s quoted block; not one of the ten sites - an NVIDIA GB200 Slurm cluster running the NeMo container through pyxis - so mapped by scheduler and GPU family (Slurm, Grace-Hopper superchips, pyxis containers) to DeltaAI; assumed shape - the generated job for 256 GPUs: srun with the NeMo container, one task per GPU, TP_COMM_OVERLAP left at its default (on)',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=64'], ['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=4'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=4'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=nvcr.io#nvidia/nemo:25.04\nexport TP_COMM_OVERLAP=True'], ['--container-mounts="$PWD":/workspace python /workspace/train.py', '--container-mounts="$PWD":/workspace python /workspace/pretrain_nemotron4_340b.py --dtype bf16 --scale 256']],
    log='''
[rank368]:[E808 04:21:41.160918398 ProcessGroupNCCL.cpp:655] [Rank 368] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600001 milliseconds before timing out.
[rank368]:[E808 04:21:41.161005534 ProcessGroupNCCL.cpp:2299] [PG ID 0 PG GUID 0(default_pg) Rank 368]  failure detected by watchdog at work sequence id: 5 PG status: last enqueued work: 5, last completed work: 4
[rank368]:[E808 04:21:41.161011710 ProcessGroupNCCL.cpp:693] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.
[rank368]:[E808 04:21:41.161045406 ProcessGroupNCCL.cpp:2147] [PG ID 0 PG GUID 0(default_pg) Rank 368] First PG on this rank to signal dumping.
''',
    expect={'families': ['environment'], 'fix': r'(?mi)^\+.*\bTP_COMM_OVERLAP=(False|0|no)\b|^\+.*tp_comm_overlap[= ](False|false)'},
)

# ---------------------------------------------------------------- ezpz support-ticket drafts, NERSC part (1)

case(
    id='ezpzticket-perlmutter-aws-ofi-nccl-reduce-scatter-4mib-deadlock-socket-trains',
    kind='not_script',
    source='find_string:69551886947',
    thread_site='a project\'s drafted support tickets ("Drafts: ALCF / NERSC support tickets", saforem2/ezpz era, 2026-09), ticket 2 "NERSC (Perlmutter): aws-ofi-nccl deadlocks a ~4 MiB reduce-scatter" (status: ready to file, isolated 2026-09-15 to the network plugin): 2 x 4 A100-40GB, world_size=8, torch 2.13.0+cu130, NCCL 2.29.7, aws-ofi-nccl 1.6.0 over cxi; the default datapath hangs 6/6 on a byte-identical NumelIn=1055232 reduce-scatter, NCCL_PROTO=Simple and NCCL_ALGO=Ring hang too, the same job on the same nodes trains with NCCL_NET=Socket (about 7x slower); every rank joined the collective, so "this is not an application-side participation bug"; the same collective sizes complete on Polaris, Sunspot and Aurora; the ticket asks NERSC to look at the plugin/NCCL pairing (the site PyTorch bundles NCCL 2.29.7 so `module load nccl/2.24.3` is inert) and at the missing fallback path',
    what='the collective stalls inside the site\'s network plugin on one message size while every rank has joined it; the authors isolated it to Perlmutter\'s aws-ofi-nccl/Slingshot datapath and are filing it with the centre - forcing TCP only sidesteps it at a 7x cost, so no line of the job script cures it - labelled not_script (the site\'s network stack); the lines are the ticket\'s own quoted watchdog state, desync report and init warning; assumed shape - two Perlmutter GPU nodes, one rank per GPU under srun, the FSDP2 LoRA trainer with a 300 s collective timeout',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], ['module load pytorch/2.3.1', 'module load pytorch/2.13.0\nmodule load nccl/2.24.3\nexport TORCH_DDP_TIMEOUT=300\nexport TORCH_NCCL_DESYNC_DEBUG=1'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores python -m ezpz.examples.fsdp_tp --lora --model-size 239m']],
    log='''
misc/ibvwrap.cc:173 NCCL WARN lib wrapper not initialized.
WorkNCCL(SeqNum=18, OpType=_REDUCE_SCATTER_BASE,
         NumelIn=1055232, NumelOut=131904, Timeout(ms)=300000)
[0,1,2,3,4,5,6,7] joined but didn't finish collective #39
''',
)

# ---------------------------------------------------------------- Dawn (Intel PVC) per-rank launcher comments (1)

case(
    id='dawnlauncher-oneccl-topo-fabric-connectivity-segfault-vertex-check-off',
    kind='script',
    source='find_string:70886237659',
    thread_site='a user\'s per-rank launcher for a Slurm job on the Cambridge Dawn cluster (Intel Data Center GPU Max / PVC, two tiles per card exposed as eight XPUs per node, the XPU wheel of torch in a venv, one srun task per tile, raw torch DDP over oneCCL/xccl), whose comments record each failure met there and the line added for it: "oneCCL SEGFAULTS during Level-Zero topology discovery on Dawn: ccl::topo_manager::build_fabric_connectivity_matrix() / ccl::topo_manager::ze_base_init() -> ccl_comm::init() -> ProcessGroupXCCL::getXCCLComm(). It is probing Xe Link fabric ports between tiles; the config dump shows `CCL_ZE_TYPE2_TUNE_PORTS: undetected`, i.e. port detection had already failed. Turn off the fabric-vertex connection check (and its port auto-tuning) so the communicator is built without topology awareness" - the fix is `export CCL_TOPO_FABRIC_VERTEX_CONNECTION_CHECK=0`, `CCL_ZE_AUTO_TUNE_PORTS=0`, `CCL_ZE_DISABLE_PORT_CHECK=1` in the launcher',
    what='the collective library crashes while it maps the links between GPU tiles on that system; the launcher\'s fix is three exported variables in the job\'s own launch script (no topology probing), so labelled script although the root cause is the library\'s port detection; the three lines are the comment\'s own quoted frames and config-dump entry; an earlier version of the same launcher (its libur_loader entry) is in bench/s33b1_probe, this entry is not; not one of the ten sites - a Slurm cluster with Intel PVC GPU nodes - so mapped by scheduler and GPU family to Stampede3 (Slurm, PVC nodes in its pvc queue, started with ibrun); assumed shape - one rank per tile, the launcher\'s oneCCL settings without the three topology lines',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p pvc'], ['#SBATCH -n 6', '#SBATCH -n 16'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate', 'source $WORK/venvs/flsim-xpu/bin/activate\nexport ZE_FLAT_DEVICE_HIERARCHY=FLAT\nexport CCL_ZE_IPC_EXCHANGE=sockets\nexport CCL_ATL_TRANSPORT=ofi\nexport CCL_WORKER_COUNT=1'], ['ibrun python train.py --epochs 10', 'ibrun python scripts/train.py']],
    log='''
ccl::topo_manager::build_fabric_connectivity_matrix()
ccl::topo_manager::ze_base_init() -> ccl_comm::init() -> ProcessGroupXCCL::getXCCLComm()
CCL_ZE_TYPE2_TUNE_PORTS: undetected
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*\bCCL_TOPO_FABRIC_VERTEX_CONNECTION_CHECK=0\b|^\+.*\bCCL_ZE_DISABLE_PORT_CHECK=1\b'},
)

# ---------------------------------------------------------------- Qwen3.5-MoE SFT troubleshooting record (2)

QWSFT_SOURCE = 'find_string:69189310775'
QWSFT_SITE = 'a project\'s troubleshooting record in Chinese ("Qwen3.5-35B-A3B-Base SFT 故障排查记录": full SFT with LLaMA-Factory, DeepSpeed ZeRO-3, FlashAttention-2, cutoff_len 131072, first on one 8 x H800 node, then on 4 nodes / 32 GPUs, one torchrun per node, containers with eth0 plus eight RoCE bonds), eight numbered bugs each with symptom, root cause and fix, and a time line of the log files'
QWSFT_MAP = 'not one of the ten sites - a container cluster of 8-GPU Hopper nodes with one torchrun per node - so mapped by node shape (8 GPUs a node, one torchrun per node under the scheduler) to Delta'
QWSFT_SCRIPT = [['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8'], ['#SBATCH --cpus-per-task=32', '#SBATCH --cpus-per-task=96']]

case(
    id='qwen35sft-four-node-reduce-scatter-watchdog-after-hours-torch-28-upgrade-cures',
    kind='not_script',
    source=QWSFT_SOURCE,
    thread_site=QWSFT_SITE + '; Bug 8: on 4 nodes all 32 ranks time out together on a ZeRO-3 `_REDUCE_SCATTER_BASE` after step ~69, then (NIC pinned) after step 388 / 6h44m, then on RoCE after step 271; every rank joined the same op and loss was healthy until the hang; network changes (NIC pinning, RoCE, bonds, NCCL_IB_* tuning, a longer DeepSpeed sub-group timeout) only moved the time of death, and three independent transports hung alike; "8j final fix": upgrading torch 2.8.0+cu128 -> 2.10.0+cu128 - "the root cause was in torch itself" - and 4-node training then ran across several epochs with no hang',
    what='the job ran for hours before every rank stalled in one collective; the record\'s verified cure is a newer PyTorch in the environment (the hang never recurred after 2.8 -> 2.10), not a line of the job script - its network settings only changed when the hang came - so labelled not_script (a library defect in the installed PyTorch/NCCL); the five lines are the record\'s own quoted watchdog block (indentation kept, the rank prefix written as the record writes it); ' + QWSFT_MAP + '; assumed shape - four nodes, one torchrun per node with 8 processes, the LLaMA-Factory SFT entry point with the DeepSpeed ZeRO-3 config',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=QWSFT_SCRIPT + [['#SBATCH -N 2', '#SBATCH -N 4'], ['#SBATCH --time=01:00:00', '#SBATCH --time=48:00:00\nexport NCCL_SOCKET_IFNAME=eth0\nexport GLOO_SOCKET_IFNAME=eth0'], ['srun torchrun --nnodes=2 --nproc_per_node=4', 'srun torchrun --nnodes=4 --nproc_per_node=8'], ['train.py --epochs 10', 'src/train.py examples/train_full/qwen3_5_35b_a3b_base_full_sft_epo3.yaml']],
    log='''
[rankN]:[E ProcessGroupNCCL.cpp:685] Watchdog caught collective operation timeout:
  WorkNCCL(SeqNum=43410, OpType=_REDUCE_SCATTER_BASE,
           NumelIn=526336, NumelOut=16448, Timeout(ms)=600000)
  ran for 600006 milliseconds before timing out.
[rankN] PG status: last enqueued work: 43412, last completed work: 43409
''',
)

case(
    id='qwen35sft-liger-swiglu-class-swap-illegal-memory-access-second-step',
    kind='not_script',
    source=QWSFT_SOURCE,
    thread_site=QWSFT_SITE + '; Bug 7: step 1 trains normally (loss=0.4572, grad_norm=2.918), the forward of step 2 dies in Qwen3_5MoeSparseMoeBlock with an illegal memory access (SIGABRT); root cause: liger-kernel 0.8.0\'s `apply_liger_kernel_to_qwen3_5_moe` default swiglu/rms_norm class swaps (LigerExperts, the Qwen3-Next RMSNorm) collide with LLaMA-Factory\'s patched decoder forward after the first ZeRO-3 reshard; fix: in LLaMA-Factory\'s liger dispatcher pass `swiglu=False, rms_norm=False` for qwen3_5_moe and keep only the fused linear cross-entropy; step 2 then passes',
    what='a kernel library replaces model classes that do not fit this model, and the second forward pass reads out of bounds; the fix is in the training framework\'s code (which Liger parts to apply), not in the job script - labelled not_script (a library bug met through the program); the three lines are the record\'s own quoted traceback tail; ' + QWSFT_MAP + '; assumed shape - one 8-GPU node, one torchrun, the same SFT entry point with `enable_liger_kernel: true`',
    cluster='delta',
    script='srun_torchrun.sh',
    replace=QWSFT_SCRIPT + [['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH --time=01:00:00', '#SBATCH --time=48:00:00'], ['srun torchrun --nnodes=2 --nproc_per_node=4', 'srun torchrun --nnodes=1 --nproc_per_node=8'], ['train.py --epochs 10', 'src/train.py examples/train_full/qwen3_5_35b_a3b_base_full_sft_epo3.yaml']],
    log='''
File ".../transformers/models/qwen3_5_moe/modeling_qwen3_5_moe.py", line 788, in forward
    shared_expert_output = F.sigmoid(self.shared_expert_gate(...)) * shared_expert_output
torch.AcceleratorError: CUDA error: an illegal memory access was encountered
''',
)

# ---------------------------------------------------------------- ezpz pull request 211 (1)

case(
    id='ezpzpr211-ld-library-path-foreign-mpi-port-broadcast-none-master-port',
    kind='script',
    source='https://github.com/saforem2/ezpz/pull/211',
    thread_site='a merged pull request in saforem2/ezpz ("fix(distributed): fail clearly when the MASTER_PORT broadcast degenerates", 2026-08): when MASTER_PORT is unset, rank 0 picks a free port and MPI broadcasts it; "if the broadcast degenerates - every rank its own COMM_WORLD, which happens when mpi4py loads an MPI that cannot reach the launcher\'s PMI - the None survives, str(None) exports the literal string \\"None\\", and torch fails eleven frames later" (the three quoted lines); "Hit on Sunspot (job 12472873) after an LD_LIBRARY_PATH change pulled in an MPI that did not match PALS"; the new error names the likely cause and the workaround: set MASTER_ADDR/MASTER_PORT to skip the path entirely',
    what='the job puts a directory with another MPI library ahead on the loader path, so the Python MPI binding cannot reach the PALS launcher, every rank sees a world of one, and the port is never shared; the cure is in the job script (drop that LD_LIBRARY_PATH change, or export MASTER_ADDR and MASTER_PORT so the broadcast is not needed), so labelled script; the lines are the pull request\'s own quoted traceback tail; Sunspot is the Aurora test system (PBS, PALS mpiexec, PVC GPUs), so mapped to Aurora; assumed shape - the base Aurora job without its MASTER_ADDR/MASTER_PORT exports, with a venv\'s lib directory prepended to LD_LIBRARY_PATH',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks\n', 'module load frameworks\nsource $HOME/venvs/ezpz/bin/activate\nexport LD_LIBRARY_PATH=$HOME/venvs/ezpz/lib:$LD_LIBRARY_PATH\n'], ['export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n', ''], ['python train.py', 'python3 -m ezpz.examples.test']],
    log='''
File ".../torch/distributed/rendezvous.py", line 277, in _env_rendezvous_handler
    master_port = int(_get_env_or_raise("MASTER_PORT"))
ValueError: invalid literal for int() with base 10: 'None'
''',
    expect={'families': ['environment', 'launcher', 'rendezvous'], 'fix': r'(?m)^\+.*\bMASTER_PORT=\S+|^-.*\bLD_LIBRARY_PATH=\$HOME/venvs/ezpz/lib'},
)

# ---------------------------------------------------------------- Megatron-DeepSpeed universal-checkpoint bug note, Aurora (1)

case(
    id='ucpbug-aurora-dp768-checkpoint-universal-conversion-negative-narrow-length',
    kind='not_script',
    source='find_string:6354832793',
    thread_site='a bug write-up in a Megatron-DeepSpeed working tree on Aurora ("Universal Checkpoint Conversion Bug (with DP=768)", 2024-12-29, branch saforem2/ucp-bug of DeepSpeed): converting a ZeRO stage-1 checkpoint written by a 12-node, data_parallel_size=768 run (global_step95600) with `python3 deps/DeepSpeed/deepspeed/checkpoint/ds_to_universal.py --input_folder ... --output_folder ..._universal` extracts 767 of 768 fragments and then fails in `_strip_tensor_paddings` (raw_length = numel - padding = 348 - 1024 = -676); the same process works for checkpoints from 4 nodes; the proposed and confirmed fix is a two-line patch to DeepSpeed (pass `strip_tensor_paddings=False` through `get_zero_checkpoint_state`)',
    what='DeepSpeed\'s converter computes a negative length for one optimizer-state fragment of a large-scale checkpoint; the cure is a patch to DeepSpeed itself, nothing in the job that runs the converter - labelled not_script (a library bug); the three lines are the write-up\'s own quoted traceback tail (its path shortened only by the write-up); assumed shape - a one-node Aurora PBS job that loads the frameworks module and runs the converter as one process',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'ckpt_dir=checkpoints/ws768_ds_stage1_nl32_hs4096_mb4_seq4096_gb3072_sp1_pp1_tp1_bf16_optadamw_lr0.00020_lwf0.05\ngs=$(cat "${ckpt_dir}/latest_checkpointed_iteration.txt")\npython3 deps/DeepSpeed/deepspeed/checkpoint/ds_to_universal.py --input_folder "${ckpt_dir}/global_step${gs}" \\\n    --output_folder "${ckpt_dir}/global_step${gs}_universal" --keep_temp_folder']],
    log='''
  File "/lus/flare/projects/Aurora_deployment/foremans/projects/argonne-lcf/tmp/2024-12-28-154515/Megatron-DeepSpeed/deps/DeepSpeed/deepspeed/checkpoint/zero_checkpoint.py", line 110, in _strip_tensor_paddings
    group_state[state_name] = torch.narrow(state_value, 0, 0, raw_length).clone()
RuntimeError: narrow(): length must be non-negative.
''',
)

# ---------------------------------------------------------------- Perlmutter quantum Hydra/Mamba experiment status report (2)

QHYDRA_SOURCE = 'find_string:5948091267'
QHYDRA_SITE = 'a project\'s experiment status report on Perlmutter ("Quantum Hydra & Quantum Mamba Experiment Status Report", 90 experiments = 3 datasets x 6 models x 5 seeds, code and logs under /pscratch/sd/j/junghoon/), listing each failure class with its error, root cause and the fix required'

case(
    id='qhydrastatus-classical-models-transpose-2d-input-dimension-out-of-range',
    kind='not_script',
    source=QHYDRA_SOURCE,
    thread_site=QHYDRA_SITE + '; Issue #1 (18 failures, DNA and MNIST, classical Hydra and Mamba): "Root Cause: Input tensor has only 2 dimensions, but code expects 3 dimensions (batch, seq, features)"; fix required in TrueClassicalHydra.py:376 / TrueClassicalMamba.py:295 (handle 2D inputs, add dimension checks), then re-run',
    what='the model code transposes a tensor that has one dimension fewer than it assumes; the fix the report requires is in the model source, not in the job script - labelled not_script (a bug in the user\'s program); the three lines are the report\'s quoted error and first frame; assumed shape - one Perlmutter GPU job per experiment running the training script with the dataset, model and seed',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun python run_experiment.py --dataset mnist --model classical_hydra --seed 2024']],
    log='''
IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)
File "/pscratch/sd/j/junghoon/TrueClassicalHydra.py", line 376, in forward
    x = x.transpose(1, 2)
''',
)

case(
    id='qhydrastatus-eeg-classical-hydra-nan-loss-chance-accuracy-all-seeds',
    kind='not_script',
    source=QHYDRA_SOURCE,
    thread_site=QHYDRA_SITE + '; Issue #3 (EEG, classical Hydra, all 5 seeds): training completes but the loss becomes NaN and accuracy stays at chance; possible causes exploding gradients, invalid learning rate, numerical instability in EEG preprocessing, incorrect normalization; fix required in TrueClassicalHydra.py (gradient clipping, a lower learning rate for EEG, NaN checks) and a check of the EEG normalisation; "5 may remain with NaN issues (requires deeper investigation)"',
    what='the jobs run to the end, but the model diverges on this one dataset; every remedy the report lists is in the training code or the data preparation, none in the job script (a lower learning rate could be passed on the launch line, which is why this one is marked DOUBTFUL) - labelled not_script (the program or its input data); the three lines are the report\'s quoted summary output; assumed shape - the same one-GPU experiment job with the EEG dataset',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun python run_experiment.py --dataset eeg --model classical_hydra --seed 2024']],
    log='''
Train Loss: nan, Train Acc: 0.5017
Val Loss: nan, Val Acc: 0.4983
Test Acc: 0.5058, Test AUC: 0.0000
''',
)

# ---------------------------------------------------------------- CASP16 structure-prediction experiment log, Vista (1)

case(
    id='casp16vista-protenix-eight-targets-over-2560-token-limit-input-fallback',
    kind='not_script',
    source='find_string:59088137459',
    thread_site='an append-only experiment log of a CASP16 structure-prediction project run on TACC Vista GH200 nodes (Protenix inference jobs under Slurm, e.g. job 810719 on c639-072, allocation 797582 on c610-032): "Baseline inference generated 98/106 CIFs. The 8 failed Protenix jobs were all `n_token > 2560`: T1295, H0217, H0258, H0272, H1217, H1258, H1272, and T1295O"; every rerun failed the same eight; the remedy pursued is an input strategy (`yang_large_target_split_or_fallback_v1`: epitope cleanup and chain/copy budget fallback so each optimized job stays below 2560 tokens), predeclared before prediction',
    what='eight of the prediction targets are larger than the model\'s token limit, and the cure is to change those inputs (split or reduce the assemblies), not the job script - labelled not_script (the input data); the log names the failure only as `n_token > 2560`, so the line is the message Protenix itself raises for that check (its runner/inference.py, read as text id 55049393215) - DOUBTFUL for that reason; assumed shape - one Vista GH200 node running the project\'s Protenix inference over the benchmark inputs',
    cluster='vista',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p gh'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['#SBATCH -t 02:00:00', '#SBATCH -t 48:00:00'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate', 'module load cuda/12.6\nsource $WORK/venvs/protenix/bin/activate'], ['ibrun python train.py --epochs 10', './casp16 run-next --benchmark casp16_server_protein_v1']],
    log='''
AssertionError: protenix-v2 model does not support n_token > 2560. It might cause OOM.
''',
)

# ---------------------------------------------------------------- Stampede3 SFNO/PanguWeather job output files (2 sources, 1 each)

SFNO_SITE = 'a user\'s Slurm output file (no write-up, the log only) of an SFNO/PanguWeather job on Stampede3 (4 local ranks under one torchrun on an H100 node, c56x-xxx.stampede3.tacc.utexas.edu, a conda env on /work); the same project has an earlier output file in bench/reallogs33 (a missing YAML path, job of 2026-06-09), these are different runs'
SFNO_SCRIPT = [['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 2', '#SBATCH -n 1']]

case(
    id='sfnostampede-empty-yaml-config-argument-abspath-is-a-directory',
    kind='script',
    source='find_string:54754118446',
    thread_site=SFNO_SITE + '; run of 2026-05-29 17:45: Lmod first refuses `module load conda` ("The following module(s) are unknown: \\"conda\\""), the env\'s python runs anyway, then every rank dies in `YParams(os.path.abspath(args.yaml_config), args.config)` with IsADirectoryError naming the code directory /work2/11095/jwan4/PanguWeather/v2.0 - os.path.abspath of an empty string is the working directory, so the job passed an empty --yaml_config; the file shows the failure only, no rerun',
    what='the job hands the trainer an empty configuration path, which resolves to its working directory; the cure is the --yaml_config argument on the launch line (and dropping the nonexistent conda module), so labelled script - DOUBTFUL because the cause is read from the log alone (the output file has no diagnosis or rerun); the line is the file\'s final exception (the Lmod error before it is not used because its first line is already in an earlier set); assumed shape - one node, `module load conda`, the conda env activated by path, one torchrun with 4 processes and `--yaml_config=$YAML_CONFIG` where YAML_CONFIG is never set',
    cluster='stampede3',
    script='tacc_torchrun_per_node.sh',
    replace=SFNO_SCRIPT + [['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate', 'module load conda\ncd /work2/11095/jwan4/PanguWeather/v2.0\nsource activate /work/11095/jwan4/conda-envs/sfno_pangu'], ['srun torchrun --nnodes=2 --nproc_per_node=3 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py', 'torchrun --standalone --nproc_per_node=4 train.py --yaml_config=$YAML_CONFIG --config=sfno_stampede']],
    log='''
IsADirectoryError: [Errno 21] Is a directory: '/work2/11095/jwan4/PanguWeather/v2.0'
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+.*--yaml_config[= ]\S*\.ya?ml\b|^\+\s*(export\s+)?YAML_CONFIG=\S+'},
)

case(
    id='sfnostampede-ensemble-inference-config-path-under-work-not-work2',
    kind='script',
    source='find_string:54562311195',
    thread_site=SFNO_SITE + '; run of 2026-06-16 07:46 (ensemble_inference.py on c563-002): Lmod swaps a chain of modules (intel/24.0 -> gcc/15.1.0 -> nvidia/25.3 -> opencilk/2.1.0, impi -> openmpi), then every rank dies opening /work/11095/jwan4/PanguWeather/v2.0/config/stampede/E3SM_SFNO_H5_STAMPEDE_jsw.yaml, while the code it imports lives on /work2/11095/jwan4/PanguWeather/v2.0; the file shows the failure only, no rerun',
    what='the job names a configuration file that is not where it points (a relative path resolved in the /work copy of the tree, while the YAML and the code are under /work2); the cure is the path on the launch line (or the directory the job starts in), so labelled script - DOUBTFUL because the cause is read from the log alone, and the class repeats the reallogs33 entry of the same project with a different path and run; the lines are the file\'s last Lmod swap and final exception; assumed shape - one node, a chain of module loads, `cd` into the /work copy, one torchrun with 4 processes running ensemble_inference.py with a relative --yaml_config',
    cluster='stampede3',
    script='tacc_torchrun_per_node.sh',
    replace=SFNO_SCRIPT + [['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate', 'module load gcc/15.1.0\nmodule load nvidia/25.3\nmodule load opencilk/2.1.0\ncd /work/11095/jwan4/PanguWeather/v2.0\nsource activate /work/11095/jwan4/conda-envs/sfno_pangu'], ['srun torchrun --nnodes=2 --nproc_per_node=3 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py', 'torchrun --standalone --nproc_per_node=4 ensemble_inference.py --yaml_config=config/stampede/E3SM_SFNO_H5_STAMPEDE_jsw.yaml --config=sfno_stampede']],
    log='''
Lmod is automatically replacing "nvidia/25.3" with "opencilk/2.1.0".
FileNotFoundError: [Errno 2] No such file or directory: '/work/11095/jwan4/PanguWeather/v2.0/config/stampede/E3SM_SFNO_H5_STAMPEDE_jsw.yaml'
''',
    expect={'families': ['filesystem', 'user', 'environment'], 'fix': r'(?m)^\+.*--yaml_config[= ](?!config/stampede/)\S+\.ya?ml\b|^\+\s*cd\s+/work2/'},
)

# ---------------------------------------------------------------- Vision Mamba detection failure-fix note, Alliance Fir (2)

VIMDET_SOURCE = 'find_string:23608952352'
VIMDET_SITE = 'a project\'s failure-fix note ("Vision Mamba Detection: Training Failure Fixes", MS-COCO Cascade Mask R-CNN with a Vision Mamba backbone, detectron2 lazy configs, one config per discretization method, logs from "CC-Fir HPC runs"), a table of each method\'s failure and root cause, then the fix applied for each'
VIMDET_MAP = 'not one of the ten sites - the Alliance (Compute Canada) Fir cluster, Slurm with 4-GPU nodes - so mapped by scheduler and node shape to Delta'
VIMDET_SCRIPT = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32']]

case(
    id='vimdetfir-foh-detection-100-epochs-job-cancelled-time-limit',
    kind='script',
    source=VIMDET_SOURCE,
    thread_site=VIMDET_SITE + '; FOH: "JOB CANCELLED DUE TO TIME LIMIT" - "SLURM job exceeded allocated time"; section 3 "FOH Time Limit (User Action Required)": the quoted cancellation line; "Fix: Increase the SLURM `--time` allocation in your job submission script for FOH detection training. Detection with 100 epochs typically needs 24-48+ hours" (example `#SBATCH --time=48:00:00`)',
    what='the training needs longer than the job asked for; the note\'s fix is the time request in the job script, so labelled script; the line is the note\'s quoted cancellation (as the note writes it, without the slurmstepd prefix); ' + VIMDET_MAP + '; assumed shape - one node, one detectron2 launcher process spawning 4 GPU workers, the FOH config, `--time=24:00:00`',
    cluster='delta',
    script='srun_python.sh',
    replace=VIMDET_SCRIPT + [['#SBATCH --time=02:00:00', '#SBATCH --time=24:00:00'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python det/tools/lazyconfig_train_net.py --num-gpus 4 \\\n    --config-file det/projects/ViTDet/configs/COCO/cascade_mask_rcnn_vimdet_t_100ep_adj1_foh.py']],
    log='''
JOB 21348504 ON fc10401 CANCELLED AT 2026-01-30T22:46:54 DUE TO TIME LIMIT
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+\s*#SBATCH\s+(--time[= ]|-t\s+)(?!24:00:00)\S+'},
)

case(
    id='vimdetfir-shapely2-crop-intersection-geometrycollection-not-iterable',
    kind='not_script',
    source=VIMDET_SOURCE,
    thread_site=VIMDET_SITE + '; Bilinear and Highorder: `TypeError: \'GeometryCollection\' object is not iterable` - "Shapely 2.0 + fvcore CropTransform incompatibility": fvcore\'s `CropTransform.apply_polygons` iterates the result of `polygon.intersection(crop_box)`, which can be a GeometryCollection, and in Shapely 2.0+ that must be read through `.geoms`; fix: a monkey-patch of `CropTransform.apply_polygons` in det/detectron2/data/detection_utils.py',
    what='two libraries of the training environment disagree (fvcore still iterates a Shapely geometry that Shapely 2 no longer makes iterable), so the data augmentation fails on some crops; the fix is a code patch to the data pipeline (or a Shapely/fvcore version pair that agree), not a line of the job script - labelled not_script (a library incompatibility); the line is the note\'s quoted error; ' + VIMDET_MAP + '; assumed shape - the same one-node detectron2 job with the bilinear config',
    cluster='delta',
    script='srun_python.sh',
    replace=VIMDET_SCRIPT + [['#SBATCH --time=02:00:00', '#SBATCH --time=48:00:00'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python det/tools/lazyconfig_train_net.py --num-gpus 4 \\\n    --config-file det/projects/ViTDet/configs/COCO/cascade_mask_rcnn_vimdet_t_100ep_adj1_bilinear.py']],
    log='''
TypeError: 'GeometryCollection' object is not iterable
''',
)
