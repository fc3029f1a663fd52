#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 00:30:00
set -x
# shellcheck disable=SC2086
echo $UNQUOTED_ONE $UNQUOTED_TWO
for seed in 1 2 3; do
    srun python train.py --seed $seed --tag run_$seed
done
