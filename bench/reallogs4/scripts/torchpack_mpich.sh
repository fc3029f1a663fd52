#!/bin/bash
# torchpack dist-run (it passes Open MPI options to mpirun) with an MPICH module first on PATH
# (zhijian-liu/torchpack#36 shape: Hydra's mpiexec answers the Open MPI options).
#SBATCH --nodes=1
#SBATCH --ntasks=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=08:00:00
module load mpich
torchpack dist-run -np 4 python train.py configs/s3dis/from_scratch.yaml --run-dir ./s3dis_out
