#!/bin/bash
# TACC GPU job (Lonestar6 / Stampede3 / Vista): one rank per GPU started by ibrun (TACC docs shape).
#SBATCH -J train
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 02:00:00
#SBATCH -A MyProject
module load cuda/12.2
source $WORK/venvs/torch/bin/activate
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
ibrun python train.py --epochs 10
