#!/bin/bash
# A Perlmutter CPU batch job (one node, 30 minutes) that names the interactive QOS.
#SBATCH -A m0000
#SBATCH -C cpu
#SBATCH -q interactive_ss11
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=64
#SBATCH --cpus-per-task=2
#SBATCH -t 00:30:00
module load python
srun --cpu-bind=cores python -m sirepo_job run.py
