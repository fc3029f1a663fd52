#!/bin/bash
# horovodrun (Open MPI mpirun underneath) started inside a one-task srun step
# (NVIDIA/apex#482 shape).
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
srun --mpi=pmi2 -n1 --gres=gpu:4 --ntasks-per-node=4 horovodrun -np 4 -H localhost:4 python pytorch_imagenet_resnet50.py
