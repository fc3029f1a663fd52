#!/bin/bash
# interTwin-eu/itwinai#415: the generated ddp-1x4.sh (one node, 4 GPUs, torchrun under srun).
#SBATCH --job-name=ddp-1x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --time=00:30:00
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-gpu=4
srun torchrun --nnodes=1 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=localhost:29500 train.py
