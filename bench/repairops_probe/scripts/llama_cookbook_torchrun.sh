#!/bin/bash
# meta-llama/llama-cookbook#186: the official fine-tuning command on one 4-GPU node.
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
torchrun --nnodes 1 --nproc_per_node 4  examples/finetuning.py --enable_fsdp --model_name model_hf/7B/ --use_peft --peft_method lora --dataset alpaca_dataset --save_model --pure_bf16 --output_dir PEFT/model
