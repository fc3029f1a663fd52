#!/bin/bash
# One torchrun per node inside an Apptainer image, started by srun (users' container shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00
module load apptainer
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun apptainer exec --nv --bind /scratch pytorch_24.04.sif \
    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \
    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py
