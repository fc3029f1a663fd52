# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

# ---------------------------------------------------------------- Ansys MAPDL notes on CWRU Pioneer (3)

ANS_SOURCE = 'find_string:67172545469'
ANS_SITE = 'a research group\'s working notes "Ansys on CWRU HPC (Pioneer): training notes for the NBF_RADO-SCS model" (Slurm, account `tlv`, partitions batch/smp; Ansys 2025 R1 MAPDL `ansys251`; an overnight session 2026-09-08/09; found with the code search, text id 67172545469, the tool shows no repository name)'
ANS_MAP = 'not one of the ten sites - CWRU Pioneer, a university Slurm cluster, CPU jobs - so mapped by scheduler family: diagnosed as on Anvil (Slurm CPU nodes)'
ANS_SCRIPT = 'srun_mpi_app.sh'
ANS_RES = [['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=6'], ['module load cray-mpich', 'module load ansys/25.1']]

case(
    id='ansysnotes-mapdl-np4-intel-mpi-rank-killed-use-smp',
    kind='script',
    source=ANS_SOURCE,
    thread_site=ANS_SITE + '; section "How to launch MAPDL on this cluster (learned the hard way)": "`ansys251` shells out to Intel MPI even for `-np 1`, and on this SLURM (23.11+) that collides with cpus-per-task propagation"; the table row for `ansys251 -b -np 4 -i x.dat` (Test A, job 3796629) gives this failure, exit 255, no command executed; the invocations that work: `unset SLURM_CPUS_PER_TASK SLURM_TRES_PER_TASK` then `ansys251 -b -smp -np N -i x.dat -o x.out` (no MPI layer), or for large runs `ansys251 -b -dis -mpi intelmpi -np $SLURM_NTASKS ...` with OMP_NUM_THREADS=1; "What worked": Test A then ran to `RUN COMPLETED`, exit 0',
    what='the solver is started from the batch step in its default mode, which shells out to Intel MPI and collides with the Slurm step environment, so the ranks are killed before any command runs; the fix is on the launch line of the job script (`-smp` with the two SLURM variables unset, or `-dis -mpi intelmpi -np $SLURM_NTASKS`); the line is the table\'s own text, written with ` / ` between the two message parts and `...`; ' + ANS_MAP + '; assumed shape - a one-node, one-task, six-CPU job that loads the Ansys module and runs `ansys251 -b -np 4 -i x.dat` directly in the batch step',
    cluster='anvil',
    script=ANS_SCRIPT,
    replace=[*ANS_RES, ['srun --cpu-bind=cores ./solver input.dat', 'ansys251 -b -np 4 -i x.dat']],
    log='''
BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES / RANK 3 ... KILLED BY SIGNAL: 9
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^\+.*(ansys251\b.*(-smp\b|-dis\b.*-mpi)|unset\s+.*SLURM_(CPUS|TRES)_PER_TASK)'},
)

case(
    id='ansysnotes-mapdl-np1-bstrap-proxy-srun-cpus-per-task-conflict',
    kind='script',
    source=ANS_SOURCE,
    thread_site=ANS_SITE + '; same launch table: `ansys251 -b -np 1 -i x.dat` (Test A, job 3796666) fails with this text, exit 255; fix given: `unset SLURM_CPUS_PER_TASK SLURM_TRES_PER_TASK` then `ansys251 -b -smp -np N -i x.dat -o x.out` (shared-memory parallel, no MPI layer); Test A then completed',
    what='even a one-process run goes through the solver\'s Intel MPI bootstrap, whose srun refuses to start because the job\'s inherited SLURM_CPUS_PER_TASK disagrees with the step\'s TRES; the fix is in the job script (unset the two variables and run `-smp`); the line is the table\'s own text as written (the two quoted fragments joined by its `, then`); the bare `srun: fatal: cpus-per-task set by two different environment variables` line repeats an earlier set, but here it is part of one longer line of the notes; ' + ANS_MAP + '; assumed shape - a one-node, one-task, six-CPU job that runs `ansys251 -b -np 1 -i x.dat` in the batch step',
    cluster='anvil',
    script=ANS_SCRIPT,
    replace=[*ANS_RES, ['srun --cpu-bind=cores ./solver input.dat', 'ansys251 -b -np 1 -i x.dat']],
    log='''
`mpiexec ... Unable to run bstrap_proxy`, then `srun: fatal: cpus-per-task set by two different environment variables SLURM_CPUS_PER_TASK=6 != SLURM_TRES_PER_TASK=cpu=1`, exit 255
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^\+.*(unset\s+.*SLURM_(CPUS|TRES)_PER_TASK|ansys251\b.*-smp\b)'},
)

case(
    id='ansysnotes-big-deck-negative-pivot-floating-bodies',
    kind='not_script',
    source=ANS_SOURCE,
    thread_site=ANS_SITE + '; section "Prior full-model runs (Aug 29 / Sep 1): why they failed": the 20.8 M-node Workbench deck got through /PREP7 and assembly on `smp` with 16 ranks / 512 GB (`ansys251 -b -dis -mpi intelmpi -np 16`), then the distributed sparse solver aborted with these lines, the same both times; later sections retract the material-contrast theory ("Never change a material to fix a solver problem") and name the cause as electrically floating bodies in the model (245 STL bodies joined by bonded contact only within the default pinball radius; the geometry connects only with ~0.3 mm gaps bridged); fix under test: a larger pinball radius in the deck',
    what='DOUBTFUL (the pinball rerun is not shown finished): a finite-element model whose bodies are not all electrically connected, so the matrix is singular and the direct solver breaks down; the cause and the fix are in the model (input deck), not the job script\'s launch line, resources or environment (the same launch reached the solver); lines are the notes\' own block, trimmed; ' + ANS_MAP + '; assumed shape - a one-node, 16-rank job on the big-memory partition running the distributed solver',
    cluster='anvil',
    script=ANS_SCRIPT,
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=16\n#SBATCH --partition=smp\n#SBATCH --mem=512G'], ['module load cray-mpich', 'module load ansys/25.1\nexport OMP_NUM_THREADS=1'], ['srun --cpu-bind=cores ./solver input.dat', 'ansys251 -b -dis -mpi intelmpi -np $SLURM_NTASKS -i scs_model.dat -o scs_model.out']],
    log='''
Distributed sparse solver maximum pivot= 1.92280267E+16 at node 7405040
Distributed sparse solver minimum pivot= -347.221325 at node 786 VOLT.
*** ERROR ***  A large negative pivot value ( -347.221325 ) has been encountered
               An extremely large pivot ratio has been detected by the sparse solver.
''',
)

# ---------------------------------------------------------------- vLLM PATH fix note (1)

case(
    id='vllmpathfix-srun-bash-lc-vllm-command-not-found-venv-binary',
    kind='script',
    source='find_string:36259011153',
    thread_site='a user\'s fix note "vLLM Installation and PATH Fix for SLURM Jobs" (AMD GPU Slurm cluster, ROCm 6.4.1, node k003-010; found with the code search, text id 36259011153, the tool shows no repository name): "SLURM job scripts were failing with" these lines; root cause given: vLLM was only in the conda environment, not in the venv; fix applied: vLLM 0.9.2 built into the venv, and all SLURM job scripts changed from `srun -n 1 --exact bash -lc "vllm serve ..."` (login shell) to `srun -n 1 --exact $WORK/venv/hotpotqa2/bin/vllm serve ...` (the venv\'s binary by path); "Need to explicitly activate venv in each srun command"',
    what='the serving step is started through a login shell that does not set up the environment in which the program is installed, so the command is not found; the fix shown changes the job script\'s launch line (the venv\'s binary by full path, or activating it in the step) - it also needed the package installed in that venv, which `what` notes; ' + 'not one of the ten sites - a university Slurm cluster with AMD GPUs - so mapped by scheduler family: diagnosed as on Delta (Slurm; Delta also has AMD MI100 nodes); assumed shape - a one-node, one-GPU job whose srun step starts `vllm serve` in the background through `bash -lc`',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'export VLLM_MODEL=Qwen/Qwen2.5-7B-Instruct\nexport PORT0=8000\nexport OUT_ROOT=$WORK/runs\nsrun -n 1 --exact \\\n  bash -lc "vllm serve \\"$VLLM_MODEL\\" --host 127.0.0.1 --port ${PORT0}" \\\n  > "$OUT_ROOT/vllm_${PORT0}.log" 2>&1 &\nwait']],
    log='''
/usr/bin/bash: line 1: vllm: command not found
srun: error: k003-010: task 0: Exited with exit code 127
''',
    # s38relabel: vllm is not found in the bash -lc step; which environment holds vllm ($WORK/venv/hotpotqa2 in the source) is in neither log nor script: asks program_path
    expect={'families': ['environment', 'launcher'], 'ask': True, 'ask_for': ['path', 'python_path', 'program_path']},
)

# ---------------------------------------------------------------- Aurora-model test bed on Snellius H100 (3)

SNL_SOURCE = 'find_string:42943191971'
SNL_SITE = 'a project README "Aurora test bed - Training and inference of Aurora model on NVIDIA H100 GPUs" (the Microsoft Aurora weather model, trained with torch DDP on the Snellius HPC, Slurm, H100 nodes; scripts `train_*.sh`/`infer_*.sh` submitted with sbatch; found with the code search, text id 42943191971, also as shorter versions 42698245522 and 43080063280; the tool shows no repository name)'
SNL_MAP = 'not one of the ten sites - Snellius (SURF), a Slurm GPU cluster with H100 nodes - so mapped by scheduler family: diagnosed as on Delta (Slurm GPU nodes)'
SNL_RES = [['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=1 train.py $option']]

case(
    id='snelliusaurora-cublas-internal-error-gemm-bf16-launch-blocking',
    kind='script',
    source=SNL_SOURCE,
    thread_site=SNL_SITE + '; section "Known issues": this error; "**Solution:** Add `export CUDA_LAUNCH_BLOCKING=1` to SLURM script."',
    what='a cuBLAS bf16 GEMM fails with an internal error; the source\'s own solution is an environment variable added to the job script (`export CUDA_LAUNCH_BLOCKING=1`), so labelled script as the source says (a work-around, not an explanation of the cause); the line is the README\'s own; ' + SNL_MAP + '; assumed shape - a one-node, one-GPU job that starts the training with torchrun',
    cluster='delta',
    script='torchrun_single.sh',
    replace=SNL_RES,
    log='''
RuntimeError: CUDA error: CUBLAS_STATUS_INTERNAL_ERROR when calling `cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, compute_type, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*CUDA_LAUNCH_BLOCKING=1'},
)

case(
    id='snelliusaurora-bf16-autocast-illegal-memory-access-at-backward',
    kind='not_script',
    source=SNL_SOURCE,
    thread_site=SNL_SITE + '; "Training results (DDP 1 GPU)": every run with the bf16 mode or autocast (options 1-4, 6-9) fails with this error in `loss.backward()` at the first batch, whatever the model size or checkpointing; the FP32 runs do not; the same on one GPU without DDP; "Regardless of the number of parameters (small or large model), the mixed precision options simply do not work"; no fix found ("Move to FSDP, PP, TP?")',
    what='DOUBTFUL (no resolution shown): the model\'s mixed-precision paths crash the GPU with an illegal memory access in the backward pass, with or without DDP, while FP32 runs; the cause lies in the model/library code paths chosen by the program\'s options, not the job script\'s launch line, resources or environment; the line is the table cell as written (two log lines joined in one cell); ' + SNL_MAP + '; assumed shape - a one-node, one-GPU job that starts the training with torchrun',
    cluster='delta',
    script='torchrun_single.sh',
    replace=SNL_RES,
    log='''
[rank0]: RuntimeError: CUDA error: an illegal memory access was encountered [rank0]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
''',
)

case(
    id='snelliusaurora-two-gpu-cublas-alloc-failed-oom-memory-growth',
    kind='not_script',
    source=SNL_SOURCE,
    thread_site=SNL_SITE + '; "Training results (2 GPUs)", bf16 mode (job 13102221): rank 0 CUDA OOM in loss.backward of batch 1, rank 1 this error in the forward of batch 1 and a CUDA OOM; the README\'s summary: "We are unable to train the large model with more than 1 GPU. We either get illegal memory access or cuda OOM errors, regardless of the configuration of mixed precision and activation checkpointing", and "There seems to be some GPU memory leaks somewhere in the model implementation"',
    what='DOUBTFUL (no resolution shown): the model does not fit / leaks GPU memory, so cuBLAS cannot allocate its handle; the notes place the cause in the model implementation and its memory use, not in the job script\'s launch line, resources or environment (more GPUs did not help); the line is the README\'s own quotation; ' + SNL_MAP + '; assumed shape - a one-node, two-GPU job that starts the training with torchrun',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=2 train.py $option']],
    log='''
`RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling 'cublasCreate(handle)'` (in forward of batch 1) and Cuda OOM (in forward of batch 1)
''',
)

# ---------------------------------------------------------------- torchtune on Aurora, blog post (1)

case(
    id='torchtuneaurora-fsdp-requires-cuda-for-streams-xpu-torch25',
    kind='not_script',
    source='find_string:35984035663',
    thread_site='a blog post "Torchtune on Aurora" (Sam Foreman, ALCF, 2025-03-23; saforem2/personal_site docs/posts/torchtune-aurora/index.md, read as text id 35984035663): with the `anl_2024_12_release_2` environment (PyTorch 2.5 for Intel XPU) and a patch to torchtune\'s FSDP imports, `tune run full_finetune_distributed --config llama3_1/8B_full optimizer.fused=False` on an Aurora compute node (x4204c5s6b0n0) "is almost able to get things working before ultimately crashing with" `RuntimeError: Tried to instantiate dummy base class Stream`; the full output ends with this traceback line from `torch/distributed/_composable/fsdp/_fsdp_param_group.py` `lazy_init`; the post then tries PyTorch 2.3 (the frameworks module); no fix for 2.5 shown',
    what='DOUBTFUL (no resolution shown): FSDP2 in that PyTorch build creates CUDA streams and has no XPU path, so the recipe cannot run on Intel GPUs with it; the cause is the library (framework version / device support), not the job script\'s launch line, resources or environment; the lines are the post\'s own (the short message and the last traceback line); ran on Aurora; assumed shape - a one-node Aurora PBS job that runs the torchtune recipe with `tune run` in the batch step',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'tune run full_finetune_distributed --config llama3_1/8B_full optimizer.fused=False']],
    log='''
[rank0]: RuntimeError: Tried to instantiate dummy base class Stream
[rank0]:     raise RuntimeError("FSDP requires CUDA for streams")
[rank0]: RuntimeError: FSDP requires CUDA for streams
''',
)

# ---------------------------------------------------------------- Aurora Lightning/xccl debugging notes (2)

AUR_SOURCE = 'find_string:51792975579'
AUR_SITE = 'a project\'s "Debugging Aurora distributed training" notes (distributed PyTorch + Lightning + xccl on ALCF Aurora, frameworks/2025.3.1, PBS; jobs launched by wrappers that run `mpiexec --envall` with the ALCF 8-cores-per-rank `--cpu-bind` list, 12 ranks a node; found with the code search, text id 51792975579, the tool shows no repository name)'

case(
    id='auroradebug-ccl-no-mpi-launcher-variables-not-started-by-mpiexec',
    kind='script',
    source=AUR_SOURCE,
    thread_site=AUR_SITE + '; section "CCL warnings - what they mean": "Output that means something went wrong": `did not find MPI-launcher specific variables, switch to ATL/OFI` - "Job was NOT launched via mpiexec; oneCCL fell back to libfabric/OFI transport which ALCF doesn\'t tune for. Re-launch via the `stage*_train_*.sh` wrappers"; the configuration section: "Without mpiexec, CCL silently downgrades to OFI/ATL transport and hangs on the first real validation"',
    what='the training is started without the MPI launcher, so oneCCL finds no launcher variables and falls back to a transport that hangs; the fix is the launch line of the job script (start the ranks with `mpiexec`, as the wrappers do); the line is the table\'s own fragment as written (the full oneCCL line with its timestamp and `to force enable ATL/MPI ...` tail is in earlier sets and is not used); ran on Aurora; assumed shape - a one-node Aurora PBS job that runs the Lightning training script with python directly in the batch step',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'python scripts/biom3_train_stage3.py --config configs/stage3.json']],
    log='''
`did not find MPI-launcher specific variables, switch to ATL/OFI`
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*\bmpiexec\b.*(python|biom3)'},
)

case(
    id='auroradebug-xccl-accumulategrad-stream-mismatch-backward-stragglers',
    kind='not_script',
    source=AUR_SOURCE,
    thread_site=AUR_SITE + '; same table: `The AccumulateGrad node\'s stream does not match the stream of the node that produced the incoming gradient` - "DDP autograd hooks landed on a different XPU stream than where grads are produced. On xccl the cross-stream sync is weaker than CUDA\'s; can manifest as backward-pass stragglers. No clean fix from biom3-side; reportable upstream as an Aurora xccl issue."; the open hang section: every configuration tested (DDP, DDP+static_graph, DeepSpeed ZeRO 2) still produced stragglers',
    what='DOUBTFUL (no fix shown): a stream-synchronisation weakness of the XPU collective backend under DDP autograd hooks; the notes call it an upstream (framework/backend) issue with no fix on the project\'s side, and the job was launched the recommended way; not the job script\'s launch line, resources or environment; the line is the table\'s own text; ran on Aurora; assumed shape - a one-node Aurora PBS job that starts 12 ranks with mpiexec',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'mpiexec --envall -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind=list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 python scripts/biom3_train_stage3.py --config configs/stage3.json']],
    log='''
`The AccumulateGrad node's stream does not match the stream of the node that produced the incoming gradient`
''',
)

# ---------------------------------------------------------------- multi-GPU autoencoder troubleshooting guide (3)

MGT_SOURCE = 'find_string:29540628319'
MGT_SITE = 'a project\'s "Multi-GPU Training Troubleshooting Guide" (a 3D autoencoder trained on 2-3 GPUs of one node; launched with `torch.distributed.launch`, later `torchrun`, from a wrapper script `train_autoencoder_multigpu.sh`; found with the code search, text id 29540628319, the tool shows no repository name)'
MGT_MAP = 'not one of the ten sites and no scheduler named - a multi-GPU node - so mapped: assumed shape - a one-node Delta job (Slurm) whose batch step starts the training, diagnosed as on Delta'

case(
    id='mgpuguide-distributed-launch-passes-local-rank-use-torchrun',
    kind='script',
    source=MGT_SOURCE,
    thread_site=MGT_SITE + '; "Error 1": launching with `python -m torch.distributed.launch --nproc_per_node=2 train_autoencoder.py --gpus 2` gives this error; root cause: the deprecated launcher passes `--local_rank` to the script, whose argument parser does not know it; "Solution 1: Use torchrun (Recommended)": `torchrun --nproc_per_node=2 train_autoencoder.py --gpus 2` (the script also gained a `--local_rank` argument later)',
    what='the job starts the program with the deprecated launcher, which adds an argument the program does not accept; the fix given first is the launch line of the job script (torchrun, which passes LOCAL_RANK in the environment); the program also gained a `--local_rank` argument later, but the expectation scores the launch-line fix the guide recommends; the line is the guide\'s own; ' + MGT_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'python -m torch.distributed.launch --nproc_per_node=2 train_autoencoder.py --gpus 2']],
    log='''
train_autoencoder.py: error: unrecognized arguments: --local_rank=0
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+\s*(srun\s+\S.*\s)?(torchrun\s|python3?\s+-m\s+torch\.distributed\.run\s|python3?\s+-m\s+torch\.distributed\.launch\s.*--use[-_]env)'},
)

case(
    id='mgpuguide-optimizer-fused-kwarg-old-torch',
    kind='not_script',
    source=MGT_SOURCE,
    thread_site=MGT_SITE + '; "Error 2": this error; root cause: the `fused=True` optimizer argument exists only from PyTorch 2.0; fix given: the training script detects the PyTorch version and passes `fused=True` only where supported',
    what='the program passes an optimizer argument the installed PyTorch does not have; the cause and the fix are in the Python code (a version check), not the job script\'s launch line, resources or environment; the line is the guide\'s own; ' + MGT_MAP,
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --nproc_per_node=2 train_autoencoder.py --gpus 2']],
    log='''
TypeError: __init__() got an unexpected keyword argument 'fused'
''',
)

case(
    id='mgpuguide-backward-on-non-scalar-loss',
    kind='not_script',
    source=MGT_SOURCE,
    thread_site=MGT_SITE + '; "Error 5": this error when `.backward()` is called on a loss that is not a scalar; fix given: the script reduces every loss to a scalar (`.mean()` where `numel() > 1`) before the backward pass',
    what='a bug in the training program (a non-scalar loss passed to backward); the cause and the fix are in the Python code, not the job script\'s launch line, resources or environment; the line is the guide\'s own; ' + MGT_MAP + ' (three GPUs, as the guide\'s later commands use)',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=3'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --nproc_per_node=3 train_autoencoder.py --config-file config/config_train_stable.json --gpus 3 --amp']],
    log='''
RuntimeError: grad can be implicitly created only for scalar outputs
''',
)

# ---------------------------------------------------------------- DeepSpeed ZeRO-3 smoke test (1)

case(
    id='dszero3smoke-launcher-injects-local-rank-argparse-rejects',
    kind='not_script',
    source='find_string:69155326785',
    thread_site='a DeepSpeed ZeRO-3 smoke-test program (`deepspeed_zero3_smoke.py`, with options for CPU offload and DS_JIT; found with the code search, text id 69155326785, the tool shows no repository name); its comment above the fix: "deepspeed.launcher.launch injects --local_rank=N, which argparse must recognise, otherwise it fails with" this error (comment in Chinese, the quoted error in English); fix: the program adds a `--local_rank` argument (default from LOCAL_RANK)',
    what='the program\'s argument parser rejects the `--local_rank` argument that the DeepSpeed launcher always passes; the fix shown is in the Python code (accept the argument), not the job script\'s launch line, resources or environment (the deepspeed launcher is the intended one); the line is the comment\'s own quotation (the bare `error: unrecognized arguments: --local_rank=3` line of an earlier set is not used); not one of the ten sites - a multi-GPU node, no scheduler named - so mapped: assumed shape - a one-node Delta job whose batch step starts the test with the deepspeed launcher on four GPUs',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 4 deepspeed_zero3_smoke.py --no-cpu-offload']],
    log='''
"deepspeed_zero3_smoke.py: error: unrecognized arguments: --local_rank=3"
''',
)

# ---------------------------------------------------------------- evaluation timeout postmortem (1)

case(
    id='monos2s-evaluation-stage-timeout-16h-raise-to-20h',
    kind='script',
    source='find_string:14498642843',
    thread_site='a project\'s "Evaluation Timeout Postmortem and Fix" (mono-s2s, a T5 summarisation study run as a chain of Slurm jobs on a university cluster, single A100; found with the code search, text id 14498642843, the tool shows no repository name): job 23293358 (stage 4, evaluation of three models on the full CNN/DailyMail test set) was killed at its 16-hour limit with the third model ~80 % done; "Time Needed: ~17-18 hours"; "Fix 1: Increase Time Limit": `hpc_version/jobs/job_4_evaluate.sh` 16h -> 20h (`#SBATCH --time=20:00:00`), committed; rerun "should complete successfully"',
    what='the job asked for less wall time than the work needs, so Slurm stopped it at the limit; the fix applied is the `#SBATCH --time` directive of the job script (a quicker evaluation mode is the alternative the notes give); the lines are the postmortem\'s own job-details list, trimmed; not one of the ten sites - a university Slurm GPU cluster - so mapped by scheduler family: diagnosed as on Bridges-2 (Slurm GPU nodes); assumed shape - a one-node, one-GPU job with `--time=16:00:00` whose srun step runs the evaluation',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=16:00:00'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u hpc_version/scripts/stage_4_evaluate.py']],
    log='''
- Time Limit: 16:00:00 (16 hours)
- Actual Runtime: 16:00:06 (hit limit exactly)
- Final State: TIMEOUT
- Exit Code: 0:0 (timeout, not error)
''',
    expect={'families': ['resources'], 'fix': r'(?m)^\+#SBATCH\s+(--time[= ]|-t\s+)(1[7-9]|[2-9]\d|\d+-)'},
)

# ---------------------------------------------------------------- Columbia cluster troubleshooting table (3)

CU_SOURCE = 'find_string:55677864625'
CU_SITE = 'a research group\'s "Troubleshooting: error -> cause -> fix" page for its Columbia University Slurm clusters (support address hpc-support@columbia.edu; found with the code search, text id 55677864625, the tool shows no repository name), tables of symptom, cause and fix'
CU_MAP = 'not one of the ten sites - a university Slurm cluster - so mapped by scheduler family'

case(
    id='cuhpctable-apptainer-not-found-on-compute-node-module-load',
    kind='script',
    source=CU_SOURCE,
    thread_site=CU_SITE + '; "Modules / environment": symptom `apptainer: command not found` on a compute node; cause: "Apptainer isn\'t on your PATH until you load it"; fix: "`module load apptainer` first - in interactive sessions and inside the sbatch script"',
    what='the job script runs the container runtime without loading its module, so the command is not on PATH in the batch step; the fix is a `module load apptainer` line in the job script; the line is the table\'s own symptom cell as written; ' + CU_MAP + ': diagnosed as on Delta (Slurm GPU nodes); assumed shape - a one-node, one-GPU job whose srun step starts `apptainer exec --nv` with no module loaded',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun apptainer exec --nv pytorch.sif python -u train.py --batch-size 256 --epochs 32']],
    log='''
`apptainer: command not found` on a compute node
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+\s*(module\s+(load|add)|ml)\s+\S*(apptainer|singularity)'},
)

case(
    id='cuhpctable-mpiexec-libhwloc-missing-module-purge-before-openmpi5',
    kind='script',
    source=CU_SOURCE,
    thread_site=CU_SITE + '; "MPI": symptom `mpiexec: error while loading shared libraries: libhwloc.so.15: cannot open shared object file`; cause: "A leftover module environment shadows OpenMPI5\'s libs"; fix: "`module purge` before `module load openmpi5`; recompile the binary in that clean env"',
    what='modules left over in the job\'s environment shadow the libraries of the MPI module, so the MPI launcher cannot load; the fix is in the job script\'s module lines (`module purge` before `module load openmpi5`; the table also says to rebuild the binary in that clean environment); the line is the table\'s own symptom cell; ' + CU_MAP + ': diagnosed as on Anvil (Slurm CPU nodes, MPI programs); assumed shape - a two-node CPU job that loads a compiler stack and openmpi5 and starts the program with mpiexec',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], ['module load cray-mpich', 'module load gcc/13.2.0 intel-oneapi-mkl\nmodule load openmpi5'], ['srun --cpu-bind=cores ./solver input.dat', 'mpiexec ./solver input.dat']],
    log='''
`mpiexec: error while loading shared libraries: libhwloc.so.15: cannot open shared object file`
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+\s*module\s+purge\b'},
)

case(
    id='cuhpctable-openmpi-bind-to-core-more-procs-than-cpus-hyperthreading',
    kind='script',
    source=CU_SOURCE,
    thread_site=CU_SITE + '; "MPI": symptom `A request was made to bind ... more processes than cpus available ... Binding policy: CORE`; cause: "Hyperthreading exposes fewer physical cores than tasks, so OpenMPI refuses to bind"; fix: "Add `mpiexec --bind-to none ./prog` (or `--use-hwthread-cpus`)"',
    what='the job starts more ranks than physical cores under Open MPI\'s default core binding, so the launcher refuses to bind; the fix is on the launch line of the job script (`--bind-to none` or `--use-hwthread-cpus`; fewer tasks per node would also do); the line is the table\'s own symptom cell, with its `...`; ' + CU_MAP + ': diagnosed as on Anvil (Slurm CPU nodes, MPI programs); assumed shape - a one-node CPU job with 128 tasks (the hardware threads) started by mpiexec',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=128'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['module load cray-mpich', 'module load openmpi5'], ['srun --cpu-bind=cores ./solver input.dat', 'mpiexec -n $SLURM_NTASKS ./prog']],
    log='''
`A request was made to bind ... more processes than cpus available ... Binding policy: CORE`
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*mpiexec\b.*(--bind-to\s+none|--use-hwthread-cpus)|^\+#SBATCH\s+--ntasks-per-node=([1-9]|[1-5]\d|6[0-4])\s*$'},
)

# ---------------------------------------------------------------- NGC arm64 HPC-X skew notes (1)

case(
    id='ngcarm64-hpcx-ucc-ucx-version-skew-torch-import-undefined-symbol',
    kind='not_script',
    source='find_string:60831558896',
    thread_site='an image project\'s "ld.so.cache Notes - CUDA / PyTorch / HPC-X dlopen errors" (images built on `nvcr.io/nvidia/pytorch:24.10-py3`, amd64 and arm64; found with the code search, text id 60831558896, the tool shows no repository name): on arm64 `import torch` fails with these lines; root cause after a diagnostic dump: "This is an upstream NVIDIA NGC bug" - HPC-X v2.20 on arm64 ships UCC 1.4.0 built against UCX 1.18 symbols with UCX 1.17.0, so no libucs on the image exports `ucs_config_doc_nop`; ldconfig runs and extra ld.so.conf entries did not help; an arch-gated removal of the HPC-X ucc/ucx paths from `hpcx.conf` in the Dockerfile did not fully fix it either; "Future fix expected from upgrading the upstream NVIDIA NGC pytorch base image"',
    what='DOUBTFUL (the last update says the arm64 import still fails; no working fix shown): a packaging defect of the vendor container image (mismatched communication libraries inside it) breaks `import torch` on arm64; the cause is the image, not the job script\'s launch line, resources or environment (an LD_LIBRARY_PATH override was deliberately not used: it would only mask it); the lines are the notes\' own traceback, trimmed (its `from torch._C import *  # noqa: F403` line repeats an earlier set and is left out); not one of the ten sites - an arm64 (Grace) container run - so mapped: assumed shape - a one-node DeltaAI job (Slurm, GH200, arm64) whose srun step runs the NGC 24.10 image with apptainer, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun apptainer exec --nv pytorch_24.10-py3.sif python -u train.py --batch-size 256 --epochs 32']],
    log='''
  File "/usr/local/lib/python3.10/dist-packages/torch/__init__.py", line 368, in <module>
ImportError: /opt/hpcx/ucc/lib/libucc.so.1: undefined symbol: ucs_config_doc_nop
''',
)

# ---------------------------------------------------------------- asrq task report (1)

case(
    id='asrqreport-torch-import-ncclmemfree-outside-conda-env-activate',
    kind='script',
    source='find_string:67485610171',
    thread_site='a coding-agent task report in a speech-quantisation project (asrq, run on a Slurm cluster inside an allocation, job 107159; found with the code search, text id 67485610171, the tool shows no repository name): "Initial focused execution attempts exposed environment issues before feature failures": `pytest` not on PATH in the default shell, `/usr/bin/python` missing pytest, and a local PyTorch import failure with this message; "Switched to the repo\'s documented `conda activate asrq` runner under the approved `srun` job": `srun --jobid=107159 --overlap bash -lc \'source ~/.bashrc && conda activate asrq && cd ... && python -m pytest ...\'`, which then ran (2 passed)',
    what='the step runs python outside the project\'s conda environment, so a different PyTorch build that does not match the NCCL it finds is imported and fails; the fix shown is activating the environment in the step\'s command (`source ~/.bashrc && conda activate asrq`), a change to how the job starts the program; the line is the report\'s own parenthesised quotation; not one of the ten sites - a university Slurm GPU cluster - so mapped by scheduler family: diagnosed as on Delta; assumed shape - a one-node, one-GPU job whose srun step runs the tests with the system python and no environment activated',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun bash -c \'cd $HOME/asrq && python -m pytest tests/test_rotation_alternating_search.py -k parakeet -v\'']],
    log='''
local PyTorch import failure (`libtorch_cuda.so: undefined symbol: ncclMemFree`)
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*(conda\s+activate|source\s+\S*activate|/envs/\S+/bin/python)'},
)
