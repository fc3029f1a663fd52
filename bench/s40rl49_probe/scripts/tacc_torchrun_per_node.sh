#!/bin/bash
# TACC GPU job: one torchrun per node, started over the node list by srun (Lonestar6 shape).
#SBATCH -J train
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 04:00:00
#SBATCH -A MyProject
module load cuda/12.2
source $WORK/venvs/torch/bin/activate
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun torchrun --nnodes=2 --nproc_per_node=3 --rdzv_backend=c10d \
    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py
