#!/bin/bash
# wenet-e2e/wekws#93: run.sh's training stage, a second training task on the same node.
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=08:00:00
gpus="0,1,2,3"
num_gpus=$(echo $gpus | awk -F ',' '{print NF}')
config=conf/ds_tcn.yaml
torchrun --standalone --nnodes=1 --nproc_per_node=$num_gpus wekws/bin/train.py --gpus $gpus --config $config --train_data data/train/data.list --cv_data data/dev/data.list
