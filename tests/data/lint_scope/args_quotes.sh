#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
ARGS="--lr 1e-3 --epochs 5"
export OMP_NUM_THREADS=8
srun torchrun --nnodes=2 --nproc_per_node=4 train.py $ARGS --name '$HOME' --glob *.yaml "$@"
