#!/bin/bash
# One Lightning process on one GPU in a batch job (no srun; the usual single-GPU shape).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH --cpus-per-task=8
#SBATCH --time=08:00:00
python train.py --config configs/run.yaml
