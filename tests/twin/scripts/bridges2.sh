#!/bin/bash
#SBATCH --account=cis230018p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus=v100-32:16
#SBATCH -t 00:10:00
# PSC Bridges-2 style: whole GPU nodes with typed GPUs; srun torchrun with c10d.
module purge
module load AI/pytorch_23.02-1.13.1-py3
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes "$SLURM_NNODES" --nproc_per_node 8 --rdzv_backend c10d \
  --rdzv_endpoint "$HEAD:$((29500 + SLURM_JOB_ID % 1000))" dist_check.py
