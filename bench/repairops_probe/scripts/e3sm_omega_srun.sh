#!/bin/bash
# E3SM-Project/polaris#275: Omega on Perlmutter GPU nodes, srun options as the user wrote them.
#SBATCH -N 4
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m1234
#SBATCH -t 00:30:00
#SBATCH --gpus-per-node=4
export MPICH_GPU_SUPPORT_ENABLED=1
srun -N 4 -n 228 --ntasks-per-gpu=7 --gpu-bind=closest -c 1 ./omega.exe
