#!/bin/bash
# torch.distributed.launch on one node (assumed shape for the probe's launch-module port cases).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
python -m torch.distributed.launch --nproc_per_node=4 train.py --epochs 10
