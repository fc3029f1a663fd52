#!/bin/bash
# horovodrun on one node with an MPICH (Hydra) mpirun on PATH (horovod/horovod#2389 shape:
# horovodrun only drives Open MPI, Intel MPI or its own gloo).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00
module load mpich
horovodrun -np 4 -H localhost:4 python train_hvd.py --epochs 10
