#!/bin/bash
# A Slurm job whose mpirun line carries Open MPI options (--map-by, --mca, --oversubscribe, -am)
# while the MPI first on PATH is another one (MPICH's Hydra, HPE MPT): GEOS-ESM/GEOSldas#18,
# domschrei/mallob#7, ComputationalRadiationPhysics/picongpu#4739 shapes.
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
module load mpich
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12802
mpirun -np 4 python -u train.py --batch-size 256
