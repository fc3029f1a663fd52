#!/bin/bash
# DeepSpeed launcher on one node with a fixed master port from the project's train.sh
# (yxuansu/PandaGPT#15 shape).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=12:00:00
deepspeed --num_gpus 4 --master_port 28457 train_sft.py --model openllama_peft --stage 1 --save_path ./ckpt/pandagpt_13b_v0/
