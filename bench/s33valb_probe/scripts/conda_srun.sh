#!/bin/bash
# A conda environment activated in the batch script, one process per GPU started by srun
# (the common shape of users' scripts that activate conda in a job).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
module load anaconda3
conda activate myenv
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12802
srun python -u train.py --epochs 10
