#!/bin/bash
# Perlmutter GPU job: the user's own conda environment (no NERSC pytorch module), one rank per GPU.
#SBATCH -A m0000_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 02:00:00
module load conda
conda activate myenv
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun --cpu-bind=cores python train.py --config configs/run.yaml
