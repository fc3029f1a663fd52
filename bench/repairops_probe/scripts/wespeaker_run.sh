#!/bin/bash
# wenet-e2e/wespeaker#171: run.sh's training stage; several such jobs share one node.
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --gpus-per-node=2
#SBATCH --time=24:00:00
gpus="[0,1]"
num_gpus=$(echo $gpus | awk -F ',' '{print NF}')
config=conf/resnet.yaml
torchrun --standalone --nnodes=1 --nproc_per_node=$num_gpus wespeaker/bin/train.py --config $config --exp_dir exp/resnet --gpus $gpus --num_avg 10
