#!/bin/bash
# One process per GPU started by srun (ACEsuit/mace#435, mlfoundations/open_clip#614 shape).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12802
srun python -u train.py --batch-size 256 --epochs 32
