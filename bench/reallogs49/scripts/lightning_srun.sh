#!/bin/bash
# PyTorch Lightning under Slurm: srun starts one task per GPU, the Trainer reads SLURM_* (Lightning docs shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=0
#SBATCH --time=12:00:00
srun python train.py trainer.devices=4 trainer.num_nodes=2
