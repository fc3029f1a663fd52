# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1']]
TORCHRUN_8 = [['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=8']]

# ---------------------------------------------------------------- UCL Research Computing "Common Problems" FAQ (3)

UCL_SOURCE = 'https://github.com/UCL-RITS/rc-docs/blob/70e0722a3c9baa16855fb734b23c281f2e5989c7/docs/FAQ.md'
UCL_SITE = 'the "Common Problems" FAQ of UCL Research Computing (the Legion cluster: Sun Grid Engine, QLogic InfiniBand, QLogic MPI and OpenMPI as modules; UCL-RITS/rc-docs, docs/FAQ.md), each problem given as the error text and the centre\'s cure'
UCL_MAP = 'not one of the ten sites - UCL Legion, Sun Grid Engine with a site job-submission verifier, mpirun in the batch script - so mapped by launcher family to the Slurm site whose CPU jobs start MPI programs with `mpirun` in the batch step: assumed shape - a two-node Bridges-2 RM job, diagnosed as on Bridges-2'
B2_MPI = [['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH -p RM\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=128']]

case(
    id='uclfaq-qlogic-mpi-progress-quiescence-add-q0-to-mpirun',
    kind='script',
    source=UCL_SOURCE,
    thread_site=UCL_SITE + '; "MPI Quiescence Errors": if the code terminates with this error and uses the QLogic MPI stack, "try adding -q 0 to your mpirun command in your script"',
    what='the QLogic MPI launcher aborts a job whose ranks show no MPI progress for 900 seconds (its quiescence watchdog), which a long compute phase can trip; the cure the centre gives is on the launch line in the job script (`mpirun -q 0`, which turns the watchdog off), so labelled script - a centre help page, not one job\'s verified rerun; the lines are the page\'s own quotation (first four); assumed shape - `mpirun -np 256 ./mycode.x` after loading the QLogic MPI module; ' + UCL_MAP,
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[*B2_MPI, ['module load cray-mpich', 'module load mpi/qlogic/1.2.7/gnu'], ['srun --cpu-bind=cores ./solver input.dat', 'mpirun -np 256 ./mycode.x']],
    log='''
 MPIRUN.node-i24: MPI progress Quiescence Detected after 900 seconds.
 MPIRUN.node-i24: 256 out of 256 ranks showed no MPI send or receive progress.
 MPIRUN.node-i24: Per-rank details are the following:
 MPIRUN.node-i24: Rank    0 (node-i24        ) caused MPI progress Quiescence.
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*\bmpirun\b.*\s-q\s*0\b'},
)

case(
    id='uclfaq-qlogic-built-binary-started-by-other-mpirun-not-started-through-mpirun',
    kind='script',
    source=UCL_SOURCE,
    thread_site=UCL_SITE + '; "You get \'Program not started through mpirun. Exiting...\' but are using mpirun!": most often a program built with QLogic MPI launched with the mpirun of another MPI (e.g. OpenMPI); check the binary with ldd, then adjust the environment (parallel environment, modules loaded in the job script or .bashrc) to match the binary, or rebuild the binary with the MPI the job script uses',
    what='the job script loads one MPI library\'s launcher while the program was built with another, so the program does not recognise the launcher and exits; the cure is in the job script (load the MPI module the binary was built with, so its own mpirun starts it; rebuilding is the other cure), so labelled script; the line is the message the FAQ quotes in its heading (the page shows no fuller log); assumed shape - the OpenMPI module loaded before `mpirun -np 256 ./mycode.x` for a QLogic-MPI binary; ' + UCL_MAP,
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[*B2_MPI, ['module load cray-mpich', 'module load mpi/openmpi/1.4.1/intel'], ['srun --cpu-bind=cores ./solver input.dat', 'mpirun -np 256 ./mycode.x']],
    log='''
Program not started through mpirun. Exiting...
''',
    # s38relabel: which MPI built the binary (QLogic MPI in the FAQ; ldd shows it) is in neither log nor script: asks the MPI module
    expect={'families': ['modules', 'launcher'], 'ask': True, 'ask_for': ['mpi_module', 'module']},
)

case(
    id='uclfaq-indented-directives-jsv-cannot-determine-job-requirements',
    kind='script',
    source=UCL_SOURCE,
    thread_site=UCL_SITE + '; "\'Unable to determine job requirements\' error": usually a script pasted from the website with leading spaces before the `#$` directives, so the scheduler does not pick them up and does not know what resources are requested; remove the spaces and it will work',
    what='the job script\'s resource directives are indented, so the scheduler reads none of them and the site\'s submission filter rejects a job with no stated requirements; the fix is in the job script (the directives moved to the start of their lines); the lines are the page\'s own quotation; not one of the ten sites - UCL Legion, Sun Grid Engine - so mapped to a Slurm site, where an indented directive is likewise not a directive: assumed shape - a Bridges-2 CPU MPI job whose `#SBATCH` lines carry leading spaces, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2\n#SBATCH --time=06:00:00', '  #SBATCH -p RM\n  #SBATCH --nodes=2\n  #SBATCH --ntasks-per-node=128\n  #SBATCH --time=06:00:00'], ['module load cray-mpich', 'module load openmpi'], ['srun --cpu-bind=cores ./solver input.dat', 'mpirun -np 256 ./mycode.x']],
    log='''
Unable to run job: Rejected by ucl_jsv4h Reason:Unable to determine job requirements.
Exiting.
''',
    expect={'families': ['scheduler', 'syntax'], 'fix': r'(?m)^\+#SBATCH\s+\S'},
)

# ---------------------------------------------------------------- single notes

case(
    id='pcdiffnccltimeout-rank0-only-diagnostics-at-epoch-2000-allreduce-watchdog',
    kind='not_script',
    source='find_string:15443805123',
    thread_site='a project\'s note "NCCL Timeout Fix - Summary" on an 8-GPU DDP training of a point-cloud diffusion model (`torchrun --nproc_per_node=8 pcdiff/train_completion.py ...`; found with the code search, text id 15443805123, the tool shows no repository name): the run crashed at epoch 1999 with these lines; root cause given: at the epoch-2000 milestone rank 0 alone entered a diagnostic block that runs a DDP forward pass, while ranks 1-7 went on to the next step\'s collective, a deadlock until the 10-minute watchdog; fixes given in the training code: barriers around the rank-0 block, `drop_last=True` on the DistributedSampler, a per-epoch step-count check',
    what='a collective hang made by the training code after about 2000 good epochs (rank 0 alone runs a block with a collective in it), so the other ranks\' all-reduce times out; the cause and the fix are in the Python code, not in the job script\'s directives, launch line or environment (a longer timeout would only delay it); the lines are the note\'s own quotation (its `[Rank 1-7]` and `...` kept as written); not one of the ten sites - a single 8-GPU host - so mapped: assumed shape - a one-node Delta job running the same single-node torchrun line, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[*TORCHRUN_8, ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --nproc_per_node=8 pcdiff/train_completion.py \\\n    --path pcdiff/datasets/SkullBreak/train.csv --dataset SkullBreak --bs 64 --lr 1.6e-3 --niter 15000']],
    log='''
[Rank 1-7] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=70003, OpType=ALLREDUCE, ...)
ran for 600000 milliseconds before timing out.
''',
)

case(
    id='lambdah100note-sxm-gpu-in-vm-fabric-state-in-progress-cuda-802',
    kind='not_script',
    source='find_string:3369625545',
    thread_site='a project\'s note "CUDA Error 802 - H100 SXM Fabric State Stuck \'In Progress\'" (integration tests of a GPTQ quantizer on a cloud VM with one H100 SXM5 passed through by VFIO; found with the code search, text id 3369625545, the tool shows no repository name): CUDA fails to initialise with these lines, `nvidia-smi -q` shows Fabric State "In Progress", and the Fabric Manager cannot start because no NVSwitch is passed through; root cause given: a host-side infrastructure issue (fabric initialisation must complete on the host, or the NVSwitch be passed through); every change inside the VM failed (fabric manager, IMEX, GPU reset, module parameters, older PyTorch, reboot); resolution given: contact the provider or request a new instance (or a PCIe H100)',
    what='DOUBTFUL only in that the fix (a new instance from the provider) is not shown working; the label itself is clear: the GPU\'s NVLink fabric was never initialised by the host, so CUDA reports "system not yet initialized" - a node-administration/hardware-setup fault that no job-script change can fix (the note tried them all); the lines are the note\'s own quotations (its `python3 -c` output and the fabric manager\'s start-up lines), without the `CUDA initialization: Unexpected error from cudaGetDeviceCount().` line, which repeats an earlier record; not one of the ten sites - a cloud VM - so mapped to the site with NVSwitch (HGX A100x8) GPU nodes: assumed shape - a one-GPU Delta job running the test suite with python, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[*ONE_GPU, ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -m pytest tests/test_gptq.py -v']],
    log='''
Error 802: system not yet initialized
False
nvidia-fabricmanager-start.sh: Detected Pre-NVL5 system
nv-fabricmanager: request to query NVSwitch device information failed:
  WARNING Nothing to do [NV_WARN_NOTHING_TO_DO]
''',
)

case(
    id='vistagh200script-conda-libstdcxx-cxxabi-1315-not-found-prepend-conda-lib',
    kind='script',
    source='find_string:59664034578',
    thread_site='a user\'s Vista job script (TACC Vista, Slurm, partition gh-dev, one GH200 node; a conda environment activated in the script, training started by `accelerate launch --num_processes 1 --mixed_precision fp16 ml_model/train_flow_multiv2.py ...`; found with the code search, text id 59664034578, the tool shows no repository name): its comment `# Fix for "CXXABI_1.3.15 not found" Matplotlib error on TACC` above `export LD_LIBRARY_PATH="$CONDA_PREFIX/lib:$LD_LIBRARY_PATH"`',
    what='the Python stack in the conda environment needs a newer C++ runtime than the system one the loader finds first, so importing Matplotlib fails with the missing symbol version; the fix the script applies is in the job script (the environment\'s own lib directory put first on LD_LIBRARY_PATH before the launch); DOUBTFUL in that only the script comment records the error and the fix (no log of the failing or the fixed run); the line is the message as the comment quotes it (all the source shows); assumed shape - the same one-node Vista job without the export, diagnosed as on Vista',
    cluster='vista',
    script='accelerate.sh',
    replace=[['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=2\n#SBATCH --time=08:00:00', '#SBATCH -J flow_multi_v2\n#SBATCH -p gh-dev\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH -t 02:00:00\n#SBATCH -A ATM25008\nsource ~/.bashrc\nconda activate geossub_env\nexport PYTHONUNBUFFERED=1\ncd /scratch/11353/afahad/geossub/geos_subc || exit 1'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --num_processes 1 --mixed_precision fp16 ml_model/train_flow_multiv2.py --config ml_model/config_flow_multiv2.yaml \\\n    --epochs-per-run 20']],
    log='''
CXXABI_1.3.15 not found
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(LD_LIBRARY_PATH=\S*CONDA_PREFIX\S*/lib|LD_PRELOAD=\S*libstdc\+\+|module\s+load\s+\S*gcc)'},
)

case(
    id='ezpzfailover-aurora-pals-shepherd-died-from-signal-9-bad-node',
    kind='not_script',
    source='find_string:58613332381',
    thread_site='the tests of a training-failover tool for ALCF Aurora (PBS, PALS mpiexec, torchtitan training; found with the code search, text id 58613332381, the tool shows no repository name), whose fixtures "replay the log lines" of production failures from a post-mortem analysis: this line, from jobs 8459818 / 8460301 / 8463659; cause given: the shepherd is PALS\'s per-node daemon, and when it dies from signal 9 the node went non-responsive and the runtime killed it - "almost always a hardware fault"; remedy the tool implements: scrape the bad host from the log and swap it out of the node list for a spare before restarting',
    what='a compute node stopped responding and the launcher\'s per-node daemon was killed, so the job dies; the cause is the node (hardware / node administration), and the remedy is to leave that node out and restart, not a change to the job script\'s directives, launch line or environment; the line is the fixture\'s replay of the production log line; assumed shape - a two-node Aurora job, one rank a GPU tile started by mpiexec, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python3 -m torchtitan.train --job.config_file train_configs/llama3_8b.toml']],
    log='''
x4502c1s3b0n0.hsn.cm.aurora.alcf.anl.gov: shepherd died from signal 9
''',
)

case(
    id='p4unfoldnote-runner-in-login-node-tmp-not-on-compute-node',
    kind='script',
    source='find_string:58445279177',
    thread_site='a project\'s findings note "BEN-347" (a physics unfolding pipeline on NERSC Perlmutter, Slurm; found with the code search, text id 58445279177, the tool shows no repository name), "Second instance, same day": dispatching the run failed with these lines; cause given: "/tmp is node-local on Perlmutter" - the runner script had been copied with scp into the login node\'s /tmp, and srun ran it on nid004254, which has its own /tmp (earlier probes had worked only because they ran on the login node); the note treats it as an environmental location assumption, cost ~1 minute',
    what='the job starts, on a compute node, a script that exists only in the login node\'s node-local /tmp, so bash cannot find it (exit 127); the fix is in the job script (run the runner from a shared file system such as $SCRATCH or the submit directory, or broadcast it to the nodes with sbcast first); the lines are the note\'s own quotation; assumed shape - a one-node Perlmutter CPU step `srun bash /tmp/p4_runner_laneB.sh`, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -C gpu', '#SBATCH -C cpu'], ['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32', '#SBATCH --ntasks-per-node=1\n#SBATCH -c 128'], ['module load pytorch/2.3.1\n', ''], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun bash /tmp/p4_runner_laneB.sh']],
    log='''
bash: /tmp/p4_runner_laneB.sh: No such file or directory
srun: error: nid004254: task 0: Exited with exit code 127
''',
    expect={'families': ['filesystem', 'launcher'], 'fix': r'(?m)^\+.*(\bsrun\b.*(\$\{?(SCRATCH|PSCRATCH|HOME|PWD|SLURM_SUBMIT_DIR|CFS)\b|/pscratch/|/global/)\S*p4_runner|\bsbcast\b.*p4_runner)'},
)

# ---------------------------------------------------------------- a weather-ML evaluation handover on CSCS Alps (3)

CSCS_SOURCE = 'find_string:69254962675'
CSCS_SITE = 'a project\'s "Debug handover: test-init inference failures" (a Snakemake evaluation workflow of weather-forecast models on CSCS Alps after the move from the balfrin to the linard vCluster: Slurm, HPE Cray EX nodes `nid...`, Python environments shipped as squashfs images; found with the code search, text id 69254962675, the tool shows no repository name), marked RESOLVED with the cause and fix of each failure'
CSCS_MAP = 'not one of the ten sites - CSCS Alps, an HPE Cray EX system under Slurm - so mapped to the HPE Cray EX Slurm site: assumed shape - a one-GPU Perlmutter job whose batch step mounts the environment image and runs the inference command through srun, diagnosed as on Perlmutter'
CSCS_GPU = [['#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32', '#SBATCH -N 1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH -c 32'], ['module load pytorch/2.3.1\n', 'IMG=$PWD/output/testinit/data/runs/forecaster-0eb1-7ed2/venv.squashfs\n']]

case(
    id='cscshandover-squashfs-mount-10-old-image-colon-syntax-unable-to-exec',
    kind='script',
    source=CSCS_SOURCE,
    thread_site=CSCS_SITE + '; "Failure A": the inference job failed with this line although the 4.7 GB image exists; cause given: the workflow calls `squashfs-mount {env_path}:/user-environment -- bash -c ...`, the old interface, while the installed squashfs-mount 10.0.1 takes the image only behind `-s/--sqfs` and treats the first positional as the command to exec; the corrected syntax (`-s image:/user-environment`) got further but then met the mount-namespace problem of the next case; applied fix: drop squashfs-mount and let Slurm mount the image with `srun --uenv=<image>:/user-environment` (PR 260)',
    what='the batch step calls the image-mount tool with an argument form its installed version no longer accepts, so it tries to execute the image path; the fix is on the launch line in the job script (the `-s image:mountpoint` form, or - the fix applied - `srun --uenv=...` so Slurm mounts the image on the compute node); the line is the note\'s own quotation (its `...` kept); ' + CSCS_MAP,
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[*CSCS_GPU, ['srun --cpu-bind=cores python train.py --config configs/run.yaml', "squashfs-mount $IMG:/user-environment -- bash -c 'source /user-environment/bin/activate && srun anemoi-inference run config.yaml'"]],
    log='''
error: unable to exec '/scratch/.../output/testinit/data/runs/forecaster-0eb1-7ed2/venv.squashfs:/user-environment': No such file or directory (errno=2)
''',
    expect={'families': ['launcher', 'containers', 'syntax'], 'fix': r'(?m)^\+.*(squashfs-mount\s+(-s|--sqfs)[= ]\S+:/\S+|\bsrun\b.*--uenv[= ]\S+)'},
)

case(
    id='cscshandover-image-mounted-in-login-namespace-srun-task-cannot-exec',
    kind='script',
    source=CSCS_SOURCE,
    thread_site=CSCS_SITE + '; "Applied fix" of Failure A: with the corrected squashfs-mount syntax the job got further and then failed with these lines; cause given: squashfs-mount mounts the image in the login node\'s mount namespace, but the work runs on a compute node through the inner srun, which never sees that mount; applied fix (PR 260): drop squashfs-mount and use `srun --uenv=<image>:/user-environment`, which mounts inside the task\'s own namespace on the allocated node - verified on a compute node (`which anemoi-inference`, `cuda: True`) and in the rerun',
    what='the image is mounted where the batch script runs, not where srun starts the task, so the executable inside it is missing on the compute node; the fix is on the launch line in the job script (have srun mount the image for the task - `srun --uenv=...` at CSCS, the container/image option of srun elsewhere); the lines are the note\'s own quotation; ' + CSCS_MAP,
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[*CSCS_GPU, ['srun --cpu-bind=cores python train.py --config configs/run.yaml', "squashfs-mount -s $IMG:/user-environment -- bash -c 'srun /user-environment/bin/anemoi-inference run config.yaml'"]],
    log='''
error: execve(): anemoi-inference: No such file or directory
srun: error: nid002832: task 0: Exited with exit code 2
''',
    expect={'families': ['launcher', 'containers'], 'fix': r'(?m)^\+.*\bsrun\b.*(--uenv[= ]\S+|--container-image[= ]|\bshifter\b|podman-hpc)'},
)

case(
    id='cscshandover-unpinned-earthkit-anemoi-names-geopotential-fi-keyerror',
    kind='not_script',
    source=CSCS_SOURCE,
    thread_site=CSCS_SITE + '; "Failure C", found after A and B were fixed: both forecasters reach a GPU node, load their checkpoints and fail identically while writing the initial state to GRIB with this traceback; cause given: the new workflow config omitted the version pins every tracked config carries (`earthkit-utils<0.2.0`, `earthkit-data<0.19.0`, `anemoi-inference==0.11.1`), so the environment was built against newer earthkit, which names the geopotential field by its MeteoSwiss GRIB name `FI_100` where the checkpoint knows `z_100`; fix: the pins added to the workflow config (status "hypothesis, not yet confirmed" - the rerun with pins is the test)',
    what='DOUBTFUL (the pinned rerun is not shown): a library version drift in the Python environment renames a field the model checkpoint expects, so the program fails writing its output; the cause and the fix are in the environment\'s package versions (pins in the workflow\'s requirements), not in the job script\'s directives, launch line or environment variables; the lines are the note\'s own quotation; ' + CSCS_MAP,
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[*CSCS_GPU, ['srun --cpu-bind=cores python train.py --config configs/run.yaml', "srun --uenv=$IMG:/user-environment bash -c 'source /user-environment/bin/activate && anemoi-inference run config.yaml'"]],
    log='''
File ".../anemoi/inference/outputs/grib.py", line 269, in write_initial_state
    variable = self.typed_variables[name]
KeyError: 'FI_100'
''',
)

# ---------------------------------------------------------------- nanochat on MSU Ptolemy, project notes (2 files)

NANO_SITE = 'a student project\'s notes on training nanochat (a small chat LLM: tokenizer, base training, midtraining, SFT) with `torchrun --standalone --nproc_per_node=8` from a Slurm batch script (`scripts/speedrun.slurm`) on the Ptolemy cluster of Mississippi State University, whose GPU compute nodes have no internet access (nsivraj/slurm-nanochat)'
NANO_MAP = 'not one of the ten sites - a university Slurm GPU cluster with offline compute nodes - so mapped: assumed shape - a one-node DeltaAI job running the same single-node torchrun (four GPUs a node there), diagnosed as on DeltaAI'
NANO_RUN = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'

case(
    id='nanochatptolemy-wandb-init-on-offline-compute-node-api-key-not-configured',
    kind='script',
    source='https://github.com/nsivraj/slurm-nanochat/blob/f787b178532afb087402751bea515a9bcc7cf1ef/experiments/WANDB_OFFLINE_MODE_FIX.md',
    thread_site=NANO_SITE + '; note "WandB Offline Mode Fix" (status FIXED): with `WANDB_RUN` set to a real run name the training scripts call `wandb.init()`, which tries to authenticate with the WandB servers; the GPU nodes have no internet, so the job crashes with this error (job 76355); fix made in `scripts/speedrun.slurm`: `export WANDB_MODE=offline` and `export WANDB_DIR="$NANOCHAT_BASE_DIR/wandb"` (plus `mkdir -p $WANDB_DIR`), logs synced later from a devel node with internet',
    what='the job asks the experiment tracker to log in to its web service from compute nodes that cannot reach it, so the first rank\'s tracker start fails and the training dies; the fix is in the job script (the tracker switched to offline mode with an environment variable before the launch); DOUBTFUL only in that the note lists "test with next training job" as still to do; the line is the note\'s own quotation without its second line (`call wandb.login(key=[your_api_key])`), which repeats an earlier record; ' + NANO_MAP,
    cluster='deltaai',
    script='torchrun_single.sh',
    replace=[[NANO_RUN, 'export WANDB_RUN=my_training_run\ntorchrun --standalone --nproc_per_node=4 -m scripts.base_train -- --depth=20 --run=$WANDB_RUN']],
    log='''
wandb.errors.errors.UsageError: api_key not configured (no-tty).
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+\s*export\s+(WANDB_MODE=(offline|disabled|dryrun)|WANDB_DISABLED=(true|1))'},
)

case(
    id='nanochatptolemy-offline-dataset-cache-lacks-mmlu-all-config',
    kind='not_script',
    source='https://github.com/nsivraj/slurm-nanochat/blob/c99dfbd3c7ee84fb56671a93c94285f72620c959/experiments/DIAGNOSIS_DATASET_DOWNLOAD.md',
    thread_site=NANO_SITE + '; note "Diagnosis: Dataset Download Script Issues" (status RESOLVED; jobs 76386 and 76387, resumed midtraining): the midtraining failed with this error at `scripts/mid_train.py:109`; root cause given: the midtraining uses two MMLU configurations (`auxiliary_train` for training, `all` for validation), and the project\'s pre-download script `scripts/download_after_basetraining.sh` fetched only `auxiliary_train` into the offline cache (it also missed the GSM8K and SmolTalk test splits and reported "already cached" by directory); fix given: the missing configs and splits added to the download list',
    what='the program reads a dataset configuration that was never put into the offline cache the compute nodes read from, so loading it fails; the cause and the fix are in the data staging (the project\'s download script, run beforehand where there is internet), not in the job script\'s directives, launch line or environment; the lines are the note\'s own quotation; ' + NANO_MAP,
    cluster='deltaai',
    script='torchrun_single.sh',
    replace=[[NANO_RUN, 'export HF_DATASETS_OFFLINE=1\ntorchrun --standalone --nproc_per_node=4 -m scripts.mid_train -- --run=dummy']],
    log='''
ValueError: Couldn't find cache for cais/mmlu for config 'all'
Available configs in the cache: ['auxiliary_train']
''',
)

case(
    id='olcffrontierpytorch-mpi4py-imported-after-torch-nic-policy-numa-abort',
    kind='not_script',
    source='find_string:3479273615',
    thread_site='the OLCF user documentation page on PyTorch on Frontier (HPE Cray EX, Slurm, AMD MI250X, Cray MPICH over Slingshot; found with the code search, text id 3479273615 - a newer copy is 44627840000 -, the tool shows no repository name), section Troubleshooting, "MPICH mpi4py Errors": if MPICH says a rank is not confined to a single NUMA node, as in this block, "and you are sure you are mapping your cores correctly via srun, try importing mpi4py before torch. A recent update in PyTorch broke importing mpi4py after torch"; if the errors persist, contact the help desk',
    what='a PyTorch release breaks Cray MPICH\'s start-up when the program imports mpi4py after torch, so MPI initialisation aborts on the NIC-assignment policy; the cure the centre gives is in the Python program (import mpi4py before torch), not in the job script - the page tells users whose srun core mapping is right not to change it; a centre help page, not one job\'s verified rerun; the lines are the page\'s own quotation; not one of the ten sites - OLCF Frontier, an HPE Cray EX system under Slurm - so mapped to the HPE Cray EX Slurm site: assumed shape - a two-node Perlmutter job, one rank a GPU, `srun python train.py` with mpi4py for the rendezvous, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun -c 7 --cpu-bind=cores python train.py --config configs/run.yaml']],
    log='''
MPICH ERROR: Unable to use a NIC_POLICY of 'NUMA'. Rank 4 is not confined to a single NUMA node.  There are 4 numa_nodes detected (rc=0).
MPICH ERROR [Rank 0] [job id 2853270.0] [Fri Dec 13 13:41:36 2024] [frontier05084] - Abort(2665871) (rank 0 in comm 0): Fatal error in PMPI_Init_thread: Other MPI error, error stack:
MPIR_Init_thread(170).................:
MPID_Init(501)........................:
MPIDI_OFI_mpi_init_hook(580)..........:
open_fabric(1519).....................:
MPIDI_CRAY_ofi_nic_assign_policy(3548):
MPIDI_CRAY_ofi_get_nic_index(1801)....: OFI invalid value for environment variable
''',
)

case(
    id='lumiknownissues-pmi-set-af-in-use-pmi-error-clear-shared-secret',
    kind='script',
    source='https://github.com/Lumi-supercomputer/lumi-userguide/blob/07b4cc1186066055f575a0bb6d2bdc9c58d76141/docs/helpdesk/issues.md',
    thread_site='the "Known Issues" page of the LUMI user guide (HPE Cray EX, Slurm, Cray MPICH; Lumi-supercomputer/lumi-userguide, docs/helpdesk/issues.md), section "MPI job fails with `PMI ERROR`": "To avoid job startup failures with `[unset]:_pmi_set_af_in_use:PMI ERROR`, add `export PMI_SHARED_SECRET=""` line to your batch script"',
    what='the MPI start-up of a job step fails in the Cray PMI layer; the workaround the centre gives is in the job script (`export PMI_SHARED_SECRET=""` before the launch), so labelled script - a known-issues entry, not one job\'s verified rerun; the line is the message as the page quotes it (all the page shows); not one of the ten sites - LUMI, an HPE Cray EX system under Slurm - so mapped to the HPE Cray EX Slurm site: assumed shape - a two-node Perlmutter CPU MPI job, `srun ./solver input.dat`, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64', '#SBATCH -A m0000\n#SBATCH -C cpu\n#SBATCH -q regular\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=64']],
    log='''
[unset]:_pmi_set_af_in_use:PMI ERROR
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^\+\s*export\s+PMI_SHARED_SECRET=(""|\'\'|$)'},
)

# ---------------------------------------------------------------- a Miyabi (PBS Pro, GH200) job script's verified comments (2)

MIYABI_SOURCE = 'find_string:66723950743'
MIYABI_SITE = 'the header comments of a user\'s PBS job script for Miyabi-G (University of Tokyo, PBS Pro, one GH200 a node; a smoke-test job that runs a Python experiment inside an Apptainer image through a shared entry script; found with the code search, text id 66723950743, the tool shows no repository name), which list site facts "confirmed by actually running this repository on Miyabi" (written in Japanese), each with the error seen and the change made'
MIYABI_MAP = 'not one of the ten sites - Miyabi, PBS Pro - so mapped by scheduler family to the PBS Pro site: assumed shape - a one-node Polaris job that runs the experiment in an Apptainer image, diagnosed as on Polaris'
MIYABI_BASE = [['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['module use /soft/modulefiles\nmodule load conda\nconda activate\n', ''], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'export PROJECT_ROOT="${PBS_O_WORKDIR:-$(pwd)}"\nexport SIF_PATH=/eagle/MyProject/containers/pytorch-ngc-26.06.sif\napptainer exec --nv "$SIF_PATH" python experiments/0019_20260806_pbs_test/experiment.py --config config.yml']]

case(
    id='miyabipbs-entry-script-scratch-root-missing-on-compute-node-use-local',
    kind='script',
    source=MIYABI_SOURCE,
    thread_site=MIYABI_SITE + ': the shared entry script\'s default `SCRATCH_ROOT=/scratch` does not exist on Miyabi - it "actually failed" with `mkdir: cannot create directory \'/scratch\': Permission denied`; the node-local NVMe SSD is mounted at `/local` (checked with `df -h`), so the job script exports `SCRATCH_ROOT="/local"` before sourcing the entry script',
    what='the job stages its run directory under a path that does not exist on the compute nodes, so creating it fails; the fix is in the job script (the scratch root exported as the node-local disk before the entry script runs); the line is the message as the comment quotes it; ' + MIYABI_MAP,
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[*MIYABI_BASE[:2], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'export PROJECT_ROOT="${PBS_O_WORKDIR:-$(pwd)}"\nexport EXP_NAME=0019_20260806_pbs_test\nexport SIF_PATH=/eagle/MyProject/containers/pytorch-ngc-26.06.sif\nsource "${PROJECT_ROOT}/scripts/slurm_entry.sh"']],
    log='''
mkdir: cannot create directory '/scratch': Permission denied
''',
    expect={'families': ['filesystem', 'environment'], 'fix': r'(?m)^\+\s*export\s+SCRATCH_ROOT=\S*(/local|\$\{?TMPDIR|/tmp)'},
)

case(
    id='miyabipbs-module-loaded-at-submit-not-in-job-apptainer-not-found',
    kind='script',
    source=MIYABI_SOURCE,
    thread_site=MIYABI_SITE + ': "the job script does not inherit the submitting shell\'s environment (with modules loaded), so load it here explicitly" - without it the entry script\'s `apptainer exec` failed with `apptainer: command not found` (confirmed); the script then runs `module load apptainer/1.3.5`',
    what='the container runtime was loaded as a module only in the submitting shell, and the batch job starts without it, so the `apptainer` command is missing; the fix is in the job script (`module load apptainer...` before the container is started); the line is the message as the comment quotes it; ' + MIYABI_MAP,
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=MIYABI_BASE,
    log='''
apptainer: command not found
''',
    expect={'families': ['modules', 'containers'], 'fix': r'(?m)^\+\s*(module|ml)\s+(load\s+)?\S*apptainer'},
)

case(
    id='designspacenote-flash-attn-built-for-other-torch-qwen3-import-undefined-symbol',
    kind='not_script',
    source='find_string:31262060885',
    thread_site='a project\'s note "Flash Attention 2 Compatibility Fix" (a batch extraction with Qwen3-32B on one A100 80GB of a university Slurm cluster, submitted with sbatch from /scratch/gpfs/...; found with the code search, text id 31262060885, the tool shows no repository name): "When running batch extraction on the cluster, the job failed with" this error; root cause given: the user-installed flash-attn package was compiled against a different PyTorch than the one installed, so its CUDA extension has C++ symbol mismatches, and transformers tries Flash Attention 2 by default; fix given: the loading code retries with `attn_implementation="eager"` when Flash Attention 2 fails (optionally reinstall flash-attn against the current PyTorch)',
    what='a compiled extension package in the user\'s Python environment was built against another PyTorch, so importing the model code fails on an undefined C++ symbol; the cause and the fix are in the Python environment and the program (rebuild the package, or fall back to eager attention in the loading code), not in the job script\'s directives, launch line or environment; the lines are the note\'s own quotation without its third line (the `undefined symbol: _ZN3c105Error...` line), which repeats earlier records; not one of the ten sites - a university Slurm GPU cluster - so mapped: assumed shape - a one-GPU Lonestar6 job running the extraction with python, diagnosed as on Lonestar6',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -N 2\n#SBATCH -n 6', '#SBATCH -N 1\n#SBATCH -n 1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['ibrun python train.py --epochs 10', 'python -m designspace_extractor.batch_extract --model Qwen/Qwen3-32B']],
    log='''
RuntimeError: Failed to import transformers.models.qwen3.modeling_qwen3 because of the following error:
/home/mg9965/.local/lib/python3.9/site-packages/flash_attn_2_cuda.cpython-39-x86_64-linux-gnu.so:
''',
)

# ---------------------------------------------------------------- an EEG challenge project's crash report (2)

EEG_SOURCE = 'https://github.com/hkevin01/eeg2025/blob/313a10c2295def7906d1909c97d4589b7257d8a9/docs/archive/TRAINING_CRASH_FIX.md'
EEG_SITE = 'a project\'s "Training Crash & Fix Report" (two PyTorch training processes for an EEG decoding challenge, each downloading five data releases, preprocessing them into windows and training; hkevin01/eeg2025, docs/archive/TRAINING_CRASH_FIX.md): both processes crashed after about an hour, during preprocessing, with exit code 1; the report gives each root cause and fix, and the restarted processes were confirmed healthy (68,218 windows created for one release)'

case(
    id='eeg2025crash-preprocessing-drops-every-trial-empty-dataset-index-error',
    kind='not_script',
    source=EEG_SOURCE,
    thread_site=EEG_SITE + '; Challenge 1 failed with this error; cause given: the trial-annotation preprocessor required both a stimulus and a response in each trial, many trials have no valid response time, so preprocessing removed every trial and window creation had nothing to index; fix given in the training script: check the trial and window counts after each step and skip a release that has none',
    what='the program\'s preprocessing filters out all of its input trials, so indexing the empty result fails; the cause and the fix are in the Python program and the input data (a filter too strict for the data, then a count check), not in the job script\'s directives, launch line or environment; the line is the report\'s own quotation; not one of the ten sites - the report does not name a cluster (the processes run by hand) - so mapped: assumed shape - a one-GPU Stampede3 job running the training script with python, diagnosed as on Stampede3',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -N 2\n#SBATCH -n 6', '#SBATCH -N 1\n#SBATCH -n 1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['ibrun python train.py --epochs 10', 'python scripts/train_challenge1_multi_release.py']],
    log='''
IndexError: index -1 is out of bounds for axis 0 with size 0
''',
)

case(
    id='eeg2025crash-wrong-task-queried-window-longer-than-trial',
    kind='not_script',
    source=EEG_SOURCE,
    thread_site=EEG_SITE + '; Challenge 2 failed with this error; cause given: the script queried the data for `task="contrastChangeDetection"` (one-second trials) where Challenge 2 needs `task="RestingState"` (continuous recordings), so the two-second window did not fit a trial; fix given: the query in the training script changed to RestingState',
    what='the program asks the data loader for the wrong recording task, whose trials are shorter than the analysis window, so windowing fails; the cause and the fix are in the Python program (the data query), not in the job script; the line is the report\'s own quotation; not one of the ten sites - the report does not name a cluster - so mapped: assumed shape - a one-GPU Bridges-2 GPU-shared job running the training script with python, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[*ONE_GPU, ['#SBATCH --nodes=1', '#SBATCH -p GPU-shared\n#SBATCH --nodes=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python scripts/train_challenge2_multi_release.py']],
    log='''
ValueError: Window size 200 exceeds trial duration 100
''',
)

# ---------------------------------------------------------------- UChicago RCC user guide, AlphaFold page (3)

AF_SOURCE = 'https://github.com/rcc-uchicago/user-guide/blob/def4294a94d440d8e31aec3fcfe01b4f947cc74d/docs/software/apps-and-envs/alphafold.md'
AF_SITE = 'the AlphaFold page of the University of Chicago RCC user guide (Midway3, Slurm; AlphaFold 3 run from the centre\'s Singularity image by a job script with `--gres=gpu:2 --constraint=a100`, `singularity exec --nv ... python /app/alphafold/run_alphafold.py ... --flash_attention_implementation=triton`; rcc-uchicago/user-guide, docs/software/apps-and-envs/alphafold.md), section "Troubleshooting - Common Errors and Solutions"'
AF_MAP = 'not one of the ten sites - UChicago Midway3, Slurm - so mapped by scheduler family: assumed shape - a one-GPU Bridges-2 job running the AlphaFold 3 image with singularity exec, diagnosed as on Bridges-2'
AF_RUN = 'singularity exec --nv -B "$BIND_PATHS" /ocean/containers/alphafold3.sif \\\n    python /app/alphafold/run_alphafold.py --json_path=$HOME/nipah_zmr.json \\\n    --db_dir=$DOWNLOAD_DATA_DIR --output_dir=$SCRATCH/alphafold3_output \\\n    --model_dir=/ocean/datasets/alphafold3/params --flash_attention_implementation=triton'
AF_ENV = 'module load singularity\nDOWNLOAD_DATA_DIR=/ocean/datasets/alphafold3/databases\nexport BIND_PATHS="$DOWNLOAD_DATA_DIR,/ocean/datasets/alphafold3/params,$HOME,$SCRATCH"\n'
AF_GPU = [*ONE_GPU, ['#SBATCH --nodes=1', '#SBATCH -p GPU-shared\n#SBATCH --nodes=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', AF_ENV]]

case(
    id='rccalphafold3-triton-flash-attention-unsupported-gpu-generation-use-xla',
    kind='script',
    source=AF_SOURCE,
    thread_site=AF_SITE + ', item 3: error `implementation=\'triton\' for FlashAttention is unsupported on this GPU generation.`; solution: switch to the xla implementation, `--flash_attention_implementation=xla`',
    what='the launch line asks the program for a Triton attention kernel that the allocated GPU generation does not support, so the run stops; the fix the centre gives is on the launch line in the job script (the flag changed to `xla`; requesting a newer GPU type would also do), so labelled script - a centre help page, not one job\'s verified rerun; the line is the page\'s own quotation; ' + AF_MAP + ' (its V100 nodes are of a generation the Triton kernel does not support)',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[*AF_GPU, ['srun python -u train.py --batch-size 256 --epochs 32', AF_RUN]],
    log='''
implementation='triton' for FlashAttention is unsupported on this GPU generation.
''',
    expect={'families': ['launcher', 'scheduler'], 'fix': r'(?m)^\+.*(--flash_attention_implementation[= ](xla|cudnn)\b|#SBATCH\s+(--gpus|--gres|-C|--constraint)\S*\s*\S*(h100|a100|l40s))'},
)

case(
    id='rccalphafold3-jax-unknown-backend-gpu-job-not-on-gpu-node',
    kind='script',
    source=AF_SOURCE,
    thread_site=AF_SITE + ', item 1: error `Unknown backend: \'gpu\' requested, but no platforms that are instances of gpu are present.`; solution: ensure the job is running on a GPU-enabled node and that `CUDA_VISIBLE_DEVICES` is set correctly',
    what='the program\'s JAX runtime finds no GPU where it asks for one, because the job did not get a GPU node (or the visible-devices setting hides it); the cure the centre gives is in the job script (request a GPU partition and GPUs, keep `CUDA_VISIBLE_DEVICES` consistent with them), so labelled script - a centre help page, not one job\'s verified rerun; the line is the page\'s own quotation; assumed shape (the page does not say which mistake was made) - the same AlphaFold 3 job script submitted to the CPU partition with no GPU request; ' + AF_MAP.replace('a one-GPU Bridges-2 job', 'a Bridges-2 job'),
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4\n', ''], ['#SBATCH --nodes=1', '#SBATCH -p RM-shared\n#SBATCH --nodes=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', AF_ENV], ['srun python -u train.py --batch-size 256 --epochs 32', AF_RUN]],
    log='''
Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are present.
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH\s+(-p\s+GPU\S*|--partition=GPU\S*|--gpus\S*|--gres=gpu\S*)'},
)

case(
    id='rccalphafold3-database-unreadable-failed-to-get-mmcif',
    kind='not_script',
    source=AF_SOURCE,
    thread_site=AF_SITE + ', item 2: error `Failed to get mmCIF for <PDB_ID>.`; solution: verify that the database directory is accessible and contains the required files, and ensure proper permissions (`chmod 755 --recursive` on the databases directory)',
    what='the program cannot read a structure file from its reference database, because the database directory lacks the files or the read permissions; the cause and the fix are in the data (the database contents and their file permissions), not in the job script\'s directives, launch line or environment; a centre help page, not one job\'s log; the line is the page\'s own quotation, placeholder included; ' + AF_MAP,
    cluster='bridges2',
    script='srun_python.sh',
    replace=[*AF_GPU, ['srun python -u train.py --batch-size 256 --epochs 32', AF_RUN.replace('triton', 'xla')]],
    log='''
Failed to get mmCIF for <PDB_ID>.
''',
)

case(
    id='householderganlog-lightning-ddp-two-gpus-cancelled-at-time-limit',
    kind='script',
    source='find_string:43868440640',
    thread_site='a job log committed with a diffusion-autoencoder GAN project (PyTorch Lightning DDP on two GPUs of a university Slurm cluster, host dsml-chaos.disi.unitn.it, the training script started with plain `python run_ffhq128.py`; found with the code search, text id 43868440640, the tool shows no repository name): Lightning warns that srun is available but not used, both ranks register, the model summary and the first training warnings print, and the job ends with the scheduler\'s time-limit cancellation; no follow-up is shown',
    what='DOUBTFUL (no resolution shown): training was running normally when the scheduler cancelled the job at its time limit, so the plain cure is in the job script (a longer `--time`, or resuming from a checkpoint in a chained job); the srun hint is a warning, not the failure (Lightning spawned both ranks itself); the lines are the log\'s own, trimmed to the launch warning, the rank registration and the cancellation; not one of the ten sites - a university Slurm GPU server - so mapped: assumed shape - a one-node DeltaAI job with two GPUs whose batch step runs the Lightning script with python, its time limit assumed, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=2'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'python run_ffhq128.py']],
    log='''
/nfs/data_chaos/czhang/anaconda3/envs/householdergan/lib/python3.9/site-packages/lightning_fabric/plugins/environments/slurm.py:204: The `srun` command is available on your system but is not used. HINT: If your intention is to run Lightning on SLURM, prepend your python command with `srun` like so: srun python run_ffhq128.py ...
Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/2
Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/2
All distributed processes registered. Starting with 2 processes
slurmstepd: error: *** JOB 22991 ON dsml-chaos.disi.unitn.it CANCELLED AT 2024-10-21T18:39:55 DUE TO TIME LIMIT ***
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH\s+(--time[= ]|-t\s+)(\d+-\S+|(1[3-9]|[2-9]\d|\d{3,}):\d\d:\d\d)\b'},
)

# ---------------------------------------------------------------- CSCS user documentation (Alps), two pages

CSCS_DOCS = 'https://github.com/eth-cscs/cscs-docs/blob/768f5fcdd61c63af7a6258e86faa163bf34103a8/'
CSCS_DOC_MAP = 'not one of the ten sites - CSCS Alps, an HPE Cray EX system with Slingshot under Slurm, containers started by srun through pyxis/enroot - so mapped to the HPE Cray EX Slurm site: assumed shape - a two-node Perlmutter GPU job that runs a container image through srun, one task a GPU, diagnosed as on Perlmutter'
CSCS_PYXIS = [['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8', '#SBATCH -A m0000_g\n#SBATCH -C gpu\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4']]

case(
    id='cscsalpsimages-environment-flag-on-sbatch-srun-slingshot-plugin-missing',
    kind='script',
    source=CSCS_DOCS + 'docs/software/alps-extended-images.md',
    thread_site='the CSCS user documentation page "Alps Extended Images" (container images with the Slingshot network stack, run with Slurm\'s `--environment=<EDF>` option; eth-cscs/cscs-docs, docs/software/alps-extended-images.md), failure box "`srun` errors related to missing Slurm plugins": submitting a batch job with `#SBATCH --environment=my_edf.toml` can lead to these errors; fix: use the option for srun instead of sbatch, `srun --environment=my_edf.toml ...` (the page\'s example notes that passing `--environment` to sbatch "will lead to errors related to missing Slurm plugins")',
    what='the job script puts the container option on the batch allocation, so the batch step itself runs inside the container, where the host\'s Slurm switch plugin cannot load its library, and every srun in the script fails; the fix the centre gives is in the job script (the option moved from the `#SBATCH` line to the srun line); the lines are the page\'s own quotation; ' + CSCS_DOC_MAP,
    cluster='perlmutter',
    script='srun_pyxis.sh',
    replace=[*CSCS_PYXIS, ['#SBATCH --exclusive', '#SBATCH --exclusive\n#SBATCH --environment=ngc-pytorch.toml'], ['srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py', 'srun --mpi=pmix --network=disable_rdzv_get python /workspace/train.py']],
    log='''
srun: error: plugin_load_from_file: dlopen(/usr/lib64/slurm/switch_hpe_slingshot.so): libjson-c.so.3: cannot open shared object file: No such file or directory
srun: error: Couldn't load specified plugin name for switch/hpe_slingshot: Dlopen of plugin file failed
srun: fatal: Can't find plugin for switch/hpe_slingshot
''',
    expect={'families': ['containers', 'launcher'], 'fix': r'(?m)^\+\s*srun\b.*(--environment[= ]\S+|--container-image[= ]\S+)'},
)

case(
    id='cscsngcpytorch-ucx-signal-handler-segfault-hides-broken-nvrtc',
    kind='not_script',
    source=CSCS_DOCS + 'docs/software/ml/pytorch.md',
    thread_site='the CSCS user documentation page on PyTorch (NGC PyTorch containers on Alps GH200 nodes, Megatron-LM, srun; eth-cscs/cscs-docs, docs/software/ml/pytorch.md), Known Issues, "Errors hidden by failures in UCX signal handler": this trace from NGC PyTorch 25.01 with Megatron-LM; explanation given: the segmentation fault in the UCX signal handler (`ucs_handle_error`) "was due to a broken NVRTC in the container", and it shadowed the initial, unrelated error; to see the initial trace it was necessary to disable the UCX signal handler with `export UCX_HANDLE_ERRORS=none` in the sbatch script',
    what='a broken library in the container image crashes the communication library\'s signal handler, which hides the program\'s first error; the cause is in the container\'s software (a defective NVRTC), and the environment variable the page names only uncovers the original error - it is a diagnostic step, not the fix - so not the job script\'s fault; a proposed job-script fix would be wrong here (advice to expose the first error is right); the lines are the page\'s own quotation, trimmed (frames 1-3 and 5 left out); ' + CSCS_DOC_MAP.replace('a two-node Perlmutter GPU job', 'a Perlmutter GPU job (the log\'s task 640 implies a large run)'),
    cluster='perlmutter',
    script='srun_pyxis.sh',
    replace=[*CSCS_PYXIS, ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=nvcr.io#nvidia/pytorch:25.01-py3'], ['srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py', 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/pretrain_gpt.py --use-mcore-models']],
    log='''
640: [nid007306:244443:0:244443] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x455)
640: ==== backtrace (tid: 244443) ====
640:  0  /opt/hpcx/ucx/lib/libucs.so.0(ucs_handle_error+0x2cc) [0x4000d2b214dc]
640:  4  /usr/local/cuda/lib64/libnvrtc.so.12.8.61(+0x935000) [0x400140a25000]
srun: error: nid007306: task 640: Segmentation fault
srun: Terminating StepId=348680.1
''',
)

CSCS_HEAD = 'https://github.com/eth-cscs/cscs-docs/blob/80abed138e7cc52ebf6703b82ed02520ab9bf92f/'
UENV_RUN = [['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4', '#SBATCH --nodes=1\n#SBATCH --uenv=pytorch/v2.6.0:v1\n#SBATCH --view=default\n#SBATCH --ntasks-per-node=4']]
UENV_MAP = 'not one of the ten sites - CSCS Alps, an HPE Cray EX system with GH200 nodes under Slurm, software environments mounted as squashfs images by the uenv tool - so mapped to the HPE Cray EX GH200 Slurm site: assumed shape - a one-node DeltaAI GPU job whose software environment is a uenv image, srun one task a GPU, diagnosed as on DeltaAI'

case(
    id='cscsuenvguide-old-self-installed-uenv-incompatible-squashfs-mount',
    kind='not_script',
    source=CSCS_HEAD + 'docs/software/uenv/guides.md',
    thread_site='the CSCS user documentation page "uenv guides" (eth-cscs/cscs-docs, docs/software/uenv/guides.md), warning "error caused by incompatible uenv version": if `uenv run` or `uenv start` prints this error, "you are probably using an old version of uenv that is not compatible with the version of `squashfs-mount` installed on the system"; cure given: check `type uenv`, and remove the old self-installed uenv (an old bash function or a copy in HOME set up from the user\'s shell start-up files) so the system version in /usr/bin is used',
    what='an outdated copy of the environment tool, installed by the user in their home directory and shell start-up files, calls the system\'s mount helper with an argument form it no longer accepts; the cause and the cure are in the user\'s account set-up (remove the self-installed tool), not in the job script\'s directives, launch line or environment; a centre help page, not one job\'s log; the lines are the page\'s own quotation (its `....` kept); note the near-identical line of cscshandover-squashfs-mount-10-old-image-colon-syntax-unable-to-exec, whose cause is in that job\'s own launch line; ' + UENV_MAP,
    cluster='deltaai',
    script='srun_python.sh',
    replace=UENV_RUN,
    log='''
error: unable to exec '/capstor/scratch/cscs/wombat/.uenv-images/images/61d1f21881a6....squashfs:/user-environment':
No such file or directory (errno=2)
''',
)

case(
    id='cscsuenvrepo-scratch-owned-by-old-project-group-squashfs-permission-denied',
    kind='not_script',
    source=CSCS_HEAD + 'docs/software/uenv/management.md',
    thread_site='the CSCS user documentation page "uenv management" (eth-cscs/cscs-docs, docs/software/uenv/management.md), warning "Ritom might have access permission problems": the Ritom scratch file system is mounted with root squash, which might give this error; cause given: if the account was part of a now closed project, the scratch directory may still belong to the older group, and the permissions all the way to the squashfs file must be owned by the current primary group; fix given: `chown` the scratch directory and the uenv image repository to the user and current group (or drop the Ritom repository and fall back to the old one on Capstor)',
    what='the environment image cannot be mounted because the user\'s scratch directory and image repository are owned by a group the account no longer has; the cause and the fix are in the file ownership on the file system (chown by the user, or using the other repository), not in the job script\'s directives, launch line or environment; a centre help page, not one job\'s log; the line is the page\'s own quotation, placeholder included; ' + UENV_MAP,
    cluster='deltaai',
    script='srun_python.sh',
    replace=UENV_RUN,
    log='''
error: invalid squashfs mount /ritom/scratch/cscs/<your-username>/.uenv-images/images/5ef04b766304650d705a859f939992b90ba9278138bd98e5555763d245ffbca6/store.squashfs:/user-environment - invalid squashfs /user-environment (Permission denied)
''',
)

case(
    id='cscsopenmpi-nonblocking-allreduce-on-gpu-buffers-segfault-known-issue',
    kind='not_script',
    source='https://github.com/eth-cscs/cscs-docs/blob/11b674a36c0ce997eb50adf57193cebe2d8fbe8f/docs/software/communication/openmpi.md',
    thread_site='the CSCS user documentation page on OpenMPI (OpenMPI 5 from a uenv on Alps GH200 nodes, launched with `srun --mpi=pmix`, Slingshot through libfabric; eth-cscs/cscs-docs, docs/software/communication/openmpi.md), "Known issues": "Some asynchronous collectives are known not to work with GPU buffers, independent of the libfabric provider used. For example, `MPI_Iallreduce` will fail with a segmentation fault" - this output of the `osu_iallreduce` benchmark with GPU buffers (`srun -u --mpi=pmix -n4 osu_iallreduce -d cuda`); no workaround is given',
    what='the MPI library\'s non-blocking collectives crash on GPU buffers, a known limitation of the library whatever the network provider, so the program\'s `MPI_Iallreduce` segfaults; the cause is in the library (and the remedy is in the program - blocking collectives or host buffers), not in the job script\'s directives, launch line (already `--mpi=pmix`, as the page asks) or environment; the lines are the page\'s own quotation, trimmed to one rank\'s signal lines and two of its frames and the srun verdict; not one of the ten sites - CSCS Alps, an HPE Cray EX system with GH200 nodes under Slurm - so mapped to the HPE Cray EX GH200 Slurm site: assumed shape - a two-node DeltaAI job running the benchmark with `srun --mpi=pmix -n4`, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=2\n#SBATCH --gpus-per-node=2\n#SBATCH --cpus-per-task=16'], ['module load cray-mpich', 'module load openmpi'], ['srun --cpu-bind=cores ./solver input.dat', 'srun -u --mpi=pmix -n4 osu_iallreduce -d cuda']],
    log='''
[nid006549:31808] Signal: Segmentation fault (11)
[nid006549:31808] Signal code: Invalid permissions (2)
[nid006549:31808] [ 3] /user-environment/linux-neoverse_v2/openmpi-5.0.9-leskuw5dyswfdw3eaybcyfmsrbid3uuq/lib/libmpi.so.40(NBC_Progress+0x164)[0x400029a97bd4]
[nid006549:31808] [ 7] /user-environment/linux-neoverse_v2/openmpi-5.0.9-leskuw5dyswfdw3eaybcyfmsrbid3uuq/lib/libmpi.so.40(MPI_Wait+0x64)[0x400029a3df24]
srun: error: nid006549: task 0: Segmentation fault (core dumped)
''',
)
