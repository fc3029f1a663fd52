#!/bin/bash
# An mpi4py / Horovod program started directly by srun, one rank per GPU (Slurm MPI guide shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
module load openmpi
srun python train.py --epochs 10
