#!/bin/bash
#SBATCH -J ddp_check
#SBATCH -p gh-dev
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 00:10:00
#SBATCH -A TG-CIS230001
# TACC Vista style: mpirun one task per node, torchrun with the node's one GPU;
# the node rank is OMPI_COMM_WORLD_RANK.
module load gcc cuda python3
HOST=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
PORT=$((29500 + SLURM_JOB_ID % 1000))
mpirun -np 2 --map-by ppr:1:node bash -c "torchrun --nproc_per_node=1 --nnodes=2 \
  --node_rank=\$OMPI_COMM_WORLD_RANK --master_addr=$HOST --master_port=$PORT dist_check.py"
