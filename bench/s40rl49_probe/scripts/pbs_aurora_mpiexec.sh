#!/bin/bash
# Aurora-style PBS job: one rank per GPU tile started by PALS mpiexec (ALCF docs shape).
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module load frameworks
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py
