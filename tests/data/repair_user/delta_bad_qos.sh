#!/bin/bash
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --qos=gpu_premium
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=00:30:00

module load anaconda3_gpu
srun --qos=gpu_premium torchrun --nproc_per_node=4 train.py
