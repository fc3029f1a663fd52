#!/bin/bash
# Two nodes, one LLM fine-tuning CLI per node started by srun; the CLI runs torchrun itself from
# the NNODES / NODE_RANK / MASTER_ADDR / MASTER_PORT environment (hiyouga/LlamaFactory multi-node
# README shape, moved into a Slurm job).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=12:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun bash -c 'FORCE_TORCHRUN=1 NNODES=2 NODE_RANK=$SLURM_NODEID MASTER_ADDR=$MASTER_ADDR MASTER_PORT=$MASTER_PORT llamafactory-cli train examples/train_lora/llama3_lora_sft.yaml'
