#!/bin/bash
#SBATCH -N 2
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -A m4999

module load pytorch/2.6.0
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29507
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=localhost:29400 train.py --lr 0.1
