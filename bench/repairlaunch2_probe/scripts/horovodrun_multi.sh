#!/bin/bash
# horovodrun across two nodes of a Slurm job, hosts listed by hand (horovod docs shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=16
#SBATCH --time=02:00:00
horovodrun -np 4 -H node1:2,node2:2 python train.py
