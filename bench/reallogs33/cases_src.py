# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.

# ---------------------------------------------------------------- Megatron-Bridge multi-node Slurm skill page (3)

MB_SOURCE = 'https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/6608201d77f7055f56712ec12bfd2b6cfec30728/skills/mbridge-multi-node-slurm/SKILL.md'
MB_SITE = 'the NeMo Megatron-Bridge project\'s "Multi-Node Slurm" guide (skills/mbridge-multi-node-slurm/SKILL.md, also published as docs.nvidia.com/nemo/megatron-bridge/nightly/skills/multi-node-slurm/SKILL.html): sbatch jobs on NVIDIA Slurm clusters with 8-GPU nodes, `srun --mpi=pmix --container-image=... --container-mounts=...` (pyxis/enroot), each pitfall given as symptom (error text), cause and fix'
MB_CASE_SCRIPT_NOTE = 'not one of the ten sites - an NVIDIA Slurm cluster with pyxis/enroot containers - so mapped by scheduler family (Slurm, srun-started tasks, NVIDIA GPUs) to DeltaAI, 4 GPUs a node'
MB_NODES = [['#SBATCH --nodes=1', '#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=4'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=4']]
MB_CONT = 'CONT=nvcr.io#nvidia/pytorch:24.01-py3'

case(
    id='mbridgeslurm-nemo-home-container-local-packed-sequences-nonetype-iterator',
    kind='script',
    source=MB_SOURCE,
    thread_site=MB_SITE + '; "Cluster Environment": NEMO_HOME must point to a shared filesystem for multi-node SFT/PEFT jobs; the default (/root/.cache/nemo) is container-local, so packed-sequence data files prepared on node 0 are invisible to the other nodes, causing this TypeError; fix: `export NEMO_HOME=<SHARED_FS>/cache/nemo` at sbatch level (with the shared path mounted)',
    what='the job leaves the NeMo data cache at its container-local default, so the other nodes never see the packed-sequence files node 0 wrote; the fix is one exported variable in the job script (NEMO_HOME on the shared filesystem), so labelled script - the page is a project guide, not one job\'s verified rerun; the line is the page\'s own error text; ' + MB_CASE_SCRIPT_NOTE + '; assumed shape - a 2-node srun + container-image SFT job exporting HF_HOME but not NEMO_HOME',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=MB_NODES + [[MB_CONT, 'CONT=/projects/shared/containers/nemo-25.09.sqsh\nexport HF_HOME=/projects/shared/HF_HOME'], ['--container-mounts="$PWD":/workspace python /workspace/train.py', '--container-mounts=/projects/shared:/projects/shared,"$PWD":/workspace python /workspace/finetune_packed_sft.py']],
    log='''
TypeError: 'NoneType' object is not an iterator
''',
    expect={'families': ['environment', 'filesystem', 'containers'], 'fix': r'(?m)^\+.*\bNEMO_HOME=(?!/root)\S+'},
)

case(
    id='mbridgeslurm-container-megatron-core-shadows-local-megatron-lm-uv-sync',
    kind='script',
    source=MB_SOURCE,
    thread_site=MB_SITE + '; "ModuleNotFoundError: No module named \'megatron.core.tensor_parallel\'": cause - the container\'s pre-installed megatron-core conflicts with the local 3rdparty/Megatron-LM; fix - add `uv sync` (on local rank 0, the others sleep) before `uv run --no-sync python <script>` in the srun command',
    what='the launch command runs the training with the image\'s own megatron-core instead of the project\'s pinned copy, because no `uv sync` precedes the run; the fix the page gives is in the srun command line of the job script (prepend `uv sync`), so labelled script; the line is the page\'s own error text; ' + MB_CASE_SCRIPT_NOTE + '; assumed shape - a 2-node srun + container-image job whose command is `bash -c "cd /opt/Megatron-Bridge && uv run --no-sync python ..."`',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=MB_NODES + [[MB_CONT, 'CONT=/projects/shared/containers/nemo-25.09.sqsh'], ['--container-mounts="$PWD":/workspace python /workspace/train.py', '--container-mounts=/projects/shared/Megatron-Bridge:/opt/Megatron-Bridge \\\n    bash -c "cd /opt/Megatron-Bridge && uv run --no-sync python examples/conversion/convert_checkpoints.py --hf-model meta-llama/Llama-3.1-8B"']],
    log='''
ModuleNotFoundError: No module named 'megatron.core.tensor_parallel'
''',
    expect={'families': ['environment', 'containers', 'launcher'], 'fix': r'(?m)^\+.*\buv\s+sync\b'},
)

case(
    id='mbridgeslurm-rank0-save-artifacts-stalls-other-ranks-nccl-unique-id-timeout',
    kind='not_script',
    source=MB_SOURCE,
    thread_site=MB_SITE + '; "NCCL Timeout at dist.barrier() - crash on rank 0": all ranks on node 2+ show these lines; root causes in order: rank 0 hangs in save_artifacts (trust_remote_code model code: tokenizer/config download) before dist.barrier() - fix: a longer init_process_group timeout in code; an ImportError in custom model code - fix: catch ImportError in hf_pretrained/base.py; rank 0 OOM during export - more EP or nodes; a network problem between nodes - try other nodes',
    what='the other ranks time out waiting for rank 0, which is stuck or dead in the program\'s own export step (save_artifacts) - the page\'s first two causes and fixes are changes to the program\'s code, not to the job script; the line `[rank8] ...` is the page\'s own symptom block (a similar but different `[2] is setting up NCCL communicator ...` line is in bench/repaircal_probe; these lines are not); one listed cause (rank-0 OOM, more nodes) would change the allocation, and the log alone cannot tell which cause it is, so no script fix is right from these lines; ' + MB_CASE_SCRIPT_NOTE,
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=MB_NODES + [[MB_CONT, 'CONT=/projects/shared/containers/nemo-25.09.sqsh'], ['--container-mounts="$PWD":/workspace python /workspace/train.py', '--container-mounts=/projects/shared:/projects/shared,"$PWD":/workspace python /workspace/hf_roundtrip.py --trust-remote-code']],
    log='''
[rank8] is setting up NCCL communicator and retrieving ncclUniqueId from [0]
... wait timeout after 600000ms
This may indicate a possible application crash on rank 0
''',
)

# ---------------------------------------------------------------- Intel Extension for PyTorch troubleshooting page (3)

IPEX_SOURCE = 'https://github.com/intel/intel-extension-for-pytorch/blob/15495147697e71379802dcf0e33ce9dfd95dfa72/docs/tutorials/known_issues.md'
IPEX_SITE = 'the Intel Extension for PyTorch (XPU) "Troubleshooting" page (docs/tutorials/known_issues.md, also published per release as intel.github.io/intel-extension-for-pytorch/xpu/<version>/tutorials/known_issues), each item given as Problem (the error text), Cause, Solution'
IPEX_MAP = 'not one job on one site - the page covers Intel Data Center GPU Max (the GPU of Aurora) - so diagnosed on Aurora, a PBS job whose ranks mpiexec starts'
IPEX_CONDA = [['module load frameworks', 'module load frameworks\nconda activate $HOME/envs/ipex-xpu']]

case(
    id='ipexknown-conda-libstdcxx-shadows-os-copy-no-dpcpp-devices-ld-preload',
    kind='script',
    source=IPEX_SOURCE,
    thread_site=IPEX_SITE + '; "Number of dpcpp devices should be greater than zero": cause - in a conda environment, conda\'s own libstdc++.so may conflict with the OS one; solution - export the OS libstdc++.so path in LD_PRELOAD',
    what='the job runs IPEX from a conda environment whose libstdc++ shadows the system one, so no SYCL device is found; the page\'s cure is an exported variable in the job environment (LD_PRELOAD of the OS libstdc++.so), so labelled script - a documentation cure, not one job\'s verified rerun; the line is the page\'s Problem text as written (older releases of the page print it as `RuntimeError: Number of dpcpp devices should be greater than zero!`); ' + IPEX_MAP + '; assumed shape - the user\'s own conda environment activated after the frameworks module',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=IPEX_CONDA,
    log='''
Number of dpcpp devices should be greater than zero.
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*\bLD_PRELOAD=\S*libstdc\+\+'},
)

case(
    id='ipexknown-several-mkl-copies-libmkl-intel-lp64-not-found-preload-onemkl',
    kind='script',
    source=IPEX_SOURCE,
    thread_site=IPEX_SITE + '; "OSError: libmkl_intel_lp64.so.2: cannot open shared object file": cause - the wrong MKL library is used when several MKL libraries exist on the system; solution - preload oneMKL (`export LD_PRELOAD=${MKL_DPCPP_ROOT}/lib/intel64/libmkl_intel_lp64.so.2:...`), adding further libraries the same way if similar errors follow',
    what='the job\'s environment resolves MKL from another installation than the oneMKL the extension was built against; the page\'s cure is an exported LD_PRELOAD (or the matching oneMKL on the library path) in the job environment, so labelled script - a documentation cure, not one job\'s rerun; the line is the page\'s Problem text with its markdown backticks dropped; ' + IPEX_MAP + '; assumed shape - the user\'s conda environment (with its own MKL) activated after the frameworks module',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=IPEX_CONDA,
    log='''
OSError: libmkl_intel_lp64.so.2: cannot open shared object file: No such file or directory.
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(\bLD_PRELOAD=\S*libmkl|\bLD_LIBRARY_PATH=\S*mkl|module\s+load\s+\S*mkl)'},
)

case(
    id='ipexknown-horovod-imported-before-ipex-invalid-device-pointer',
    kind='not_script',
    source=IPEX_SOURCE,
    thread_site=IPEX_SITE + '; "Runtime error invalid device pointer if import horovod.torch as hvd before import intel_extension_for_pytorch": cause - Intel Optimization for Horovod uses utilities of the extension, and the wrong import order unloads the extension first at the end of the run; solution - import intel_extension_for_pytorch before horovod.torch',
    what='the error comes from the import order in the user\'s training program; the fix is a change to the Python code, not to the job script; the line is the page\'s quoted error text (the page names it only as `invalid device pointer`); ' + IPEX_MAP + '; assumed shape - a Horovod training program started by mpiexec',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['python train.py', 'python train_horovod.py']],
    log='''
invalid device pointer
''',
)

# ---------------------------------------------------------------- Horovod troubleshooting page (3)

HVD_SOURCE = 'https://github.com/horovod/horovod/blob/0195c7bd2ec42ca18f1eb5e5b7111e0032bea7f0/docs/troubleshooting.rst'
HVD_SITE = 'the Horovod project\'s "Troubleshooting" page (docs/troubleshooting.rst), each item given as the error text, its cause and the cure, for jobs started by `mpirun`/`horovodrun`'
HVD_MAP = 'not one job on one site - a framework page for Open MPI `mpirun` jobs - so diagnosed on Bridges-2, whose GPU jobs start Horovod ranks with Open MPI `mpirun` (new base scripts/bridges2_mpirun.sh)'

case(
    id='horovodtrouble-conda-nccl-package-linked-allreduce-invalid-data-type',
    kind='not_script',
    source=HVD_SOURCE,
    thread_site=HVD_SITE + '; "ncclAllReduce failed: invalid data type": seen during training, it means Horovod was linked to the wrong version of the NCCL library - with Anaconda/Miniconda most likely the conda `nccl` package; cure: `conda remove nccl`, uninstall Horovod and reinstall it against the intended NCCL (HOROVOD_NCCL_HOME)',
    what='the Horovod build in the user\'s Python environment is linked against a stray NCCL; the cure is rebuilding the software environment (remove a conda package, reinstall Horovod), not a change to the job script\'s directives, launch line or environment variables; the lines are the page\'s own quoted error (first two lines of the block, the TensorFlow node dump trimmed); ' + HVD_MAP,
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[],
    log='''
UnknownError (see above for traceback): ncclAllReduce failed: invalid data type
         [[Node: DistributedMomentumOptimizer_Allreduce/HorovodAllreduce_gradients_AddN_2_0 = HorovodAllreduce[T=DT_FLOAT, _device="/job:localhost/replica:0/task:0/device:GPU:0"](gradients/AddN_2)]]
''',
)

case(
    id='horovodtrouble-servers-share-one-hostname-cuda-ipc-handle-unknown-error',
    kind='not_script',
    source=HVD_SOURCE,
    thread_site=HVD_SITE + '; "transport/p2p.cu:431 WARN failed to open CUDA IPC handle : 30 unknown error": seen with `-x NCCL_DEBUG=INFO`, it likely means several servers share the same hostname; MPI and NCCL rely on hostnames to tell servers apart, so every server must have a unique hostname',
    what='the nodes are configured with the same hostname, so NCCL treats ranks on different servers as local peers; the cure is node administration (unique hostnames), not anything in the job script; the line is the page\'s own quoted warning; ' + HVD_MAP,
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[],
    log='''
node1:22671:22795 [1] transport/p2p.cu:431 WARN failed to open CUDA IPC handle : 30 unknown error
''',
)

case(
    id='horovodtrouble-wrong-system-hwloc-orte-data-unpack-past-end-of-buffer',
    kind='not_script',
    source=HVD_SOURCE,
    thread_site=HVD_SITE + '; "FORCE-TERMINATE AT Data unpack would read past end of buffer": seen during training, it is likely a wrong version of hwloc installed in the system; cure: purge the hwloc packages (apt purge hwloc-nox libhwloc-dev ...) and re-install Open MPI (open-mpi/ompi#4437)',
    what='the Open MPI runtime on the nodes is broken by a mismatched system hwloc; the cure is a system package change and an Open MPI rebuild (node/software administration), not the job script; the lines are the page\'s own quoted error block; ' + HVD_MAP,
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[],
    log='''
--------------------------------------------------------------------------
An internal error has occurred in ORTE:

[[25215,0],1] FORCE-TERMINATE AT Data unpack would read past end of buffer:-26 - error grpcomm_direct.c(359)

This is something that should be reported to the developers.
--------------------------------------------------------------------------
[future5.stanford.edu:12508] [[25215,0],1] ORTE_ERROR_LOG: Data unpack would read past end of buffer in file grpcomm_direct.c at line 355
''',
)

# ---------------------------------------------------------------- EXAONE-32B troubleshooting report (1)

case(
    id='exaone32bnote-deepspeed-zero3-optimizer-init-sigkill-host-ram-raise-mem',
    kind='script',
    source='find_string:66612847759',
    thread_site='a user\'s troubleshooting report (claudedocs/EXAONE40_TRAINING_TROUBLESHOOTING.md) on fine-tuning EXAONE-4.0-32B with DeepSpeed ZeRO-3 on one Slurm node with 7 A100-80GB GPUs and 250 GB of host RAM, started by the DeepSpeed launcher: jobs 62710-62714 all die 13-50 s after the "Parameter Offload" message with SIGKILL (-9) and no Python traceback; five changes (no dataloader workers, simpler training, smaller ZeRO buckets, no parameter offload) did not help; suspected cause: host memory exhausted while the offloaded AdamW states are initialised on all 7 ranks at once (~255 GB vs 250 GB allocated); recommended next step (not yet run): `#SBATCH --mem=500G` in the Slurm script',
    what='DOUBTFUL - the report is marked UNRESOLVED and the recommended fix was not run; the evidence (SIGKILL from the OS, no traceback, GPU-side settings without effect, host RAM estimate just above the allocation) points to the job\'s host-memory request, which is a job-script directive, so labelled script with the fix the report recommends (a larger `--mem`); the lines are the report\'s own failure signature (its `[PID]` placeholder kept); not one of the ten sites - a lab Slurm cluster - so mapped by scheduler family to Anvil (Slurm, A100 GPU nodes), assumed shape - one node, the DeepSpeed launcher from the batch step, `#SBATCH --mem=250G`',
    cluster='anvil',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1\n#SBATCH -p gpu\n#SBATCH --mem=250G'], ['scontrol show hostnames "$SLURM_JOB_NODELIST" | sed \'s/$/ slots=4/\' > hostfile\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n', ''], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 4 training/train_exaone40.py --config configs/training_exaone40.yaml --deepspeed configs/deepspeed_zero3_32b.json']],
    log='''
Parameter Offload - Persistent parameters statistics: param_count = 257, numel = 676864
[INFO] [launch.py:335:sigkill_handler] Killing subprocess [PID]
... (all 7 ranks killed sequentially within 13-50 seconds)
[ERROR] [launch.py:341:sigkill_handler] exits with return code = -9
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+\s*#SBATCH\s+--mem(=|\s+)(?!250G)\S+'},
)
