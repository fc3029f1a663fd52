# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Sources: centre documentation, framework FAQ/troubleshooting pages (cited by their published
# URL; the text was read from the project's documentation repository at the commit named in
# `thread_site`).

# ---------------------------------------------------------------- OLCF data storage page (1)

case(
    id='olcfdata-home-over-quota-batch-temp-file-cat-write-error',
    kind='not_script',
    source='https://docs.olcf.ornl.gov/data/index.html',
    thread_site='OLCF user documentation, "Data Storage and Transfers" (olcf/olcf-user-docs data/index.rst @2745903177977d57d4ad353203f5fd4df05dcc97), tip under the storage-areas table: if the home directory reaches its quota, batch jobs may fail with `cat: write error: Disk quota exceeded`, even when the job works only in the (under-quota) work areas, because the batch system writes temporary files to the home directory; cure: check with `quota`, bring home usage under the quota, then jobs run again',
    what='a full home directory (file-system quota), not the job script: the job writes only to its work area, and the failing write is the batch system\'s own temporary file in $HOME; the cure is deleting or moving files; the line is the page\'s own quoted error; Frontier (Slurm, HPE Cray EX, Slingshot) mapped to Perlmutter by scheduler and system family; assumed shape - a Perlmutter GPU job whose program writes its outputs to $SCRATCH',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores python train.py --config configs/run.yaml --output-dir $SCRATCH/runs/$SLURM_JOB_ID']],
    log='''
cat: write error: Disk quota exceeded
''',
)

# ---------------------------------------------------------------- CSC Roihu disk page (1)

case(
    id='roihudisk-disaggregated-nvme-request-on-shared-gpu-node-cancelled-by-350',
    kind='script',
    source='https://docs.csc.fi/computing/roihu-disk/',
    thread_site='CSC user documentation, "Disk areas on Roihu" (CSCfi/csc-user-guide docs/computing/roihu-disk.md @dff081f239e21c4fd7492998e9ceb3ece63dd632), section "Disaggregated storage": the network NVMe pool (`#BB_LUA SBF storagesize=...`) can only be requested when the job is the sole tenant of a node - on the GPU partitions by requesting nodes with `--exclusive`; improper requests may fail with the job reported as `CANCELLED by 350`, without producing standard output or error logs; the page\'s own example adds `--exclusive` to the GPU request',
    what='the job asks for disaggregated NVMe storage on a shared GPU node; the page\'s cure is a directive in the job script (`--exclusive`, or dropping the storage request), so labelled script; the "log" is the job state the page names (the job writes no output), a thin excerpt; Roihu GPU nodes (4 x GH200 each, Slurm, shared nodes) mapped to DeltaAI (4 x GH200 a node, Slurm, shared nodes); assumed shape - a one-node, 2-GPU srun job with the page\'s `#BB_LUA` line and no `--exclusive`',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n', '#SBATCH --nodes=1\n#SBATCH --partition=ghx4\n#SBATCH --account=bcxx-dtai-gh\n#BB_LUA SBF storagesize=200GB path=/run/sbb/$USER\n'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=2'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u train.py --batch-size 256 --epochs 32 --cache-dir /run/sbb/$USER']],
    log='''
CANCELLED by 350
''',
    expect={'families': ['scheduler', 'resources', 'directives', 'filesystem'], 'fix': r'(?m)(^\+\s*#SBATCH\s+--exclusive\b|^-\s*#BB_LUA\s+SBF)'},
)

# ---------------------------------------------------------------- CSC Python usage guide (1)

case(
    id='cscpython-pip-user-executable-shebang-points-inside-module-container',
    kind='not_script',
    source='https://docs.csc.fi/support/tutorials/python-usage-guide/',
    thread_site='CSC user documentation, "CSC Python usage guide" (CSCfi/csc-user-guide docs/support/tutorials/python-usage-guide.md @dff081f239e21c4fd7492998e9ceb3ece63dd632), note "Packages containing executable files": most CSC Python modules are containers; an executable installed with `pip install --user` on top of such a module may look for the interpreter at a path internal to the container and fail with this message; cure: edit the first line of the installed executable (`~/.local/bin/whatshap`) to point to the real interpreter (`which python3`)',
    what='the installed console script\'s shebang names the container-internal interpreter; the cure is editing that installed file (the user\'s software installation), not the job script\'s directives, launch line, modules or environment; the line is the page\'s own quoted error; Puhti (CSC, Slurm) mapped to Bridges-2 by scheduler family; assumed shape - a one-node job that loads a containerised Python module, sets PYTHONUSERBASE and runs the tool from the batch step',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[['#SBATCH -p GPU\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus=v100-32:16', '#SBATCH -p RM-shared\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=8'], ['module load openmpi/4.0.5-gcc10.2.0\nsource $PROJECT/venvs/hvd/bin/activate\nmpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'module load python-data\nexport PYTHONUSERBASE=$PROJECT/my-python-env\nexport PATH=$PYTHONUSERBASE/bin:$PATH\nwhatshap phase -o phased.vcf --reference=ref.fa variants.vcf alignments.bam']],
    log='''
whatshap: /CSC_CONTAINER/miniconda/envs/env1/bin/python3.9: bad interpreter: No such file or directory
''',
)

# ---------------------------------------------------------------- vLLM troubleshooting page (1)

case(
    id='vllmtrouble-offline-script-without-main-guard-spawn-bootstrapping-error',
    kind='not_script',
    source='https://docs.vllm.ai/en/latest/usage/troubleshooting.html',
    thread_site='vLLM documentation, "Troubleshooting" (vllm-project/vllm docs/usage/troubleshooting.md @01b88df816e61088a92c481cda1b17bdf21af6b1), section "Python multiprocessing / RuntimeError Exception": when CUDA was initialised before the workers start, vLLM switches to the `spawn` start method; a script that creates `vllm.LLM(...)` at module level then fails with this Python error; cure: guard the vLLM usage behind `if __name__ == \'__main__\':` in the Python code',
    what='the user\'s Python program creates the engine at import time, which the spawn start method re-imports; the cure is a change to the program (a main guard), not to the job script; the lines are the page\'s own quoted error (first lines of the block; its closing advice lines trimmed); not one job on one site - diagnosed on Aurora (PBS, 6 Intel GPU Max a node; vLLM runs there on XPU and the spawn start method is the same), a one-node job that runs the offline inference script from the batch step with tensor parallelism over 4 GPU tiles',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['NNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=12\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'python3 offline_batch_infer.py --model /flare/MyProject/models/Llama-3.1-8B-Instruct --tensor-parallel-size 4']],
    log='''
RuntimeError:
        An attempt has been made to start a new process before the
        current process has finished its bootstrapping phase.

        This probably means that you are not using fork to start your
        child processes and you have forgotten to use the proper idiom
        in the main module:
''',
)

# ---------------------------------------------------------------- verl FAQ page (2)

VERL_SOURCE = 'https://verl.readthedocs.io/en/latest/faq/faq.html'
VERL_SITE = 'verl documentation, "Frequently Asked Questions" (volcengine/verl docs/faq/faq.rst @03ddcb63ed9d5d52e6c81ed174766b57cf51db6b), each item given as the error text, its cause and the fix'

case(
    id='verlfaq-ray-init-more-workers-than-slurm-cpu-cgroup-unable-to-register-raylet',
    kind='script',
    source=VERL_SOURCE,
    thread_site=VERL_SITE + '; "Unable to register worker with raylet": caused by a system setting, e.g. SLURM constraints on how the CPUs of a node are shared - `ray.init()` tries to launch as many worker processes as the machine has CPU cores, and the Slurm constraints keep the core workers from seeing the raylet; fix: set the config term `ray_init.num_cpus` to a number the system allows',
    what='the job\'s CPU allocation (a Slurm cgroup smaller than the node) and the trainer\'s Ray start-up disagree; the page\'s fix is a config override on the trainer\'s command line (`ray_init.num_cpus=<allocated CPUs>`), which is the launch line of the job script, so labelled script (matching the override to `--cpus-per-task`, or raising the CPU request to the whole node, is the same repair); the line is the page\'s own heading text; not one job on one site - diagnosed on Delta (Slurm, shared 4 x A100 nodes); assumed shape - a one-node GRPO/PPO run started from the batch step with 16 of the node\'s 64 cores',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --ntasks=1', '#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=16\n#SBATCH --partition=gpuA100x4\n#SBATCH --account=bbxx-delta-gpu'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'python3 -m verl.trainer.main_ppo data.train_files=$HOME/data/gsm8k/train.parquet data.val_files=$HOME/data/gsm8k/test.parquet actor_rollout_ref.model.path=Qwen/Qwen2.5-3B-Instruct trainer.n_gpus_per_node=4 trainer.nnodes=1']],
    log='''
Unable to register worker with raylet
''',
    expect={'families': ['launcher', 'resources', 'environment'], 'fix': r'(?m)(^\+.*\bray_init\.num_cpus=\d+|^\+\s*#SBATCH\s+(--cpus-per-task|-c)(=|\s+)(?!16\b)\d+|^\+\s*#SBATCH\s+--exclusive\b)'},
)

case(
    id='verlfaq-aarch64-no-matching-tensordict-wheel-membership-check-notimplemented',
    kind='not_script',
    source=VERL_SOURCE,
    thread_site=VERL_SITE + '; "NotImplementedError: TensorDict does not support membership checks with the `in` keyword": cause - there is no suitable version of the tensordict package for the linux-arm64 platform (`pip install tensordict==0.6.2` finds only 0.1.x and 0.8.x); solution 1 - install tensordict 0.6.2 from source; solution 2 - change the failing code to use `tensordict_var.keys()`',
    what='the Python environment on the Arm (Grace) node holds an incompatible tensordict version; the cures are a source build of the package or a code change, not the job script; the line is the page\'s own quoted error; not one job on one site - an aarch64 GPU node, diagnosed on Vista (TACC, GH200 nodes, Slurm); assumed shape - a one-node, one-GPU verl run from the batch step in a venv on $WORK',
    cluster='vista',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p gh'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate', 'module load gcc/13.2.0 cuda/12.6\nsource $WORK/venvs/verl/bin/activate'], ['ibrun python train.py --epochs 10', 'python3 -m verl.trainer.main_ppo data.train_files=$WORK/data/gsm8k/train.parquet actor_rollout_ref.model.path=Qwen/Qwen2.5-0.5B-Instruct trainer.n_gpus_per_node=1 trainer.nnodes=1']],
    log='''
NotImplementedError: TensorDict does not support membership checks with the `in` keyword. If you want to check if a particular key is in your TensorDict, please use `key in tensordict.keys()` instead.
''',
)

# ---------------------------------------------------------------- Accelerate DeepSpeed guide (1)

case(
    id='acceleratedsguide-config-file-and-ds-json-both-set-zero-stage-ambiguity-valueerror',
    kind='not_script',
    source='https://huggingface.co/docs/accelerate/usage_guides/deepspeed',
    thread_site='Hugging Face Accelerate documentation, "DeepSpeed" usage guide (huggingface/accelerate docs/source/usage_guides/deepspeed.md @16cb6eb80dd9aa8b4df1a63ef57863e455d53b83), "Scenario 1": an accelerate config file that names a `deepspeed_config_file` and also sets `gradient_accumulation_steps`, `zero_stage`, `mixed_precision`... makes `accelerate launch test.py` fail with this ValueError; cure (Scenario 2): recreate the accelerate config with `accelerate config`, which asks only for the variables that are not in the DeepSpeed JSON',
    what='the conflict is between two configuration files of the user\'s training setup (the accelerate config YAML and the DeepSpeed JSON); the cure is editing or regenerating the accelerate config file, not the job script\'s directives, launch line, modules or environment - the launch line only names the config file; the lines are the page\'s own quoted output; not one job on one site - diagnosed on Stampede3 (Slurm, H100 nodes); assumed shape - a one-node accelerate job whose launch line passes only `--config_file`',
    cluster='stampede3',
    script='accelerate.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH -p h100\n#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=4'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --config_file ./accelerate_ds.yaml test.py']],
    log='''
ValueError: When using `deepspeed_config_file`, the following accelerate config variables will be ignored:
['gradient_accumulation_steps', 'gradient_clipping', 'zero_stage', 'offload_optimizer_device', 'offload_param_device',
'zero3_save_16bit_model', 'mixed_precision'].
Please specify them appropriately in the DeepSpeed config file.
If you are using an accelerate config file, remove other config variables mentioned in the above specified list.
''',
)

# ---------------------------------------------------------------- Lightning pages (2)

case(
    id='lightningprepare-ddp-spawn-lambda-in-model-not-picklable',
    kind='not_script',
    source='https://lightning.ai/docs/pytorch/stable/accelerators/accelerator_prepare.html',
    thread_site='PyTorch Lightning documentation, "Hardware agnostic training (preparation)" (Lightning-AI/pytorch-lightning docs/source-pytorch/accelerators/accelerator_prepare.rst @7f0c3436cd3f6ad3753125672024fc415cbcb414), section "Make models pickleable": when a distributed run spawns processes and something in the model, transforms, optimizer, dataloader or callbacks cannot be pickled, it fails with this error; fix: find the unpicklable piece of code (here a lambda) and change it',
    what='a lambda in the user\'s training code cannot be pickled for the spawned processes; the cure is a change to the Python program, not the job script; the lines are the page\'s own quoted traceback (the `attribute lookup <lambda> on __main__ failed` line is in bench/ already and is left out); not one job on one site - diagnosed on Lonestar6 (TACC, 3 x A100 a node, Slurm); assumed shape - a one-node Lightning run from the batch step with the ddp_spawn strategy over the 3 GPUs',
    cluster='lonestar6',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=16\n#SBATCH --mem=0', '#SBATCH -p gpu-a100\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH -A MyProject'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'module load cuda/12.2\nsource $WORK/venvs/pl/bin/activate\npython train.py trainer.devices=3 trainer.num_nodes=1 trainer.strategy=ddp_spawn']],
    log='''
    self._launch(process_obj)
    File "/net/software/local/python/3.6.5/lib/python3.6/multiprocessing/popen_spawn_posix.py", line 47,
    in _launch reduction.dump(process_obj, fp)
    File "/net/software/local/python/3.6.5/lib/python3.6/multiprocessing/reduction.py", line 60, in dump
    ForkingPickler(file, protocol).dump(obj)
    _pickle.PicklingError: Can't pickle <function <lambda> at 0x2b599e088ae8>:
''',
)

case(
    id='fabricslurm-python-started-without-srun-stuck-initializing-member-1-of-4',
    kind='script',
    source='https://lightning.ai/docs/fabric/stable/guide/multi_node/slurm.html',
    thread_site='Lightning Fabric documentation, "Run on a SLURM-managed cluster" (Lightning-AI/pytorch-lightning docs/source-fabric/guide/multi_node/slurm.rst @7f0c3436cd3f6ad3753125672024fc415cbcb414), "Troubleshooting - My program is stuck initializing at startup": the log shows this line and nothing happens; most likely reasons: the `python train.py` command was not run with `srun`, or `#SBATCH --nodes` / `--ntasks-per-node` do not match `Fabric(num_nodes=..., devices=...)`; fix: start the script with srun as in the page\'s template and keep both places consistent',
    what='the job script starts the training with plain `python` from the batch step, so only one of the four processes Fabric waits for exists; the page\'s first cure is the launch line (`srun python train.py`), so labelled script; the line is the page\'s own quoted log line; not one job on one site - diagnosed on Bridges-2 (PSC, Slurm, 8 x V100-32GB a node); assumed shape - a one-node job with `--ntasks-per-node=4` and `Fabric(devices=4, num_nodes=1)` in the code',
    cluster='bridges2',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=16\n#SBATCH --mem=0', '#SBATCH -p GPU\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus=v100-32:4'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'source $PROJECT/venvs/fabric/bin/activate\nexport NCCL_DEBUG=INFO\npython train.py']],
    log='''
Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/4
''',
    expect={'families': ['launcher', 'resources'], 'fix': r'(?m)^\+\s*srun\b.*\bpython3?\b'},
)

# ---------------------------------------------------------------- NeSI support pages (2)

case(
    id='nesioom-batch-step-cgroup-oom-kill-raise-mem',
    kind='script',
    source='https://docs.nesi.org.nz/General/FAQs/What_does_oom_kill_mean/',
    thread_site='NeSI support documentation, FAQ "What does oom-kill mean?" (nesi/support-docs docs/Getting_Started/FAQs/What_Does_Oom_Kill_Mean.md @16ba8d49880143131202fecbb5f54e2d12b115bf): this error means the job tried to use more memory (RAM) than Slurm reserved for it (spikes between the 30-second accounting samples and files in the memory-based /tmp or $TMPDIR count too); the easier option is to request more memory by increasing `--mem` in the job submission script, the harder one to make the job less memory-hungry',
    what='the job\'s memory request is below what the program uses; the page\'s first cure is the `--mem` directive of the job script, so labelled script; the line is the page\'s own quoted error (the `.batch` step: the program ran from the batch script); NeSI (Slurm) mapped to DeltaAI (Slurm, shared nodes where `--mem` sets the cgroup limit); assumed shape - a one-node, 4-GPU torchrun job from the batch step with `--mem=16G`',
    cluster='deltaai',
    script='torchrun_single.sh',
    replace=[['#SBATCH --ntasks=1', '#SBATCH --ntasks=1\n#SBATCH --partition=ghx4\n#SBATCH --account=bcxx-dtai-gh\n#SBATCH --mem=16G']],
    log='''
slurmstepd: error: Detected 1 oom-kill event(s) in step 370626.batch cgroup
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+\s*#SBATCH\s+--mem(-per-cpu|-per-gpu)?(=|\s+)(?!16G\b)\S+'},
)

case(
    id='nesiopenfoam-cd-to-script-dir-under-slurm-spool-chdir-error',
    kind='script',
    source='https://docs.nesi.org.nz/Software/Available_Applications/OpenFOAM/',
    thread_site='NeSI support documentation, "OpenFOAM" (nesi/support-docs docs/Software/Available_Applications/OpenFOAM.md @16ba8d49880143131202fecbb5f54e2d12b115bf), warning: many example scripts packaged with OpenFOAM include `cd ${0%/*} || exit` to change to the script\'s location; this does not work from within a Slurm script and gives an error similar to this one; the cure is not to use that line in the batch script',
    what='the batch script changes to its own directory, which under Slurm is the spool copy\'s directory, not the submission directory; the fix is in the job script (drop the `cd ${0%/*}` line or change to `$SLURM_SUBMIT_DIR`), so labelled script; the line is the page\'s own quoted error (its `jobXXXX` placeholder kept); NeSI (Slurm) mapped to Anvil CPU nodes (Purdue, Slurm, srun-started MPI ranks); assumed shape - a 2-node OpenFOAM case run by srun',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH -p wholenode\n#SBATCH -A myallocation\n#SBATCH --nodes=2'], ['module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat', 'module load openfoam/2306\ncd ${0%/*} || exit\ndecomposePar -force\nsrun --cpu-bind=cores simpleFoam -parallel']],
    log='''
slurmstepd: error: couldn't chdir to `/var/spool/slurm/jobXXXX': No such file or directory
''',
    # s36 (tune half): 'environment' added - 'filesystem' and 'directives' are not record families
    # (maple_flow/repair/models.py Family); the released cases of this class (s28r2logs_probe) list environment.
    expect={'families': ['filesystem', 'directives', 'launcher', 'environment'], 'fix': r'(?m)(^-\s*cd \$\{0%/\*\}|^\+\s*cd\s+"?\$\{?SLURM_SUBMIT_DIR)'},
)

# ---------------------------------------------------------------- Plexus GPU Xid guides (3)

XID_SITE = 'Plexus "GPU Xid errors" guide pages (a GPU-fleet monitoring vendor\'s reference, one page per Xid code: meaning, "Typical kernel-log signature", how to diagnose, what to do, with the note to cross-check NVIDIA\'s official Xid table)'
XID_MAP = 'a vendor page about GPU fleets, not one job on one site'

case(
    id='plexusxid79-gpu-fallen-off-pcie-bus-drain-node-rma',
    kind='not_script',
    source='https://plexus.company/guides/gpu-xid-errors/79',
    thread_site=XID_SITE + '; "Xid 79: GPU has fallen off the bus": the driver can no longer reach the GPU over PCIe, often a power-delivery, overheating or seating fault; `nvidia-smi` shows the GPU missing or ERR!; action: drain the node immediately, power-cycle, reseat card and power connectors if it recurs, RMA on repeated Xid 79',
    what='a GPU hardware fault on one node (PCIe link lost); the cure is node administration (drain, power-cycle, reseat, RMA) and a resubmission away from the node, not a change to the job script; the line is the page\'s own kernel-log signature; ' + XID_MAP + ' - diagnosed on Polaris (PBS, 4 x A100 a node, mpiexec-started ranks); assumed shape - a 2-node data-parallel job whose ranks on one node lose their GPU',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[],
    log='''
NVRM: Xid (PCI:0000:65:00): 79, pid='N/A', GPU has fallen off the bus
''',
)

case(
    id='plexusxid48-double-bit-ecc-uncorrectable-drain-reset-rma',
    kind='not_script',
    source='https://plexus.company/guides/gpu-xid-errors/48',
    thread_site=XID_SITE + '; "Xid 48: Double Bit ECC Error (DBE)": an uncorrectable double-bit GPU memory error, a genuine hardware fault; the page is retired or the row remapped, work that touched it is suspect; diagnose with `nvidia-smi -q -d ECC` and `-d ROW_REMAPPER`; action: drain the node and reset the GPU, RMA if it recurs or remapping resources run out',
    what='an uncorrectable GPU memory error (hardware); the cure is node administration (drain, GPU reset, RMA) and rerunning from a checkpoint, not the job script; the line is the page\'s own kernel-log signature; ' + XID_MAP + ' - diagnosed on Lonestar6 (TACC, Slurm, 3 x A100 a node, ibrun-started ranks); assumed shape - a 2-node, 6-rank training job',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[],
    log='''
NVRM: Xid (PCI:0000:65:00): 48, pid='N/A', Double Bit ECC
''',
)

case(
    id='plexusxid74-nvlink-link-error-isolate-gpu-drain-node',
    kind='not_script',
    source='https://plexus.company/guides/gpu-xid-errors/74',
    thread_site=XID_SITE + '; "Xid 74: NVLink Error": an error on an NVLink connection or through an NVSwitch (degraded link, connector/seating issue, switch fault); one bad link can disrupt multi-GPU jobs across the node; diagnose with `nvidia-smi nvlink -e` / `-s` and the fabric-manager logs; action: isolate the GPU/link and drain the node, reseat or service the link, RMA if errors persist after a reset',
    what='a GPU interconnect (NVLink) hardware fault on a node; the cure is node administration, not the job script; the line is the page\'s own kernel-log signature, with its `...` placeholder kept; ' + XID_MAP + ' - diagnosed on Perlmutter (Slurm, 4 x A100 a node joined by NVLink); assumed shape - a 2-node job with one torchrun per node under srun',
    cluster='perlmutter',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -A m0000_g\n#SBATCH -C gpu\n#SBATCH -q regular\n#SBATCH -N 2']],
    log='''
NVRM: Xid (PCI:0000:65:00): 74, pid='N/A', NVLink: ... link error
''',
)

# ---------------------------------------------------------------- Yale YCRC "Common Job Failures" page (2)

YCRC_SOURCE = 'https://docs.ycrc.yale.edu/clusters-at-yale/job-scheduling/common-job-failures/'
YCRC_SITE = 'Yale Center for Research Computing documentation, "Common Job Failures" (ycrc/ycrc.github.io clusters-at-yale/job-scheduling/common-job-failures/index.html @1f4539acf06b82cd3dd1d806a6e8b96e64da87d5; Slurm clusters Grace/McCleary with Lmod/EasyBuild toolchains), common error messages with the steps to correct them'

case(
    id='ycrcfailures-modules-from-two-toolchains-reloaded-with-version-change',
    kind='script',
    source=YCRC_SOURCE,
    thread_site=YCRC_SITE + '; "Software Modules": loading modules from different toolchains (e.g. foss-2018a and foss-2018b) at the same time leads to conflicts, errors or strange behaviour; this message is a sign of incompatible modules; cure: only use one toolchain at a time, and run `module reset` between `module load` commands when software from several toolchains is needed',
    what='the job script loads modules built with two toolchains, so Lmod swaps the first one\'s dependencies for the second\'s; the cure is in the job script\'s module lines (one toolchain, or `module reset` between loads), so labelled script; the lines are the page\'s own quoted message (its trailing `...` dropped; its header line `The following have been reloaded with a version change:` is in bench/ already and is left out); Yale (Slurm, Lmod) mapped to Lonestar6 (TACC, Slurm, Lmod) by scheduler family; assumed shape - an MPI job started by ibrun that loads FFTW from foss-2018a and then an application from foss-2018b',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p normal'], ['#SBATCH -n 6', '#SBATCH -n 256'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\nibrun python train.py --epochs 10', 'module load FFTW/3.3.7-gompi-2018a\nmodule load GROMACS/2018.3-foss-2018b\nibrun gmx_mpi mdrun -deffnm md_run']],
    log='''
  1) FFTW/3.3.7-gompi-2018a => FFTW/3.3.8-gompi-2018b
  2) GCC/6.4.0-2.28 => GCC/7.3.0-2.3.0
  3) GCCcore/6.4.0 => GCCcore/7.3.0
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)(^\+\s*module\s+(reset|purge)\b|^-\s*module\s+load\s+FFTW/3\.3\.7-gompi-2018a|^\+\s*module\s+load\s+FFTW/\S*2018b)'},
)

case(
    id='ycrcfailures-submission-rate-limit-reached-jobs-per-hour',
    kind='not_script',
    source=YCRC_SOURCE,
    thread_site=YCRC_SITE + '; "Rate Limits": job submissions are rate-limited to 200 jobs per hour on each cluster; when the limit is hit, submitting new jobs fails with this error (and the generic "Batch job submission failed: Job violates accounting/QOS policy" line); cure: wait until the submission rate drops, and use Dead Simple Queue or job arrays for large numbers of jobs',
    what='the user submitted more jobs per hour than the site allows; the job script itself is fine and the cure is waiting or restructuring the submission workflow (arrays, dSQ), not a change to this script\'s directives or launch line; the line is the page\'s own quoted error (its second line, `sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (...)`, is in bench/ already and is left out); Yale (Slurm) mapped to Stampede3 (TACC, Slurm) by scheduler family; assumed shape - one of many single-node preprocessing jobs submitted in a loop',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\nibrun python train.py --epochs 10', 'source $WORK/venvs/torch/bin/activate\npython preprocess_shard.py --shard $SHARD_ID --out $SCRATCH/shards']],
    log='''
sbatch: error: Reached jobs per hour limit
''',
)

# ---------------------------------------------------------------- Stanford Sherlock GPU page (1)

case(
    id='sherlockgpu-gpu-partition-job-without-gpu-request-rejected-qos-policy',
    kind='script',
    source='https://www.sherlock.stanford.edu/docs/user-guide/gpu/',
    thread_site='Stanford Sherlock documentation, "GPU nodes" (stanford-rc/www.sherlock.stanford.edu src/docs/user-guide/gpu.md @8eb1898314a76d457319d73661d1cd132b3fc878), warning "GPU resources MUST be requested explicitly": the `gpu` partition only accepts jobs that explicitly request GPU resources; others are rejected at submission with this message (shown for `salloc -p gpu`); cure: request GPUs, e.g. `--gpus 1` / `-G 1`',
    what='the job asks for the GPU partition but no GPU, which the site\'s submission policy rejects; the fix is a directive in the job script (a GPU request), so labelled script; the line is the page\'s own quoted output (printed for an `salloc`, prefixed `srun:` as the page shows); Sherlock (Stanford, Slurm) mapped to Anvil (Purdue, Slurm, GPU partition for GPU jobs) by scheduler family; assumed shape - a one-node PyTorch job with `-p gpu` and no `--gpus`',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n', '#SBATCH -p gpu\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n']],
    log='''
srun: error: Unable to allocate resources: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)
''',
    expect={'families': ['scheduler', 'resources', 'directives'], 'fix': r'(?m)^\+\s*#SBATCH\s+(--gpus(-per-node|-per-task)?(=|\s+)\d|-G\s*\d|--gres=gpu)'},
)

# ---------------------------------------------------------------- OLCF Summit user guide, known issues (1)

case(
    id='summitknown-pmix-received-msg-header-too-large-raise-ptl-max-msg-size',
    kind='script',
    source='https://docs.olcf.ornl.gov/systems/summit_user_guide.html',
    thread_site='OLCF "Summit User Guide" (olcf/olcf-user-docs systems/summit_user_guide.rst @2745903177977d57d4ad353203f5fd4df05dcc97), known issue "\'Received msg header indicates a size that is too large\' error message from Spectrum MPI": resolved by `export PMIX_MCA_ptl_base_max_msg_size=18` (size in MB; 18 or higher usually works; the default is about 16 MB)',
    what='the job\'s PMIx messages exceed the default PMIx message-size limit; the page\'s cure is an exported variable in the job script, so labelled script; the lines are the page\'s own quoted error; Summit (IBM, LSF + jsrun over PMIx) has no counterpart among the ten sites - diagnosed on Perlmutter with srun\'s PMIx plugin (`srun --mpi=pmix`), the nearest PMIx-launched shape; assumed shape - a 2-node, 8-rank job started by `srun --mpi=pmix`',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --mpi=pmix --cpu-bind=cores python train.py --config configs/run.yaml']],
    log='''
A received msg header indicates a size that is too large:
 Requested size: 25836785
 Size limit: 16777216
If you believe this msg is legitimate, please increase the
max msg size via the ptl_base_max_msg_size parameter.
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^\+\s*export\s+PMIX_MCA_ptl_base_max_msg_size=(1[89]|[2-9]\d|\d{3,})\b'},
)

# ---------------------------------------------------------------- MindSpore FAQ, distributed parallel (2)

MS_SOURCE = 'https://www.mindspore.cn/docs/en/r2.0/faq/distributed_parallel.html'
MS_SITE = 'MindSpore documentation, FAQ "Distributed Parallel" (mindspore-ai/docs docs/mindspore/source_en/faq/distributed_parallel.md @00bfaa21d564273c16a79a95f67cff249fd2eb3f, the r2.0 page), each item given as the error text and the answer'
MS_MAP = 'not one job on one site - multi-machine GPU training started by Open MPI `mpirun`'

case(
    id='msfaq-openmpi-ucx-cannot-resolve-peer-endpoint-pin-btl-tcp-interface',
    kind='script',
    source=MS_SOURCE,
    thread_site=MS_SITE + '; "multi-machine multi-card training via OpenMPI, the prompt fails due to MPI_Allgather": Open MPI cannot reach the peer address for host-side communication, generally because the machines\' network cards are configured differently; solved by naming the NIC or subnet on the mpirun line: `mpirun -n process_num --mca btl tcp --mca btl_tcp_if_include eth0 ./run.sh` (or `--mca btl_tcp_if_include 192.168.1.0/24`)',
    what='the launch line lets Open MPI pick an interface the other node cannot reach; the page\'s fix is on the mpirun line of the job script (`--mca btl_tcp_if_include <nic or subnet>`, an `OMPI_MCA_btl_tcp_if_include` export is the same setting), so labelled script; the lines are the page\'s own quoted errors (its `rank X` placeholder kept); ' + MS_MAP + ' - diagnosed on Bridges-2 (PSC, Slurm, Open MPI mpirun, 8 x V100 a node); assumed shape - a 2-node, 16-rank mpirun job',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[['source $PROJECT/venvs/hvd/bin/activate\nmpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'source $PROJECT/venvs/mindspore/bin/activate\nmpirun -n $SLURM_NTASKS --output-filename log_output --merge-stderr-to-stdout python train.py --device_target GPU']],
    log='''
pml_ucx.c:175 Error: Failed to receive UCX worker address: Not found (-13)
pml_ucx.c:452 Error: Failed to resolve UCX endpoint for rank X
''',
    expect={'families': ['network', 'launcher'], 'fix': r'(?m)(^\+.*--mca\s+btl_tcp_if_include\s+\S+|^\+\s*export\s+OMPI_MCA_btl_tcp_if_include=\S+)'},
)

case(
    id='msfaq-nccl-socket-connect-network-unreachable-set-socket-ifname',
    kind='script',
    source=MS_SOURCE,
    thread_site=MS_SITE + '; "multi-machine multi-card training via OpenMPI, the NCCL error message displays that the network is not working": NCCL cannot reach the peer address while exchanging process information or initialising the communicator, generally because the machines\' network cards are configured differently; fix: choose the NIC with `export NCCL_SOCKET_IFNAME=eth`',
    what='NCCL\'s bootstrap picks an interface that does not route between the nodes; the page\'s fix is an exported variable in the job script (`NCCL_SOCKET_IFNAME`), so labelled script; the line is the page\'s own quoted warning (its `XXX` placeholder kept); ' + MS_MAP + ' - diagnosed on Delta (NCSA, Slurm, 4 x A100 a node, Slingshot `hsn` interfaces besides the Ethernet management interface); assumed shape - a 2-node, 8-rank mpirun job without any NCCL interface setting',
    cluster='delta',
    script='bridges2_mpirun.sh',
    replace=[['#SBATCH -p GPU\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus=v100-32:16', '#SBATCH --partition=gpuA100x4\n#SBATCH --account=bbxx-delta-gpu\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4'], ['module load openmpi/4.0.5-gcc10.2.0\nsource $PROJECT/venvs/hvd/bin/activate\nmpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'module load openmpi/4.1.6\nsource $WORK/venvs/mindspore/bin/activate\nmpirun -n $SLURM_NTASKS --output-filename log_output --merge-stderr-to-stdout python train.py --device_target GPU']],
    log='''
include/socket.h:403 NCCL WARN Connect to XXX failed: Network is unreachable
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)(^\+\s*export\s+NCCL_SOCKET_IFNAME=\S+|^\+.*-x\s+NCCL_SOCKET_IFNAME=\S+)'},
)

# ---------------------------------------------------------------- Transformers DeepSpeed guide (1)

case(
    id='transformersds-fp16-loss-scaler-bottoms-out-overflow-skipping-step',
    kind='not_script',
    source='https://huggingface.co/docs/transformers/deepspeed',
    thread_site='Hugging Face Transformers documentation, "DeepSpeed" (huggingface/transformers docs/source/en/deepspeed.md @019da1e8268a76436582cccc51c03638d267aa5b), "Troubleshoot - NaN loss": NaN loss often comes from using a bf16-pretrained model in fp16; with an fp16 config like `"loss_scale": 0, "initial_scale_power": 16` the logs show these OVERFLOW messages, meaning the DeepSpeed loss scaler cannot find a scaling coefficient that overcomes the overflow; fix: a higher `initial_scale_power` (32 usually works), or fp32/bf16 where the hardware supports it',
    what='the training numerics (fp16 loss scaling in the DeepSpeed config, or the precision choice) fail, not the job script; the cures are the DeepSpeed JSON or the program\'s precision setting; the lines are the page\'s own quoted log (progress-bar lines and `[...]` markers trimmed); not one job on one site - diagnosed on Anvil (Purdue, Slurm, 4 x A100 a node) with the DeepSpeed launcher over a hostfile; assumed shape - a 2-node ZeRO fine-tuning job with an fp16 config',
    cluster='anvil',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH -p gpu\n#SBATCH --nodes=2'], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile run_translation.py --model_name_or_path t5-large --fp16 --deepspeed ds_config_zero3.json --output_dir $SCRATCH/t5-out']],
    log='''
 [deepscale] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 262144, reducing to 262144
 [deepscale] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 262144, reducing to 131072.0
 [deepscale] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 1, reducing to 1
 [deepscale] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 1, reducing to 1
''',
)

# ---------------------------------------------------------------- UPPMAX modules page (1)

case(
    id='uppmaxmodules-samtools-loaded-without-bioinfo-tools-cannot-be-loaded',
    kind='script',
    source='https://docs.uppmax.uu.se/cluster_guides/modules/',
    thread_site='UPPMAX documentation, "Modules" (UPPMAX/UPPMAX-documentation docs/cluster_guides/modules.md @26d4db11881715dcbb1c1dfb1b8dcdef507f6815), tip "Huh, `module load samtools/1.17` gives an error?": loading samtools/1.17 without `module load bioinfo-tools` first gives this Lmod error; the solution is to do `module load bioinfo-tools` first',
    what='the job script loads a module that is only visible after a gateway module; the fix is a module line in the job script (`module load bioinfo-tools` before it), so labelled script; the lines are the page\'s own quoted Lmod error (its first line, `Lmod has detected the following error:  These module(s) or`, is in bench/ already and is left out); UPPMAX (Slurm, Lmod) mapped to Delta (NCSA, Slurm, Lmod) by scheduler family; assumed shape - a one-node CPU job that loads samtools and sorts a BAM file',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH --partition=cpu\n#SBATCH --account=bbxx-delta-cpu\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --cpus-per-task=16'], ['module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat', 'module load samtools/1.17\nsamtools sort -@ 16 -o sample.sorted.bam sample.bam']],
    log='''
extension(s) exist but cannot be loaded as requested: "samtools/1.17"
   Try: "module spider samtools/1.17" to see how to load the module(s).
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+\s*module\s+load\s+bioinfo-tools\b'},
)

# ---------------------------------------------------------------- Stanford Sherlock node-features page (1)

case(
    id='sherlockfeatures-impossible-constraint-combination-rejected-at-submit',
    kind='script',
    source='https://www.sherlock.stanford.edu/docs/advanced-topics/node-features/',
    thread_site='Stanford Sherlock documentation, "Node features" (stanford-rc/www.sherlock.stanford.edu src/docs/advanced-topics/node-features.md @8eb1898314a76d457319d73661d1cd132b3fc878), warning "Many node feature combinations are impossible to satisfy": e.g. `#SBATCH -C \'CPU_MNF:INTEL&IB:HDR\'` is rejected at submission with this error, as all nodes on the HDR InfiniBand fabric have AMD CPUs; constraints must be used carefully and sparingly',
    what='the job script\'s `-C` constraint asks for a node type that does not exist; the fix is the constraint directive in the job script, so labelled script; the line is the page\'s own quoted error; Sherlock (Stanford, Slurm node features) mapped to Perlmutter (Slurm, jobs select node types with `-C` constraints) by scheduler family, keeping the page\'s own feature names; assumed shape - a 2-node MPI job with the page\'s constraint',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', "#SBATCH -A m0000\n#SBATCH -q regular\n#SBATCH -C 'CPU_MNF:INTEL&IB:HDR'\n#SBATCH --nodes=2"]],
    log='''
error: Job submit/allocate failed: Requested node configuration is not available
''',
    expect={'families': ['directives', 'scheduler', 'resources'], 'fix': r"(?m)^-\s*#SBATCH\s+-C\s+'?CPU_MNF:INTEL&IB:HDR"},
)

# ---------------------------------------------------------------- Hugging Face Datasets troubleshooting page (1)

case(
    id='hfdatasetstrouble-from-generator-given-generator-object-cannot-pickle',
    kind='not_script',
    source='https://huggingface.co/docs/datasets/troubleshoot',
    thread_site='Hugging Face Datasets documentation, "Troubleshooting" (huggingface/datasets docs/source/troubleshoot.mdx @0612429fe91ecf215bbd33ae3d309871c20eeb70), "Pickling issues when using Dataset.from_generator()": `from_generator` needs a picklable generator function to hash it for the cache; passing a generator object (or a function using a global unpicklable object such as a DB connection) gives this TypeError; cure: pass the generator function, or create such objects inside the generator function',
    what='the dataset-building code passes an unpicklable object to the datasets library; the cure is a change to the user\'s Python program, not the job script; the line is the page\'s own quoted error; not one job on one site - diagnosed on DeltaAI (NCSA, Slurm, shared GH200 nodes); assumed shape - a one-node data-preparation job run from the batch step before training',
    cluster='deltaai',
    script='torchrun_single.sh',
    replace=[['#SBATCH --ntasks=1', '#SBATCH --ntasks=1\n#SBATCH --partition=ghx4\n#SBATCH --account=bcxx-dtai-gh'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'python build_dataset.py --shards /work/hdd/bcxx/raw --out /work/hdd/bcxx/hf_cache']],
    log='''
TypeError: cannot pickle 'generator' object
''',
)

# ---------------------------------------------------------------- Sigma2 containers guide (1)

case(
    id='sigma2containers-project-area-not-bound-into-singularity-no-such-file',
    kind='script',
    source='https://documentation.sigma2.no/code_development/guides/containers.html',
    thread_site='NRIS/Sigma2 documentation, "Containers on NRIS HPC systems" (UNINETTSigma2/documentation code_development/guides/containers.md @e0347991600973debaf6d4f402cd205fdfa8b53a), "Access project area from the container": a Singularity container sees the home directory, but to access the project directory it must be bound first; without binding, `singularity exec hello-world.sif head -n2 data/input.txt` (run from /cluster/projects/...) fails with these errors; cure: `singularity exec --bind /path/containers/data:/data ... head -n2 /data/input.txt`',
    what='the job runs a container from a project directory that is not bound into the container; the fix is on the launch line of the job script (`--bind` / `-B`, or an exported APPTAINER_BIND/SINGULARITY_BIND), so labelled script; the lines are the page\'s own quoted errors; Saga (NRIS, Slurm) mapped to Stampede3 (TACC, Slurm, Apptainer) by scheduler family - whether a site binds project storage by default varies, and the case assumes it does not; assumed shape - a one-node job that runs the container from the project directory',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\nibrun python train.py --epochs 10', 'module load tacc-apptainer\ncd /cluster/projects/nnxxxxk/containers\nsingularity exec hello-world.sif head -n2 data/input.txt\nsingularity exec hello-world.sif head -n2 /cluster/projects/nnxxxxk/containers/data/input.txt']],
    log='''
/usr/bin/head: cannot open 'data/input.txt' for reading: No such file or directory
/usr/bin/head: cannot open '/cluster/projects/nnxxxxk/containers/data/input.txt' for reading: No such file or directory
''',
    expect={'families': ['containers', 'filesystem'], 'fix': r'(?m)(^\+.*\b(singularity|apptainer)\s+exec\b.*(--bind|-B)\s+\S+|^\+\s*export\s+(SINGULARITY|APPTAINER)_BIND(PATH)?=\S+)'},
)

# ---------------------------------------------------------------- OLCF containers on Frontier page (1)

case(
    id='olcfcontainers-apptainer-build-with-bind-modules-loaded-opt-cray-mount-fails',
    kind='script',
    source='https://docs.olcf.ornl.gov/software/containers_on_frontier.html',
    thread_site='OLCF user documentation, "Containers on Frontier" (olcf/olcf-user-docs software/containers_on_frontier.rst @2745903177977d57d4ad353203f5fd4df05dcc97), warning under "Apptainer Modules": the `olcf-container-tools` modules (`apptainer-enable-mpi`, `apptainer-enable-gpu`) bind host MPI/ROCm libraries into containers and should be loaded only for running (interactive or batch job), not before `apptainer build`, because the environment variables they set interfere with the build; loading them and then building gives this error',
    what='the job script loads the run-time bind modules before `apptainer build`, so the build tries to bind /opt/cray into an image that lacks it; the fix is in the job script (build without those modules: move the `module load` lines after the build, or unload them before it), so labelled script; the line is the page\'s own quoted error; Frontier (OLCF, Slurm, HPE Cray EX) mapped to Perlmutter (NERSC, Slurm, HPE Cray EX) by scheduler and system family, keeping the page\'s module names; assumed shape - a one-node batch job that builds the image and then runs it with srun',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1', 'module load olcf-container-tools\nmodule load apptainer-enable-mpi\nmodule load apptainer-enable-gpu\napptainer build lammps.sif lammps.def'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores apptainer exec lammps.sif lmp -in in.lj']],
    log='''
FATAL:   container creation failed: mount hook function failure: mount /opt/cray->/opt/cray error: while mounting /opt/cray: destination /opt/cray doesn't exist in container
''',
    expect={'families': ['containers', 'modules', 'environment'], 'fix': r'(?m)(^-\s*module\s+load\s+apptainer-enable-(mpi|gpu)|^\+\s*module\s+(unload|purge|reset)\b)'},
)

case(
    id='hfdatasetstrouble-push-to-hub-hourly-commit-quota-429-upgrade-datasets',
    kind='not_script',
    source='https://huggingface.co/docs/datasets/troubleshoot',
    thread_site='Hugging Face Datasets documentation, "Troubleshooting" (huggingface/datasets docs/source/troubleshoot.mdx @0612429fe91ecf215bbd33ae3d309871c20eeb70), "Too Many Requests": uploading large datasets with `push_to_hub()` can fail with this error; cure: upgrade the `datasets` library to the latest version (at least 2.15.0)',
    what='an old `datasets` library in the user\'s environment commits too often to the Hub and hits the service\'s hourly quota; the cure is upgrading the Python package (environment contents), not the job script; the lines are the page\'s own quoted error (its `...` placeholder kept); not one job on one site - diagnosed on Vista (TACC, Slurm, Grace nodes for CPU work); assumed shape - a one-node job that converts shards and pushes the dataset to the Hub from the batch step',
    cluster='vista',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p gg'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\nibrun python train.py --epochs 10', 'source $WORK/venvs/data/bin/activate\npython push_shards.py --data-dir $SCRATCH/corpus --repo-id myorg/corpus-v2']],
    log='''
HfHubHTTPError: 429 Client Error: Too Many Requests for url: ...
You have exceeded our hourly quotas for action: commit. We invite you to retry later.
''',
)

# ---------------------------------------------------------------- vLLM troubleshooting page, second case

case(
    id='vllmtrouble-model-architecture-failed-to-be-inspected-missing-deps-or-stale-build',
    kind='not_script',
    source='https://docs.vllm.ai/en/latest/usage/troubleshooting.html',
    thread_site='vLLM documentation, "Troubleshooting" (vllm-project/vllm docs/usage/troubleshooting.md @01b88df816e61088a92c481cda1b17bdf21af6b1), section "Model failed to be inspected": this error means vLLM failed to import the model file, usually because of missing dependencies or outdated binaries in the vLLM build; read the logs for the root cause',
    what='the user\'s Python environment lacks a dependency of the model implementation or holds a stale vLLM build; the cure is the software installation, not the job script; the lines are the page\'s own quoted traceback tail (its `line xxx` and `<arch>` placeholders kept); not one job on one site - diagnosed on Polaris (ALCF, PBS, 4 x A100 a node), a one-node job that starts `vllm serve` from the batch step in the user\'s own virtual environment',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['conda activate\n', 'conda activate\nsource /eagle/MyProject/venvs/vllm/bin/activate\n'], ['NNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'vllm serve /eagle/MyProject/models/my-new-arch-7b --tensor-parallel-size 4 --port 8000']],
    log='''
  File "vllm/model_executor/models/registry.py", line xxx, in _raise_for_unsupported
    raise ValueError(
ValueError: Model architectures ['<arch>'] failed to be inspected. Please check the logs for more details.
''',
)

# ---------------------------------------------------------------- Intel MPI Developer Guide, "Error Message: Fatal Error" (2)

IMPI_SOURCE = 'https://www.intel.com/content/www/us/en/docs/mpi-library/developer-guide-linux/2021-15/error-message-fatal-error.html'
IMPI_SITE = 'Intel MPI Library Developer Guide for Linux OS (2021.15), troubleshooting page "Error Message: Fatal Error", each case given as error message, cause and solution'

case(
    id='impifatal-ofi-addrinfo-no-data-forced-provider-absent-on-nodes',
    kind='script',
    source=IMPI_SOURCE,
    thread_site=IMPI_SITE + '; Case 1: `OFI addrinfo() failed ... No data available` - the current provider cannot be run on these nodes (e.g. psm2 on a non-Omni-Path card, verbs on a non-InfiniBand card); solution: change the provider (check with `fi_info`) or run on the right nodes, and check that the fabric services run',
    what='the job forces a libfabric provider the nodes\' network does not offer; the page\'s first cure is the provider setting, an environment variable of the job script, so labelled script - a documentation cure, not one job\'s rerun; the lines are the page\'s own quoted error stack; Intel MPI (MPICH ch4 over OFI) mapped to Aurora, whose MPICH is also ch4 over OFI, on Slingshot (`cxi` provider), started by PALS mpiexec; assumed shape - a 2-node job script carried over from an InfiniBand cluster that exports `FI_PROVIDER=verbs`',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks\n', 'module load frameworks\nexport FI_PROVIDER=verbs\n']],
    log='''
Abort(1094543) on node 0 (rank 0 in comm 0): Fatal error in PMPI_Init: Other MPI error, error stack:
MPIR_Init_thread(653)......:
MPID_Init(860).............:
MPIDI_NM_mpi_init_hook(698): OFI addrinfo() failed
(ofi_init.h:698:MPIDI_NM_mpi_init_hook:No data available)
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)(^-\s*export\s+FI_PROVIDER=verbs\b|^\+\s*export\s+FI_PROVIDER=cxi\b|^\+\s*unset\s+FI_PROVIDER\b)'},
)

case(
    id='impifatal-ofi-tagged-inject-endpoint-not-connected-set-iface',
    kind='script',
    source=IMPI_SOURCE,
    thread_site=IMPI_SITE + '; Case 2: `OFI tagged inject failed ... Transport endpoint is not connected` - the OFI transport uses an IP interface without access to the remote ranks; solution: set `FI_SOCKET_IFACE` for the sockets provider, or `FI_TCP_IFACE` / `FI_VERBS_IFACE` for the tcp / verbs providers (list interfaces with `ifconfig`)',
    what='the job\'s libfabric transport binds to an IP interface that cannot reach the other nodes; the page\'s cure is an exported variable in the job script (`FI_TCP_IFACE` and the like), so labelled script - a documentation cure, not one job\'s rerun; the lines are the page\'s own quoted error stack (its `…` elision line kept); Intel MPI mapped to Lonestar6 (TACC, Slurm, ibrun over Intel MPI, InfiniBand plus Ethernet interfaces); assumed shape - a 2-node job that selects the tcp provider and names no interface',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p normal'], ['#SBATCH -n 6', '#SBATCH -n 256'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\nibrun python train.py --epochs 10', 'module load intel impi\nexport FI_PROVIDER=tcp\nibrun ./wrf.exe']],
    log='''
Abort(6337423) on node 0 (rank 0 in comm 0): Fatal error in PMPI_Init_thread:
Other MPI error, error stack:
…
MPIDI_OFI_send_handler(704)............: OFI tagged inject failed
(ofi_impl.h:704:MPIDI_OFI_send_handler:Transport endpoint is not connected)
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+\s*export\s+FI_(TCP|SOCKET|SOCKETS|VERBS)_IFACE=\S+'},
)
