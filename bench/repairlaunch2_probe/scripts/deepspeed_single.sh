#!/bin/bash
# DeepSpeed's own launcher on one node of a Slurm job (users' fine-tuning scripts' shape:
# a visible-device list exported before `deepspeed`, e.g. deepspeedai/DeepSpeed#5818).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=16
#SBATCH --time=04:00:00
deepspeed train.py --deepspeed ds_config.json
