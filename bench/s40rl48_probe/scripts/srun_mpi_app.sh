#!/bin/bash
# An MPI program started by srun, one rank per core across the nodes (CPU MPI application shape).
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=64
#SBATCH --cpus-per-task=2
#SBATCH --time=06:00:00
module load cray-mpich
srun --cpu-bind=cores ./solver input.dat
