# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
IBRUN = 'ibrun python train.py --epochs 10'
SRUN_TR = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'

# ---------------------------------------------------------------- script cases

case(
    id='parsl3043-perlmutter-sbatch-unrecognized-option-nonsense',
    kind='script',
    source='https://github.com/Parsl/parsl/pull/3043',
    thread_site='NERSC Perlmutter; Parsl\'s SLURM provider submits a multi-node HighThroughputExecutor block; the PR author put `#SBATCH --nonsense` into the provider\'s scheduler_options on purpose to check how an sbatch refusal reaches the user, and quotes the exception after the PR (the sbatch error text is carried into it)',
    what='the batch script carries a directive sbatch does not know, so sbatch refuses the whole script before anything is queued; the fix is in the job script (remove or correct the unknown `#SBATCH` option); the directive was put there deliberately for the test, but the output is the real one; assumed shape - the Perlmutter GPU srun job with the extra directive, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -t 02:00:00', '#SBATCH -t 02:00:00\n#SBATCH --nonsense']],
    log='''
parsl.executors.errors.BadStateException: Executor PM_HTEX_multinode failed due to: Error 1:
        Failed to start block 0: Cannot launch job parsl.PM_HTEX_multinode.block-0.1706699269.6424484: Could not read job ID from submit command standard output; recode=255, stdout=, stderr=sbatch: unrecognized option '--nonsense'
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^-#SBATCH --nonsense\s*$'},
)

case(
    id='casm238-nersc-sbatch-no-architecture-specified',
    kind='script',
    source='https://github.com/prisms-center/CASMcode/issues/238',
    thread_site='NERSC (Cori, the Slurm system Perlmutter replaced; the prompt in the thread is a cor* login node); CASM\'s `casm-calc` submits VASP relaxation jobs through prisms_jobs\' Slurm interface; the submission is refused and prisms_jobs then fails on its own error handling (a TypeError while concatenating the message); the issue has no reply',
    what='DOUBTFUL - the thread has no answer, but the message is the NERSC submit filter\'s: the job names no node architecture (`-C`/`--constraint`, knl/haswell on Cori, gpu/cpu on Perlmutter), so no job cost can be computed and the job is refused; the fix is in the job script (add the constraint); assumed shape - the Perlmutter srun job without its `#SBATCH -C gpu` line, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -C gpu\n', '']],
    log='''
sbatch: error: No architecture specified, cannot estimate job costs.
TypeError: can only concatenate str (not "NoneType") to str
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+#SBATCH (-C|--constraint)[= ]?\S+'},
)

case(
    id='yank1184-intel-mpiexec-hydra-configfile-argv-assert',
    kind='script',
    source='https://github.com/choderalab/yank/issues/1184',
    thread_site='a university Slurm GPU cluster (node015, one node with 4 GPUs); the job script runs `mpiexec.hydra -configfile configfile` where the config file has four lines `-np 1 -env CUDA_VISIBLE_DEVICES <i> yank script --yaml=p-xylene-explicit.yaml`; mpiexec.hydra (Intel MPI\'s, installed with mpi4py from conda) stops while parsing its arguments; the maintainer suspects the mpiexec call never reaches YANK and points to their own generated config files; no confirmed fix in the thread',
    what='DOUBTFUL - the launcher refuses its own command line before any rank starts (the argument parser finds no program to run), so the problem is in how the job script starts mpiexec.hydra (config-file form/syntax for this MPI, or which mpiexec is used), not in the program; the fix is on the launch line (e.g. `srun`/`mpiexec -n 4 ...` with the per-rank GPU set by the task environment, or a config file in the form this mpiexec reads); assumed shape - the one-node srun python job on Delta with the launch line replaced by the thread\'s `mpiexec.hydra -configfile configfile`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n', ''], ['#SBATCH --cpus-per-task=8', '#SBATCH --cpus-per-task=4'], [SRUNPY, 'mpiexec.hydra -configfile configfile']],
    log='''
[mpiexec@node015] mpiexec_get_parameters (../../../../../src/pm/i_hydra/mpiexec/mpiexec_params.c:1233): assert (my_argv[1] != NULL) failed
[mpiexec@node015] main (../../../../../src/pm/i_hydra/mpiexec/mpiexec.c:1745): error parsing parameters
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^-mpiexec\.hydra -configfile configfile\s*$'},
)

case(
    id='autowrfchem42-mpirun-execvp-wrf-exe-not-in-path',
    kind='script',
    source='https://github.com/CohenBerkeleyLab/AutoWRFChem-Base/issues/42',
    thread_site='a university cluster (the hydra proxy runs on host log03); AutoWRFChem\'s `runwrf` script starts the model with `mpirun -np $ntasks wrf.exe` after `./autowrfchem run --ntasks=140`; the reporter gives the cause and the fix in the issue: `wrf.exe` is not on PATH and is not given with a path, so the launch line must be `mpirun -np $ntasks ./wrf.exe`',
    what='the MPI launcher cannot find the program because the launch line names `wrf.exe` without a path and the run directory is not on PATH; the fix is in the job script (`./wrf.exe` or an absolute path on the mpirun line); assumed shape - a 140-rank CPU MPI job on Anvil started by the Intel MPI mpirun with the bare program name, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH --ntasks=140'], ['module load cray-mpich', 'module load intel impi'], [MPIAPP, 'mpirun -np $SLURM_NTASKS wrf.exe']],
    log='''
[proxy:0:0@log03] HYDU_create_process (../../utils/launch/launch.c:825): execvp error on file wrf.exe (No such file or directory)
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+.*\s(\./|/\S*/|\$\{?\w+\}?/)wrf\.exe\b'},
)

case(
    id='nccltests219-socket-ifname-differs-between-nodes',
    kind='script',
    source='https://github.com/NVIDIA/nccl-tests/issues/219',
    thread_site='two GPU servers whose Ethernet interfaces have different names (enp6s0 on one, enp4s0 on the other); nccl-tests across both machines with `NCCL_SOCKET_IFNAME` set to one name fails with the error in the title; the NCCL maintainer says different interface names are not supported by one setting and suggests a per-host setting; the reporter fixes it by listing both names in NCCL_SOCKET_IFNAME (as in NVIDIA/nccl#286), after which the test runs',
    what='the job environment pins NCCL\'s bootstrap interface to a name that exists on only one of the nodes, so the other node finds no usable interface and NCCL initialisation fails; the fix is in the job script (list both interface names, use an exclusion pattern, or drop the setting); the excerpt is the one error line the thread gives as text (the rest is a screenshot); assumed shape - an srun nccl-tests job over two Delta nodes with `export NCCL_SOCKET_IFNAME=enp6s0`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=2'], ['export MASTER_PORT=12802', 'export MASTER_PORT=12802\nexport NCCL_SOCKET_IFNAME=enp6s0'], [SRUNPY, 'srun ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 1']],
    log='''
Test NCCL failure common.cu:959 'internal error - please report this issue to the NCCL developers / '
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^(\+export NCCL_SOCKET_IFNAME=(\S*,\S*|\^\S*|enp?)\s*$|-export NCCL_SOCKET_IFNAME=enp6s0\s*$)'},
)

case(
    id='curcdoc562-job-submit-invalid-gres-input',
    kind='script',
    source='https://github.com/ResearchComputing/Documentation/pull/562',
    thread_site='CU Boulder Research Computing (Alpine, Slurm with a job_submit.lua filter on the GPU partitions); the merged documentation PR adds a page of the filter\'s error messages with their meaning and fix; for this message the page says an invalid `--gres` option was given and the fix is to check the spelling of the `--gres` input and resubmit (the message is quoted without the page\'s markdown code marks)',
    what='the job\'s GRES request is misspelt, so the submit filter refuses it before queueing; the fix is in the job script (a correctly spelt `--gres=gpu:N`, or `--gpus-per-node=N`); assumed shape - the one-node srun python job on Delta asking `#SBATCH --gres=gpus:4` instead of its GPU request; Alpine\'s own filter text is kept and the job is diagnosed as on Delta (same Slurm GRES syntax)',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gres=gpus:4']],
    log='''
An invalid --gres input was provided.
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH (--gres=gpu(:[a-z0-9_]+)?:4|--gpus-per-node=4|--gpus=4|-G ?4)\s*$'},
)

# ---------------------------------------------------------------- script cases found as users' notes (find_string; the tool shows no repository)

case(
    id='polarisnote-qsub-account-name-required',
    kind='script',
    source='find_string:46383091809',
    thread_site='a user\'s production notes for ALCF Polaris ("Polaris Cluster Info and Command Guide (Production)", last updated 2026-02-10, written on polaris-login-02; found with the code search, text id 46383091809, the tool shows no repository name); under "Required PBS fields on Polaris" the note lists the errors seen when fields were omitted and the minimum lines every batch job must carry (`#PBS -A <PROJECT>` and `#PBS -l filesystems=home:eagle`)',
    what='the job names no project allocation, so PBS refuses it at submission; the fix is in the job script (add `#PBS -A <project>`); assumed shape - the Polaris mpiexec job without its `#PBS -A` line, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -A MyProject\n', '']],
    log='''
Account_Name is required to be set.
''',
    # s38relabel: PBS says only that Account_Name is unset; the project allocation is the user's, in neither log, script nor the Polaris profile: the right answer asks for it
    expect={'families': ['scheduler'], 'ask': True, 'ask_for': ['account']},
)

case(
    id='alcfgcnote-select-spec-place-invalid',
    kind='script',
    source='find_string:62465745817',
    thread_site='a user-written skill/notes page on Globus Compute multi-node fan-out on ALCF Polaris and Crux (front matter "last_verified: 2026-06"; found with the code search, text id 62465745817, no repository name shown); its pitfalls section says that putting `place=scatter` inside the select options makes qsub refuse the job with this message, and that the fix is a separate `#PBS -l place=scatter` directive (the select statement keeps only chunk resources)',
    what='the job script puts the placement attribute inside the `select` chunk specification, where PBS does not accept it, so qsub rejects the job; the fix is in the job script (keep `select=N:system=polaris` and request `-l place=scatter` as its own directive); assumed shape - the Polaris mpiexec job with `#PBS -l select=2:system=polaris:place=scatter` and no separate place line, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris\n#PBS -l place=scatter', '#PBS -l select=2:system=polaris:place=scatter']],
    log='''
Resource invalid in 'select' specification: place
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+#PBS -l select=(?!\S*place=)\S+\s*$'},
)

case(
    id='pbsjobsh-shared-hostfile-race-pals-cannot-place-ranks',
    kind='script',
    source='find_string:63021726031',
    thread_site='a user\'s PBS workflow runner script for ALCF Polaris (workloads/job.sh of an I/O-tracing project, debug and debug-scaling queues; found with the code search, text id 63021726031, no repository name shown); a comment in the script records the failure and the fix: the script wrote the workload hostfile to one fixed path on shared Lustre, several of the user\'s jobs ran at the same time, a concurrent job overwrote the file between writing and mpiexec reading it, and PALS failed with this message; the fix suffixes the hostfile (and other run paths) with the PBS job id',
    what='the job script writes its mpiexec hostfile to a fixed path shared by all of the user\'s jobs, so two jobs running at once overwrite each other\'s node list and PALS cannot place the ranks on the nodes the file names; the fix is in the job script (a per-job hostfile path, e.g. with ${PBS_JOBID} or mktemp); the failure only appears when jobs overlap; assumed shape - the Polaris mpiexec job that writes `$HOME/run/_wl_hostfile` from $PBS_NODEFILE and passes it to mpiexec, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))', 'NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nHOSTFILE=$HOME/run/_wl_hostfile\nsort -u $PBS_NODEFILE > $HOSTFILE'], [POL, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --hostfile $HOSTFILE --depth=16 --cpu-bind depth python train.py']],
    log='''
Cannot place all ranks on node list
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^\+\s*HOSTFILE=.*(PBS_JOBID|mktemp|\$\$|JOB_SUFFIX)'},
)

case(
    id='nerscrunrecord-srun-own-allocation-no-architecture',
    kind='script',
    source='find_string:56920507172',
    thread_site='a user\'s "NERSC Run Record" note in a JAX turbulence project (Perlmutter, CPU runs; found with the code search, text id 56920507172, no repository name shown); the note lists the project\'s failed runs from its logs - two failed on a missing Python script path, and the stage-2 validation failed before execution with the two srun lines quoted here, which the note classifies as a resource-allocation configuration failure, not an out-of-memory; the original Slurm scripts are not in the archive',
    what='DOUBTFUL - the job scripts are not available and the note gives only the class: the srun request that had to create its own allocation named no node type (`-C cpu`/`-C gpu`), and NERSC refuses allocations without one; the fix is in the launching script (add the constraint to the srun/salloc request, or run the step inside the batch job that has it); the same message class as casm238 but from srun allocating by itself; assumed shape - a Perlmutter driver script run from a login node whose srun line asks for its own allocation (QOS, account, time) without a constraint, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g\n#SBATCH -C gpu\n#SBATCH -q regular\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32\n#SBATCH -t 02:00:00\n', ''], ['module load pytorch/2.3.1', 'module load python'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], [PM, 'srun -A m0000 -q debug -N 1 -n 1 -t 00:30:00 python results/validate_stage2.py --alpha 0.8 --res 128']],
    log='''
srun: error: No architecture specified, cannot estimate job costs.
srun: error: Unable to allocate resources: Unspecified error
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^(\+.*\bs(run|alloc|batch)\b.*(\s-C\s*\S+|--constraint[= ]\S+)|\+#SBATCH (-C|--constraint)[= ]?\S+)'},
)

case(
    id='fondue5-kraken-segtrain-srun-task-out-of-memory-script-corrections',
    kind='script',
    source='https://github.com/FoNDUE-HTR/Documentation/issues/5',
    thread_site='UNIGE Yggdrasil (Slurm, shared-gpu partition); a kraken `ketos segtrain` GPU training job whose script asks `--gpus=pascal:1`, `--mem=0`, loads `GCCcore/10.2.0 Python/3.8.6` and activates a virtualenv; the srun step is killed for memory at the first training stage (the reporter had started the script with `bash` from a shell on the GPU node); a maintainer answers that the script should load the modules kraken was installed with (fosscuda/2020b, Python/3.8.6) and should not restrict the job to pascal GPUs, which Yggdrasil does not have; the reporter corrects the scripts, submits with sbatch, and it works',
    what='DOUBTFUL - the thread does not isolate which correction removed the out-of-memory kill (modules, GPU type, or submitting with sbatch instead of running the script in a shell), but every correction is in the job script, and the job then runs; the right fix changes the module line to the stack the environment was built with and drops the GPU type the cluster does not have; assumed shape - the thread\'s script on Delta (gpuA100x4 standing for shared-gpu; Delta has no pascal GPUs either), diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8\n#SBATCH --time=02:00:00', '#SBATCH --partition=gpuA100x4\n#SBATCH --time=01:00:00\n#SBATCH --gpus=pascal:1\n#SBATCH --output=kraken-%j.out\n#SBATCH --mem=0'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802', 'module load GCCcore/10.2.0 Python/3.8.6\nsource ~/kraken-env/bin/activate\nOUTPUT_NAME="output_name"\nXML_FOLDER="$HOME/Documentation/data"\necho "KETOS training"'], [SRUNPY, 'srun ketos segtrain -o $OUTPUT_NAME -f alto -d cuda "${XML_FOLDER}/*.xml"']],
    log='''
KETOS training
stage 1/50
Traceback (most recent call last):
  File "/home/users/g/gabays/kraken-env/lib/python3.8/site-packages/torch/utils/data/dataloader.py", line 990, in _try_get_data
srun: error: gpu001: task 0: Out Of Memory
''',
    expect={'families': ['resources', 'modules'], 'fix': r'(?m)^(-#SBATCH --gpus=pascal:1\s*$|-module load GCCcore/10\.2\.0 Python/3\.8\.6\s*$)'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='toil4743-sbatch-io-error-writing-script-environment',
    kind='not_script',
    source='https://github.com/DataBiosphere/toil/issues/4743',
    thread_site='a Slurm cluster used by the Toil workflow engine\'s developers; one of the workflow\'s sbatch submissions failed with this message and Toil went on waiting for a job that was never queued; the issue is about Toil not stopping, and says nothing more about the cause of the sbatch failure',
    what='DOUBTFUL - the thread does not say what caused the refusal; the message is the controller\'s: slurmctld could not write the job\'s script/environment to its state-save storage (a full or failing file system on the controller side), so nothing in the job script can fix it - resubmitting once the controller is healthy is the remedy; assumed shape - a one-node srun python job submitted on Delta, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
exit status 1: sbatch: error: Batch job submission failed: I/O error writing script/environment to file
''',
)

case(
    id='clustermanagers83-srun-unrecognized-option-enable-threaded-blas',
    kind='not_script',
    source='https://github.com/JuliaParallel/ClusterManagers.jl/issues/83',
    thread_site='a university Slurm cluster; a batch job (`--nodes 2`, `--ntasks-per-node 4`, `ml load julia/0.6`, `julia ./slurm.jl`) where the Julia program calls `addprocs(SlurmManager(2))`, which runs srun itself; Julia 0.6.2 with ClusterManagers 0.1.2; the maintainer says it is fixed on master but not released, and the reporter confirms `Pkg.checkout("ClusterManagers")` fixes it',
    what='the package passes a Julia command-line flag (`--enable-threaded-blas=false`) to srun instead of to the worker julia, so srun refuses it; a bug in the library version installed, fixed by updating the package - the batch script is correct; assumed shape - the thread\'s own batch script (CPU job, 2 nodes x 4 tasks) on Anvil, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=4'], ['#SBATCH --cpus-per-task=2\n', ''], ['#SBATCH --time=06:00:00', '#SBATCH --time=1'], ['module load cray-mpich', 'ml load julia/0.6'], [MPIAPP, 'julia ./slurm.jl']],
    log='''
srun: unrecognized option '--enable-threaded-blas=false'
''',
)

case(
    id='slurmclustermanager64-julia05-worker-version-read-failed',
    kind='not_script',
    source='https://github.com/JuliaParallel/SlurmClusterManager.jl/issues/64',
    thread_site='a small Slurm cluster (CentOS); `using ClusterManagers; addprocs_slurm(1)` worked with Julia 0.4 and fails since Julia 0.5: the srun step is allocated, the worker starts and exits at once, and the master reports the failed handshake; a second user reports the same on another cluster; the title says it broke with the Julia upgrade',
    what='DOUBTFUL - no fix is confirmed in the part read; the worker julia exits during the master-worker handshake right after an upgrade of Julia, i.e. a version incompatibility between the ClusterManagers package and Julia 0.5 (the library), not the job\'s resource request or launch line; assumed shape - a one-node CPU batch job on Bridges-2 (RM partition) running the Julia driver that calls addprocs_slurm, diagnosed as on Bridges-2',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH -p RM'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=2'], ['module load cray-mpich', 'module load julia'], [MPIAPP, 'julia -e \'using ClusterManagers; addprocs_slurm(1)\'']],
    log='''
srun: job 900 queued and waiting for resources
srun: job 900 has been allocated resources
Worker 2 terminated.
ERROR (unhandled task failure): Version read failed. Connection closed by peer.
 in process_hdr(::TCPSocket, ::Bool) at ./multi.jl:1410
srun: error: worker50: task 0: Exited with exit code 1
''',
)

case(
    id='nbodykit623-stampede2-ibrun-multinode-padd-plan-valueerror',
    kind='not_script',
    source='https://github.com/bccp/nbodykit/issues/623',
    thread_site='TACC Stampede2 (Slurm, ibrun); the nbodykit example script (generating a log-normal catalog) started with `ibrun python3 Nbodykit_Test.py` works on one node and on the user\'s own machine, and fails on more than one node; the maintainer asks how ibrun and the MPI stack were set up; no fix in the part read',
    what='DOUBTFUL - the ranks start and run (the failure is a Python ValueError inside the library\'s domain decomposition when data are spread over more than one node), so the launch works; the error is in the library/user-code path for this data layout, not in the job script; assumed shape - the TACC ibrun job on two Stampede3 nodes running the example, diagnosed as on Stampede3',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['#SBATCH -n 6', '#SBATCH -n 96'], ['module load cuda/12.2\n', ''], [IBRUN, 'ibrun python3 Nbodykit_Test.py']],
    log='''
ValueError: cannot work out a plan to padd items. Some front values are too large.
''',
)

case(
    id='jdftx336-polaris-mpi-abort-cholesky-all-runs',
    kind='not_script',
    source='https://github.com/shankar1729/jdftx/issues/336',
    thread_site='ALCF Polaris (PBS, PALS mpiexec, Cray MPICH); the user\'s own GPU build of JDFTx; every job aborts with MPI_Abort from the ranks, and JDFTx\'s stack trace file shows the abort in `cholesky` called from `orthoMatrix` / `ElecVars::orthonormalize` (the same user\'s neighbouring threads are about building JDFTx on Polaris and NaN energies over two nodes); the resolution is not in the part read',
    what='DOUBTFUL - the ranks launch and the program itself calls MPI_Abort after a failed Cholesky factorisation in its electronic-variable orthonormalisation (a numerical failure of the program or of the user\'s GPU build/libraries), so the launch script is not what fails; assumed shape - the Polaris mpiexec job running the JDFTx GPU binary, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[POL, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth /home/cbu/jdftx/build/jdftx_gpu -i clean.in -o clean.out']],
    log='''
MPICH ERROR [Rank 1] [job id f1ce81c3-6a27-482f-bc31-942246dcb469] [Wed Jun  5 19:47:53 2024] [x3109c0s19b1n0] - Abort(1) (rank 1 in comm 0): application called MPI_Abort(MPI_COMM_WORLD, 1) - process 1
MPICH ERROR [Rank 3] [job id f1ce81c3-6a27-482f-bc31-942246dcb469] [Wed Jun  5 19:47:53 2024] [x3109c0s19b1n0] - Abort(1) (rank 3 in comm 0): application called MPI_Abort(MPI_COMM_WORLD, 1) - process 3
x3109c0s19b1n0.hsn.cm.polaris.alcf.anl.gov: rank 3 exited with code 255
x3109c0s19b1n0.hsn.cm.polaris.alcf.anl.gov: rank 1 died from signal 15
/home/cbu/jdftx/build/libjdftx_gpu.so(_Z8choleskyRK6matrixb+0x372) [0x147e12f94d72]
/home/cbu/jdftx/build/libjdftx_gpu.so(_Z11orthoMatrixRK6matrix+0xdc) [0x147e12f9549c]
''',
)

case(
    id='inferencex902-h200-dgxc-salloc-invalid-gres-after-cluster-update',
    kind='not_script',
    source='https://github.com/SemiAnalysisAI/InferenceX/pull/902',
    thread_site='a company\'s H200 DGX Cloud Slurm cluster used as a CI runner; the PR only changes a container image path after an update of the cluster; the CI agent\'s report on the PR says both test runs failed at `salloc --gres=gpu:8` (line 237 of the launch script), before the changed path was used, and calls it a Slurm cluster infrastructure issue, not the PR\'s change',
    what='DOUBTFUL - only the CI agent\'s analysis, no admin answer: the same `--gres=gpu:8` request worked before the cluster was updated, and every job now fails at allocation, i.e. the cluster\'s GRES configuration changed or broke; nothing in the job\'s request is new, so it is not labelled a script fault; assumed shape - a one-node 8-GPU torchrun job on Delta\'s H200 nodes asking `--gres=gpu:8`, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gres=gpu:8'], ['--nproc_per_node=4', '--nproc_per_node=8']],
    log='''
salloc: error: Invalid generic resource (gres) specification
''',
)

case(
    id='dlafuture1227-alps-qos-max-submit-job-per-user-limit',
    kind='not_script',
    source='https://github.com/eth-cscs/DLA-Future/pull/1227',
    thread_site='CSCS Alps (todi, GH200 nodes, Slurm); the project\'s benchmark generator submits one sbatch job per configuration in a loop; after many submissions sbatch refuses the next ones; the PR makes the script report the refusal instead of staying silent',
    what='the user already has as many jobs queued as the QOS allows (`QOSMaxSubmitJobPerUserLimit`); each job script is fine and is accepted once earlier jobs leave the queue - a per-user submit quota, not a script fault; assumed shape - a one-node GH200 srun job on DeltaAI, diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    log='''
Job submission failed with return code 1
sbatch: error: QOSMaxSubmitJobPerUserLimit
''',
)

case(
    id='deepops919-prolog-sudo-sh-not-found-every-job-fails',
    kind='not_script',
    source='https://github.com/NVIDIA/deepops/issues/919',
    thread_site='a DeepOps-installed Slurm cluster with enroot/pyxis (Ubuntu 18/20 nodes); every batch job fails to start and the nodes go to DRAIN, the DeepOps validation job included; the reporter finds the error in the prolog/epilog log and fixes it by changing `sh -c` to `/usr/bin/sh -c` in the enroot prolog and epilog scripts (/etc/slurm/prolog.d/50-all-enroot-dirs, epilog.d/50-lastuserjob-all-enroot-dirs); the maintainer notes the prolog expects the usual PATH',
    what='the node prolog (site configuration run by slurmd before every job) fails because `sh` is not on the PATH it runs with, so all jobs fail and the nodes drain whatever the job script says; fixed in the cluster\'s prolog/epilog scripts by an administrator - not in the job script; assumed shape - the pyxis srun job on one Delta node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
++ sudo -u root sh -c 'echo "/run/enroot/user-$(id -u)"'
sudo: sh: command not found
+ runtime_path=
''',
)

case(
    id='jade168-intermittent-nccl-error-2-same-code-other-run-works',
    kind='not_script',
    source='https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/168',
    thread_site='JADE2 (a UK Tier-2 Slurm GPU cluster of DGX-type V100 nodes); a PyTorch DDP training job sometimes fails after it has started with an NCCL error in the backward pass; the reporter submitted the unchanged code twice, one run finished and the other failed; the part of the thread read gives no cause',
    what='DOUBTFUL - no cause is given in the part read; the same script and code sometimes run and sometimes fail in the middle of training (NCCL "unhandled system error" inside loss.backward), which points at the node or the interconnect/NCCL set-up on the nodes it landed on, not at the job script; assumed shape - the single-node srun python DDP job on Delta, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[[SRUNPY, 'srun python -u main.py']],
    log='''
RuntimeError: NCCL Error 2: unhandled system error
Traceback (most recent call last):
  File "/jmain02/home/J2AD009/ttl04/mxs63-ttl04/pycharm_sync/LogicGuidedSSL/main.py", line 362, in <module>
  File "/jmain02/home/J2AD009/ttl04/mxs63-ttl04/pycharm_sync/LogicGuidedSSL/train.py", line 201, in run_train
    loss.backward()
''',
)

case(
    id='cbio144-torque-gpu-job-error-selecting-compatible-gpu-busy',
    kind='not_script',
    source='https://github.com/cBio/cbio-cluster/issues/144',
    thread_site='the MSKCC cBio cluster (Torque/Moab, GTX TITAN GPU nodes in exclusive-thread compute mode); at the administrators\' request the user\'s batch scripts set `CUDA_VISIBLE_DEVICES` from `$PBS_GPUFILE`; afterwards some jobs start and run while others are cancelled at once with the GPU-selection error and leave the queue; the job output shows the GPU Torque assigned (gpu-2-16-gpu1, i.e. device 1) and nvidia-smi; no resolution in the part read',
    what='DOUBTFUL - the cause is not stated in the part read: the job uses exactly the GPU the scheduler assigned it (the administrators\' own recipe) and that GPU, in exclusive compute mode, is already held by another process, so the job cannot open it; that is the scheduler\'s GPU bookkeeping or a leftover process on the node, not something the job script can fix (the same script runs when it lands on a free GPU); assumed shape - a one-node PBS GPU job on Polaris, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris']],
    log='''
gpu-2-16-gpu1
gpu-2-16.local
Error selecting compatible GPU all CUDA-capable devices are busy or unavailable
''',
)

case(
    id='singularity4783-v342-nv-libcuda-not-bound',
    kind='not_script',
    source='https://github.com/apptainer/singularity/issues/4783',
    thread_site='a CentOS 7.7 GPU machine of the CMS software group (cvmfs, Singularity 3.4.2 from EPEL); a CUDA test program run with `singularity -s exec --nv /cvmfs/cms-ib.cern.ch/docker/cmssw/cc7:amd64 ...` stops loading libcuda; it worked with the earlier Singularity, and works again when the host\'s libcuda files are bound by hand (`-B /usr/lib64/libcuda.so -B /usr/lib64/libcuda.so.1 ...`); the title says NVIDIA support stopped working with 3.4.2',
    what='DOUBTFUL - the thread\'s resolution is not in the part read; the command already asks for `--nv`, and the runtime\'s NVIDIA library binding stopped providing libcuda after the container-runtime upgrade (a regression of that Singularity release, worked around by explicit binds) - the job script\'s container launch is correct, so it is not labelled a script fault; assumed shape - one srun task on a Delta GPU node running the CUDA test inside the image with `--nv`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], [SRUNPY, 'srun singularity -s exec --nv /cvmfs/cms-ib.cern.ch/docker/cmssw/cc7:amd64 ./test/slc7_amd64_gcc820/test_detid']],
    log='''
./test/slc7_amd64_gcc820/test_detid: error while loading shared libraries: libcuda.so.1: cannot open shared object file: No such file or directory
''',
)

case(
    id='oceananigans5863-nccl-ext-host-mpi-allreduce-on-device-buffers-segfault',
    kind='not_script',
    source='https://github.com/CliMA/Oceananigans.jl/pull/5863',
    thread_site='a Slurm GPU cluster (2x A100, the MPI ranks started by MPICH\'s hydra launcher inside the allocation); Oceananigans\' NCCLDistributed architecture, v0.110.14 and main; the merged PR describes two run-time failures of the package\'s NCCL extension and fixes both in the package: the one quoted here is a segfault when distributed field reductions hand small device arrays to a host MPI library that is not CUDA-aware (fixed by staging them through host memory)',
    what='the program crashes inside MPI\'s host memcpy because the library passes GPU buffers to a non-CUDA-aware MPI call; a bug in the package\'s code path, fixed by the PR - the launch and resources of the job are not involved; assumed shape - a one-node, two-rank GPU job on Delta whose ranks are started by mpiexec inside the allocation, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=2'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], [SRUNPY, 'mpiexec -n 2 julia --project distributed_run.jl']],
    log='''
__memmove_evex_unaligned_erms at /lib64/libc.so.6
MPIR_Typerep_unpack ... libmpi.so
Allreduce! at ext/OceananigansNCCLExt/nccl_distributed.jl:20
all_reduce! at src/DistributedComputations/partition_assemble.jl:8
maybe_all_reduce! at src/DistributedComputations/distributed_fields.jl:168
''',
)

case(
    id='mpich6687-perlmutter-pmi2-kvs-get-nonexist-key-then-hang',
    kind='not_script',
    source='https://github.com/pmodels/mpich/issues/6687',
    thread_site='NERSC Perlmutter; a user-built MPICH (not the system cray-mpich) used for an 8192-process run over 128 nodes; the job prints the two PMI2 messages at start and then hangs for the rest of the run; the MPICH developer explains that the messages are expected and harmless (the `-NONEXIST-KEY` lookup is how MPICH builds a barrier on PMI2) and asks how MPICH was built; the hang is not resolved in the part read',
    what='DOUBTFUL - the printed errors are a documented, harmless side effect of the MPI library\'s PMI2 barrier, and the real problem (a hang of a large run with a user-built MPICH) is in the MPI library build/configuration or the application, not in the job script; assumed shape - a 128-node Perlmutter CPU job started by srun with PMI2, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g', '#SBATCH -A m0000'], ['#SBATCH -C gpu', '#SBATCH -C cpu'], ['#SBATCH -N 1', '#SBATCH -N 128'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=64'], ['#SBATCH --gpus-per-node=4\n', ''], ['#SBATCH -c 32', '#SBATCH -c 4'], ['module load pytorch/2.3.1', 'export PATH=$HOME/mpich/_inst/bin:$PATH'], [PM, 'srun --mpi=pmi2 --cpu-bind=cores ./app input.cfg']],
    log='''
PMI2_KVS_Get:_pmi2_kvs_get failed
_pmi2_kvs_get:key [-NONEXIST-KEY] was not found.
''',
)

case(
    id='clustermanagers23-slurmmanager-methoderror-all-to-all',
    kind='not_script',
    source='https://github.com/JuliaParallel/ClusterManagers.jl/issues/23',
    thread_site='a Slurm cluster (the user\'s first HPC steps); `addprocs(SlurmManager(2), partition="debug", t="00:5:00")` from Julia fails while launching the Slurm job; the maintainer says the bug is fixed on the package\'s master and asks the user to check it out; the user confirms the problem is solved once the local package matches master',
    what='the package version installed builds its launch incorrectly (a MethodError inside ClusterManagers while starting the Slurm workers); fixed by updating the library, not by changing any resource request or launch line of the job; assumed shape - a CPU batch job on Lonestar6 whose Julia driver adds two Slurm workers, diagnosed as on Lonestar6',
    cluster='lonestar6',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH -p development'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=2'], ['#SBATCH --cpus-per-task=2\n', ''], ['#SBATCH --time=06:00:00', '#SBATCH --time=00:10:00'], ['module load cray-mpich', 'module load julia'], [MPIAPP, 'julia -e \'using ClusterManagers; addprocs(SlurmManager(2), partition="debug", t="00:5:00")\'']],
    log='''
Error launching Slurm job:
MethodError(length,(:all_to_all,))
0-element Array{Int64,1}
''',
)

case(
    id='oneccl109-ccl-worker-count-two-psm3-recv-length-assertion',
    kind='not_script',
    source='https://github.com/uxlfoundation/oneCCL/issues/109',
    thread_site='a single machine with Intel MPI (PSM3 provider); oneCCL\'s own CPU allreduce example, changed only to use a 100x larger buffer, runs with `CCL_WORKER_COUNT=1` and aborts in the transport with `CCL_WORKER_COUNT=2` (`CCL_WORKER_COUNT=2 mpirun -np 2 examples/cpu/cpu_allreduce_test`); the issue is closed; the fix is not in the part read',
    what='DOUBTFUL - the resolution is not in the part read; the library\'s own example fails inside the MPI transport (a message-length assertion in PSM3) only when oneCCL uses more than one worker thread, i.e. a bug in oneCCL/the transport for that setting, not a launch-script fault (dropping the worker-count setting would only be a workaround); assumed shape - a one-node Aurora PBS job running the oneCCL example with two ranks and `CCL_WORKER_COUNT=2`, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['NRANKS_PER_NODE=12', 'NRANKS_PER_NODE=2\nexport CCL_WORKER_COUNT=2'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} examples/cpu/cpu_allreduce_test']],
    log='''
[1705415958.879795729] machine:rank1.cpu_allreduce_test: Reading from remote process' memory failed. Disabling CMA support
machine:rank1: Assertion failure at psm3/ptl_am/ptl.c:196: nbytes == req->req_data.recv_msglen
''',
)

case(
    id='ucx11885-gb200-partition-gdr-copy-pin-einval-node-provisioning',
    kind='not_script',
    source='https://github.com/openucx/ucx/pull/11885',
    thread_site='NVIDIA\'s internal Slurm "DL cluster" used by UCX CI; the PR moves a GPU test job onto a newly added GB200 partition (aarch64, gb-nvl-* nodes); the CI triage report on the PR says two of four workers aborted with a UCX fatal error while registering CUDA memory (gdr_copy pinning fails with EINVAL) and two hung on a SysV shared-memory error until Jenkins killed them after about three hours, and concludes that the new nodes are not provisioned for UCX\'s GPU/shared-memory transports (gdrdrv/peermem, IPC in the srun container) - a node/CI configuration fix, not a code change',
    what='DOUBTFUL - the analysis is the CI agent\'s, with no administrator\'s confirmation in the part read: GPU memory pinning through gdr_copy fails on the new nodes (driver module missing or misconfigured) while the same job passes on the old partition, so the fault is in the nodes\' provisioning; switching the transport off in the job environment would only be a workaround; assumed shape - a one-node GH200 srun test job on DeltaAI (aarch64 Grace-Hopper, the closest of the ten sites), diagnosed as on DeltaAI',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[[SRUNPY, 'srun ./test/gtest/gtest --gtest_filter=*cuda*']],
    log='''
gdr_copy_md.c:211 UCX ERROR GPU memory pin failed. length 65536 ret 22 pin_flags 0
''',
)
