#!/bin/bash
# uabrc/uabrc.github.io#985: a GPU job with one task per GPU and --ntasks-per-socket=1.
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks=3
#SBATCH --ntasks-per-socket=1
#SBATCH --gres=gpu:3
#SBATCH --time=01:00:00
srun python train.py
