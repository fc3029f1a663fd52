# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.

# ---------------------------------------------------------------- Perlmutter Nsight Systems run report (2)

NSYS_SOURCE = 'find_string:57691973345'
NSYS_SITE = 'a user\'s run report (run-004, "Nsight Systems profile of the run-003 optimum, 1 GPU") for an AMReX multigrid solver on Perlmutter: six one-rank `nsys profile` runs on an A100 GPU node, each problem written up as what was seen, why, and what the next run must change'
NSYS_SCRIPT = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['module load pytorch/2.3.1', 'module load cudatoolkit']]

case(
    id='nsysperlmutter-nsys-rep-on-global-home-errno-524-write-to-pscratch',
    kind='script',
    source=NSYS_SOURCE,
    thread_site=NSYS_SITE + '; "Report generation failed on Perlmutter": every run wrote a .qdstrm but no .nsys-rep, the importer failing with errno 524 (ENOTSUPP) because its file creation is not supported on NERSC global home (/global/u2); the .qdstrm files were converted elsewhere; fix stated for the next run: write the reports (`nsys profile -o ...`) to $PSCRATCH, not $HOME',
    what='the job writes its profiler output under the home file system, which cannot create the report file; the fix the report gives is the `-o` path on the launch line ($PSCRATCH), so labelled script; the three lines are the report\'s own quoted importer error; assumed shape - one rank under srun, `nsys profile -o <home path> --trace=cuda,nvtx` in front of the solver binary (the binary name and inputs are assumed)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=NSYS_SCRIPT + [['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun -n 1 nsys profile -o /global/u2/w/wqz/mygitrepo/warpx-solver/nodefd/run-004/nsys-nosync1-r1 --trace=cuda,nvtx \\\n    ./main3d.gnu.MPI.CUDA.ex inputs nosync=1 recreate_linop=0 nsolves=20 nwarmup=3']],
    log='''
Import Failed ... CreateFileException
[errinfo_errno] = 524, "Unknown error 524"
[file] = /global/u2/w/wqz/mygitrepo/warpx-solver/nodefd/run-004/nsys-nosync1-r1.nsys-rep
''',
    expect={'families': ['filesystem'], 'fix': r'(?m)^\+.*\bnsys\s+profile\b.*(-o|--output)[ =]\S*(PSCRATCH|pscratch|SCRATCH)'},
)

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

# ---------------------------------------------------------------- streaming-VQA cluster run-book (1)

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
