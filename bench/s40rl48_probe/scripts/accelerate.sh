#!/bin/bash
# accelerate launch on one node (huggingface/trl#4149 shape).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --time=08:00:00
accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py
