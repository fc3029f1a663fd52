#!/bin/bash
# One process per GPU started by srun inside a Singularity/Apptainer image (--nv).
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
module load singularity
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12802
srun singularity exec --nv --bind /scratch:/scratch pytorch.sif python -u train.py --epochs 10
