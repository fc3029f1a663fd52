#!/bin/bash
# mlcommons/storage#818: OpenMPI-style placement options given to PALS mpiexec on Polaris.
#PBS -A myproject
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
cd "${PBS_O_WORKDIR}"
mpiexec -n 2 --map-by node --bind-to none python3 probe.py --results-dir /eagle/myproject/results
