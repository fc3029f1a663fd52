#!/bin/bash
# Several launchers per node: one accelerate launch per TASK while the job asks for one task per
# GPU (huggingface/accelerate#2246 shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=04:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12211
srun bash -c 'accelerate launch --multi_gpu --num_machines 2 --num_processes 8 \
    --machine_rank "$SLURM_NODEID" --main_process_ip "$MASTER_ADDR" \
    --main_process_port "$MASTER_PORT" run_mlm.py --model_name_or_path bert-base-uncased'
