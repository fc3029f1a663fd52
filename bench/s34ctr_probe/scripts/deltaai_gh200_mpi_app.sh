#!/bin/bash
# DeltaAI GH200 job: a hybrid MPI+threads application (MPI_THREAD_MULTIPLE), one rank per GPU started by srun.
#SBATCH -A bbka-dtai-gh
#SBATCH -p ghx4
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH -t 02:00:00
module load PrgEnv-gnu cray-mpich cudatoolkit
export OMP_NUM_THREADS=8
srun --cpu-bind=cores ./hybrid_solver input.dat
