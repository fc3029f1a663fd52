#!/bin/bash
# GPT-NeoX started through its deepy.py launcher inside a Slurm job (EleutherAI/gpt-neox#784,
# #849 shape: the config's launcher is slurm, so deepy.py runs srun itself).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun python ./deepy.py train.py ./configs/125M.yml ./configs/slurm_local.yml
