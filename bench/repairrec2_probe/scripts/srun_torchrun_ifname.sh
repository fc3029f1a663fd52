#!/bin/bash
# One torchrun per node under srun, NCCL told to use an interface copied from a workstation
# setup (pytorch/pytorch#29482 shape: NCCL_SOCKET_IFNAME=eth0 where the nodes have no eth0).
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=02:00:00
export NCCL_SOCKET_IFNAME=eth0
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
export MASTER_PORT=29500
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \
    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" trainer.py
