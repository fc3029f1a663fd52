# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Written and labelled before any run of maple on these cases.

# ---------------------------------------------------------------- MLMC_optimization fork README, troubleshooting table (2)

MLMC_SOURCE = 'find_string:54494361973'
MLMC_SITE = 'the README of a reproduction fork of MLMC_optimization (Yuma-Ichikawa/MLMC_optimization, as the README itself names its origin remote; found with find_string, which shows no repository): single-GPU Slurm jobs (`sbatch scripts/*.sbatch`, partition `batch-1gpu`, NVIDIA B200 nodes, Slurm 23.x), the Python entry points run with `uv`/`.venv` from `Code/Modern/optimization/`; its section 8 "Troubleshooting" is a table of Symptom / Likely cause / Fix'
MLMC_MAP = 'not one of the ten sites - a Slurm cluster with single-GPU partitions on NVSwitch B200 nodes - so mapped by scheduler family (Slurm, NVIDIA GPU nodes) to DeltaAI, one GPU asked for'
MLMC_ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', '']]

case(
    id='mlmcreadme-fabric-manager-not-up-cuda-802-system-not-yet-initialized',
    kind='not_script',
    source=MLMC_SOURCE,
    thread_site=MLMC_SITE + '; row "`CUDA error 802: system not yet initialized`": likely cause - the NVSwitch fabric-manager on the allocated node is not up (seen occasionally on B200 systems just after reboot), `nvidia-smi` still works but `cudaGetDeviceCount` fails; fix - ask the cluster admin to `systemctl start nvidia-fabricmanager` on that node, or resubmit excluding it (`sbatch --exclude=<node> ...`)',
    what='a node-administration fault: a system service (NVIDIA fabric manager) is not running on one node, so CUDA cannot initialise; nothing in the job script causes it and the cure is the administrator\'s (an `--exclude` of the bad node at resubmission only avoids it, and the log does not name the node) - not_script; the line is the table\'s own symptom text (reallogs17/reallogs32 hold differently worded 802 lines, not this one); ' + MLMC_MAP + '; assumed shape - the smoke-test job: cd into the package directory, activate the venv, run simulated_annealing.py',
    cluster='deltaai',
    script='srun_python.sh',
    replace=MLMC_ONE_GPU + [['srun python -u train.py --batch-size 256 --epochs 32', 'source .venv/bin/activate\ncd Code/Modern/optimization\npython simulated_annealing.py --pop_size 1000 --L 10 --MCsteps 50 --Cv_factor 1.618']],
    log='''
CUDA error 802: system not yet initialized
''',
)

case(
    id='mlmcreadme-launched-from-repo-root-couplings-file-not-found-cd-package-dir',
    kind='script',
    source=MLMC_SOURCE,
    thread_site=MLMC_SITE + '; row "`FileNotFoundError: Data/Alpha/Couplings/...`": likely cause - the script was launched from the repo root; fix - use `sbatch scripts/...` (whose wrappers `cd` into the package directory) or run the `python ...` command from `Code/Modern/optimization/` (the annealing scripts read the couplings through `../../../Data/Alpha/Couplings/...`, section 4.4)',
    what='the job runs the entry point from the wrong working directory, so the relative data path does not resolve; the page\'s cure is a `cd Code/Modern/optimization` before the python line of the job script (or the wrappers that do it) - labelled script; the line is the table\'s own symptom text, with its `...` placeholder kept; ' + MLMC_MAP + '; assumed shape - a hand-written job script that activates the venv at the repo root and calls the entry point by its path without changing directory',
    cluster='deltaai',
    script='srun_python.sh',
    replace=MLMC_ONE_GPU + [['srun python -u train.py --batch-size 256 --epochs 32', 'source .venv/bin/activate\npython Code/Modern/optimization/simulated_annealing.py --pop_size 1000 --L 10 --MCsteps 50 --Cv_factor 1.618']],
    log='''
FileNotFoundError: Data/Alpha/Couplings/...
''',
    expect={'families': ['filesystem', 'launcher'], 'fix': r'(?m)^\+\s*cd\s+\S*Code/Modern/optimization/?\s*$|^\+.*\bsbatch\s+scripts/|^\+.*\bcd\s+\S*Code/Modern/optimization\b.*&&\s*python'},
)

# ---------------------------------------------------------------- SPAdes hybrid-assembly notes on a PBS cluster (1)

case(
    id='spadesbraid-walltime-given-in-minutes-not-hours-pbs-job-killed',
    kind='script',
    source='find_string:28346801316',
    thread_site='a user\'s assembly-pipeline notes (pipeline.md) for SPAdes on a university PBS/Torque cluster (braid.cnsi.ucsb.edu; `#PBS -l nodes=1:ppn=12`, `#PBS -l mem=64G`, `spades.py` run from the batch script, submitted with `qsub`): the job was aborted by the PBS server (mail quoted), the output file said `=>> PBS: job killed: walltime 81 exceeded limit 60`; a retry at 00:01:30 was still killed; then "Duh, I was submitting in minutes instead of hours", walltime set to 6:00:00',
    what='the walltime directive asked for one minute where hours were meant, so the scheduler killed the job at its limit; the fix is the `#PBS -l walltime` line of the job script - labelled script; the lines are the note\'s own quotes (the PBS mail and the output file\'s line); not one of the ten sites - a PBS cluster - so mapped by scheduler family to Polaris (PBS Pro, mpiexec); assumed shape - the first submission\'s walltime `00:01:00` (the note gives the limit 60 s and the later tries), the assembler started with one rank on one node',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=00:01:00'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'spades.py -t 32 -1 lizzy9-reads1.fastq -2 lizzy9-reads2.fastq --pacbio lizzy9-pacbio.fastq -o spades']],
    log='''
Aborted by PBS Server
Job exceeded some resource limit (walltime, mem, etc.). Job was aborted
See Administrator for help
=>> PBS: job killed: walltime 81 exceeded limit 60
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+\s*#PBS\s+-l\s+walltime=(?!00:0[01]:)\d+:\d\d:\d\d'},
)

# ---------------------------------------------------------------- Isambard-AI (GH200, Slingshot) Megatron-Bridge notes: CLAUDE.md files of one user's projects (2 sources, 1 case each)

ISAMBARD_MAP = 'not one of the ten sites - Isambard-AI (HPE Cray EX, GH200 nodes with 4 GPUs, Slingshot/CXI, Slurm, bare-metal venv, `brics/aws-ofi-nccl` module) - so mapped by system family to DeltaAI (GH200 nodes, Slingshot, Slurm), 4 GPUs a node'

case(
    id='isambardbridge-system-nccl-older-than-torch-undefined-symbol-ncclcommshrink-preload',
    kind='script',
    source='find_string:52705865506',
    thread_site='a CLAUDE.md of a bare-metal NeMo Megatron-Bridge install on Isambard (ARM aarch64, GH200 120GB, CUDA 12.6, Slingshot/CXI; sbatch scripts source `activate_env.sh`, "Sets LD_PRELOAD, library paths, compiler vars"), section "ARM/Isambard-Specific Workarounds", item 2: "NCCL LD_PRELOAD (fixes `undefined symbol: ncclCommShrink`). The system NCCL is older than what torch needs. The venv\'s bundled NCCL must be force-loaded via LD_PRELOAD" (`export NCCL_LIBRARY=.venv/.../nvidia/nccl/lib/libnccl.so.2`, `export LD_PRELOAD=$NCCL_LIBRARY`)',
    what='the job\'s library path resolves an older system NCCL (pulled in by the site\'s NCCL/OFI modules) ahead of the one torch was built against; the cure is an export in the job environment (LD_PRELOAD of the venv\'s libnccl.so.2, or that lib directory first on LD_LIBRARY_PATH) - labelled script; the line is the note\'s own quoted error fragment (the note gives no fuller traceback); ' + ISAMBARD_MAP + '; assumed shape - a 2-node job that loads the site modules and activates the venv, but does not source the env helper that sets LD_PRELOAD',
    cluster='deltaai',
    script='srun_torchrun.sh',
    replace=[['export MASTER_ADDR=', 'module load PrgEnv-cray\nmodule load cuda/12.6\nmodule load brics/aws-ofi-nccl/1.8.1\nsource .venv/bin/activate\nexport MASTER_ADDR='], ['train.py --epochs 10', 'scripts/training/run_recipe.py --recipe vanilla_gpt_pretrain_config --dataset llm-pretrain-mock model.gradient_accumulation_fusion=False']],
    log='''
undefined symbol: ncclCommShrink
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*\bLD_PRELOAD=\S*libnccl|^\+.*\bLD_LIBRARY_PATH=\S*nvidia/nccl/lib'},
)

case(
    id='geodesicpitfalls-base-ckpt-eod-token-zero-embedding-inf-grad-norm-bucket0',
    kind='not_script',
    source='find_string:55626556983',
    thread_site='a CLAUDE.md of a Megatron-Bridge fork used for Nemotron continued pre-training on Isambard-AI (GH200, Slingshot, Slurm; /projects/a5k), table "Common Pitfalls": problem "`Inf in local grad norm for bucket #0 in backward pass before data-parallel communication collective` at \"iteration 2\" on a `*-Base-BF16` CPT run, deterministic across reruns and unmoved by LR / PAO / warmup / DDP-overlap mitigations"; fix: use the base tokenizer (EOS `</s>` = id 2) for both `preprocess_data.py --append-eod` and the YAML `tokenizer.tokenizer_model` - the chat EOS id 11 written at every document boundary hits an embedding row that is exactly 0.0 in the Base checkpoint and overflows BF16 on the first backward',
    what='the training data were tokenised with the wrong end-of-document id for this checkpoint, so the first backward overflows; the cure is re-preprocessing the input data and the training config\'s tokenizer, nothing in the job script - not_script (input data / program configuration); the line is the table\'s own quoted error text; ' + ISAMBARD_MAP + '; assumed shape - a 2-node CPT job that the fork\'s launcher starts with torchrun under srun',
    cluster='deltaai',
    script='srun_torchrun.sh',
    replace=[['export MASTER_ADDR=', 'source .venv/bin/activate\nexport TRITON_CACHE_DIR=/tmp/triton_cache_$SLURM_JOB_ID\nexport MASTER_ADDR='], ['train.py --epochs 10', 'scripts/training/run_recipe.py --config-file configs/nemotron_nano_base_cpt.yaml']],
    log='''
Inf in local grad norm for bucket #0 in backward pass before data-parallel communication collective
''',
)

# ---------------------------------------------------------------- udonpred single-GPU container job under srun (1)

case(
    id='udonpredtrain-hf-trainer-under-srun-env-rendezvous-world-size-not-set-pin-rank',
    kind='script',
    source='find_string:66580718198',
    thread_site='the per-task script (slurm/train.sh) of the udonpred project, started by its `train.sbatch` job array through srun inside a pyxis container (`--no-container-mount-home`, uv-managed venv in node-local scratch), single-process one-GPU training (`uv run udonpred-train train`); its comment: "Single-process (1 GPU) training. Under srun, HF Trainer/accelerate detect the SLURM env and try to init torch.distributed via env:// rendezvous, which fails with \"WORLD_SIZE expected, but not set\". Pin a 1-rank world so the process group initializes cleanly instead", followed by exports of MASTER_ADDR=127.0.0.1, MASTER_PORT, RANK=0, LOCAL_RANK=0, WORLD_SIZE=1',
    what='the job runs a one-GPU trainer under srun without the rank variables the env:// rendezvous needs; the cure the script records is the exports in the job\'s run script (or a launcher that sets them) - labelled script; the line is the comment\'s quoted error fragment, without the quotes (the comment gives no fuller traceback); not one of the ten sites - a Slurm cluster with pyxis containers - so mapped to Perlmutter, whose GPU jobs run images with shifter under srun, one GPU; assumed shape - the run script without the five exports',
    cluster='perlmutter',
    script='perlmutter_shifter.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'export HF_HOME=/tmp/udonpred/hf\nexport UV_PROJECT_ENVIRONMENT=/tmp/udonpred/venv\n'], ['srun shifter python train.py --epochs 10', 'srun shifter bash -c "uv sync --extra training --extra hub && uv run udonpred-train train"']],
    log='''
WORLD_SIZE expected, but not set
''',
    expect={'families': ['rendezvous', 'environment', 'launcher'], 'fix': r'(?m)^\+.*\bWORLD_SIZE=1\b|^\+.*\btorchrun\b.*(--standalone|--nproc[-_]per[-_]node[= ]1\b)'},
)

# ---------------------------------------------------------------- AutoRound XPU kernel BKC page (Intel GPU) (2)

ARK_SOURCE = 'find_string:56657825050'
ARK_SITE = 'the "AutoRound XPU Kernel BKC" page of the auto-round project (auto_round_extension/ark; Best Known Configuration for building and validating the `auto_round_kernel` XPU library on an Intel GPU host: Arc Pro B60 class device, PyTorch 2.11.0+xpu, `uv` venv, oneAPI `setvars.sh` sourced), section "Troubleshooting", a table of Symptom / Likely Cause / Fix'
ARK_MAP = 'not one job on one site - an Intel GPU host - so diagnosed on Aurora (Intel Data Center GPU Max, PBS, ranks started by mpiexec), one rank on one node'
ARK_ONE = [['#PBS -l select=2', '#PBS -l select=1'], ['NRANKS_PER_NODE=12', 'NRANKS_PER_NODE=1']]

case(
    id='autoroundbkc-oneapi-runtime-not-sourced-libiomp5-cannot-open-shared-object',
    kind='script',
    source=ARK_SOURCE,
    thread_site=ARK_SITE + '; row "`libiomp5.so: cannot open shared object file`": likely cause - oneAPI runtime libraries are not loaded in the current shell; fix - source `/opt/intel/oneapi/setvars.sh` inside the same shell that launches Python (the page repeats it for the `sg render -c` wrapper: "source oneAPI inside that shell too; otherwise the XPU extension may fail to load with `libiomp5.so` missing")',
    what='the job starts Python in an environment without the oneAPI runtime on the library path, so the XPU extension cannot load the OpenMP runtime; the cure is a line in the job script before the launch (source the oneAPI vars, or on Aurora load the module that provides them) - labelled script; the line is the table\'s own symptom text; ' + ARK_MAP + '; assumed shape - the job activates its own uv venv instead of loading the site\'s frameworks/oneAPI module',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=ARK_ONE + [['module load frameworks', 'source $HOME/auto-round/auto_round_extension/ark/.venv/bin/activate'], ['python train.py', 'python test/bench_sparse_topk.py --seq-len 1024 --topk 1.0 0.5 --warmup 1 --iters 2']],
    log='''
libiomp5.so: cannot open shared object file
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(\bsource\s+\S*(setvars|oneapi-vars)\.sh|\bmodule\s+load\s+\S*(oneapi|frameworks|compiler)|\bLD_LIBRARY_PATH=\S*(oneapi|compiler)\S*)'},
)

case(
    id='autoroundbkc-session-lacks-render-group-xpu-device-count-is-zero',
    kind='not_script',
    source=ARK_SOURCE,
    thread_site=ARK_SITE + '; row "`XPU device count is zero`": likely cause - the current shell is missing the `render` group; fix - add the user to `render` (`sudo usermod -aG render "$USER"`), start a fresh login session and verify with `id`; `sg render -c "..."` only as a temporary workaround',
    what='the user account (or its session) lacks the group that grants access to the GPU device nodes, so PyTorch sees no XPU; the cure is account/node administration (group membership, a new login session), nothing in the job script - not_script; the line is the table\'s own symptom text; ' + ARK_MAP + '; assumed shape - a correct job (frameworks module, venv) that still sees no device',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=ARK_ONE + [['module load frameworks', 'module load frameworks\nsource $HOME/auto-round/auto_round_extension/ark/.venv/bin/activate'], ['python train.py', 'python test_xpu.py']],
    log='''
XPU device count is zero
''',
)

# ---------------------------------------------------------------- xetla vLLM plugin README (Intel Xe2 GPUs) (1)

case(
    id='xetlaplugin-quant-method-env-unset-defaults-int2-bf16-kernel-a-must-be-bf16',
    kind='script',
    source='find_string:66873367976',
    thread_site='the README of a vLLM plugin with xetla 2-bit kernels for Intel Xe2 GPUs (xetla_vllm_plugin; runs inside Slurm allocations on an Intel GPU cluster with `srun --jobid=<JOBID> --overlap ... bash -c \'source .../intel_gpu_vars.sh; source .../oneapi-vars.sh; source .venv/bin/activate; ...\'`), section "Common pitfalls": symptom "`RuntimeError: A must be bf16` (during model load)", root cause "`XETLA_QUANT_METHOD` defaulted to `int2` (= bf16 kernel)", fix "export `XETLA_QUANT_METHOD=int2_f16` *or* `XETLA_PREQUANT_PATH=<sidecar>`" (section 5 repeats it for `scripts/demo_record.py --quantization xetla`)',
    what='the launch environment lacks the variable that selects the fp16 kernel family, so the plugin defaults to the bf16 one and fails at model load; the cure is an export in the job\'s launch lines - labelled script; the line is the table\'s own symptom text; not one of the ten sites - a Slurm cluster with Intel Xe2 GPUs - so diagnosed on Aurora (Intel GPUs, PBS, mpiexec), one rank on one node; assumed shape - the demo recording run with the oneAPI and venv sources but without either export',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=ARK_ONE + [['module load frameworks', 'module load frameworks\ncd ~/fresh_int2_fp16_setup/xetla_vllm_plugin\nsource .venv/bin/activate'], ['python train.py', 'python scripts/demo_record.py --quantization xetla --out demo_int2_rerun.cast --model $PWD/Ternary-Bonsai-8B-F16.gguf']],
    log='''
RuntimeError: A must be bf16
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*\b(XETLA_QUANT_METHOD=int2_f16|XETLA_PREQUANT_PATH=\S+)'},
)

# ---------------------------------------------------------------- LUMI user notes (a Fortran MPI code) (1)

case(
    id='luminotes-mpi-128-nodes-cxi-le-resources-not-recovered-rx-match-mode-hybrid',
    kind='script',
    source='find_string:53748572796',
    thread_site='a user\'s notes page "Lumi" (access, compiling a Fortran MPI code with the Cray wrappers and Cray MPICH, running under Slurm): "Tests with 128 nodes and above crash in mpi with following error" (the libfabric line quoted), "Apparently the volume of mpi communications is too high for the network hardware configuration. A solution is to add this line to the job script: `export FI_CXI_RX_MATCH_MODE=hybrid`" (with a link to HPE\'s intro_mpi page)',
    what='the job runs Cray MPICH over Slingshot with the NIC\'s default hardware-only tag matching, which runs out of match entries at 128+ nodes; the cure the notes record is one export in the job script - labelled script; the line is the notes\' own quoted libfabric warning (other sets hold the same message with other pids, times and nodes, not this line); not one of the ten sites - LUMI (HPE Cray EX, Slingshot 11, Slurm) - so mapped by system family to Perlmutter (HPE Cray EX, Slingshot 11, Cray MPICH, Slurm); assumed shape - a 128-node CPU job, one rank per core, started by srun',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=128'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=128'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1\n#SBATCH -C cpu'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --cpu-bind=cores ./model.exe namelist.input']],
    log='''
libfabric:177010:1728372637::cxi:core:cxip_ux_onload_cb():2659<warn> nid001056: RXC (0x3892:79) PtlTE 375:[Fatal] LE resources not recovered during flow control. FI_CXI_RX_MATCH_MODE=[hybrid|software] is required
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\bFI_CXI_RX_MATCH_MODE=(hybrid|software)\b'},
)

# ---------------------------------------------------------------- contact-executor world-model training ledger (1)

case(
    id='contactexecledger-ranks-disagree-on-wallclock-stop-allreduce-timeout-after-3h',
    kind='not_script',
    source='find_string:56647614855',
    thread_site='a research ledger of a 2-GPU (H200) world-model training run under a held Slurm allocation (`srun` step 128023.63 on server54, torchrun, a wall-clock training floor of about 3 hours, periodic checkpoints): at 17:28 "The formal Slurm step exited after the NCCL watchdog fired"; console root cause: rank1 timed out in NCCL ALLREDUCE with NumelIn=1, rank0 with NumelIn=4323388, torchrun reported ChildFailedError, rank0 SIGABRT - "consistent with different ranks making different stop decisions near the wall-clock floor, so one rank entered finalization while another rank was still in/back near gradient synchronization"; code repair: the trainer now synchronizes the stop decision across ranks with a scalar all-reduce (and writes checkpoints atomically)',
    what='a failure after about three hours of good training (last good checkpoint at step 780001), caused by the user\'s program: each rank decided on its own when the wall-clock budget was spent, so the ranks entered different collectives; the fix is in the trainer\'s code, not the job script - not_script (the user\'s program; a hang after long good training); the lines are the ledger\'s own bullet lines summarising the console (the ledger quotes no console line verbatim; the invalid-checkpoint line it also quotes is already in other sets and left out); not one of the ten sites - a lab Slurm cluster with H200 nodes - so mapped to Lonestar6 (Slurm, H100 GPU nodes), one node, two GPUs, torchrun under srun; assumed shape - the TACC per-node torchrun job on one node',
    cluster='lonestar6',
    script='tacc_torchrun_per_node.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p gpu-h100'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 2', '#SBATCH -n 1'], ['srun torchrun --nnodes=2 --nproc_per_node=3', 'srun torchrun --nnodes=1 --nproc_per_node=2'], ['train.py', 'scripts/world_model/train_cosmos3_contact_executor.py --wallclock-floor-hours 3 --save-every 20000']],
    log='''
- rank1 timed out in NCCL `ALLREDUCE` with `NumelIn=1`;
- rank0 timed out in NCCL `ALLREDUCE` with `NumelIn=4323388`;
- torchrun reported `ChildFailedError`, rank0 `SIGABRT`;
''',
)

# ---------------------------------------------------------------- SGLang Llama-3-70B on an H200 Slurm cluster, lessons learned (1)

case(
    id='sglangh200-tp-broadcast-sequence-mismatch-cuda-graph-capture-not-config-fixable',
    kind='not_script',
    source='find_string:2208114846',
    thread_site='a "Lessons Learned: SGLang Llama 3 70B Deployment on H200 Cluster" note (Slurm partition `h200-reserved`, 8 x H200 a node, NCCL 2.27.3 over InfiniBand; `python -m sglang.launch_server --tp 8 ...` from the batch script): with TP=4 the server crashed at CUDA-graph capture with a collective sequence mismatch; reduced memory fraction, smaller graph batch size, `--disable-cuda-graph`, TP=8, the cluster\'s recommended NCCL_IB_* exports and node exclusions all failed the same way ("sequence mismatch 18 vs 30" in the scheduler\'s event-loop broadcast); verdict: "The issue is not configuration-fixable. It\'s either an SGLang bug or fundamental cluster infrastructure problem" (other users reported NCCL failures on several nodes); next steps: vLLM, an older SGLang, report upstream',
    what='DOUBTFUL - no resolution is shown; every job-script change (layout, flags, NCCL exports, node exclusions) was tried and failed, and the note puts the cause in the serving library or the cluster - not_script (library bug or machine fault; nothing in the job script); the lines are the note\'s own quoted exception; not one of the ten sites - a Slurm cluster with 8 x H200 nodes - so mapped to Delta, whose H200 nodes have 8 GPUs; assumed shape - the TP=4 first attempt, started from the batch step',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32\n#SBATCH --mem=400G'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'export CUDA_VISIBLE_DEVICES=0,1,2,3\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3-70B-Instruct --tp 4 --host 0.0.0.0 --port 30000 --mem-fraction-static 0.85 --trust-remote-code']],
    log='''
Exception: Capture cuda graph failed: Detected mismatch between collectives on ranks.
Rank 3 is running collective: SequenceNumber=18
Rank 0 is running collective: SequenceNumber=22
''',
)

# ---------------------------------------------------------------- home-server ops notes: GPU off the bus under a long-running llama-server (1)

case(
    id='ghostboxnotes-rtx4070-xid79-off-the-bus-link-downgraded-x2-reseat-cold-reboot',
    kind='not_script',
    source='find_string:70140056227',
    thread_site='the development notes of a self-hosted service box (one RTX 4070, llama-server processes started by the box\'s own daemons; section "The card fell off the bus; what root can and cannot do about pid 2306644"): the box\'s GPU check said `Xid 79 (PCI:0000:2e:00) GPU has fallen off the bus` and `nvidia-smi: No devices were found`; a 59-day-old llama-server was stuck in the nvidia module; after a PCI remove + rescan the card came back with `RmInitAdapter failed! (0x23:0x65:1552)` every 10 s and `LnkSta: Speed 2.5GT/s (downgraded), Width x2 (downgraded)`; reading: Xid 79 causes are power delivery, PCIe power management, heat or a failing card - "width drops are physical (seating, riser, slot)"; the advice is a cold reboot and reseating the card / checking the 8-pin',
    what='a hardware fault of the node: the GPU dropped off the PCIe bus and came back on a narrowed link; the cures are physical or administrative (cold reboot, reseat, power), nothing in any job script - not_script (hardware); the lines are the notes\' own quotes of the tool output; not one of the ten sites - a single self-hosted box with one GPU - so mapped to Lonestar6 as a one-GPU job; assumed shape - an inference server started by the batch step on one GPU',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['ibrun python train.py --epochs 10', './llama-server -m models/qwen2.5-7b-instruct-q4_k_m.gguf -ngl 99 --port 8081']],
    log='''
Xid 79 (PCI:0000:2e:00) GPU has fallen off the bus
nvidia-smi: No devices were found
RmInitAdapter failed! (0x23:0x65:1552)
LnkSta: Speed 2.5GT/s (downgraded), Width x2 (downgraded)
''',
)

# ---------------------------------------------------------------- VASP step launcher for Perlmutter in an active-learning driver (2)

VASP_SOURCE = 'find_string:66606013846'
VASP_SITE = 'the inner-step launcher `_vasp-step-perlmutter.sh` of an active-learning workflow (matsim_agents; one VASP single-point per `srun` step on NERSC Perlmutter A100 nodes, called concurrently from a Python thread pool inside one Slurm allocation; an earlier version of the same file is find_string:60786861568); its comments record what each line fixes'
VASP_PM = 'Perlmutter itself (the script is written for it)'

case(
    id='vaspstep-concurrent-srun-steps-without-exclusive-step-creation-disabled',
    kind='script',
    source=VASP_SOURCE,
    thread_site=VASP_SITE + '; comment above the launch: "--exclusive is REQUIRED for concurrent multi-node dispatch: the AL driver launches up to (SLURM_JOB_NUM_NODES / nodes_per_job) of these steps at once from a ThreadPool. Without --exclusive, each srun step defaults to requesting the allocation\'s full resource set, so the 2nd+ concurrent step blocks with \"srun: Job step creation temporarily disabled, retrying\". With --exclusive each -N1 step claims one whole, distinct node and they run in parallel"; the launch line is `exec srun --exclusive -N ... -n ... -c ... --gpus-per-node=... --gpu-bind=closest ${VASP_BIN}`',
    what='the job starts several srun steps at once inside one allocation, and each step asks for the whole allocation, so all but the first wait; the cure is an option on the srun line of the job\'s launch script (`--exclusive`, or `--exact` in newer Slurm) - labelled script; the line is the comment\'s quoted srun message (another set holds the same message with "(Requested nodes are busy)" appended, not this line); ' + VASP_PM + '; assumed shape - a 4-node allocation that starts four one-node VASP steps in the background and waits',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 4'], ['module load pytorch/2.3.1', 'module load vasp/6.6.1-gpu\nexport OMP_NUM_THREADS=8'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'for d in calc_000 calc_001 calc_002 calc_003; do\n  (cd "$d" && srun -N 1 -n 4 -c 32 --gpus-per-node=4 --gpu-bind=closest vasp_std > vasp.out 2>&1) &\ndone\nwait']],
    log='''
srun: Job step creation temporarily disabled, retrying
''',
    expect={'families': ['launcher', 'scheduler', 'resources'], 'fix': r'(?m)^\+.*\bsrun\b.*--(exclusive|exact)\b'},
)

case(
    id='vaspstep-stray-cusparse-and-gtl-pull-libcudart-so-13-missing-ld-library-path',
    kind='script',
    source=VASP_SOURCE,
    thread_site=VASP_SITE + '; comments above two LD_LIBRARY_PATH exports for the from-source build (PrgEnv-gnu + cudatoolkit/12.9, NVHPC 25.5): "Include math_libs/lib64 (version-agnostic dir) BEFORE math_libs/12.9/...: NVHPC 25.5 does not ship libcusparse under math_libs/12.9/ ... Without it, the loader falls through to a stray CUDA-13.2 libcusparse.so.12 elsewhere on the system, which pulls in libcudart.so.13 (not present on compute nodes) and fails with \"error while loading shared libraries: libcudart.so.13\"", and "Cray\'s GPU-aware MPI transport library (libmpi_gtl_cuda.so.0) has a hard dependency on libcudart.so.13 ... pull libcudart.so.13 from the NVHPC 26.5/CUDA 13.2 bundle" (appended to LD_LIBRARY_PATH)',
    what='the job\'s library path lets the loader pick CUDA-13 libraries whose runtime is not on the compute node\'s path; the cure is the LD_LIBRARY_PATH exports in the job\'s launch script (the NVHPC math_libs/lib64 directory first, and the CUDA 13.2 lib64 directory for the GTL) - labelled script; the line is the comment\'s quoted loader error (reallogs holds a full `e3sm.exe: error while loading shared libraries: libcudart.so.13: ...` line of another case, not this one); ' + VASP_PM + '; assumed shape - one VASP step of the from-source build with the modules loaded and only the 12.9 CUDA directories on LD_LIBRARY_PATH',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1', 'module load PrgEnv-gnu cudatoolkit/12.9\nexport CUDA_HOME=/opt/nvidia/hpc_sdk/Linux_x86_64/25.5/cuda/12.9\nexport LD_LIBRARY_PATH=${CUDA_HOME}/lib64:/opt/nvidia/hpc_sdk/Linux_x86_64/25.5/math_libs/12.9/targets/x86_64-linux/lib:${LD_LIBRARY_PATH}\nexport MPICH_GPU_SUPPORT_ENABLED=1\nexport OMP_NUM_THREADS=8'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun -n 4 -c 32 --gpus-per-node=4 --gpu-bind=closest $HOME/vasp.6.6.1/bin/vasp_std']],
    log='''
error while loading shared libraries: libcudart.so.13
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*\bLD_LIBRARY_PATH=\S*(math_libs/lib64|cuda/13\.\d+/lib64)'},
)

# ---------------------------------------------------------------- LM pretraining research log (JAX/Levanter on a Lustre-backed GPU cluster) (1)

case(
    id='levanterlog-fsx-lustre-monthly-maintenance-ost-evicted-nodes-hang-d-state',
    kind='not_script',
    source='find_string:60867672382',
    thread_site='a research log of 1.4B-parameter LM pretraining runs (JAX/Levanter on six GPU nodes st-1..st-6 sharing an FSx for Lustre /fsx mount): "C5-v6-NEW attempt 4\'s silent crash was diagnosed via `journalctl` on st-2" - the Lustre error line quoted, "followed by 7 OST disconnects and the MGS"; st-2 and st-3 were EVICTED by an OST, could not recover within JAX\'s coordination heartbeat timeout, and their python processes hung in D-state I/O wait (zombie GPU memory, reboot required); 8 months of journalctl show the same event monthly: the provider\'s FSx for Lustre maintenance window - "Not fixable from our side; documented for future scheduling"',
    what='the shared filesystem\'s servers went away (scheduled maintenance by the provider) and evicted two clients mid-run; nothing in the job script caused it or can cure it - not_script (filesystem / machine service); the line is the log\'s own quoted kernel message; not one of the ten sites - a cloud GPU cluster with a Lustre scratch - so mapped to Bridges-2 (Lustre /ocean, GPU nodes); assumed shape - a multi-node JAX training started with mpirun across the GPU nodes',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[['source $PROJECT/venvs/hvd/bin/activate', 'source $PROJECT/venvs/levanter/bin/activate'], ['mpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'mpirun -np $SLURM_NNODES --map-by ppr:1:node python -m levanter.main.train_lm --config_path config/c5v6_new_phase2.yaml']],
    log='''
LustreError: 11-0: ... operation ldlm_enqueue to node 10.0.129.10@tcp failed: rc = -107
''',
)

# ---------------------------------------------------------------- VLA evaluation box hand-over notes (cloud VM, 4 x RTX 5090) (1)

case(
    id='vlaboxnotes-two-of-four-gpus-fail-gsp-boot-wpr2-already-up-host-reset',
    kind='not_script',
    source='find_string:67236451078',
    thread_site='hand-over notes for a rented GPU box used for closed-loop VLA policy evaluation (advertised 4 x RTX 5090, driver 580.159.03; a policy server on one GPU, the simulator on another), section "GPU-count discrepancy - RESOLVED: 4 physical GPUs, 2 wedged": `nvidia-smi -L` showed only 2; lspci showed four; PCI 00:07.0 and 00:0b.0 fail GSP boot on every init attempt (kernel lines quoted); "Ask the provider for a host-level reset/replacement - WPR2-already-up generally needs a host power-cycle, not a guest reboot. Until then plan for 2 GPUs"',
    what='two GPUs of the node are wedged in firmware and cannot be initialised by the driver; the cure is the provider\'s (a host power-cycle or replacement), nothing in a job script; planning the work around two GPUs is a workaround, not a fix - not_script (hardware / node administration); the lines are the notes\' own quoted kernel lines (its `...` kept); not one of the ten sites - a cloud VM with four GPUs - so mapped to Anvil (4-GPU nodes), one node; assumed shape - a job asking for the four GPUs and starting the policy server on them',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH -p gpu'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=32'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'source $HOME/env_robotwin.sh\nexport STARVLA_VLM_INIT_FROM_CONFIG=1\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'bash policy/starvla_joint/launch_server.sh height 10093 0 pref_stageb_main_height 1500']],
    log='''
NVRM: _kgspBootGspRm: unexpected WPR2 already up, cannot proceed with booting GSP
NVRM: (the GPU is likely in a bad state and may need to be reset)
NVRM: gpuHandleSanityCheckRegReadError_GH100: bad register read ... 0xbadf4100
NVRM: GPU 0000:00:07.0 / 0000:00:0b.0: RmInitAdapter failed! (0x62:0x40:2028)
''',
)

# ---------------------------------------------------------------- Polaris NCCL evidence note of a project member (aws-ofi-nccl plugin versions) (1)

case(
    id='polarisnccl-self-built-aws-ofi-nccl-1-21-no-eligible-providers-use-site-plugin',
    kind='script',
    source='find_string:68859485804',
    thread_site='a project member\'s "Polaris NCCL `NCCL_DEBUG=INFO` evidence" note (ALCF Polaris, PBS, nccl-tests with mpiexec, 16 ranks on 4 nodes; NCCL 2.28.3 from /soft/libraries/nccl, libfabric 2.3.1): section 3 "FAILING - aws-ofi-nccl 1.21.1, same nodes, same NCCL" (job 7629065, log quoted) against section 2 "WORKING - aws-ofi-nccl 1.6.0" (the site\'s /soft/libraries/aws-ofi-nccl/v1.6.0-libfabric-1.22.0); section 4: the 1.21.1 plugin\'s fi_getinfo hints omit FI_MR_PROV_KEY, which CXI requires, "so no FI_* environment variable can add the missing bit"; the runs use the 1.6.0 plugin ("1.21.1 cannot init; forced back to 1.6.0")',
    what='the job loads a self-built network plugin that cannot negotiate with the Slingshot provider, so NCCL has no network; the cure the note records is to run with the site\'s 1.6.0 plugin, i.e. the plugin directory the job environment puts on the library path - labelled script; the lines are the note\'s own quoted NCCL lines (per-rank prefixes as the note gives them); Polaris itself; assumed shape - the nccl-tests job with the self-built plugin first on LD_LIBRARY_PATH',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=4:system=polaris'], ['module load conda\nconda activate', 'export NCCL_HOME=/soft/libraries/nccl/nccl_2.28.3-1+cuda12.9_x86_64\nexport LD_LIBRARY_PATH=$HOME/aws-ofi-nccl-1.21.1/lib:$NCCL_HOME/lib:$LD_LIBRARY_PATH\nexport NCCL_NET="AWS Libfabric"\nexport NCCL_CROSS_NIC=1'], ['python train.py', './build/all_gather_perf -b 8 -e 4G -f 2 -g 1']],
    log='''
NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.21.1
NCCL INFO NET/OFI No eligible providers were found
[2026-09-17 04:02:30] x3002c0s31b0n0:3333526:3333526 [0] int nccl_net_ofi_create_plugin(nccl_net_ofi_plugin_t**):334 NCCL WARN NET/OFI Unable to find a protocol that worked.  Failing initialization.
[2026-09-17 04:02:30] x3002c0s31b0n0:3333526:3333526 [0] int nccl_net_ofi_create_plugin(nccl_net_ofi_plugin_t**):418 NCCL WARN NET/OFI aws-ofi-nccl initialization failed
[2026-09-17 04:02:30] x3002c0s31b0n0:3333526:3333526 [0] plugin/net.cc:306 NCCL WARN Failed to initialize any NET plugin
''',
    expect={'families': ['network', 'environment', 'modules'], 'fix': r'(?m)^\+.*aws-ofi-nccl/v1\.6\.0|^-.*aws-ofi-nccl-1\.21\.1'},
)

# ---------------------------------------------------------------- LibCity model-migration summary (L2MM) (1)

case(
    id='libcityl2mm-output-vocab-default-5000-below-11620-locations-index-assert',
    kind='not_script',
    source='find_string:52838298932',
    thread_site='the migration summary of the L2MM model into the LibCity framework (one-GPU training, `python run_model.py --task traj_loc_pred --model L2MM --dataset foursquare_nyc`), "Issues Encountered and Resolutions", Issue 1 "Vocabulary Size Mismatch (CRITICAL)": error "CUDA index out of bounds" (lines quoted); root cause: the model initialised its output vocabulary with a default of 5000 while the dataset has 11,620 locations, so target tokens exceeded the embedding size; fix: the model code now falls back to `loc_size` (`data_feature.get(\'road_size\', data_feature.get(\'loc_size\', 5000))`); final test trained cleanly',
    what='the user\'s model code sized an embedding from a default smaller than the data\'s vocabulary, so an index ran past it on the GPU; the fix is in the program\'s code, not the job script - not_script (the user\'s program); the line is the summary\'s own quoted assertion (its first line, `CUDA error: device-side assert triggered`, is already in other sets and left out); not one of the ten sites - a single-GPU workstation run - so mapped to Stampede3 as a one-GPU job on an H100 node; assumed shape - the framework\'s run script started from the batch step',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'cd $WORK/AgentCity/Bigscity-LibCity\n'], ['ibrun python train.py --epochs 10', 'python run_model.py --task traj_loc_pred --model L2MM --dataset foursquare_nyc']],
    log='''
Assertion `srcIndex < srcSelectDimSize` failed
''',
)

# ---------------------------------------------------------------- Polaris weather-model port: base-conda top-ups setup script (1)

case(
    id='polaristopups-torch-harmonics-091-so-abi-breaks-torch-28-undefined-symbol',
    kind='not_script',
    source='find_string:54530414410',
    thread_site='`polaris_setup_base_topups.sh` of a project porting weather models (PanguWeather SFNO, SI, S2S, makani) to ALCF Polaris (PBS; ALCF base conda with torch 2.8.0/cu12.9; extra packages installed with `pip --target` into a shared eagle directory that the job scripts prepend to PYTHONPATH); its comment on the pins: "torch_harmonics 0.7.4 - NOT 0.9.x. 0.9.1\'s attention/_C.so ABI-breaks torch 2.8 (\"undefined symbol: _ZNK3c1010TensorImpl15incref_pyobjectEv\") and it ships no sdist. The SFNO frameworks need 0.9.x and get it from their own isolated venv instead"',
    what='a binary package built for another torch release was installed into the environment the job uses; the cure is in building the software environment (pin torch_harmonics 0.7.4 in the shared top-ups, or use the venv built for 0.9.x), not in the job script\'s directives, launch line or variables - not_script (library version incompatibility, as reallogs33 labelled a Horovod build linked to the wrong NCCL); the line is the comment\'s quoted loader error (the project\'s Polaris NCCL note is another source of this set, polarisnccl-...); Polaris itself; assumed shape - a 1-node PanguWeather SFNO job with the base conda and the top-ups directory (holding 0.9.1) on PYTHONPATH',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['conda activate', 'conda activate base\nexport PYTHONNOUSERSITE=1\nexport PYTHONPATH=/eagle/projects/lighthouse-uchicago/topups:$PYTHONPATH'], ['python train.py', 'python PanguWeather/v2.0/train.py --yaml_config config/sfno.yaml --config sfno_e3sm']],
    log='''
undefined symbol: _ZNK3c1010TensorImpl15incref_pyobjectEv
''',
)

# ---------------------------------------------------------------- NCCL benchmark report on a 64+-node B200 Slurm cluster (1)

case(
    id='ncclreport-hpcx-lost-on-reimaged-hosts-64-node-jobs-libmpi-so-40-missing',
    kind='not_script',
    source='find_string:66982642080',
    thread_site='an NCCL benchmark report of 2026-04-23 on a B200 Slurm cluster (nccl-tests suite, `run_slurm.sh`/`submit_all.sh`, both `source /opt/hpcx/hpcx-init.sh` from the host before an MPI launch; a 512-GPU DeepSeek V3 hang under investigation): 23 of 71 jobs failed, every 64-node job with the two quoted lines; "`/opt/hpcx` is present on some nodes but not all. At 64 nodes we always draw a host without it"; it was fine in the 2026-04-09 baseline (67 nodes then), "indicating the package has since been lost on some nodes, likely during a reimage"; action item: have cluster ops reinstall `/opt/hpcx` on all nodes, or switch the harness to a container that carries HPC-X',
    what='DOUBTFUL only in that the reinstall is an action item, not shown done; the cause is clear: a system software install is missing on some compute nodes, so any allocation that includes one fails - node administration, not the job script (running from a container image is a workaround the report names, and no log line gives the image) - not_script; the lines are the report\'s own quoted error lines (other sets hold longer `libmpi.so.40` lines with other prefixes, not these); not one of the ten sites - a large B200 Slurm cluster with InfiniBand - so mapped to Vista (Slurm, InfiniBand, hundreds of nodes), one rank a node; assumed shape - the suite\'s job: source the host HPC-X, then mpirun all_reduce_perf over 64 nodes',
    cluster='vista',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p gh'], ['#SBATCH -N 2', '#SBATCH -N 64'], ['#SBATCH -n 6', '#SBATCH -n 64'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate', 'source /opt/hpcx/hpcx-init.sh\nhpcx_load'], ['ibrun python train.py --epochs 10', 'mpirun -np $SLURM_NTASKS --map-by ppr:1:node ./nccl-tests/build/all_reduce_perf -b 1M -e 8G -f 2 -g 1']],
    log='''
/opt/hpcx/hpcx-init.sh: No such file or directory
libmpi.so.40: cannot open shared object file: No such file or directory
''',
)

# ---------------------------------------------------------------- LUMI AI course material: TensorFlow + Horovod in the LUMI containers (1)

case(
    id='lumicourse-tf-horovod-container-without-cpe-bind-libmpi-cray-so-12-missing',
    kind='script',
    source='find_string:37854104523',
    thread_site='LUMI training-course material on running the LUMI TensorFlow/Horovod containers (`/appl/local/containers/sif-images/lumi-tensorflow-rocm-5.5.1-python-3.10-tensorflow-2.11.1-horovod-0.28.1.sif`, conda env activated inside with `$WITH_CONDA`; Slurm, srun): the container needs the host\'s Cray PE bits bind-mounted (`--bind /var/spool/slurmd,/opt/cray,/usr/lib64/libcxi.so.1,/usr/lib64/libjansson.so.4`, or `module load singularity-CPEbits` from the course\'s module directory); "If you don\'t bind mount the CPE bits, you will get an error about `libmpi_cray.so.12` not being available" (traceback quoted)',
    what='the job starts the container without the host MPI libraries that the image\'s Horovod build links against; the cure is in the launch (bind the Cray PE paths into the container, or load the module that sets those binds) - labelled script; the lines are the page\'s own quoted traceback, trimmed to its last frames; not one of the ten sites - LUMI (HPE Cray EX, Slingshot, Slurm, Singularity images) - so mapped by system family to DeltaAI (HPE Cray EX, Slingshot, Cray MPICH, Apptainer/Singularity images under srun), 4 tasks a node; assumed shape - a one-node Horovod job started by srun inside the image with no --bind',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=4'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=4'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'SIF=/appl/local/containers/sif-images/lumi-tensorflow-rocm-5.5.1-python-3.10-tensorflow-2.11.1-horovod-0.28.1.sif'], ['srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py', 'srun singularity exec "$SIF" bash -c \'$WITH_CONDA && python3 tensorflow_horovod_mnist.py\'']],
    log='''
  File "/opt/miniconda3/envs/tensorflow/lib/python3.10/site-packages/horovod/tensorflow/mpi_ops.py", line 45, in _load_library
    library = load_library.load_op_library(filename)
  File "/opt/miniconda3/envs/tensorflow/lib/python3.10/site-packages/tensorflow/python/framework/load_library.py", line 54, in load_op_library
    lib_handle = py_tf.TF_LoadLibrary(library_filename)
tensorflow.python.framework.errors_impl.NotFoundError: libmpi_cray.so.12: cannot open shared object file: No such file or directory
''',
    expect={'families': ['containers', 'environment', 'modules'], 'fix': r'(?m)^\+.*(--bind|-B)[= ]\S*/opt/cray|^\+.*\bmodule\s+load\s+singularity-CPEbits|^\+.*\b(SINGULARITY|APPTAINER)_BIND(PATH)?=\S*/opt/cray'},
)

# ---------------------------------------------------------------- verl PPO on one cloud 4x A100 PCIe node: compatibility guide (2)

case(
    id='verlnc96guide-weight-bucket-2048mb-too-small-for-151936-vocab-embedding',
    kind='script',
    source='find_string:59075041865',
    thread_site='a dated compatibility guide for running the verl PPO sample (verl 0.7.1, transformers 5.8.1, torch 2.10+cu128, vLLM rollout, Qwen3-14B with vocab 151936, LoRA rank 64) on one cloud node with 4x A100 80GB PCIe, section 5 "The weight-transfer bucket" (error quoted, wrapped over three lines): 151936 x 5120 x 4 B = 3.11 GB against the 2048 MB default; in the measured verl the key is read one level deeper than the message says - `actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes=4096`; passing the printed path with the `+` Hydra suggests makes a new key no dataclass reads and the run dies two minutes later in `RolloutConfig.__init__()`',
    what='a run setting given on the launch line is too small for the model; the cure is one more Hydra override on the `python3 -m verl.trainer.main_ppo` line of the job script - script (launch arguments); the fix check asks for the `checkpoint_engine.` path the guide found to be read, with a size of at least 3.2 GB (the message\'s own shorter path was the guide\'s failed first try); the lines are the guide\'s quoted message as it wraps it; not one of the ten sites - a single cloud VM with 4 PCIe A100 80GB - so mapped to Anvil (Slurm, 4x A100 a node), one task that starts Ray on the node; assumed shape - the sample\'s PPO command with the LoRA and rollout overrides from the guide',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=64'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'export NCCL_P2P_DISABLE=1\nexport NCCL_SHM_DISABLE=1\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen3-14B actor_rollout_ref.model.lora_rank=64 actor_rollout_ref.model.enable_gradient_checkpointing=True actor_rollout_ref.actor.entropy_coeff=0 actor_rollout_ref.rollout.name=vllm actor_rollout_ref.rollout.gpu_memory_utilization=0.6 trainer.n_gpus_per_node=4 trainer.nnodes=1']],
    log='''
Weight model.embed_tokens.weight(151936, 5120) fp32 = 3.11GB
  is too large for the 2048 MB bucket.
  Please increase rollout.update_weights_bucket_megabytes
''',
    expect={'families': ['program', 'resources'], 'fix': r'(?m)^\+.*\bactor_rollout_ref\.rollout\.checkpoint_engine\.update_weights_bucket_megabytes=(3[2-9]\d\d|[4-9]\d{3}|\d{5,})\b'},
)

case(
    id='verlnc96guide-transformers-v5-no-split-modules-set-not-subscriptable-apply-fsdp2',
    kind='not_script',
    source='find_string:59075041865',
    thread_site='the same verl compatibility guide, section 2 "`_no_split_modules` became a set" (lines quoted): transformers v5 changed `_no_split_modules` from a list to a set and verl indexes element `[0]` while choosing the layer class to wrap for FSDP2; the guide\'s patch coerces it to a list first, "matching upstream verl\'s own fix"',
    what='two Python libraries of the environment disagree (verl 0.7.1 written for transformers v4, transformers 5.8.1 installed); the cure is a patched or newer verl (or an older transformers) in the software environment, not the job script\'s directives, launch line or variables - not_script (library version incompatibility); the lines are the guide\'s quoted error, its second line the guide\'s short form of the frame; mapped to Anvil as the other case of this source; assumed shape - the same PPO command, reaching FSDP2 wrapping of the actor',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=64'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', ''], ['srun python -u train.py --batch-size 256 --epochs 32', 'python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen3-14B actor_rollout_ref.model.lora_rank=64 actor_rollout_ref.actor.strategy=fsdp2 actor_rollout_ref.rollout.name=vllm trainer.n_gpus_per_node=4 trainer.nnodes=1']],
    log='''
TypeError: 'set' object is not subscriptable
  verl/utils/fsdp_utils.py, in apply_fsdp2
''',
)

# ---------------------------------------------------------------- Savio (Berkeley) intermediate training: Slurm submission problems (2)

case(
    id='saviotips-savio4-gpu-gres-without-gpu-type-pends-qosmingres',
    kind='script',
    source='find_string:3598907512',
    thread_site='Berkeley Research Computing\'s "Savio intermediate training: Savio tips and tricks" (April 2024; Slurm, per-core charged GPU partitions; "Request the GPU type in `savio3_gpu` and `savio4_gpu`", `savio4_gpu` has A5000 nodes), section "Submission problems" - "some submissions can simply hang. They will never start but do not give an error message"; "Invalid or missing GPU type": `srun -A fc_paciorek -p savio4_gpu -c 4 --gres=gpu:1 --pty -t 5:00 bash` and the quoted `squeue` row pending with `(QOSMinGRES)` under QOS `a5k_gpu4_normal`',
    what='the job asks for a GPU without the type the partition\'s QOS counts, so the QOS sees no qualifying GPU and the job never starts; the cure is the GRES line of the job script (`--gres=gpu:A5000:1`) - script; the type is not in the line except through the QOS name `a5k_gpu4_normal`; the line is the page\'s own squeue row (its header row left out); not one of the ten sites - Savio - so diagnosed as on Delta (Slurm, GPU partitions by GPU model), as reallogs7 did for a Mila QOS minimum; assumed shape - a one-GPU batch job on savio4_gpu with 4 cores and an untyped GRES',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --account=fc_paciorek\n#SBATCH --partition=savio4_gpu'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gres=gpu:1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=4'], ['#SBATCH --time=02:00:00', '#SBATCH --time=00:05:00'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u train.py --batch-size 64 --epochs 1']],
    log='''
fc_paciore     18084591 savio4_gp                 bash paciorek PD 5:00      0:00     4 QOSMinGR      1 (QOSMinGRES) 0.00009200605566 a5k_gpu4_normal
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?mi)^\+\s*#SBATCH\s+(--gres[= ]gpu:a5000:\d+|--gpus(-per-node|-per-task)?[= ]a5000:\d+|-G\s*a5000:\d+)'},
)

case(
    id='saviotips-savio4-gpu-two-cores-per-gpu-pends-qosmincpunotsatisfied',
    kind='script',
    source='find_string:3598907512',
    thread_site='the same Savio training page, "Submission problems", "GPU jobs not requesting sufficient CPUs": `srun -A fc_paciorek -p savio4_gpu -c 2 --gres=gpu:A5000:1 --pty -t 5:00 bash` and the quoted `squeue` row pending with `(QOSMinCpuNotSatisfied)`; "Request a fixed number of CPUs for each GPU you need" (the next example, `-c 4` with one GPU, no longer shows this reason)',
    what='the job asks for fewer cores per GPU than the partition\'s QOS requires, so it pends without an error; the cure is the job script\'s core request - script; the required count is a site rule the line does not give, so a correct answer asks (or names the minimum from the site\'s data), as reallogs7 scored the Mila case of this reason (its lines were salloc errors, this one a pending squeue row); the line is the page\'s own squeue row; mapped to Delta as the other case of this source; assumed shape - a one-GPU batch job on savio4_gpu with 2 cores',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --account=fc_paciorek\n#SBATCH --partition=savio4_gpu'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gres=gpu:A5000:1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=2'], ['#SBATCH --time=02:00:00', '#SBATCH --time=00:05:00'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u train.py --batch-size 64 --epochs 1']],
    log='''
fc_paciore     18084589 savio4_gp                 bash paciorek PD 5:00      0:00     2 QOSMinCp      1 (QOSMinCpuNotSatisfied) 0.00009200605566 a5k_gpu4_normal
''',
    expect={'families': ['scheduler', 'resources'], 'ask': True},
)

# ---------------------------------------------------------------- university Slurm cluster: a group's QOS route to its rtx_6000 entitlement (1)

case(
    id='keasarroute-probe-pends-maxgresperaccount-group-cards-held-by-member',
    kind='not_script',
    source='find_string:65925471074',
    thread_site='a user\'s investigation note on a university Slurm cluster (per-hardware GPU partitions; the public `gpu` partition capped at 5 GPUs a user by its partition QOS), "Reaching the Keasar group\'s 8 golden rtx_6000 cards": `--partition=rtx6000 --qos=keasar --account=keasar --gres=gpu:rtx_6000:1` was accepted (`Submitted batch job 21080162`, `--test-only` placed it); the probe pended with the quoted squeue row; "`MaxGRESPerAccount` = the account\'s 8 rtx_6000 were fully consumed by [another member]\'s 8-GPU ... job. Not a permission failure ... Capacity, not access, is the blocker"; the probe was cancelled',
    what='the job is right and admitted; it waits because the group\'s shared per-account GPU entitlement is in use by another member\'s job - nothing in the script\'s directives, launch line or variables changes that (waiting, or the group sharing its cards, does) - not_script (allocation capacity held by others); the line is the note\'s own squeue row; not one of the ten sites - a university cluster with per-GPU-type GRES - so mapped to Bridges-2 (Slurm, typed GPU GRES), one task with one GPU; assumed shape - the note\'s 3-minute probe',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --partition=rtx6000\n#SBATCH --qos=keasar\n#SBATCH --account=keasar\n#SBATCH --job-name=ZZPROBE_QOS_KEASAR_nissimb'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gres=gpu:rtx_6000:1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=00:03:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'export WANDB_MODE=disabled\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun nvidia-smi -L']],
    log='''
21080162  ZZPROBE_QOS_KEASAR_nissimb  rtx6000  keasar  PD  (MaxGRESPerAccount)
''',
)

# ---------------------------------------------------------------- a research project's run-status note: a wave of Slurm eval jobs (1)

case(
    id='uavrunstatus-wrapper-job-pends-qosmaxcpuperuserlimit-own-running-evals-hold-quota',
    kind='not_script',
    source='find_string:65969726947',
    thread_site='a project\'s run-status note (2026-09-08) on a wave of Slurm evaluation jobs on a shared university cluster (CPU-only wrapper jobs that sbatch GPU child jobs; `--time 24:00:00` each): "25514 - the mjpc-vs-pid controller test - has never started", the quoted squeue row; "`TRES_PER_NODE = N/A` -> it asks for no GPU ... `QOSMaxCpuPerUserLimit` -> it is blocked by [the user\'s] own CPU quota, consumed by 25502 + 25503"; "The choice is the user\'s: cancel one running ... arm to unblock 25514 now, or let both finish and accept the delay"; later squeue snapshots show the same reason for two more wrappers',
    what='the job is well formed; it waits because the user\'s own running jobs hold the per-user CPU limit of the QOS - the cure is waiting or cancelling one of those jobs, nothing in this job\'s directives, launch line or variables - not_script (allocation held by the user\'s other jobs); the line is the note\'s own squeue row; not one of the ten sites - a university Slurm cluster - so mapped to Stampede3 (Slurm, per-user job limits), a one-task CPU-only job; assumed shape - the wrapper batch job that runs the project\'s eval_k_sweep.sh',
    cluster='stampede3',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --partition=gpu-1-student\n#SBATCH --job-name=eval_k_sweep'], ['#SBATCH --gpus-per-node=4\n', ''], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=4'], ['#SBATCH --time=02:00:00', '#SBATCH --time=24:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'export UAV_MIX_CONTROLLER=mjpc\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'bash Slurm_Codes/eval_k_sweep.sh s_curve 10']],
    log='''
25514  llim  0:00  gpu-1-student  (QOSMaxCpuPerUserLimit)  N/A  PENDING  eval_k_sweep
''',
)
