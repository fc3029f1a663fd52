#!/bin/bash
# A job-array template: each task reads one row of a run table by its array index.
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
ROW=$SLURM_ARRAY_TASK_ID
srun python run_row.py --table runs.tsv --row "$ROW"
