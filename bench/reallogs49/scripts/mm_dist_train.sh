#!/bin/bash
# An OpenMMLab-style dist_train.sh submitted with sbatch: the launcher finds train.py next to the script ($0).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=3
#SBATCH --cpus-per-task=48
#SBATCH --time=24:00:00
CONFIG=configs/faster_rcnn/faster-rcnn_r50_fpn_1x_coco.py
GPUS=3
PORT=${PORT:-29500}
PYTHONPATH="$(dirname $0)/..":$PYTHONPATH \
python -m torch.distributed.launch --nproc_per_node=$GPUS --master_port=$PORT \
    $(dirname "$0")/train.py $CONFIG --launcher pytorch
