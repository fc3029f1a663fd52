#!/bin/bash -l
#PBS -A datascience
#PBS -q debug
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:10:00
#PBS -l filesystems=home:flare
#PBS -k doe
#PBS -N ddp_check
# ALCF Aurora style: mpiexec (PALS) with 12 ranks per node (one per tile), PALS variables.
cd "${PBS_O_WORKDIR}" || exit 1
module load frameworks
NNODES=$(wc -l < "${PBS_NODEFILE}")
NRANKS_PER_NODE=12
CPU_BIND="verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"
MASTER_ADDR=$(head -n 1 "${PBS_NODEFILE}")
export MASTER_ADDR
export MASTER_PORT=$((2345 + ${PBS_JOBID%%.*} % 1000))
mpiexec -n $((NNODES * NRANKS_PER_NODE)) --ppn "${NRANKS_PER_NODE}" --cpu-bind="${CPU_BIND}" \
  --env TMPDIR=/tmp \
  bash -c 'RANK=$PALS_RANKID LOCAL_RANK=$PALS_LOCAL_RANKID WORLD_SIZE=$PMI_SIZE exec python3 dist_check.py'
