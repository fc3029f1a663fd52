#!/bin/bash
# An MPI benchmark started by mpirun with a host file written from the allocation (dstackai/dstack#2451 shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --time=00:30:00
module load openmpi
scontrol show hostnames "$SLURM_JOB_NODELIST" > hostfile
mpirun -np 16 --hostfile hostfile ./all_reduce_perf -b 8 -e 8G -f 2 -g 1
