#!/bin/bash
# One node, one Lightning process per GPU started by srun (Lightning's SLURM docs shape).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=06:00:00
#SBATCH --output=slurm-%j.out
source .venv/bin/activate
srun python train.py --trainer.devices 4 --trainer.max_epochs 40
