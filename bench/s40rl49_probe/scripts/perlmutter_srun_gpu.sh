#!/bin/bash
# Perlmutter GPU job: srun starts one rank per GPU (NERSC docs shape, -C gpu, account and QOS).
#SBATCH -A m0000_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 02:00:00
module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun --cpu-bind=cores python train.py --config configs/run.yaml
