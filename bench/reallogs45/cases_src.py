# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Sources: stored web pages and documentation (docs / pages corpora, documentation files read by
# find_string id); none cited under /work/main/bench, templates/failures, maple_flow/knowledge or
# claimed in /work/wt/claimed_threads.txt before this set claimed it (s38-reallogs45).

# ---------------------------------------------------------------- COSMO-REA6 pipeline debugging guide (1)

COSMO_SOURCE = 'find_string:63068275703'
COSMO_SITE = 'a weather-data pipeline\'s "Debugging Guide" (COSMO-REA6 pipeline, docs page "Common errors encountered when running the pipeline, with causes and fixes"), run as SLURM jobs on HPC clusters with GPFS/Lustre storage'

case(
    id='cosmoguide-hdf5-file-locking-on-gpfs-lustre-export-hdf5-use-file-locking-false',
    kind='script',
    source=COSMO_SOURCE,
    thread_site=COSMO_SITE + '; item 3 "HDF5 / NetCDF file-locking errors on HPC": cause - GPFS and Lustre network file systems do not support POSIX advisory file locks and HDF5 (h5py, NetCDF4) requests a lock on open; fix - `export HDF5_USE_FILE_LOCKING=FALSE` before running ("add the export to your SLURM job script or .bashrc")',
    what='a file-system property met by the job\'s environment: the guide\'s fix is one exported variable in the SLURM job script, so labelled script - a documentation cure, not one job\'s verified rerun; the two lines are the page\'s heading text and its "Full message" line as written (the heading keeps its own "..."); not one of the ten sites - a SLURM cluster with Lustre/GPFS scratch - so diagnosed on Lonestar6 (Slurm, Lustre $SCRATCH), a one-node CPU job running the pipeline\'s Python driver from the batch step; assumed shape - no HDF5_USE_FILE_LOCKING in the script',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p normal'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\n', ''], ['source $WORK/venvs/torch/bin/activate', 'conda activate weather_env'], ['ibrun python train.py --epochs 10', 'python src/weather/tests/test_cosmo_one_year.py --year 2018 --ncores 94']],
    log='''
OSError: Unable to open file (unable to lock file, errno = 11, ...)
unable to lock file, errno = 11, error message = 'Resource temporarily unavailable'
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+.*\bHDF5_USE_FILE_LOCKING=["\']?FALSE'},
)

# ---------------------------------------------------------------- Supek (SRCE, PBS Pro) experiment README (1; its queue-name item was dropped: the only line, `qsub: Job rejected by all possible destinations`, is in templates/failures)

SUPEK_SOURCE = 'find_string:67124150562'
SUPEK_SITE = 'a thesis project\'s "Running the experiments on Supek (SRCE HPC)" README (University of Zagreb Supek, HPE Cray, PBS Pro: qsub/qstat; jobs start python experiment drivers from the batch step after `cd $PBS_O_WORKDIR`), whose Troubleshooting section gives each error with its cause and fix (the same README is stored twice, find_string 67515729891 and 67124150562; cited once)'
SUPEK_MAP = 'not one of the ten sites - a PBS Pro cluster - so diagnosed on Polaris (PBS Pro, qsub, `#PBS -q` queues), one node, the Python driver started from the batch step'
SUPEK_BASE = [['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'python experiments/main_baselines.py --dataset ml-1m --ks "10,20"']]


case(
    id='supekreadme-movielens-data-not-downloaded-no-such-file-ml-1m',
    kind='not_script',
    source=SUPEK_SOURCE,
    thread_site=SUPEK_SITE + '; "Job crashes instantly, log says \\"No such file: ml-1m\\"": download the MovieLens data first (mkdir -p data; wget .../ml-1m.zip; unzip) and resubmit',
    what='input data missing: the dataset was never fetched into data/ - the cure is a one-time download on the login node, not a change to the job script\'s directives, launch line or environment; the line is the log text the README quotes; ' + SUPEK_MAP + '; assumed shape - the experiment driver reading data/ml-1m relative to the submit directory',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=SUPEK_BASE + [['#PBS -q debug-scaling', '#PBS -q debug']],
    log='''
No such file: ml-1m
''',
)

# ---------------------------------------------------------------- PHC lab-server run report, disk-full incident (1; the V2_B job's only line, `OSError: [Errno 28] No space left on device`, is in other sets - dropped)

PHC_SOURCE = 'find_string:67278853691'
PHC_SITE = 'a research log (Korean) of two rounds of humanoid-control RL training (PHC, `python phc/run.py --task HumanoidImVICCmd ...`) submitted as Slurm jobs 3773/3774 on a lab GPU server, section 4 "disk crisis (incident analysis)": cause - 1976 accumulated checkpoints (174G) plus a save every 100 epochs filled the 468G disk (444G used at submission), both jobs died at 09:14 on I/O errors; cure - deleting intermediate checkpoints (about 160G freed), `scancel 3774` for the job that kept RUNNING, and advice to check `df -h` before a run and to raise save_frequency 100 -> 500'
PHC_MAP = 'not one of the ten sites - a lab server with Slurm - so diagnosed on Lonestar6 (Slurm, A100 nodes) as a one-node one-GPU job running the trainer from the batch step'
PHC_BASE = [['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['#SBATCH -t 02:00:00', '#SBATCH -t 48:00:00'], ['ibrun python train.py --epochs 10', 'python phc/run.py --task HumanoidImVICCmd \\\n    --cfg_env exp_config/forward_walking/260419_AMASS_CMD_V2/env_im_walk_vic_cmd_V2_A.yaml \\\n    --cfg_train exp_config/forward_walking/260419_AMASS_CMD_V2/im_walk_vic_cmd_V2_A.yaml --headless']]

case(
    id='phcdiskfull-accumulated-checkpoints-fill-disk-torch-save-file-write-failed',
    kind='not_script',
    source=PHC_SOURCE,
    thread_site=PHC_SITE + '; job V2_A: died while saving a checkpoint with the quoted RuntimeError and left the queue at once',
    what='the file system was full (earlier runs\' checkpoints, not this job\'s request): the cure was deleting old files on the disk (and, as advice, saving less often - a training-config value), not a change to the job script\'s directives, launch line or environment; the line is the report\'s own quote (a similar `inline_container.cc:471 ... data/228` line is in another set; this one differs); ' + PHC_MAP + '; assumed shape - the report\'s config paths on the launch line',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=PHC_BASE,
    log='''
RuntimeError: [enforce fail at inline_container.cc:588] . PytorchStreamWriter failed writing file data/12: file write failed
''',
)


# ---------------------------------------------------------------- Alliance (Compute Canada) docs, TensorFlow page (2)

ALLIANCE_TF_SOURCE = 'find_string:53771932920'
ALLIANCE_TF_SITE = 'the Digital Research Alliance of Canada documentation page "TensorFlow" (docs.alliancecan.ca wiki, markdown source; the same page is stored in several copies and languages - find_string 54253612344, 54269574742, 53872978287, 53828286590 - cited once), whose jobs load `module load cuda cudnn`, activate a virtualenv and start `python` from an sbatch script on Slurm GPU clusters (--gres=gpu); section "Troubleshooting"'
ALLIANCE_MAP = 'not one of the ten sites - an Alliance Slurm GPU cluster - so diagnosed on Bridges-2 (Slurm, GPU partition, module-loaded CUDA), one node, one GPU, `python` from the batch step'
ALLIANCE_BASE = [['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus=v100-32:16', '#SBATCH --gpus=v100-32:1'], ['module load openmpi/4.0.5-gcc10.2.0', 'module load cuda/9.0'], ['source $PROJECT/venvs/hvd/bin/activate', 'source $PROJECT/venvs/tensorflow/bin/activate'], ['mpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'python train_profiled.py']]

case(
    id='alliancetf-cupti-not-on-library-path-couldnt-open-libcupti-export-ld-library-path',
    kind='script',
    source=ALLIANCE_TF_SOURCE,
    thread_site=ALLIANCE_TF_SITE + '; "libcupti.so": some TensorFlow tracing features need libcupti.so and print the quoted line when it is missing; solution - before running the script, `module load cuda/9.0.xxx` and `export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$CUDA_HOME/extras/CUPTI/lib64/`',
    what='the job environment lacks the CUPTI library directory on LD_LIBRARY_PATH; the page\'s cure is a module load plus an exported LD_LIBRARY_PATH in the job script, so labelled script (a documentation cure, not one job\'s rerun); the line is the page\'s own quoted log line; ' + ALLIANCE_MAP + '; assumed shape - a cuda module loaded but no CUPTI path exported, a TensorFlow program using the profiler',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=ALLIANCE_BASE,
    log='''
I tensorflow/stream_executor/dso_loader.cc:142] Couldn't open CUDA library libcupti.so.9.0. LD_LIBRARY_PATH: /usr/local/cuda-9.0/lib64
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*\bLD_LIBRARY_PATH=\S*CUPTI'},
)

case(
    id='alliancetf-libiomp5-installed-as-text-file-invalid-elf-header-relink-in-venv',
    kind='not_script',
    source=ALLIANCE_TF_SOURCE,
    thread_site=ALLIANCE_TF_SITE + '; "libiomp5.so invalid ELF header": the libiomp5.so shared object is sometimes installed as a text file, giving the quoted error; workaround - in the directory named by the error run `ln -sf $(cat libiomp5.so) libiomp5.so` to replace the text file with the right symbolic link',
    what='a broken file inside the user\'s virtualenv (a library installed as a text file); the cure is repairing the installed package once, not a change to the job script\'s directives, launch line or environment; the line is the page\'s own quoted error; ' + ALLIANCE_MAP + '; assumed shape - the job of the CUPTI case without profiling',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=ALLIANCE_BASE[:-1] + [['mpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'python tensorflow-test.py']],
    log='''
/home/username/venv/lib/python3.6/site-packages/tensorflow/python/../../_solib_local/_U@mkl_Ulinux_S_S_Cmkl_Ulibs_Ulinux___Uexternal_Smkl_Ulinux_Slib/libiomp5.so: invalid ELF header
''',
)

# ---------------------------------------------------------------- NSCC ASPIRE 2A (PBS Pro) tutorial README (1)

NSCC_SOURCE = 'https://github.com/sucv/NSCC_tutorial_for_ASPIRE2'
NSCC_SITE = 'a research group\'s tutorial for NSCC Singapore\'s ASPIRE 2A (PBS Pro; job.psb requests `select=1:ncpus=16:ngpus=1` and runs `singularity run --nv ~/scratch/pt113.sif python ~/tutorial/main.py`); its change log (3-MAR 2023): "Revised the job.psb so that the container can know the gpu index. This prevent the bug AssertionError: Invalid device id when loading a checkpoint. The bug is caused by the unrecognizable gpu index assigned by the PBS-PRO to the variable CUDA_VISIBLE_DEVICES, which further caused torch.cuda.is_available() = True, yet torch.cuda.device_count() = 0. The revised job.psb manually assigns the gpu index instead" (job.psb now has `export CUDA_VISIBLE_DEVICES=0` before the singularity line)'

case(
    id='nsccaspire-pbs-gpu-index-not-usable-in-container-invalid-device-id-set-cuda-visible-devices',
    kind='script',
    source=NSCC_SOURCE,
    thread_site=NSCC_SITE,
    what='the GPU index PBS Pro hands to CUDA_VISIBLE_DEVICES is not one the container\'s CUDA can use, so the checkpoint load on `cuda:0` fails; the fix the author made is one export in the job script (`export CUDA_VISIBLE_DEVICES=0` before `singularity run --nv`), so labelled script - the author\'s own fix, shown in the job script; the line is the README\'s own quote of the error; not one of the ten sites - a PBS Pro GPU cluster with Singularity - so diagnosed on Polaris (PBS Pro, 4 A100 a node, Apptainer/Singularity), one node, one GPU requested; assumed shape - the job.psb before the fix (no CUDA_VISIBLE_DEVICES export), keeping its module name and container line',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=16:ngpus=1'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=24:00:00'], ['module use /soft/modulefiles\nmodule load conda\nconda activate\n', 'export SINGULARITY_BIND="/scratch:/scratch,/home/project:/data/project"\nmodule load singularity\n'], ['NNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n', ''], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'singularity run --nv ~/scratch/pt113.sif python ~/tutorial/main.py > main_log']],
    log='''
AssertionError: Invalid device id
''',
    expect={'families': ['devices', 'containers', 'environment'], 'fix': r'(?m)^\+.*\b(?:SINGULARITYENV_|APPTAINERENV_)?CUDA_VISIBLE_DEVICES=["\']?\d'},
)

# ---------------------------------------------------------------- IPEX-LLM FAQ page (2)

IPEXLLM_SOURCE = 'find_string:6851010564'
IPEXLLM_SITE = 'the IPEX-LLM (Intel, formerly BigDL-LLM) documentation page "Frequently Asked Questions (FAQ)", section "How to Resolve Errors" (each item: the error text, its cause, the fix), for LLM inference and finetuning on Intel GPUs (XPU) with PyTorch + intel_extension_for_pytorch and oneCCL; a second stored copy (find_string 1944959217) is not cited separately'
IPEXLLM_MAP = 'not one job on one site - the page covers Intel GPUs (Data Center GPU Max is Aurora\'s GPU) - so diagnosed on Aurora, a PBS job whose ranks mpiexec starts'

case(
    id='ipexllmfaq-xpu-out-of-device-memory-native-api-pi-error-out-of-resources',
    kind='not_script',
    source=IPEXLLM_SOURCE,
    thread_site=IPEXLLM_SITE + '; "Native API failed. Native API returns: -5 (PI_ERROR_OUT_OF_RESOURCES)": caused by running out of GPU memory; fixes - release the previous model (`del model`), load it as `model.float16()`/`model.bfloat16()` before moving it to the GPU, or `cpu_embedding=True` in `from_pretrained`/`optimize_model`',
    what='the model does not fit the GPU memory; the page\'s fixes are all in the user\'s program (free models, lower precision, keep the embedding on the CPU), not in the job script\'s directives, launch line or environment; the line is the page\'s heading text as written; ' + IPEXLLM_MAP + ' (one rank per tile, an LLM inference program)',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['python train.py', 'python generate.py --repo-id-or-model-path meta-llama/Llama-2-13b-chat-hf --n-predict 128']],
    log='''
Native API failed. Native API returns: -5 (PI_ERROR_OUT_OF_RESOURCES) -5 (PI_ERROR_OUT_OF_RESOURCES)
''',
)

case(
    id='ipexllmfaq-multi-gpu-finetune-oneccl-ze-data-not-initialized-level-zero-dev-missing',
    kind='not_script',
    source=IPEXLLM_SOURCE,
    thread_site=IPEXLLM_SITE + '; "oneCCL: comm_selector.cpp:57 create_comm_impl: EXCEPTION: ze_data was not initialized": may be met during finetuning on multiple GPUs; fix - `sudo apt install level-zero-dev`',
    what='a system package (the Level Zero development library) missing from the node image; the fix is an administrator\'s package install, not a change to the job script\'s directives, launch line or environment; the line is the page\'s heading text as written; ' + IPEXLLM_MAP + ', a two-node finetuning job (assumed shape - the QLoRA finetuning example started by mpiexec)',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['python train.py', 'python qlora_finetuning.py --repo-id-or-model-path meta-llama/Llama-2-7b-hf --dataset yahma/alpaca-cleaned']],
    log='''
oneCCL: comm_selector.cpp:57 create_comm_impl: EXCEPTION: ze_data was not initialized
''',
)

# ---------------------------------------------------------------- UCF CRCV cluster pipeline guide (1)

UCF_SOURCE = 'find_string:60398389731'
UCF_SITE = 'a project\'s "Plan 2 Execution Guide with QOS Constraints" for a university Slurm GPU cluster (crcv.eecs.ucf.edu, group3-1 QOS: MaxTRESPerJob cpu=12, gres/gpu=4; MaxTRESPerUser gres/gpu=4), section Troubleshooting: \'Job Rejected: "AssocMaxGRESPerJob"\' - the job requested more GPUs than the QOS limit allows; the phase-1 sbatch should request --gres=gpu:ampere:4 (the maximum for group3-1), all other GPU phases --gres=gpu:ampere:1'

case(
    id='ucfplan2guide-gres-request-above-qos-per-job-limit-assocmaxgresperjob',
    kind='script',
    source=UCF_SOURCE,
    thread_site=UCF_SITE,
    what='the job asks for more GPUs than its association allows per job; the guide\'s fix is the `--gres` directive of the job script (4 for the training phase, 1 for the others), so labelled script (a project guide\'s cure, not one job\'s rerun); the line is the reason code as the guide quotes it; not one of the ten sites - a university Slurm cluster with A100 nodes - so diagnosed on DeltaAI (Slurm, 4 GPUs a node) as a one-node job; assumed shape - the phase-1 SFT sbatch asking for 8 GPUs (`--gres=gpu:ampere:8`) and starting the trainer with srun',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gres=gpu:ampere:8'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=12'], ['#SBATCH --time=02:00:00', '#SBATCH --time=24:00:00'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python plan2_sft/train_sft.py --batch-size 4']],
    log='''
AssocMaxGRESPerJob
''',
    expect={'families': ['resources', 'scheduler', 'directives'], 'fix': r'(?m)^\+#SBATCH\s+(?:--gres=gpu(?::\w+)?:[1-4]\b|--gpus(?:-per-node|-per-task)?[= ](?:\w+:)?[1-4]\b|-G\s*[1-4]\b)'},
)

# ---------------------------------------------------------------- DelftBlue runbook (1)

DELFT_SOURCE = 'find_string:69386724420'
DELFT_SITE = 'a research project\'s runbook "Regrasp runs 18 and 17 on DelftBlue" (TU Delft DelftBlue, Slurm; all-stage sbatch scripts with `--gpus-per-task`, "mandatory on this cluster"), section 5.2 "`AssocMaxGRESPerJob` in squeue\'s reason column": "A known false reason code on DelftBlue, forum-confirmed. The job is queued normally. Do not change the resource request in response to it."; the same project\'s other notes repeat it ("known false reason code on DelftBlue ... ignore, the job is queued")'

case(
    id='delftbluerunbook-assocmaxgresperjob-false-reason-code-job-queued-normally',
    kind='not_script',
    source=DELFT_SOURCE,
    thread_site=DELFT_SITE,
    what='the reason code is a known false report of the site\'s scheduler for a request that is within the association\'s limits: the job is queued and will start; the runbook says explicitly not to change the resource request, so no job-script change is right (a look-alike of the UCF case above, whose request really exceeds the limit); the line is the reason code as the runbook quotes it; not one of the ten sites - a university Slurm GPU cluster - so diagnosed on Bridges-2 (Slurm GPU partition); assumed shape - a one-node one-GPU job with `--gpus-per-task=1` as the runbook\'s scripts have',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-task=1'], ['#SBATCH --gpus=v100-32:16\n', ''], ['#SBATCH -t 04:00:00', '#SBATCH -t 09:00:00'], ['module load openmpi/4.0.5-gcc10.2.0', 'source ~/anaconda3/etc/profile.d/conda.sh && conda activate pch2r_dev'], ['source $PROJECT/venvs/hvd/bin/activate\n', ''], ['mpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'python examples/train_regrasp.py --config examples/configs/regrasp_run18.yaml']],
    log='''
AssocMaxGRESPerJob
''',
)

# ---------------------------------------------------------------- Oxford ARC "SLURM FAQs" page (2)

ARC_SOURCE = 'find_string:74619970'
ARC_SITE = 'the University of Oxford Advanced Research Computing (ARC) documentation page "SLURM FAQs", item "Why does my queued job not start?" - the Reason field of `scontrol show job` and what each common reason means'
ARC_MAP = 'not one of the ten sites - a university Slurm cluster - so diagnosed on Stampede3 (Slurm, 48-hour limit on its GPU queue), a one-node GPU job started with ibrun'
ARC_BASE = [['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 4']]

case(
    id='arcslurmfaq-walltime-above-partition-limit-pending-partitiontimelimit',
    kind='script',
    source=ARC_SOURCE,
    thread_site=ARC_SITE + '; "PartitionTimeLimit: The walltime you have requested is in excess of the time allowed in the partition you have submitted to."',
    what='the job\'s own time request exceeds its partition\'s limit, so it never starts; the cure is the `-t`/`--time` directive of the job script (or another partition), so labelled script (a centre FAQ cure, not one job\'s rerun); the line is the reason code as the page gives it; ' + ARC_MAP + '; assumed shape - a 72-hour request on the h100 queue (48 h limit)',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=ARC_BASE + [['#SBATCH -t 02:00:00', '#SBATCH -t 72:00:00']],
    log='''
PartitionTimeLimit
''',
    expect={'families': ['scheduler', 'directives', 'resources'], 'fix': r'(?m)^\+#SBATCH\s+(?:-t\s*|--time[= ])(?:(?:[0-3]?\d|4[0-7]):[0-5]\d:[0-5]\d|48:00:00|[01]-\d\d:\d\d:\d\d|2-00:00:00)\s*(?:#.*)?$'},
)

case(
    id='arcslurmfaq-project-out-of-compute-credit-job-held-jobhelduser',
    kind='not_script',
    source=ARC_SOURCE,
    thread_site=ARC_SITE + '; "JobHeldUser: This means your job is held because your ARC project has run our out of compute \\"credit\\". Please contact support@arc.ox.ac.uk for a top up." - then `scontrol release <JobID>`; `mybalance` shows the credit',
    what='an allocation matter: the project has no credit left, so the site holds its jobs; the cure is a credit top-up by the centre and releasing the job, not a change to the job script; the line is the reason code as the page gives it; ' + ARC_MAP,
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=ARC_BASE,
    log='''
JobHeldUser
''',
)

# ---------------------------------------------------------------- gpu-4farm latent-extraction job script comment (1)

FARM_SOURCE = 'find_string:60989790013'
FARM_SITE = 'a research job script (3D-MedDiffusion latent extraction, `generate_3d_meddiff_latents.sh`) for a Slurm cluster whose header says: "gpu-4farm QoS (gpu4) enforces a per-job minimum of 4 GPUs (1-GPU requests sit in QOSMinGRES forever). We therefore grab a full 4-GPU node and shard the encode across all 4 GPUs" - the script now asks for `--gres=gpu:h100:4` and starts four `CUDA_VISIBLE_DEVICES=$s python ...` shards'

case(
    id='farmlatentjob-one-gpu-request-under-four-gpu-minimum-qos-pending-qosmingres',
    kind='script',
    source=FARM_SOURCE,
    thread_site=FARM_SITE,
    what='the job asks for fewer GPUs than its QOS\'s per-job minimum, so it never starts; the author\'s fix is the GPU request in the job script (4 GPUs, a whole node), so labelled script - the fixed job script is the source; the line is the reason code the comment quotes; not one of the ten sites - a Slurm cluster with 4-GPU H100 nodes - so diagnosed on Perlmutter (Slurm, 4 GPUs a node); assumed shape - the single-GPU version of the job the comment describes (`--gres=gpu:h100:1`, one python process)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gres=gpu:h100:1'], ['#SBATCH -t 02:00:00', '#SBATCH -t 1-00:00:00'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'python scripts/extract_3d_meddiff_latents.py --data-json configs/3d_meddiff/data_ukb.json --split train --out-dir "$OUT_DIR"']],
    log='''
QOSMinGRES
''',
    expect={'families': ['resources', 'scheduler', 'directives'], 'fix': r'(?m)^\+#SBATCH\s+(?:--gres=gpu(?::\w+)?:4\b|--gpus(?:-per-node)?[= ]4\b|-G\s*4\b)'},
)

# ---------------------------------------------------------------- ILIFU / IDIA processMeerKAT "Diagnosing Errors" page (1)

ILIFU_SOURCE = 'find_string:49225894982'
ILIFU_SITE = 'the IDIA pipelines documentation page "Diagnosing Errors" of processMeerKAT (the MeerKAT calibration pipeline run as chained SLURM jobs on the ilifu cluster, CASA started with mpirun across worker nodes), item "ORTE error": the quoted block, "where slwrk-067 can be any of the SLURM worker nodes, typically means that there was a communication/network error between the SLURM head node and the worker node. Please report this issue to the ILIFU support team ... This is indicative of an underlying hardware issue, rather than a software problem."'

case(
    id='ilifudiagnosing-orte-lost-daemon-on-worker-node-hardware-network-fault-report',
    kind='not_script',
    source=ILIFU_SOURCE,
    thread_site=ILIFU_SITE,
    what='a node or network fault under a running job (the page calls it a hardware issue, reported to the centre), not the job script\'s directives, launch line or environment; the lines are the first block of the page\'s quoted error (its second block - "An ORTE daemon has unexpectedly failed after launch and before communicating back to mpirun ..." - is left out: its lines are in other sets); not one of the ten sites - a Slurm cluster whose jobs start Open MPI mpirun - so diagnosed on Anvil (Slurm, Open MPI mpirun); assumed shape - a 4-node CASA calibration step started with mpirun',
    cluster='anvil',
    script='bridges2_mpirun.sh',
    replace=[['#SBATCH -p GPU', '#SBATCH -p wholenode'], ['#SBATCH -N 2', '#SBATCH -N 4'], ['#SBATCH --gpus=v100-32:16\n', ''], ['source $PROJECT/venvs/hvd/bin/activate\n', ''], ['mpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'mpirun -np $SLURM_NTASKS casa --nologger --nogui -c processMeerKAT/crosscal_scripts/partition.py --config myconfig.txt']],
    log='''
ORTE has lost communication with its daemon located on node:
hostname:  slwrk-067
This is usually due to either a failure of the TCP network
connection to the node, or possibly an internal failure of
the daemon itself. We cannot recover from this failure, and
therefore will terminate the job.
''',
)

# ---------------------------------------------------------------- Omnia (Dell) Slurm troubleshooting page (2)

OMNIA_SOURCE = 'find_string:57482101458'
OMNIA_SITE = 'the Omnia (Dell HPC cluster deployment toolkit) troubleshooting page "Slurm Issues", each item given as Symptom, Cause, Resolution (all resolutions run by the administrator on the controller or compute nodes)'
OMNIA_MAP = 'not one of the ten sites - an Omnia-deployed Slurm cluster - so diagnosed on Vista (Slurm; TACC GPU job started with ibrun), one node'
OMNIA_BASE = [['#SBATCH -p gpu-a100', '#SBATCH -p gh'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2', 'module load cuda/12.6']]

case(
    id='omniaslurm-epilog-not-executable-nodes-drain-kill-task-failed',
    kind='not_script',
    source=OMNIA_SOURCE,
    thread_site=OMNIA_SITE + '; "Nodes Entering DRAINED State": symptom `State=IDLE+DRAIN Reason=Kill task failed` or `State=DOWN+DRAIN Reason=Not responding`; cause - the epilog script (/etc/slurm/epilog.d/logout_user.sh) is not executable; resolution - `chmod 0755` the epilog and `scontrol reconfigure`',
    what='node administration: a site epilog file mode drains the nodes after jobs end; the fix is on the controller, not in any user\'s job script; the lines are the page\'s own symptom block; ' + OMNIA_MAP,
    cluster='vista',
    script='tacc_ibrun.sh',
    replace=OMNIA_BASE,
    log='''
State=IDLE+DRAIN Reason=Kill task failed
State=DOWN+DRAIN Reason=Not responding
''',
)

case(
    id='omniaslurm-munge-key-or-daemon-broken-srun-munge-encode-failed',
    kind='not_script',
    source=OMNIA_SOURCE,
    thread_site=OMNIA_SITE + '; "Munge authentication failure": symptom - Slurm commands fail with the quoted errors; cause - munge not running on one or more nodes, or the munge key differs between nodes; resolution - check munge on all nodes, redistribute the controller\'s key and restart munge',
    what='node administration (the cluster\'s authentication service), not the job script: no directive, launch line or variable of a user\'s job can repair munge; the lines are the page\'s own symptom block; ' + OMNIA_MAP + ', its ibrun step failing at launch',
    cluster='vista',
    script='tacc_ibrun.sh',
    replace=OMNIA_BASE,
    log='''
srun: error: Munge encode failed: Failed to access"/var/run/munge/munge.socket.2"
slurmd: error: Munge authentication failed
''',
)

# ---------------------------------------------------------------- TSUBAME4 (PBS Professional) run guide (1)

T4_SOURCE = 'find_string:71261816531'
T4_SITE = 'a project\'s "Running on TSUBAME4" guide (Institute of Science Tokyo, PBS Professional: `qsub -q gpu_1 -l select=1 -l walltime=4:00:00 -P <group> job.sh`; `-P <group>` charges the job to the TSUBAME group, the group name kept in `tsubame/env.sh` as STS_GROUP), Troubleshooting table: "`qsub: Unauthorized Request` | `STS_GROUP` wrong or expired - check `t4-user-info group list`"'

case(
    id='tsubame4guide-group-wrong-or-expired-qsub-unauthorized-request-ask-group',
    kind='script',
    source=T4_SOURCE,
    thread_site=T4_SITE,
    what='the submission names a charge group the user is not (or no longer) a member of; the cure is the group given with -P in the job\'s submission, so labelled script - but the right group name is only in the user\'s `t4-user-info group list`, never in the log, so a right answer asks for it (an `ask` case; a proposed group name would be invented); the line is the guide\'s own error text; not one of the ten sites - a PBS Professional GPU cluster - so diagnosed on Polaris (PBS Pro; the charge project is `#PBS -A`), one node; assumed shape - the guide\'s job with its group directive set to an expired group',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=04:00:00'], ['#PBS -A MyProject', '#PBS -A tga-oldgroup'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'python -m sts.cli run --config configs/text_only.yaml --model jina-v5-omni-small']],
    log='''
qsub: Unauthorized Request
''',
    expect={'families': ['scheduler', 'directives', 'site'], 'ask': True},
)

# ---------------------------------------------------------------- NTU Gekko (PBS Pro) group notes (1)

GEKKO_SOURCE = 'find_string:5706913125'
GEKKO_SITE = 'a research group\'s notes "Clusters" on NTU\'s GEKKO (PBS Pro; jobs carry `#PBS -P eos_tongping` and a queue such as q32_eos or gpu8): "When you get a account, you should test if you can run a task. Sometimes your account may not be set up, and you cannot submit a task (an error `qsub: Unauthorized Request` may appear)."'

case(
    id='gekkonotes-new-account-not-set-up-qsub-unauthorized-request',
    kind='not_script',
    source=GEKKO_SOURCE,
    thread_site=GEKKO_SITE,
    what='an account the centre has not yet set up on the scheduler; the notes give no script change for it - the cure is the centre finishing the account (the same text is a script case - a wrong charge group - in the TSUBAME4 case above, so the log alone cannot decide and no fix should be proposed); the line is the notes\' own error text; not one of the ten sites - a PBS Pro cluster - so diagnosed on Polaris (PBS Pro), a one-node GPU job; assumed shape - the notes\' GPU template with the group\'s project and queue',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['#PBS -A MyProject', '#PBS -A eos_tongping'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'python train.py']],
    log='''
qsub: Unauthorized Request
''',
)

# ---------------------------------------------------------------- OSU NOWLAB DeepSpeed (MVAPICH-Plus) guide (2)

OSUDS_SOURCE = 'find_string:67289289762'
OSUDS_SITE = 'the Ohio State University NOWLAB guide to their DeepSpeed build with MVAPICH-Plus on HPC clusters (SLURM; `deepspeed --num_gpus=4 train.py --deepspeed_config=config.json` or `mpiexec -n 4 python train.py ...`), section Troubleshooting, each item given as Symptom, Root Cause, Solution'
OSUDS_MAP = 'not one of the ten sites - a university Slurm GPU cluster - so diagnosed on Delta (Slurm, 4 A100 a node), the DeepSpeed launcher started from the batch step'

case(
    id='osudeepspeed-conda-libstdcxx-older-than-build-glibcxx-3-4-30-ld-preload',
    kind='script',
    source=OSUDS_SOURCE,
    thread_site=OSUDS_SITE + '; build issue 6 "libstdc++ Version Mismatch": symptom `ImportError: libstdc++.so.6: version \'GLIBCXX_3.4.30\' not found`; root cause - DeepSpeed/PyTorch built with a newer GCC than the conda environment provides; solution - `export LD_PRELOAD=/opt/gcc/13.3.0/lib64/libstdc++.so.6:$LD_PRELOAD` (added to the environment activation)',
    what='the job\'s environment resolves an older libstdc++ (the conda env\'s) than the one DeepSpeed was built against; the guide\'s cure is an exported LD_PRELOAD of the newer libstdc++ (or, equivalently, loading the GCC module that provides it) in the job environment, so labelled script - a guide\'s cure, not one job\'s rerun; the line is the guide\'s own symptom text; ' + OSUDS_MAP + '; assumed shape - a conda environment activated in the job script, no GCC module loaded',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['scontrol show hostnames "$SLURM_JOB_NODELIST" | sed \'s/$/ slots=4/\' > hostfile\n', 'source ~/miniconda3/bin/activate dsmv\n'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n', ''], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus=4 simple_zero_training.py --deepspeed_config=ds_config_zero2.json']],
    log='''
ImportError: libstdc++.so.6: version 'GLIBCXX_3.4.30' not found
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(?:\bLD_PRELOAD=\S*libstdc\+\+|\bLD_LIBRARY_PATH=\S*(?:gcc|lib64)|module\s+load\s+\S*gcc)'},
)

case(
    id='osudeepspeed-train-batch-size-not-micro-times-accum-times-world-config-assert',
    kind='not_script',
    source=OSUDS_SOURCE,
    thread_site=OSUDS_SITE + '; runtime issue 2 "Batch Size Configuration Error": root cause - `train_batch_size` in the config does not equal micro_batch_per_gpu * gradient_accumulation_steps * num_gpus; solution - adjust the DeepSpeed config file (example: 64 = 32 * 1 * 2 when running with 2 GPUs)',
    what='the DeepSpeed JSON config\'s batch numbers disagree with each other for the GPU count the job runs with; the guide\'s fix is in the config file, not in the job script\'s directives, launch line or environment (changing the GPU count to fit the config would change the experiment); the two lines are the guide\'s own symptom block; ' + OSUDS_MAP + '; assumed shape - a 4-GPU launch with a config written for 2 GPUs',
    cluster='delta',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=1'], ['scontrol show hostnames "$SLURM_JOB_NODELIST" | sed \'s/$/ slots=4/\' > hostfile\n', ''], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n', ''], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus=4 simple_zero_training.py --deepspeed_config=ds_config_zero2.json']],
    log='''
AssertionError: Check batch related parameters. train_batch_size is not equal to
micro_batch_per_gpu * gradient_acc_step * world_size
''',
)

# ---------------------------------------------------------------- Stanford Sherlock FAQ page (2)

SHERLOCK_SOURCE = 'find_string:45563966615'
SHERLOCK_SITE = 'the Stanford Research Computing Center\'s Sherlock documentation page "FAQ" (Slurm cluster; sbatch job scripts)'

case(
    id='sherlockfaq-default-2gb-per-core-job-exceeded-memory-limit-being-killed',
    kind='script',
    source=SHERLOCK_SOURCE,
    thread_site=SHERLOCK_SITE + '; "Why does my job fail with \\"exceeded memory limit, being killed\\"?": Slurm allocates 2GB of memory per CPU core by default; a job that needs more must include `--mem-per-cpu=<MB>` in its sbatch job script (example: `--ntasks=16 --cpus-per-task=1 --mem-per-cpu=16000`)',
    what='the job uses more host memory than the default per-core share it was given; the FAQ\'s cure is a memory directive in the job script, so labelled script (a centre FAQ cure, not one job\'s rerun); the line is the FAQ\'s quoted message (the slurmstepd lines other sets hold carry job ids and sizes; this phrase alone is new); not one of the ten sites - a Slurm cluster with a per-core memory default - so diagnosed on Anvil (Slurm, memory allocated per core on its shared partition); assumed shape - a 16-task MPI job with no memory request',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --partition=shared\n#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks=16'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=1'], ['module load cray-mpich', 'module load openmpi'], ['srun --cpu-bind=cores ./solver input.dat', 'srun ./solver bigmesh.dat']],
    log='''
exceeded memory limit, being killed
''',
    expect={'families': ['resources', 'directives'], 'fix': r'(?m)^\+#SBATCH\s+--mem(?:-per-cpu)?[= ]\S+'},
)

case(
    id='sherlockfaq-module-setup-not-sourced-in-script-module-command-not-found',
    kind='script',
    source=SHERLOCK_SOURCE,
    thread_site=SHERLOCK_SITE + '; "Why do all module commands in my scripts fail with \\"module command not found?\\"?": depending on the shell or working environment the module setup commands are not run; source the shell startup scripts in the script - `source /etc/profile` for bash/sh/zsh, `. /etc/csh.cshrc` for tcsh',
    what='the job script\'s shell never initialises the module system; the FAQ\'s cure is one line in the job script (source /etc/profile, or a login shell), so labelled script; the line is the FAQ\'s quoted message as written; not one of the ten sites - a Slurm cluster with Lmod - so diagnosed on Perlmutter (Slurm, Lmod modules in job scripts); assumed shape - a job script run by /bin/sh that loads a module',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#!/bin/bash', '#!/bin/sh']],
    log='''
module command not found
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+(?:\s*(?:source|\.)\s+/etc/(?:profile|csh\.cshrc)\b|#!/bin/bash\s+-l\b|.*\b(?:lmod|modules)/init/)'},
)

# ---------------------------------------------------------------- PETSc merge request 7554 (GitLab) (1)

PETSC_SOURCE = 'https://gitlab.com/petsc/petsc/-/merge_requests/7554'
PETSC_SITE = 'the PETSc merge request "Config: update arch-nersc-perlmutter-opt.py with --gpu-bind=none" (gitlab.com/petsc/petsc, found in the docs corpus): "To workaround this kind of errors" - a Perlmutter run `srun -n 2 --gpus-per-task=1 -c 32 ./ex19 ... -dm_vec_type cuda ...` printing the GTL cuIpcOpenMemHandle lines and PETSc\'s "General MPI error / MPI error 1 Invalid buffer pointer"; the change adds `--gpu-bind=none` to the srun options used on Perlmutter'

case(
    id='petscmr7554-gpus-per-task-binding-breaks-cuda-ipc-gtl-invalid-buffer-gpu-bind-none',
    kind='script',
    source=PETSC_SOURCE,
    thread_site=PETSC_SITE,
    what='with one GPU bound per task, the ranks cannot open each other\'s GPU buffers through CUDA IPC, so GPU-aware Cray MPICH fails; the maintainers\' workaround is an srun option on the launch line (`--gpu-bind=none`, every rank seeing all GPUs of the node), so labelled script - a merge request in the project\'s Perlmutter configuration, not one job\'s verified rerun; the lines are the PETSc error lines of the quoted run (its two `(GTL DEBUG: n) cuIpcOpenMemHandle ...` lines are left out: they are in other sets); Perlmutter is one of the ten sites; assumed shape - a 2-rank GPU PETSc example started by srun from a batch job with `--gpus-per-task=1`',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=2'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-task=1'], ['module load pytorch/2.3.1', 'module load PrgEnv-gnu cudatoolkit craype-accel-nvidia80\nexport MPICH_GPU_SUPPORT_ENABLED=1'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun -n 2 --gpus-per-task=1 -c 32 ./ex19 -snes_monitor -dm_mat_type aijcusparse -dm_vec_type cuda -pc_type gamg -ksp_monitor -mg_levels_ksp_max_it 1']],
    log='''
[0]PETSC ERROR: General MPI error
[0]PETSC ERROR: MPI error 1 Invalid buffer pointer
[1]PETSC ERROR: General MPI error
[1]PETSC ERROR: MPI error 1 Invalid buffer pointer
''',
    expect={'families': ['launcher', 'devices'], 'fix': r'(?m)^\+.*--gpu-bind[= ]none\b'},
)

# ---------------------------------------------------------------- UPC++ issue 576 (Bitbucket) (1)

UPCXX_SOURCE = 'https://bitbucket.org/berkeleylab/upcxx/issues/576/upc-crashes-at-startup-on-perlmutter-ofi'
UPCXX_SITE = 'the UPC++ issue "UPC++ crashes at startup on Perlmutter ofi with libfabric/1.15.2.0" (bitbucket.org/berkeleylab/upcxx, found in the docs corpus): after a maintenance NERSC upgraded Perlmutter to libfabric 1.15.2.0, which revealed a defect in the GASNet-EX 2022.9.0 embedded in UPC++ 2022.9.0 - any program using the ofi (cxi) network fails at startup with the quoted assertion; resolution (comment): GASNet-EX 2022.9.2 fixes it, the maintainers\' Perlmutter installs were patched, and users of their own older UPC++ builds can pull in the fixed GASNet with a configure option'

case(
    id='upcxx576-libfabric-upgrade-breaks-gasnet-ofi-init-mr-mode-assertion',
    kind='not_script',
    source=UPCXX_SOURCE,
    thread_site=UPCXX_SITE,
    what='a library defect exposed by a system software upgrade (GASNet\'s check of libfabric\'s memory-registration mode); the cure is a fixed library release or rebuilt install, not a change to the job script\'s directives, launch line or environment; the lines are the issue\'s quoted failure message (its `[...]` path elision kept); Perlmutter is one of the ten sites; assumed shape - a 2-node UPC++ application started by srun',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH -C cpu\n#SBATCH -q regular\n#SBATCH --nodes=2'], ['module load cray-mpich', 'module load upcxx'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --cpu-bind=cores ./memory_kinds_app']],
    log='''
*** FATAL ERROR: Assertion failure (proc 0): in gasnetc_ofi_init() at
[...]/ofi-conduit/gasnet_ofi.c:905: has_mr_scalable ==
!(info->domain_attr->mr_mode & FI_MR_ALLOCATED)
op1 : 1 (0x00000001) == has_mr_scalable
op2 : 0 (0x00000000) == !(info->domain_attr->mr_mode & FI_MR_ALLOCATED)
''',
)

case(
    id='ilifudiagnosing-job-status-launch-failed-requeued-held-file-ticket',
    kind='not_script',
    source=ILIFU_SOURCE,
    thread_site=ILIFU_SITE.split('; item')[0] + '; item "Unable to launch jobs in SLURM": "If the status of your job is `(launch failed requeued held)`, please file a ticket with support@ilifu.ac.za."',
    what='Slurm could not start the job on its node and held it - a node or controller problem the page sends to the centre, not something a change to the job script repairs; the line is the page\'s own status text; not one of the ten sites - a Slurm cluster - so diagnosed on Anvil (Slurm), as the ORTE case of the same page',
    cluster='anvil',
    script='bridges2_mpirun.sh',
    replace=[['#SBATCH -p GPU', '#SBATCH -p wholenode'], ['#SBATCH --gpus=v100-32:16\n', ''], ['source $PROJECT/venvs/hvd/bin/activate\n', ''], ['mpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py', 'mpirun -np $SLURM_NTASKS casa --nologger --nogui -c processMeerKAT/crosscal_scripts/setjy.py --config myconfig.txt']],
    log='''
(launch failed requeued held)
''',
)

case(
    id='cosmoguide-grib-month-with-both-uv-relative-flags-cfgrib-multiple-values-unique-key',
    kind='not_script',
    source=COSMO_SOURCE,
    thread_site=COSMO_SITE + '; item 12 "DatasetBuildError: multiple values for unique key (cfgrib / GRIB)": cause - certain months of the DWD COSMO-REA6 archive hold GRIB messages with both uvRelativeToGrid=0 and =1 in one file (valid GRIB2, but cfgrib cannot disambiguate); fix (already applied in transform.py) - a robust opener that retries with `filter_by_keys={\'uvRelativeToGrid\': 0}` then `=1`; known affected months 2005-02 and 2012-12',
    what='a property of the input data that the program\'s reader must handle; the fix is in the pipeline\'s code (the robust GRIB opener), not in the job script\'s directives, launch line or environment; the lines are the guide\'s own symptom block; diagnosed on Lonestar6 like the other case of this guide (one-node CPU job running the Python driver from the batch step)',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p normal'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\n', ''], ['source $WORK/venvs/torch/bin/activate', 'conda activate weather_env\nexport HDF5_USE_FILE_LOCKING=FALSE'], ['ibrun python train.py --epochs 10', 'python src/weather/tests/test_cosmo_one_year.py --year 2005 --ncores 94 --resume']],
    log='''
cfgrib.dataset.DatasetBuildError: multiple values for unique key,
try re-open the file with one of:
    filter_by_keys={'uvRelativeToGrid': 0}
    filter_by_keys={'uvRelativeToGrid': 1}
''',
)

# ---------------------------------------------------------------- SG-Nav reproduction on Hakusan (JAIST) README (2)

HAKUSAN_SOURCE = 'find_string:55675488202'
HAKUSAN_SITE = 'a course reproduction README "SG-Nav-GPT MP3D Reproduction on Hakusan" (JAIST\'s Hakusan GPU cluster, Slurm + Singularity/Apptainer; the run is `sbatch scripts/hakusan/sg_nav_hakusan.sbatch`, which runs the SIF image with the Habitat/GLIP stack), section Troubleshooting (a second stored copy of the project\'s notes, find_string 55587037134, is not cited separately)'
HAKUSAN_MAP = 'not one of the ten sites - a Slurm GPU cluster with Singularity - so diagnosed on Delta (Slurm, A100 nodes, Apptainer), one node, one GPU'
HAKUSAN_BASE = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=12:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'source "$HOME/.config/sg-nav/openai.env"\n']]

case(
    id='hakusanreadme-batch-shell-not-login-no-module-singularity-command-not-found',
    kind='script',
    source=HAKUSAN_SOURCE,
    thread_site=HAKUSAN_SITE + '; "`singularity: command not found`: run through `#!/bin/bash -l` and load `singularity` or `apptainer`."',
    what='the job script\'s shell has neither the module system initialised nor the container runtime loaded; the README\'s cure is in the job script (a login-shell shebang and a module load of singularity/apptainer), so labelled script; the line is the README\'s own error text; ' + HAKUSAN_MAP + '; assumed shape - a plain `#!/bin/bash` batch script calling singularity with no module load',
    cluster='delta',
    script='srun_python.sh',
    replace=HAKUSAN_BASE + [['srun python -u train.py --batch-size 256 --epochs 32', 'singularity exec --nv --bind "$PWD/assets:/workspace/assets" sg-nav_hakusan_readme.sif bash run_sg_nav.sh --split_l 0 --split_r 1 --num_episodes 10']],
    log='''
singularity: command not found
''',
    expect={'families': ['modules', 'containers', 'environment'], 'fix': r'(?m)^\+(?:#!/bin/bash\s+-l\b|\s*module\s+load\s+\S*(?:singularity|apptainer))'},
)

case(
    id='hakusanreadme-container-without-host-egl-libraries-egl-not-initialized-bind',
    kind='script',
    source=HAKUSAN_SOURCE,
    thread_site=HAKUSAN_SITE + '; "`EGL_NOT_INITIALIZED`: use `scripts/hakusan/sg_nav_hakusan.sbatch`, which binds NVIDIA EGL libraries."',
    what='Habitat-Sim\'s headless renderer cannot initialise EGL because the container does not see the host\'s NVIDIA EGL libraries; the README\'s cure is the project\'s job script, whose difference is binding those libraries into the container, so labelled script (DOUBTFUL in detail: the README does not print the bind line, so the exact library paths are the job\'s; any added bind of the host EGL/glvnd files counts); the line is the README\'s own error text; ' + HAKUSAN_MAP + '; assumed shape - a hand-written batch script that runs the SIF with `--nv` only',
    cluster='delta',
    script='srun_python.sh',
    replace=HAKUSAN_BASE + [['srun python -u train.py --batch-size 256 --epochs 32', 'module load apptainer\napptainer exec --nv --bind "$PWD/assets:/workspace/assets" sg-nav_hakusan_readme.sif bash run_sg_nav.sh --split_l 0 --split_r 1 --num_episodes 10']],
    log='''
EGL_NOT_INITIALIZED
''',
    expect={'families': ['containers', 'devices', 'environment'], 'fix': r'(?m)^\+.*(?:--bind|-B\s|SINGULARITY_BIND|APPTAINER_BIND|SINGULARITYENV_|APPTAINERENV_).*(?:EGL|egl|glvnd|nvidia)'},
)

# ---------------------------------------------------------------- GPU-miner consolidation handoff note (1)

ETM_SOURCE = 'find_string:70323736415'
ETM_SITE = 'a project handoff note "GPU-layer consolidation - handoff" (a two-GPU workstation, two RTX 3060, running the project\'s GPU benchmarks and 2-GPU tests in a container), "Open work" item 1: "Restore the second GPU. GPU 1 (0000:2B:00.0) fell off the bus on 2026-09-27 at 20:38 UTC; `nvidia-smi -L` reports \\"Unable to determine the device handle\\". It needs a host restart, which the container cannot do. While it is missing, NCCL init fails (the one-GPU paths skip NCCL) and every 2-GPU test skips."'

case(
    id='etmhandoff-second-gpu-fell-off-bus-unable-to-determine-device-handle-host-restart',
    kind='not_script',
    source=ETM_SOURCE,
    thread_site=ETM_SITE,
    what='hardware: a GPU dropped off the PCIe bus and only a host restart brings it back; no job-script change repairs it (the multi-GPU work waits for the repair); the line is the note\'s own quote of nvidia-smi; not one of the ten sites - a two-GPU workstation - so diagnosed on Lonestar6 as a one-node job asking for two GPUs and running the project\'s 2-GPU verification from the batch step (as reallogs33 mapped single machines)',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['source $WORK/venvs/torch/bin/activate', 'cd $WORK/et-miner'], ['ibrun python train.py --epochs 10', 'uv run python bench/runner.py --mode verify --out bench/results/consolidation-verify-2gpu']],
    log='''
Unable to determine the device handle
''',
)
