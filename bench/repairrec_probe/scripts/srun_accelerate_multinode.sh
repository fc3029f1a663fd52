#!/bin/bash
# accelerate launch once per node under srun, machine rank not passed (huggingface/accelerate#2096 shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=02:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=6000
srun bash -c 'accelerate launch --multi_gpu --num_machines 2 --num_processes 8 \
    --main_process_ip "$MASTER_ADDR" --main_process_port "$MASTER_PORT" \
    --rdzv_conf rdzv_backend=c10d run_mlm.py --model_name_or_path bert-base-uncased'
