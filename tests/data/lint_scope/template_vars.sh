#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
MASTER_PORT=29600
my_port=$MASTER_PORT
NNODES=1
logdir=logs/$SLURM_JOB_ID
mkdir -p $logdir
srun torchrun --nnodes 1 --nproc_per_node 4 train.py --log $logdir --port $my_port
