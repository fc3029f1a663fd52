#!/bin/bash
# DeepSpeed launcher on one node of a shared GPU machine (assumed shape for the probe's
# DeepSpeed port cases).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
deepspeed --num_gpus 4 train.py --deepspeed ds_config.json
