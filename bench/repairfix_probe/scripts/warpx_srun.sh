#!/bin/bash -l
# A Perlmutter WarpX job (BLAST-WarpX/warpx#2736 shape): GPU-aware Cray MPICH asked for at run
# time, the binary built in the user's profile environment.
#SBATCH -N 2
#SBATCH -C gpu
#SBATCH -A m1234
#SBATCH -q regular
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=00:30:00
module load cudatoolkit
export MPICH_GPU_SUPPORT_ENABLED=1
srun ./warpx.3d inputs_3d > output.txt
