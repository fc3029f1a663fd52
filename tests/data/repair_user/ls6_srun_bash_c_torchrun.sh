#!/bin/bash
#SBATCH --job-name=dist
#SBATCH --nodes=2
#SBATCH -p gpu-a100
#SBATCH -t 02:00:00

source "$HOME/miniconda/etc/profile.d/conda.sh"
conda activate scbert
MASTER_ADDR=$(hostname)
srun bash -c "torchrun --nproc_per_node=4 --nnodes=2 --node_rank=\$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=29500 pretrain.py --data_path='./data/x.h5ad'"
