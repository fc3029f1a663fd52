#!/bin/bash
# One torchrun per node inside a container started by srun through pyxis/enroot (NVIDIA DGX / NeMo launcher shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=64
#SBATCH --time=04:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun --container-image=nvcr.io#nvidia/pytorch:24.04-py3 --container-mounts=/scratch:/scratch \
    torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d \
    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py
