#!/bin/bash
# Perlmutter GPU job: a GPU-aware MPI application, one rank per GPU started by srun (NERSC docs shape).
#SBATCH -A m0000_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 02:00:00
module load PrgEnv-gnu cudatoolkit craype-accel-nvidia80
export MPICH_GPU_SUPPORT_ENABLED=1
srun --cpu-bind=cores --gpu-bind=none ./gpu_solver input.dat
