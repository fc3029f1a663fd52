#!/bin/bash
# Perlmutter GPU job: four single-GPU job steps run side by side in one node, backgrounded and waited for (crusher quick-start shape).
#SBATCH -A m0000_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 00:30:00
module load pytorch/2.3.1
srun -N1 -n1 -c32 --gpus-per-task=1 python sweep.py --seed 1 &
srun -N1 -n1 -c32 --gpus-per-task=1 python sweep.py --seed 2 &
srun -N1 -n1 -c32 --gpus-per-task=1 python sweep.py --seed 3 &
srun -N1 -n1 -c32 --gpus-per-task=1 python sweep.py --seed 4 &
wait
