#!/bin/bash
# DeepSpeed launcher on one node, GPUs chosen with --include from a variable that is empty in the
# batch job (assumed shape for deepspeedai/DeepSpeed#2601: the slot list reaches int('')).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00
deepspeed --include localhost:$GPU_IDS train.py --deepspeed_config ds_config.json
