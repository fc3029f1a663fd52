#!/bin/bash
# Open MPI's orterun starts one rank per GPU in a Slurm batch job (CSC Mahti docs' shape:
# `orterun -np ${SLURM_NTASKS} ...` after `module load gcc openmpi`, docs.csc.fi NAMD page).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=01:00:00
module load gcc/11.2.0 openmpi/4.1.2
orterun -np ${SLURM_NTASKS} python -u train.py --epochs 10
