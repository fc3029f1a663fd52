#!/bin/bash
# Perlmutter CPU job: a Cray-PE MPI model started by srun, one rank per core (NERSC docs shape; E3SM-style module list).
#SBATCH -A m0000
#SBATCH -C cpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=128
#SBATCH -c 2
#SBATCH -t 06:00:00
module load PrgEnv-intel
module load cray-mpich
module load cray-hdf5-parallel
module load cray-netcdf-hdf5parallel
module load cray-parallel-netcdf
srun --cpu-bind=cores ./e3sm.exe
