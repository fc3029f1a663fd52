#!/bin/bash
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=00:10:00
# NCSA Delta style ("PyTorch Multi-Node" sample): head node IP, srun torchrun with c10d.
module reset
module load anaconda3_gpu
module load nccl
export NCCL_SOCKET_IFNAME=hsn
nodes=( $(scontrol show hostnames "$SLURM_JOB_NODELIST") )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
srun torchrun --nnodes "${SLURM_NNODES}" --nproc_per_node "${SLURM_GPUS_PER_NODE}" \
  --rdzv_id "$RANDOM" --rdzv_backend c10d \
  --rdzv_endpoint="$head_node_ip:$((29500 + SLURM_JOB_ID % 1000))" dist_check.py
