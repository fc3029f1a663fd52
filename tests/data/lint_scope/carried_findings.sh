#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
source ~/miniconda3/etc/profile.d/conda.sh
source .env
conda activate torch
cd $SCRATCH/run
echo "started on `hostname`"
export RDZV_HOST=$(hostname)
nodes=$(scontrol show hostnames $SLURM_JOB_NODELIST)
unused_dir=/tmp/x
echo "a" >> env.log
echo "b" >> env.log
echo "c" >> env.log
srun python train.py --out $SCRATCH/out --nodes $SLURM_NNODES $EXTRA_ARGS
