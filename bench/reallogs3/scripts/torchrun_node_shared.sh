#!/bin/bash
# One torchrun on a node shared with other jobs, default rendezvous port
# (meta-pytorch/torchtune#392 shape: two fine-tunes on one machine).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=2
#SBATCH --time=02:00:00
torchrun --nnodes=1 --nproc_per_node=2 recipes/full_finetune_distributed.py --config llama2/7B_full
