#!/bin/bash
# NVIDIA/exemplar-performance#5: the generated sbatch asks for GPUs only through SBATCH_GPUS_PER_NODE.
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --time=01:00:00
#SBATCH --job-name=pretraining_nemotron
export SBATCH_GPUS_PER_NODE=4
srun python pretrain.py --config nemotron.yaml
