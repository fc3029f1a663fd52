#!/bin/bash
# A Ray cluster started inside a Slurm job, one Ray node per Slurm node, then the RL trainer (OpenRLHF/verl shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=12:00:00
nodes=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))
head_node=${nodes[0]}
head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
srun --nodes=1 --ntasks=1 -w "$head_node" ray start --head --node-ip-address="$head_ip" --port=6379 --num-gpus 4 --block &
sleep 20
srun --nodes=1 --ntasks=1 -w "${nodes[1]}" ray start --address="$head_ip:6379" --num-gpus 4 --block &
sleep 20
python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model
