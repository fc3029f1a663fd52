#!/bin/bash
# A compiled program started by PALS mpiexec on Polaris (ALCF docs shape), no Python.
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A MyProject
cd "${PBS_O_WORKDIR}"
NNODES=$(wc -l < "$PBS_NODEFILE")
mpiexec -n $((NNODES * 4)) --ppn 4 --depth=8 --cpu-bind depth ./set_affinity_gpu_polaris.sh ./app --steps 100
