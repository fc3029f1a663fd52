#!/bin/bash
#SBATCH -J ddp_check
#SBATCH -p gpu-a100-dev
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 00:10:00
#SBATCH -A TG-CIS230001
# TACC Lonestar6 style: ibrun starts one task per node, each runs torchrun with 3 GPUs;
# the node rank is PMI_RANK.
module load python3/3.9.7
# shellcheck source=/dev/null
source "${SCRATCH}/maple-venv/bin/activate"
HOST=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
PORT=$((29500 + SLURM_JOB_ID % 1000))
ibrun bash -c "torchrun --nproc_per_node=3 --nnodes=$SLURM_NNODES --node_rank=\$PMI_RANK \
  --master_addr=$HOST --master_port=$PORT dist_check.py"
