#!/bin/bash
# One task per GPU started by srun inside an enroot image through the pyxis plugin (NVIDIA DGX / NeMo-launcher shape).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --exclusive
#SBATCH --time=01:00:00
CONT=nvcr.io#nvidia/pytorch:24.01-py3
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py
