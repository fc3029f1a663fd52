#!/bin/bash -l
#PBS -A Catalyst
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:10:00
#PBS -l filesystems=home:eagle
#PBS -N ddp_check
# ALCF style: mpiexec (PALS), one rank per GPU, rank and size from PMI variables.
cd "${PBS_O_WORKDIR}" || exit 1
module use /soft/modulefiles
module load conda
conda activate base
NNODES=$(wc -l < "${PBS_NODEFILE}")
NRANKS_PER_NODE=4
MASTER_ADDR=$(head -n 1 "${PBS_NODEFILE}")
export MASTER_ADDR
export MASTER_PORT=$((29500 + ${PBS_JOBID%%.*} % 1000))
mpiexec -n $((NNODES * NRANKS_PER_NODE)) --ppn "${NRANKS_PER_NODE}" --depth=16 --cpu-bind=depth \
  --env OMP_NUM_THREADS=1 \
  bash -c 'RANK=$PMI_RANK LOCAL_RANK=$PALS_LOCAL_RANKID WORLD_SIZE=$PMI_SIZE exec python dist_check.py'
