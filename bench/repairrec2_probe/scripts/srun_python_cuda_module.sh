#!/bin/bash
# One process per GPU started by srun, with a CUDA toolkit module loaded before the conda env
# (assumed shape for ai4d-iasc/trixie#9 and microsoft/human-pose-estimation.pytorch#23).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
module load cuda/12.4
source activate myenv
srun python -u train.py --cfg experiments/default.yaml
