#!/bin/bash
# A CPU job that keeps `#SBATCH --export=NONE` and runs its program with srun (CSC Roihu
# runbook shape: HOME set again, the CSC environment sourced, module python-data).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=48
#SBATCH --time=01:00:00
#SBATCH --export=NONE
export HOME=$(getent passwd $(id -un) | cut -d: -f6)
export CSC_ENV_INIT_NON_INTERACTIVE=yes
set +u
source /etc/profile.d/zz-csc-env.sh
module load python-data
source ~/venvs/lifesim-$(uname -m)/bin/activate
cd ~/lifesim
srun python -m lifesim.generations --seeds 16
