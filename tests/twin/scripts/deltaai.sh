#!/bin/bash
#SBATCH --account=abcd-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=00:10:00
# NCSA DeltaAI style: one srun task per node running torchrun, c10d on the first node.
module reset
module load cuda nccl python/miniforge3_pytorch
srun --export=ALL torchrun --nnodes "$SLURM_NNODES" --nproc_per_node 4 --rdzv_backend c10d \
  --rdzv_endpoint "$SLURMD_NODENAME:$((29500 + SLURM_JOB_ID % 1000))" dist_check.py
