#!/bin/bash
# Two srun steps run in the background of a one-CPU job, then waited for (a Slurm tutorial's shape).
#SBATCH --account account-name
#SBATCH --partition shared

srun --label hostname &
srun --label  hostname &
wait
