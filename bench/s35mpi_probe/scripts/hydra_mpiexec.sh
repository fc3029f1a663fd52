#!/bin/bash
# MPICH (hydra) mpiexec across the nodes of a Slurm job, one rank per GPU (mpi4py / Horovod users' shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
module load mpich
mpiexec -n 8 -ppn 4 python train.py --epochs 10
