# ruff: noqa: E501, F821, RUF005
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

# ---------------------------------------------------------------- Stampede3 SFNO/Pangu job output (1)

case(
    id='stampede3sfnolog-torchrun-yaml-config-path-missing-on-launch-line',
    kind='script',
    source='find_string:54715985627',
    thread_site='a user\'s Slurm output file of an SFNO/PanguWeather training job on Stampede3 (node c562-009.stampede3.tacc.utexas.edu, 4 local ranks under torchrun, conda env on /work): every rank dies at start-up because the YAML configuration named by `--yaml_config` does not exist; the file shows the failure only, no rerun',
    what='DOUBTFUL - no fix is shown; the missing file is the configuration path the launch line passes (`--yaml_config`, made absolute against the working directory by the program), so the right change is the path on the launch line (or the directory the job starts in) - labelled script; the excerpt keeps the program\'s own traceback, the FileNotFoundError and torchrun\'s failure line; torchrun\'s ChildFailedError/Root Cause/traceback-hint lines are left out because they repeat lines of bench/repairrec_probe and bench/gpufaults; assumed shape - a one-node Stampede3 h100 job, `torchrun --nproc_per_node=4 train.py --yaml_config=../config/E3SM_SFNO_H5_STAMPEDE_jsw.yaml --config=...` run from v2.0/',
    cluster='stampede3',
    script='tacc_torchrun_per_node.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 2', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate', 'cd /work2/11095/jwan4/PanguWeather/v2.0\nconda activate /work/11095/jwan4/conda-envs/sfno_pangu'], ['srun torchrun --nnodes=2 --nproc_per_node=3 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py', 'torchrun --standalone --nproc_per_node=4 train.py --yaml_config=../config/E3SM_SFNO_H5_STAMPEDE_jsw.yaml --config=sfno_stampede']],
    log='''
Traceback (most recent call last):
  File "/work2/11095/jwan4/PanguWeather/v2.0/train.py", line 3544, in <module>
    params = YParams(os.path.abspath(args.yaml_config), args.config)
  File "/work2/11095/jwan4/PanguWeather/v2.0/utils/YParams.py", line 16, in __init__
    with open(yaml_filename) as _file:
FileNotFoundError: [Errno 2] No such file or directory: '/work2/11095/jwan4/PanguWeather/config/E3SM_SFNO_H5_STAMPEDE_jsw.yaml'
E0609 19:52:21.534000 1321822 /work2/11095/jwan4/conda-envs/sfno_pangu/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: 1321825) of binary: /work/11095/jwan4/conda-envs/sfno_pangu/bin/python
  host      : c562-009.stampede3.tacc.utexas.edu
''',
    # s38relabel: the log names the missing ../config/*.yaml and no other copy; where the config really is is in neither log nor script (the source shows no fix): asks the path ('filesystem' is no record family)
    expect={'families': ['launcher', 'user'], 'ask': True, 'ask_for': ['config', 'path']},
)

# ---------------------------------------------------------------- Aurora 512-node campaign note (3)

AGPT_SOURCE = 'find_string:65810813456'
AGPT_SITE = 'a user\'s dated session note (author Sam Foreman, 2026-06-26, Aurora) on 512-node torchtitan-based pre-training chains started by `mpiexec` under PBS (12 ranks a node, venv copied to /tmp, failover wrapper swapping spare nodes), describing short "sneak" jobs, a multi-chain umbrella job and three production bugs; the find_string hit names no repository (the same author wrote Aurora notes earlier sets cited from other files; this file and its lines are not cited)'
AGPT_SCRIPT = [['#PBS -l select=2', '#PBS -l select=522'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=02:00:00'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'mpiexec --envall -n 6144 --ppn ${NRANKS_PER_NODE} --hostfile "$HOSTFILE" --cpu-bind depth -d 8 python3 -m agpt.train --job.config_file train_configs/agpt_2b.toml']]
AGPT_HOSTS = [['NNODES=$(wc -l < $PBS_NODEFILE)', 'HOSTFILE=$PBS_O_WORKDIR/hosts-512.txt\nhead -n 512 $PBS_NODEFILE > "$HOSTFILE"\nNNODES=512']]

case(
    id='aurorasneak-ccl-pmi-kvs-get-timeout-at-6144-ranks-system-wide-resubmit',
    kind='not_script',
    source=AGPT_SOURCE,
    thread_site=AGPT_SITE + '; "Failure mode: CCL/PMI KVS-timeout during init": the first 2B sneak job (8564220, 512 nodes, 6144 ranks) died on attempt 1 with this oneCCL error -> comm_create error -> a segmentation fault in libccl.so during collective init; the failover wrapper swapped a spare node three times without effect; cause: a KVS timeout is system-wide (PMI/PALS load on the busy machine after a drain), not a single bad node - the fix is to resubmit; a sibling job on another node slice did not hit it',
    what='a transient start-up failure of the machine\'s process-management service under load; the note\'s remedy is resubmitting the same job unchanged, so nothing in the job script is the cause; the excerpt is the note\'s quoted error text, which the note writes inline across a line break (`KVS get` / `error: timeout`) followed by `-> comm_create error ->` - kept as two lines plus the next stage as quoted; the following `Fatal Python error: Segmentation fault` is left out (a line of bench/s22notscript_probe); assumed shape - the 512-node mpiexec launch of the note\'s chain',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=AGPT_SCRIPT + AGPT_HOSTS,
    log='''
|CCL_ERROR| pmi_resizable_simple_internal.cpp kvs_get_value: KVS get
error: timeout
comm_create error
''',
)

case(
    id='aurorasneak-venv-copy-missing-spmd-types-module-on-fresh-nodes',
    kind='not_script',
    source=AGPT_SOURCE,
    thread_site=AGPT_SITE + '; "Bug: 2b-v2 venv missing spmd_types": the walltime test (8567626, run from the 2b-v2 clone) failed with this error (agpt/sharding.py imports it); cause: an earlier fix was applied only to the 20b-v2 clone, so the 2b-v2 .venv and its .venv.tar.gz lacked the package (unnoticed while warm /tmp/.venv copies were reused on production nodes); fix: `uv pip install ... spmd_types==0.2.1` into the venv, then rebuild the tarball',
    what='the packed Python environment the job copies to the nodes lacks a package the program imports; the cure is installing it into that environment and rebuilding the archive - environment contents, not the job script\'s directives, launch line or variables (labelled as reallogs30 labelled a missing optional package); the line is the note\'s own error text; assumed shape - the note\'s mpiexec launch on a 2-node debug-scaling job',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l walltime=01:00:00', '#PBS -l walltime=01:00:00\n#PBS -q debug-scaling'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'mpiexec --envall -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 /tmp/.venv/bin/python3 -m agpt.train --job.config_file train_configs/agpt_2b.toml']],
    log='''
ModuleNotFoundError: No module named 'spmd_types'
''',
)

case(
    id='aurorasneak-code-pull-crossed-optimizer-state-format-resume-missing-key',
    kind='not_script',
    source=AGPT_SOURCE,
    thread_site=AGPT_SITE + '; "Incident: clone-sync broke DCP resume": the production clones were git-pulled across an upstream optimizer state-dict format migration (torchtitan #3623/#3269, flattened optimizer state), so every resume of a checkpoint saved in the old nested format crashed with this error (sneak jobs 8567005/8567614); fix: reset the clones to the pre-migration commit 1263e5a1, re-apply only the infrastructure changes, verified by loading step-86200 (job 8570407, exit 0)',
    what='the training code version no longer reads the checkpoints it resumes from; the fix is pinning the program\'s code (git reset), a change to the user\'s program, not to the job script; the lines are the note\'s own error block; assumed shape - the note\'s 512-node mpiexec launch',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=AGPT_SCRIPT + AGPT_HOSTS,
    log='''
RuntimeError: Missing key in checkpoint state_dict:
optimizer.param_groups.tok_embeddings.weight.fused.
''',
)

# ---------------------------------------------------------------- GRPO on XPU root-cause note (2)

GRPO_SOURCE = 'find_string:65930192078'
GRPO_SITE = 'a user\'s root-cause note "Multi-trainer-node GRPO on XPU" (2026-07-06) on Intel-GPU (XPU, oneCCL/ProcessGroupXCCL) nodes scheduled by PBS: a vLLM server on one node and TRL/FSDP2 trainer ranks on the others, started as two separate `mpiexec` worlds; jobs 12470009/12469976/12470080/12470083'

case(
    id='grpoxpu-ccl-atl-transport-unset-falls-back-to-mpi-comm-create-segfault',
    kind='script',
    source=GRPO_SOURCE,
    thread_site=GRPO_SITE + '; every 3-node overnight run had the trainer\'s CCL_ATL_TRANSPORT unset (the `--no-oneccl-tcp-kvs` switch dropped the three exports CCL_PROCESS_LAUNCHER=none, CCL_ATL_TRANSPORT=ofi, FI_PROVIDER=tcp), so oneCCL used its `mpi` transport, which cannot form the trainer-rank0 <-> vLLM-server group across two mpiexec worlds: rank 0 segfaulted (this block in trainer.log), the other 23 ranks blocked, the launcher SIGTERMed them; fix: transport `ofi`/TCP-KVS on for the trainer (job 12470080 got past the crash; 12470083 trained 8/8 steps)',
    what='the trainer ranks are launched without the oneCCL transport exports the cross-world group needs; the fix is restoring those exported variables in the job environment, so labelled script; the lines are trainer.log\'s block as the note quotes it; not on one of the ten sites by name (an Intel-GPU PBS machine; Aurora-style mpiexec), diagnosed on Aurora; assumed shape - 3 nodes, the server started by one mpiexec in the background, the trainer by a second mpiexec on the other two nodes, no CCL_ATL_TRANSPORT export',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=3'], ['NNODES=$(wc -l < $PBS_NODEFILE)', 'head -n 1 $PBS_NODEFILE > server_host\ntail -n 2 $PBS_NODEFILE > trainer_hosts\nNNODES=2'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'mpiexec -n 1 --ppn 1 --hostfile server_host trl vllm-serve --model Qwen/Qwen2.5-0.5B-Instruct --tensor-parallel-size 1 &\nsleep 60\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --hostfile trainer_hosts --cpu-bind depth -d 8 python -m rl.grpo_train --vllm-server-host $(cat server_host)']],
    log='''
|CCL_ERROR| atl_mpi_comm.cpp:94 init_transport: comm_create error
!!!!!!! Segfault encountered !!!!!!!
  atl_mpi::allgatherv(...)
  atl_base_comm::create_comm_id()
  ccl_comm::ccl_comm(...)
  ccl_comm::create(...)
  c10d::ProcessGroupXCCL::initXCCLComm(...)
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*\bCCL_ATL_TRANSPORT=ofi\b'},
)

case(
    id='grpoxpu-fsdp2-avg-reduce-patch-rebound-wrong-name-oneccl-average-unsupported',
    kind='not_script',
    source=GRPO_SOURCE,
    thread_site=GRPO_SITE + '; with the transport fixed, 3-node job 12470080 reached FSDP backward and hit this oneCCL exception on all 24 ranks; the project\'s AVG->SUM patch (FSDPModule.set_force_sum_reduction_for_comms) never ran because it rebound accelerate.utils.fsdp_utils.fsdp2_prepare_model while accelerate.accelerator had already imported its own binding; fix (commit be2e7f112): rebind every module\'s fsdp2_prepare_model in sys.modules; job 12470083 then trained 8/8 steps',
    what='a monkeypatch in the user\'s program missed the import alias that is actually called, so FSDP2 asked oneCCL for an AVG reduction it does not support; the fix is Python code in the program, not the job script; the lines are the note\'s own quoted exception (reallogs23 holds a one-line `RuntimeError: oneCCL: coll_param.cpp:455 ...` of the same library limit; these lines are not in it); diagnosed on Aurora as the case above; assumed shape - the same 3-node two-world launch with the transport exports in place',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=3'], ['NNODES=$(wc -l < $PBS_NODEFILE)', 'head -n 1 $PBS_NODEFILE > server_host\ntail -n 2 $PBS_NODEFILE > trainer_hosts\nNNODES=2\nexport CCL_PROCESS_LAUNCHER=none\nexport CCL_ATL_TRANSPORT=ofi\nexport FI_PROVIDER=tcp'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'mpiexec -n 1 --ppn 1 --hostfile server_host trl vllm-serve --model Qwen/Qwen2.5-0.5B-Instruct --tensor-parallel-size 1 &\nsleep 60\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --hostfile trainer_hosts --cpu-bind depth -d 8 python -m rl.grpo_train --vllm-server-host $(cat server_host)']],
    log='''
oneCCL: coll_param.cpp:458 validate: EXCEPTION:
   average operation is not supported for the scheduler path
''',
)

# ---------------------------------------------------------------- Aurora multi-node vLLM job script comment (1)

case(
    id='auroravllmjob-ccl-kvs-mode-mpi-with-ray-spawned-workers-internal-kvs-fails',
    kind='script',
    source='find_string:60857929544',
    thread_site='a project\'s PBS job script for multi-node vLLM serving on ALCF Aurora (scripts/advanced/aurora/job-serve-multinode-vllm-aurora.sh, frameworks module + a venv, Ray cluster across nodes, `vllm serve --distributed-executor-backend ray`), whose comment records the failure: CCL_KVS_MODE=mpi / CCL_PROCESS_LAUNCHER=pmix are valid only when ranks are MPI-launched (the project\'s HydraGNN training pattern); vLLM\'s tensor-parallel workers are spawned by Ray or the multiproc executor, not MPI, so oneCCL must use its default internal KVS over TCP; setting MPI mode triggered this error and "WorkerProc initialization failed" (first seen in job 8508267, single-node variant); the script therefore does not set them',
    what='the job script exports the MPI-launch oneCCL settings of the project\'s training jobs for a vLLM server whose workers are not MPI ranks; the fix is removing those exports (or unsetting them) in the job script, so labelled script; the excerpt is the message as the script\'s comment quotes it, wrapped over two lines as there, plus the engine message it names; assumed shape - the single-node variant (job 8508267): frameworks module, the two exports copied from the training script, `vllm serve` with tensor parallelism over the 12 tiles from the batch step',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['module load frameworks', 'module load frameworks\nsource /lus/flare/projects/MyProject/venvs/hydragnn_venv/bin/activate\nexport CCL_KVS_MODE=mpi\nexport CCL_PROCESS_LAUNCHER=pmix'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'vllm serve /lus/flare/projects/MyProject/models/Llama-3.3-70B-Instruct --tensor-parallel-size 12 --dtype bfloat16 --enforce-eager --port 8000']],
    log='''
|CCL_ERROR| internal_kvs.cpp:42 kvs_set_value: condition
can_use_internal_kvs() failed
WorkerProc initialization failed
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^-\s*export\s+CCL_KVS_MODE=mpi|^\+\s*unset\s+CCL_KVS_MODE'},
)

# ---------------------------------------------------------------- LUMI climate-model NCCL-init hang note (1)

case(
    id='aqnetlumihang-rccl-init-stalls-after-model-code-commit-revert',
    kind='not_script',
    source='find_string:53457270360',
    thread_site='a user\'s bug note in French ("BUG CRITIQUE : NCCL Init Hang apres commit fd3c61a5", 2025-10-28) of a TopoFlow/ClimaX air-quality project on LUMI (Slurm, AMD MI250X, RCCL, PyTorch Lightning under srun; 16-32 nodes, 128-256 GPUs): every job after commit fd3c61a5 ("Fix MLP structure in PhysicsGuidedBlock", nn.Sequential replaced by a custom Mlp class) stops after the RCCL version line - all ranks registered, no channel/P2P messages - and stays blocked (26+ minutes); job 14029003 on the previous commit initialised in seconds; fewer nodes and no checkpoint changed nothing; temporary fix: revert to commit a54c0475 (not yet tested when written)',
    what='DOUBTFUL - the revert is proposed, not shown to work; the note ties the hang to a change of the model code and rules out node count and checkpoint, so nothing in the job script is implicated - not_script (a hang caused by the user\'s program); the lines are the note\'s own quoted log lines (its prose in French is not part of the excerpt); not one of the ten sites - LUMI (HPE Cray EX, Slingshot, Slurm) - so mapped by system family to Perlmutter, 4 GPUs a node; assumed shape - Lightning under srun, 32 nodes x 4 tasks = 128 ranks',
    cluster='perlmutter',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=32'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun python main_multipollutants.py --config configs/multipollutants_from_6pollutants.yaml --trainer.devices=4 --trainer.num_nodes=32']],
    log='''
All distributed processes registered. Starting with 128 processes
RCCL version 2.18.3+hip6.0 HEAD:2f6d59e+
''',
)

# ---------------------------------------------------------------- Vista operational playbook of a FEniCS project (1)

case(
    id='vistaplaybook-sbatch-without-env-source-modulenotfound-dolfinx',
    kind='script',
    source='find_string:62006664094',
    thread_site='a project\'s "Vista (TACC) Operational Playbook" (hpc/vista/README of a DOLFINx shallow-water code, 2026-04): Vista has no system DOLFINx, so the project uses a conda-forge environment activated by `source $WORK/SWEMniCS/hpc/vista/env.vista.sh` - "Use this in every sbatch"; the sbatch files differ from LS6 only in the header, the env source line and the launcher (`mpirun` from conda OpenMPI instead of `ibrun`); Troubleshooting: "ModuleNotFoundError: dolfinx -> did you source hpc/vista/env.vista.sh ...? Without the env active, pip installs to system Python 3.9"',
    what='the job runs the program with the system Python because the script does not source the project\'s environment file; the fix is the activation line in the job script, so labelled script - the playbook\'s troubleshooting item is written for the install step, its cure (activate the env first, in every sbatch) applies to the job as well, which makes this a judgement call; the line is the playbook\'s own error text as written (the real interpreter message reads `No module named \'dolfinx\'`); assumed shape - an 8-rank single-node gh-dev job ported from LS6 that kept LS6\'s module loads instead of the env source line, launched by `mpirun -n 8`',
    cluster='vista',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p gh-dev'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 8'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\n', 'module load gcc python3\ncd $WORK/SWEMniCS\n'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['ibrun python train.py --epochs 10', 'mpirun -n 8 python examples/idealized_inlet/run_inlet.py --mesh-res 200']],
    log='''
ModuleNotFoundError: dolfinx
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+\s*(source|\.)\s+\S*env\.vista\.sh|^\+\s*conda\s+activate\s+\S*fenics'},
)

# ---------------------------------------------------------------- video SSL project ledger: 8-rank eval layouts on H100 nodes (2)

VJ_SOURCE = 'find_string:71602649228'
VJ_SITE = 'a research project\'s running ledger (video self-supervised learning, ViT-B probes, 2026-09-08) on a university Slurm cluster with 8-GPU H100 nodes (gpu265-gpu277, BeeGFS, node-local staging), 8-rank DDP evaluation jobs launched by srun with LOCAL_RANK = SLURM_LOCALID'
VJ_WHAT_MAP = 'not one of the ten sites - a university Slurm cluster with 8 x H100 nodes - so mapped by scheduler family to Bridges-2 (Slurm, 8-GPU H100 nodes, srun-started ranks)'
VJ_FIX = r'(?m)^\+\s*#SBATCH\s+(--gres=gpu:(h100[-\w]*:)?\d+|--gpus-per-node=(h100[-\w]*:)?\d+|--ntasks-per-node=\d+)'

case(
    id='videossledger-gpus-per-task-masks-cards-nccl-shm-invalid-device-ordinal',
    kind='script',
    source=VJ_SOURCE,
    thread_site=VJ_SITE + '; "per-task card masking breaks NCCL": the first layout-free launches asked `--ntasks=8 --gpus-per-task=1` (with `--gpu-bind=none`); on the H100 nodes that masks one card per task and NCCL 2.28 fails between ranks of one node with these errors (job 65002280 on LOCAL_RANK >= 1, 65003541/2 and 65004812 at init), because a rank cannot open its peers\' cards; two-rank smokes showed only asks that leave all of a node\'s cards visible to its tasks pass; final fix: the uniform shape `--nodes=4 --ntasks-per-node=2 --gres=gpu:2` (task count = card count on every node, all cards visible), which passed on both node classes',
    what='the job\'s GPU request gives each task only its own card, so NCCL\'s intra-node transports cannot reach the peers\' devices; the fix is the #SBATCH resource shape (per-node gres with tasks-per-node equal to the cards), so labelled script; the lines are the ledger\'s own quoted error fragments, written there as `transport/p2p.cc:275` / `transport/shm.cc:590 Cuda failure 101 \'invalid device ordinal\'` (kept as two lines); ' + VJ_WHAT_MAP + '; assumed shape - `--ntasks=8 --gpus-per-task=1 --gpu-bind=none`, srun python from the batch step',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH -p GPU\n#SBATCH --nodes=1-8\n#SBATCH --ntasks=8\n#SBATCH --gpus-per-task=1\n#SBATCH --gpu-bind=none'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u video/levjepa/scripts/video_probe.py --probe attentive --dataset ssv2 --batch-size 32']],
    log='''
transport/p2p.cc:275
transport/shm.cc:590 Cuda failure 101 'invalid device ordinal'
''',
    expect={'families': ['scheduler', 'devices', 'resources'], 'fix': VJ_FIX},
)

case(
    id='videossledger-flexible-node-count-tasks-not-aligned-with-cards-set-device-ordinal',
    kind='script',
    source=VJ_SOURCE,
    thread_site=VJ_SITE + '; "Third wall": the next ask `--gpus=8 --ntasks=8 --nodes=1-8` (no per-task option) failed 8 s in - Slurm spreads tasks by CPU availability and cards by card availability, so on gpu[269-270,273] the job got 4/1/3 tasks against 2/1/4 cards and LOCAL_RANK 2 and 3 on gpu269 indexed cards that were not there: `invalid device ordinal` at `set_device` (jobs 65009767-69); a 2-CPU smoke had aligned by luck; fix: the uniform shape `--nodes=4 --ntasks-per-node=2 --gres=gpu:2`, which makes the task count equal the card count on every node by construction',
    what='the job asks for a flexible node count with job-level GPU and task totals, so some node gets more tasks than cards; the fix is the #SBATCH shape (N nodes x k tasks x k cards per node), so labelled script; the line is the ledger\'s own quoted error (prose around it dropped); ' + VJ_WHAT_MAP + '; assumed shape - `--gpus=8 --ntasks=8 --nodes=1-8`, srun python from the batch step',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH -p GPU\n#SBATCH --nodes=1-8\n#SBATCH --ntasks=8\n#SBATCH --gpus=8'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u video/levjepa/scripts/video_probe.py --probe linear_mean --dataset k400 --batch-size 8']],
    log='''
invalid device ordinal
''',
    expect={'families': ['scheduler', 'devices', 'resources'], 'fix': VJ_FIX},
)

# ---------------------------------------------------------------- PBS job script of a VLA fine-tuning project (1)

case(
    id='openvlapbs-torchrun-four-workers-on-one-gpu-allocation-invalid-device-ordinal',
    kind='script',
    source='find_string:67225595933',
    thread_site='a user\'s PBS job script for OpenVLA-OFT fine-tuning on a university H200 cluster (`#PBS -l select=1:ncpus=16:...:ngpus=2`, conda env, `torchrun --standalone --nnodes 1 --nproc-per-node ...`) whose comment records the failure and its fix: "Match torchrun workers to allocated GPUs (avoids RuntimeError: invalid device ordinal when e.g. interactive qsub has ngpus=1 but NPROC_PER_NODE was 4)"; the script now derives NPROC_PER_NODE from CUDA_VISIBLE_DEVICES / nvidia-smi -L',
    what='torchrun starts more workers than the job was given GPUs, so a worker addresses a device that does not exist; the fix is in the job script (nproc-per-node equal to the allocated GPUs, or a larger GPU request), so labelled script; the line is the message as the script\'s comment quotes it; the failure needs a partial-node GPU request, which Polaris (whole 4-GPU nodes under PBS) does not offer, so the PBS job is mapped to the Slurm site with a shared GPU partition, Anvil; assumed shape - one GPU requested, `torchrun --standalone --nnodes 1 --nproc-per-node 4`',
    cluster='anvil',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH -p gpu\n#SBATCH --gpus-per-node=1'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes 1 --nproc-per-node 4 vla-scripts/finetune.py --vla_path openvla/openvla-7b --dataset_name cs6244_prelim --batch_size 8 --lora_rank 32']],
    log='''
RuntimeError: invalid device ordinal
''',
    expect={'families': ['launcher', 'resources', 'devices'], 'fix': r'(?m)^\+.*(--nproc[-_]per[-_]node[= ]+(1\b|\$|"\$)|#SBATCH\s+--gpus-per-node=4\b|#SBATCH\s+--gres=gpu:(\w+:)?4\b)'},
)

# ---------------------------------------------------------------- Bagua FAQ and troubleshooting page (1)

case(
    id='baguafaq-nccl-older-than-2-10-reduce-invalid-reduction-operation-4',
    kind='not_script',
    source='https://tutorials-8ro.pages.dev/faq_troubleshooting',
    thread_site='the Bagua distributed-training library\'s "Frequently Asked Questions and Troubleshooting" page: "NCCL WARN Reduce: invalid reduction operation 4" - Bagua requires NCCL >= 2.10 to support the AVG reduction; if this appears during training, run `import bagua_core; bagua_core.install_deps()` (or the bagua_install_deps.py script) to install the latest libraries; `bagua_core.show_version()` shows the NCCL in use',
    what='the NCCL library the framework loads is too old for an operation the framework issues; the cure is installing newer libraries into the Python environment (a library/dependency version), not a directive, launch-line or environment change in the job script; the line is the page\'s own quoted warning; a framework page, no site named - diagnosed on Delta (Slurm); assumed shape - one node, four workers started by Bagua\'s launcher from the batch step',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'python -m bagua.distributed.launch --nproc_per_node=4 train_bagua.py --algorithm gradient_allreduce']],
    log='''
NCCL WARN Reduce: invalid reduction operation 4
''',
)

# ---------------------------------------------------------------- GeoFlood run script on Stampede2, "Solves =>" comments (3)

GEO_SOURCE = 'find_string:5779187549'
GEO_SITE = 'a user\'s GeoFlood/TauDEM/GRASS run script on TACC Stampede2 (conda env GGenv; TauDEM tools started with `ibrun`; GRASS GIS driven from Python), whose comments record each error the user hit and the line that solved it ("Solves =>")'
GEO_MAP = 'Stampede2 (Slurm, TACC `ibrun`) is mapped to its successor Stampede3, same scheduler and launcher'
GEO_BASE = [['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 48'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\n', 'source $HOME/miniconda3/etc/profile.d/conda.sh\nconda activate GGenv\nScratchDir=/scratch/07045/rschomp/GeoFlood\nprojectName=$1\nDEM_name=$2\n'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', '']]

case(
    id='geofloodstampede-taudem-not-on-path-ibrun-hydra-unrecognized-argument',
    kind='script',
    source=GEO_SOURCE,
    thread_site=GEO_SITE + '; "TAUDEM: Add TauDEM functions to $PATH - Solves =>" these lines: with the TauDEM tools not on PATH, `ibrun pitremove -z ...` handed the tool\'s own options to the MPI launcher, which rejected them; the fix line is `export PATH=/work/00837/tg458936/stampede2/taudem/TauDEM-CatchHydroGeo:$PATH`',
    what='the launch line names an executable the job\'s PATH does not contain, so the launcher parses the tool\'s arguments as its own; the fix is a PATH line in the job script, so labelled script; the directory is another user\'s installation the log cannot reveal, so the expectation is a question about where TauDEM lives (a guessed directory would be invented); the lines are the comment\'s quoted block (its first line `TACC:  Starting parallel tasks...` left out - a line of earlier sets), whose first error line carries the author\'s own placeholder `{TauDEM function, i.e. -z in pitremove}` in place of the literal option, kept as written; ' + GEO_MAP + '; assumed shape - one 48-task skx job, `ibrun pitremove -z ... -fel ...`',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=GEO_BASE + [['ibrun python train.py --epochs 10', 'ibrun pitremove -z ${ScratchDir}/Inputs/GIS/${projectName}/${DEM_name}.tif -fel ${ScratchDir}/Outputs/GIS/${projectName}/${DEM_name}_fel.tif']],
    log='''
match_arg (../../utils/args/args.c:254): unrecognized argument {TauDEM function, i.e. -z in pitremove}
HYDU_parse_array (../../utils/args/args.c:269): argument matching returned error
parse_args (./../utils/args/args.c:4770): error parsing input array
HYD_uii_mpx_get_parameters (../../ui.mpich/utils.c:5106): unable to parse user arguments
''',
    expect={'families': ['environment', 'launcher', 'modules'], 'ask': True, 'ask_for': ['path', 'python_path', 'program_path', 'tool_module', 'module']},
)

case(
    id='geofloodstampede-grass76-start-script-not-on-path',
    kind='script',
    source=GEO_SOURCE,
    thread_site=GEO_SITE + '; "GRASS: Add Dr. Arctur\'s GRASS GIS 7.6 installation to $PATH - Solves =>" these two errors (the Python GRASS step cannot find the `grass76` start script); the fix line is `export PATH=/home1/02044/arcturdk/local/bin/:$PATH`',
    what='the job runs a GRASS step without the GRASS installation on PATH; the fix is a PATH line in the job script, so labelled script; the installation is a colleague\'s directory the log cannot reveal, so the expectation is a question (which GRASS installation or module to use), not a guessed path; the lines are the comment\'s quoted errors; ' + GEO_MAP + '; assumed shape - one skx job running the project\'s pygeonet_grass.py step from the batch script',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=GEO_BASE + [['ibrun python train.py --epochs 10', 'python $WORK/GeoFlood/Tools/GeoNet_Batch/pygeonet_grass.py $projectName $DEM_name']],
    log='''
ERROR: --config: grass76: command not found
ERROR: Cannot find GRASS GIS 7 start script (['grass76', '--config', 'path'])
''',
    expect={'families': ['environment', 'modules'], 'ask': True, 'ask_for': ['path', 'python_path', 'program_path', 'tool_module', 'module']},
)

case(
    id='geofloodstampede-gproj-libgdal-so-20-missing-module-load',
    kind='script',
    source=GEO_SOURCE,
    thread_site=GEO_SITE + '; "GRASS: Fix shared library error ... Solves =>" this error (GRASS\'s g.proj cannot load libgdal.so.20); the script first exported GDAL_DATA, and its module section records the line that solved it: `module load RstatsPackages/3.5.1 # Solved libgdal.so.20 errors`',
    what='a tool the job runs needs a shared library the job\'s environment does not provide; the fix the script records is a module load in the job script, so labelled script; any module load or library path that provides libgdal counts; the lines are the comment\'s quoted error (split over two lines there, kept so); ' + GEO_MAP + '; assumed shape - the GRASS step of the job with GRASS on PATH but no GDAL-providing module loaded',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=GEO_BASE + [['ibrun python train.py --epochs 10', 'export PATH=/home1/02044/arcturdk/local/bin/:$PATH\npython $WORK/GeoFlood/Tools/GeoNet_Batch/pygeonet_grass.py $projectName $DEM_name']],
    log='''
g.proj: error while loading shared libraries:
libgdal.so.20: cannot open shared object file: No such file or directory
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(module\s+load\s+\S*(gdal|GDAL|RstatsPackages)|LD_LIBRARY_PATH=\S*gdal)'},
)

# ---------------------------------------------------------------- GPU falling off the bus under sustained load: two owners' records (1 + 1)

case(
    id='rtx4080warranty-sustained-cuda-load-xid79-gpu-lost-node-reboot-required',
    kind='not_script',
    source='find_string:55070660121',
    thread_site='a user\'s warranty fault report for a desktop with an RTX 4080 used for sustained CUDA/vLLM/training work (driver 595.71.05): at default power settings the GPU falls off the PCIe bus under load (four crash events on 2026-06-01, kernel log blocks quoted), nvidia-smi then finds no device until a reboot/power-cycle; not caused by heat (46 C) or VRAM; more stable only with the power limit forced to the 150 W minimum - a workaround, the report asks for hardware repair (GPU, PSU, PCIe slot/motherboard, power delivery)',
    what='a hardware/power-delivery fault of the machine: the driver itself asks for a node reboot and the owner sends the PC for repair; nothing in how the job was started is involved; the lines are the first crash block of the report (15:55) with its `NVRM: GPU 0000:01:00.0: GPU has fallen off the bus.` line left out (the same text without a timestamp is a line of reallogs29), and the vLLM `torch.AcceleratorError: CUDA error: unspecified launch failure` line left out (a line of reallogs8); a single workstation, not a cluster - mapped to Lonestar6 as a one-GPU Slurm job; assumed shape - a one-node, one-GPU job running the user\'s training script under ibrun',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['ibrun python train.py --epochs 10', 'ibrun python train_student.py --model qwen-0.8b --seq-len 5120']],
    log='''
2026-06-01T15:55:06.218036+03:00 isaac-Predator-PO5-650 kernel: NVRM: Xid (PCI:0000:01:00): 79, pid=30393, name=Media, GPU has fallen off the bus.
2026-06-01T15:55:06.218447+03:00 isaac-Predator-PO5-650 kernel: NVRM: nvCheckOkFailedNoLog: Check failed: GPU lost from the bus [NV_ERR_GPU_IS_LOST] (0x0000000F)
2026-06-01T15:55:06.218530+03:00 isaac-Predator-PO5-650 kernel: NVRM: Xid (PCI:0000:01:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)
''',
)

case(
    id='vegaservnotes-pcie-aer-uncorrectable-then-xid79-reboot-not-restart',
    kind='not_script',
    source='find_string:69381189321',
    thread_site='a user\'s operations notes for a home GPU server ("vegaserv") running long video-generation jobs (LTX-2.5 22B): "When a card falls off the bus", measured 2026-09-10 03:12 - an uncorrectable PCIe AER error, then Xid 79 and Xid 154; "Xid 79 is a reboot, not a restart": a hardware-side event (PCIe link, power delivery, riser, thermals) provoked by heavy sustained load, which no restart of the model server touches; the pipeline now checks nvidia-smi and stops the queue',
    what='a PCIe/hardware fault on the node under sustained load; the cure is rebooting (and hardware checks), not a change to how the job is launched; the lines are the note\'s own captured kernel block (its continuation line of Xid 154 kept as written); a single server, not a cluster - mapped to DeltaAI as a one-GPU Slurm job; assumed shape - one node, one task running the generation pipeline under srun',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u pipeline/run_queue.py --model ltx-2.5-22b --queue jobs/night.yaml']],
    log='''
pcieport 0000:00:01.0: PCIe Bus Error: severity=Uncorrectable (Non-Fatal), TLP UnsupReq
nvidia 0000:01:00.0: AER: can't recover (no error_detected callback)
NVRM: Xid (PCI:0000:01:00): 79, GPU has fallen off the bus.
NVRM: Xid (PCI:0000:01:00): 154, GPU recovery action changed from 0x0 (None) to 0x2
                                 (Node Reboot Required)
''',
)

# ---------------------------------------------------------------- virtual try-on project: rendezvous fix summary (1)

case(
    id='tryonfixsummary-master-addr-hsn0-suffix-c10d-store-connect-timeout',
    kind='script',
    source='find_string:53220384602',
    thread_site='a project\'s "PyTorch Distributed Training Fix Summary" (virtual try-on diffusion training, 38 Slurm training scripts, single node, `--nproc_per_node=4` under torchrun): the error was this rendezvous failure; root cause: MASTER_ADDR built as `$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)-hsn0` (hostname resolution failures/timeouts, wrong interface; the c10d backend could not connect within 60 s); fix: `export MASTER_ADDR=127.0.0.1` and `MASTER_PORT=29500` for single-node training, applied to all 38 scripts, plus NCCL_DEBUG/TORCH_DISTRIBUTED_DEBUG',
    what='the job script points the rendezvous at a high-speed-network alias of the node that does not resolve/answer; the fix is the MASTER_ADDR line of the job script (loopback or torchrun --standalone for one node, or the plain hostname), so labelled script; the lines are the note\'s own quoted error (its `RendezvousConnectionError ...` line is the message without the module prefix and tail of a longer line in reallogs2, so not a repeat word for word); the `-hsn0` alias is the HPE Slingshot naming, so diagnosed on Perlmutter; assumed shape - one node, srun starting one torchrun with 4 workers and a c10d endpoint at "$MASTER_ADDR:$MASTER_PORT"',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)', 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)-hsn0'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun torchrun --nnodes=1 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" train_catvton.py --config configs/easy_only.yaml']],
    log='''
RendezvousConnectionError: The connection to the C10d store has failed
RuntimeError: connect() timed out
''',
    expect={'families': ['rendezvous', 'network', 'launcher', 'environment'], 'fix': r'(?m)^\+.*MASTER_ADDR=("?127\.0\.0\.1|"?localhost)|^\+.*torchrun\b.*--standalone|^\+.*MASTER_ADDR=\$\(scontrol show hostnames? "?\$SLURM_JOB_NODELIST"? \| head -n ?1\)\s*$'},
)
