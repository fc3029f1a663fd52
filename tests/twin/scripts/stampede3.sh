#!/bin/bash
#SBATCH -J ddp_check
#SBATCH -p pvc
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 00:10:00
#SBATCH -A TG-CIS230001
# TACC Stampede3 style: ibrun, one task per node running torchrun over the 8 tiles.
module load python
eval "$(conda shell.bash hook)"
conda activate pytorch
HOST=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
PORT=$((29500 + SLURM_JOB_ID % 1000))
ibrun bash -c "torchrun --nproc_per_node=8 --nnodes=$SLURM_NNODES --node_rank=\$PMI_RANK \
  --master_addr=$HOST --master_port=$PORT dist_check.py"
