#!/bin/bash
# torchpack dist-run (Open MPI mpirun underneath) with more ranks than the job has tasks
# (mit-han-lab/bevfusion#277 shape).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=08:00:00
torchpack dist-run -np 4 python3 tools/train.py configs/nuscenes/det/transfusion/secfpn/camera+lidar/swint_v0p075/convfuser.yaml --load_from pretrained/lidar-only-det.pth
