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

# ---------------------------------------------------------------- Supek (SRCE, PBS Pro) experiment README (2)

SUPEK_SOURCE = 'find_string:67124150562'
SUPEK_SITE = 'a thesis project\'s "Running the experiments on Supek (SRCE HPC)" README (University of Zagreb Supek, HPE Cray, PBS Pro: qsub/qstat; jobs start python experiment drivers from the batch step after `cd $PBS_O_WORKDIR`), whose Troubleshooting section gives each error with its cause and fix (the same README is stored twice, find_string 67515729891 and 67124150562; cited once)'
SUPEK_MAP = 'not one of the ten sites - a PBS Pro cluster - so diagnosed on Polaris (PBS Pro, qsub, `#PBS -q` queues), one node, the Python driver started from the batch step'
SUPEK_BASE = [['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'python experiments/main_baselines.py --dataset ml-1m --ks "10,20"']]

case(
    id='supekreadme-queue-name-cpu-does-not-exist-qsub-rejected-all-destinations',
    kind='script',
    source=SUPEK_SOURCE,
    thread_site=SUPEK_SITE + '; "qsub: Job rejected by all possible destinations": the queue name (`-q cpu`) does not exist on your cluster; run `qstat -Q` to list the queues and update the `#PBS -q` line',
    what='the job script names a queue the PBS server does not have; the README\'s fix is the `#PBS -q` directive of the job script, so labelled script (a README cure, not one job\'s rerun); the line is the README\'s own heading text; ' + SUPEK_MAP + '; assumed shape - the README\'s `#PBS -q cpu` kept in a Polaris job (Polaris has no `cpu` queue: debug, debug-scaling, prod, preemptable, ...); a right fix names an existing queue - other cures (walltime, node count) do not answer this cause',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=SUPEK_BASE + [['#PBS -q debug-scaling', '#PBS -q cpu']],
    log='''
qsub: Job rejected by all possible destinations
''',
    expect={'families': ['scheduler', 'directives', 'site'], 'fix': r'(?m)^\+#PBS\s+-q\s+(?!cpu\b)\S+'},
)

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
