#!/bin/bash
# The user's job script (an SGE `-pe orte 8` job) in Slurm form: orterun starts one rank per
# slot of the job and is told to use the InfiniBand (openib) transport.
#SBATCH --nodes=1
#SBATCH --ntasks=8
#SBATCH --time=01:00:00
/opt/local/openmpi-1.2.3-gcc4/bin/orterun -np $SLURM_NTASKS -mca btl self,openib /tcc/eandm/performance/igor/main.exe.openmpi123
