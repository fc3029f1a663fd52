#!/bin/bash
# Polaris PBS job: one torchrun per node started by PALS mpiexec (ALCF docs shape).
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
mpiexec -n ${NNODES} --ppn 1 --depth=64 --cpu-bind depth \
    torchrun --nnodes=${NNODES} --nproc_per_node=4 --rdzv_backend=c10d \
    --rdzv_endpoint=${MASTER_ADDR}:29400 train.py
