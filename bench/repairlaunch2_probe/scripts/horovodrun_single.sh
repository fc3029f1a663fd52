#!/bin/bash
# horovodrun on one node of a Slurm job (horovod docs shape: -np N -H host:slots).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=16
#SBATCH --time=02:00:00
horovodrun -np 2 -H localhost:2 python train.py
