#!/bin/bash
# DeepSpeed on a shared GPU node: Slurm gives the job two GPUs and the launcher is told their
# physical ids (deepspeedai/DeepSpeed#1331 shape: CUDA_VISIBLE_DEVICES=4,5, --include localhost:4,5).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=16
#SBATCH --time=04:00:00
deepspeed --include localhost:4,5 mycode.py --deepspeed ds_config.json
