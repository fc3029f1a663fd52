#!/bin/bash
# One-node Slurm job on an HPE Slingshot-11 system: srun starts the MPI/PGAS program's ranks.
#SBATCH -A m0000
#SBATCH -C cpu
#SBATCH -q debug
#SBATCH -N 1
#SBATCH --ntasks-per-node=8
#SBATCH -c 16
#SBATCH -t 00:30:00
module load PrgEnv-gnu
srun --cpu-bind=cores ./app +ppn 14 input.dat
