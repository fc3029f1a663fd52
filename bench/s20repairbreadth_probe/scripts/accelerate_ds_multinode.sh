#!/bin/bash
# accelerate launch with a DeepSpeed config, the same command on every node with its own machine
# rank (hiyouga/LlamaFactory#176 shape; the config leaves the DeepSpeed multinode launcher unset).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=12:00:00
export HOST0=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export PORT0=29500
srun bash -c 'accelerate launch --config_file ./ds_zero2_config.yaml --num_processes 8 --num_machines 2 --machine_rank $SLURM_NODEID --main_process_ip $HOST0 --main_process_port $PORT0 src/run_sft.py'
