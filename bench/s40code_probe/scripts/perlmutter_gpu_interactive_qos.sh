#!/bin/bash
# A one-node Perlmutter GPU batch job (30 minutes, 4 A100s) asking the interactive QOS.
#SBATCH -A m4999
#SBATCH -C gpu
#SBATCH -q interactive
#SBATCH --nodes=1
#SBATCH --gpus=4
#SBATCH -t 00:30:00
srun --nodes 1 --ntasks 1 --gpus 4 --gpu-bind=none bash scripts/run_qwen3_4b_kineto_comm_matrix_perlmutter.sh
