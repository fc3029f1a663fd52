#!/bin/bash
# A one-node CPU MPI job: one Slurm task with all the node's cores, then srun -n 128 (shape of the notes).
#SBATCH -N 1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=128
#SBATCH -p wholenode
#SBATCH --time=48:00:00
module load amber
srun -n 128 pmemd.MPI -O -i prod.in -p CPD4.prmtop -c nvt.rst7 -r prod.rst7
