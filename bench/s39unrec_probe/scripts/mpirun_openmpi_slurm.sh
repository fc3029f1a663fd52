#!/bin/bash
# Open MPI mpirun across the nodes of a Slurm job, one rank per GPU (Horovod / mpi4py users' shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
module load openmpi
mpirun -np 8 --map-by ppr:4:node --bind-to core python train.py --epochs 10
