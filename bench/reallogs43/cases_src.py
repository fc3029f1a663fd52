# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Sources: Q&A / discussion threads and issue threads of smaller projects (s37gather43's source kind).

# ---------------------------------------------------------------- FESOM/fesom2#166 (1)

case(
    id='fesom2juwels-psmpi-infiniband-wrong-opcode-broken-pipe-rerun-ok',
    kind='not_script',
    source='https://github.com/FESOM/fesom2/issues/166',
    thread_site='FESOM/fesom2#166 "Infiniband instability on Juwels": the AWI-CM3 coupled model (FESOM2 ocean core) in decade-long production runs on JUWELS (JSC, Slurm, ParaStation MPI over InfiniBand); twice in 300 simulated years a run died with these ParaStation messages in the middle of the run; the asker thinks it is most likely an issue for the computing centre, and both times the repeated simulation ran successfully (issue closed)',
    what='an intermittent InfiniBand fault in the middle of long good runs, gone on a plain rerun of the same job - the fabric, not the job script; the lines are the asker\'s own log lines (the truncated `transport retry counter exceeded` line left out); not one of the ten sites - JUWELS, a Slurm cluster with InfiniBand - so mapped by scheduler and fabric family to Bridges-2; assumed shape - a CPU MPI model started by srun over 8 nodes (the thread does not show the job script)',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['module load cray-mpich', 'module load openmpi/4.0.5-gcc10.2.0'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --cpu-bind=cores ./fesom.x']],
    log='''
359: <PSP:r0000359:ib:ibv_poll_cq(): Infiniband returned the wrong Opcode 5408>
359: <PSP:r0000359:connection to (10.13.6.39,20811,0x168,r0000386) (type:openib,state:open) : read : Broken pipe>
359: <PSP:r0000359:connection to (10.13.6.39,20811,0x168,r0000386) (type:openib,state:wo) : write : Broken pipe>
356: <PSP:r0000356:ib:ibv_poll_cq(): Infiniband returned the wrong Opcode 5416>
''',
)

# ---------------------------------------------------------------- Lightning-AI/pytorch-lightning#18504 (1)

case(
    id='fabricslurm-one-task-allocation-fabric-world-size-1-of-4-gpus',
    kind='script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/18504',
    thread_site='Lightning-AI/pytorch-lightning#18504 "Fabric fail to use all the gpu on SLURM" (question, closed): a Fabric program asks for devices=[0,1,2,3] on a 4-GPU Slurm node; torch sees 4 GPUs but Fabric\'s world size is 1 and it starts one process; the asker reports that setting the Slurm job name to `bash` (so Lightning does not treat the run as Slurm-managed and spawns its own processes) makes it work; the maintainer\'s reply explains the two ways of using Slurm (batch submission with one task per device, or an interactive shell)',
    what='Lightning\'s Slurm environment takes the world size from the allocation\'s task count, and the job has one task for four devices; the fix is in how the job is set up (one task per device with srun, or the interactive job name that hands process launching back to Lightning), so labelled script; the lines are the asker\'s own output (the two print lines and the dashed rules left out); the thread does not name the cluster - a university Slurm GPU cluster - so diagnosed on DeltaAI (4 GPUs a node); assumed shape - a one-task batch job that runs `python` directly',
    cluster='deltaai',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4', '#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'python pretrain_fabric.py --devices 4']],
    log='''
Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/1
distributed_backend=nccl
All distributed processes registered. Starting with 1 processes
''',
    expect={'families': ['launcher', 'resources'], 'fix': r'(?m)^\+.*(--ntasks-per-node[= ]4\b|--ntasks[= ]4\b|--job-name[= ]bash\b|-J\s+bash\b)'},
)
