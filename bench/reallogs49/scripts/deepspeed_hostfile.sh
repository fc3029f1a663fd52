#!/bin/bash
# DeepSpeed launcher with a hostfile built from the allocation (deepspeedai/DeepSpeed#2112 shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=4/' > hostfile
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json
