#!/bin/bash -l
#SBATCH -A cis230270-gpu
#SBATCH -p gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=00:10:00
# Purdue Anvil style: GPU module tree first, then the ML toolkit; srun torchrun with c10d.
module purge
module load modtree/gpu
module load learning/conda-2021.05-py38-gpu
module load ml-toolkit-gpu/pytorch
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes "$SLURM_NNODES" --nproc_per_node 4 --rdzv_backend c10d \
  --rdzv_endpoint "$HEAD:$((29500 + SLURM_JOB_ID % 1000))" dist_check.py
