#!/bin/bash
# Perlmutter: one torchrun per node started by srun through a bash -c body (users' shape).
#SBATCH -A m0000_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 04:00:00
module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun -l bash -c "
  torchrun --nnodes=\$SLURM_NNODES --nproc_per_node=4 --node_rank=\$SLURM_NODEID \
    --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py --epochs 20
"
