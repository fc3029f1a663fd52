#!/bin/bash
# torchrun run once from the batch script for a 3-node job (pytorch/pytorch#79388, Kait0).
#SBATCH --nodes=3
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00
master_addr=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR=$master_addr
torchrun --nnodes=3 --nproc_per_node=4 --max_restarts=1 --rdzv_id=9876543210 --rdzv_backend=c10d --rdzv_endpoint=${MASTER_ADDR} train.py
