#!/bin/bash
# An MPI program that is not Python, started by srun (FairRootGroup/DDS#490 shape, on Anvil).
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=64
#SBATCH --cpus-per-task=2
#SBATCH --mem-per-cpu=1G
#SBATCH --time=06:00:00
module load openmpi
export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK
srun hostname > nodes.txt
srun --cpu-bind=cores ./solver input.dat
