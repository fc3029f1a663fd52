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
