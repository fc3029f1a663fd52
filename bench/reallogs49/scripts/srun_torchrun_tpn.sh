#!/bin/bash
# Several launchers per node: srun starts one torchrun per TASK, and the job asks for one
# task per GPU (the shape of NVIDIA/Megatron-LM#1371 and pytorch/pytorch#121944).
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
#SBATCH --job-name=ddp
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
export MASTER_PORT=29500
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \
    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10
