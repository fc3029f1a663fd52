#!/bin/bash
# DragonHPC/dragon#61: on Delta, the srun step names its nodes with --nodelist.
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=00:10:00
srun --nodes=2 --cpu_bind=none --ntasks=2 --nodelist=gpub073.delta.ncsa.illinois.edu,gpub095.delta.ncsa.illinois.edu python affinity.py
