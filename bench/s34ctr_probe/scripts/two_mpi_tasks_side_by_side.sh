#!/bin/bash
# Two MPI tasks of two processes each run side by side in one node, backgrounded and waited for (a workflow agent's srun launch shape).
#SBATCH -A m0000
#SBATCH -C cpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH -t 00:30:00
srun --ntasks=2 ./task.exe 0 &
srun --ntasks=2 ./task.exe 1 &
wait
