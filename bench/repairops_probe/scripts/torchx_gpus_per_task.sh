#!/bin/bash
# meta-pytorch/torchx#1100: the sbatch torchx wrote before the fix (GPUs per task, no task count).
#SBATCH --job-name=trainer
#SBATCH --partition=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-task=4
#SBATCH --cpus-per-task=32
#SBATCH --time=01:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint="$MASTER_ADDR:29500" train.py
