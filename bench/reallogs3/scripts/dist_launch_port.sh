#!/bin/bash
# OpenMMLab dist_train.sh shape: the rendezvous port comes from the caller's environment
# (open-mmlab/mmpretrain#960 shape).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
CONFIG=configs/resnet/resnet18_8xb16_cifar10.py
GPUS=4
PORT=${PORT:-29500}
python -m torch.distributed.launch --nproc_per_node=$GPUS --master_port=$PORT \
    tools/train.py $CONFIG --launcher pytorch
