#!/bin/bash
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q debug
#SBATCH -t 00:10:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
# NERSC style: one srun task per node running torchrun, c10d rendezvous on the first node.
module load pytorch/2.6.0
export MASTER_ADDR=$(hostname)
export MASTER_PORT=$((29500 + SLURM_JOB_ID % 1000))
srun torchrun --nnodes="$SLURM_NNODES" --nproc_per_node=4 --rdzv_backend=c10d \
  --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" dist_check.py
