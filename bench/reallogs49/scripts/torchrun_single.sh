#!/bin/bash
# A single-node torchrun job (meta-pytorch/torchtune#1025, pytorch/pytorch#85604 shape).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml
