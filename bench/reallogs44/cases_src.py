# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Sources: users' own notes, ledgers, job-script comments and READMEs in public repositories
# (find_string ids), and GitHub issue threads. Written and labelled before any run.

# ---------------------------------------------------------------- JHU DSAI cluster setup notes (2)

JHU_SOURCE = 'find_string:51817045588'
JHU_SITE = 'a user\'s "JHU DSAI Cluster Setup" notes (a Slurm cluster with A100/H100/L40S partitions, /weka home, a pip-installed torch 2.5.1+cu121 venv); the notes give a TL;DR, a job-script template, "How we debugged \\"cuda available: False\\"" and "What does NOT work"'
JHU_MAP = 'not one of the ten sites - a university Slurm GPU cluster whose jobs must name their account - so mapped by scheduler family (Slurm, `-A` account, one-GPU batch jobs) to Lonestar6 (gpu-a100-small, one A100)'
JHU_ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH -p gpu-a100-small'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', '']]

case(
    id='jhudsai-no-account-gpu-cgroup-not-bound-cuda-not-initialized',
    kind='script',
    source=JHU_SOURCE,
    thread_site=JHU_SITE + '; symptoms: nvidia-smi works inside the job, torch.cuda.is_available() is False, cuInit returns error 3 (CUDA_ERROR_NOT_INITIALIZED), /dev/nvidia0 gives Invalid argument; root cause: a job submitted without `--account=jvogels3` lands in a QOS that does not grant GPU device access via the devices cgroup; fix: add `#SBATCH --account=jvogels3`',
    what='the job script has no account directive, so the job lands in a QOS whose cgroup does not bind the GPU device; the fix the notes give is one directive in the job script (`#SBATCH --account=...`), so labelled script; the lines are the notes\' own symptom list (markdown backticks dropped, the arrows kept as written); ' + JHU_MAP + '; assumed shape - a one-GPU batch job that activates a venv and runs python directly, with no account line',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=JHU_ONE_GPU + [['srun python -u train.py --batch-size 256 --epochs 32', 'source complexity/bin/activate\npython -m training.train_dem --config configs/training_config.yaml']],
    log='''
torch.cuda.is_available() → False
libcuda.cuInit(0) → error 3 (CUDA_ERROR_NOT_INITIALIZED)
cat /dev/nvidia0 → Invalid argument
''',
    expect={'families': ['scheduler', 'directives', 'devices', 'resources'], 'fix': r'(?m)^\+\s*#SBATCH\s+(--account[= ]|-A\s+)\S+'},
)

case(
    id='jhudsai-site-pytorch-module-lmod-property-table-error-use-own-venv',
    kind='script',
    source=JHU_SOURCE,
    thread_site=JHU_SITE + '; "What does NOT work": `module load pytorch/2.5.1` - Lmod error "MT:add_property(): system property table has no entry for: environ"; TL;DR: do NOT use the cluster\'s pytorch/2.5.1 module (Lmod error, broken), use the pip-installed venv (torch wheels bundle their own CUDA)',
    what='the job script loads the site\'s broken pytorch module instead of the user\'s own venv; the cure the notes give is a change to the job script\'s environment lines (drop the module, activate the venv), so labelled script - the module itself is broken on the site side, which no job script can repair, so a fix that keeps the module is not right; the line is the notes\' quoted Lmod error; ' + JHU_MAP + '; assumed shape - a one-GPU batch job that relies on `module load pytorch/2.5.1` and runs python directly',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=JHU_ONE_GPU + [['srun python -u train.py --batch-size 256 --epochs 32', 'module load pytorch/2.5.1\npython -m training.train_dem --config configs/training_config.yaml']],
    log='''
Lmod error: "MT:add_property(): system property table has no entry for: environ"
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^(-\s*module\s+load\s+pytorch/2\.5\.1|\+.*(\bsource\s+\S*/bin/activate\b|\bconda\s+activate\s+\S+))'},
)

# ---------------------------------------------------------------- ocean/sea-ice hackathon tutor notes (1)

case(
    id='oceanhack-stale-training-lock-rank0-refuses-others-client-socket-timeout',
    kind='not_script',
    source='find_string:66142221551',
    thread_site='the tutors\' notes of an ocean/sea-ice AI hackathon kit ("For the tutors", built on JUPITER, moved to JURECA): a 4-node x 4 GH200 (16 ranks) pre-training run under Slurm (`sbatch scripts/pretrain_large.slurm`, srun), 12-hour QOS limit; "A relaunch used to be refused by the previous launch\'s lock": Slurm kills at the wall clock with SIGKILL, so `modelstore/<name>/.training.lock` was never cleaned up and the guard believed a lock from another host; two 4-node relaunches died an hour in with fifteen copies of `DistNetworkError: The client socket has timed out` - the guard refuses on rank 0 (the rendezvous master) and the other fifteen ranks wait for a store that is never created; fix: the lock now asks `squeue` whether the writing job still exists (program code), plus `srun --kill-on-bad-exit=1` so the step ends when any rank exits',
    what='the relaunch fails because the training program\'s own lock guard (a stale lock from the killed run) stops rank 0 before it creates the rendezvous store; the cure is in the program\'s lock code (and deleting the stale lock), not in the job script - `--kill-on-bad-exit=1` only makes the step end sooner, it does not remove the cause; the line is the notes\' quoted message (one of fifteen copies); not one of the ten sites - JUPITER/JURECA (Slurm, 4 GH200 per node) - so mapped by scheduler and node family to DeltaAI (Slurm, 4 GH200 per node); assumed shape - a 4-node srun job starting one Lightning-style rank per GPU',
    cluster='deltaai',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=4'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun python train.py module=large dataloader=glorys trainer.devices=4 trainer.num_nodes=4']],
    log='''
DistNetworkError: The client socket has timed out
''',
)

# ---------------------------------------------------------------- ALCF (Polaris / Aurora / Crux) GROMACS group notes (1)

case(
    id='alcfgmxnotes-aurora-mpiexec-no-vnis-available-add-no-vni',
    kind='script',
    source='find_string:70292349181',
    thread_site='a research group\'s "ALCF (Polaris / Aurora / Crux)" notes for GROMACS (PBS, project electrolyte-chibueze): the Aurora template runs 12 single-rank simulations per node, each `mpiexec -n 1 --ppn 1 --cpu-bind list:... gmx_mpi mdrun ...` in the background with its own ZE_AFFINITY_MASK tile; note: "No VNIs available in internal allocator" in mdrun.out: add `--no-vni` to `mpiexec` (see Aurora known issues)',
    what='the many concurrent mpiexec launches of one job exhaust the VNIs (Slingshot virtual network identifiers) handed out per launch; the cure the notes give is a flag on the job script\'s launch line (`mpiexec --no-vni`), so labelled script; the line is the notes\' quoted message (the notes do not show the full mdrun.out); Aurora itself; assumed shape - the notes\' 12-per-node Aurora template reduced to its launch loop',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1\n#PBS -q capacity'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=24:00:00'], ['module load frameworks\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=12\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'GMX=/flare/MyProject/${USER}/sw/gromacs-2026.4-aurora/bin/gmx_mpi\nTILES=(0.0 0.1 1.0 1.1 2.0 2.1 3.0 3.1 4.0 4.1 5.0 5.1)\nfor i in $(seq 0 11); do\n  ( cd $(printf "sim%02d" ${i})\n    export ZE_AFFINITY_MASK=${TILES[$i]}\n    mpiexec -n 1 --ppn 1 --cpu-bind list:$((1 + 8 * i))-$((8 + 8 * i)) --env OMP_NUM_THREADS=8 \\\n      ${GMX} mdrun -deffnm md -ntomp 8 -pin inherit -nb gpu -pme gpu -cpi md.cpt -maxh 23.5 > mdrun.out 2>&1 ) &\ndone\nwait']],
    log='''
No VNIs available in internal allocator
''',
    expect={'families': ['launcher', 'network'], 'fix': r'(?m)^\+.*\bmpiexec\b.*--no-vni\b'},
)
