#!/bin/bash
# A TACC-style single-node job that loads its stack with Lmod before torchrun (TACC/Lmod#828 shape).
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 02:00:00
module load NCCL OpenMPI CUDA
torchrun --standalone --nnodes=1 --nproc_per_node=3 train.py --epochs 5
