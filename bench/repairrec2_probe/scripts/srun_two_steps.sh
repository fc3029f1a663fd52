#!/bin/bash
# Two srun steps at once in one allocation: a background step that holds every CPU of the
# node and the training step (assumed shape for E3SM-Project/scream#2851's concurrent steps).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
srun --ntasks=1 --cpus-per-task=32 python prefetch_shards.py --out /tmp/shards &
srun python -u train.py --data /tmp/shards
wait
