#!/bin/bash
# Site modules loaded before an srun launch (module stack shape of users' scripts).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
module purge
module load cuda
module load hdf5
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12802
srun python -u train.py --epochs 10
