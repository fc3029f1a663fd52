#!/bin/bash
# Bridges-2 GPU job: Open MPI mpirun starts one rank per GPU (Horovod shape; PSC user guide partitions).
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus=v100-32:16
#SBATCH -t 04:00:00
module load openmpi/4.0.5-gcc10.2.0
source $PROJECT/venvs/hvd/bin/activate
mpirun -np $SLURM_NTASKS -x NCCL_DEBUG=INFO python train_hvd.py
