#!/bin/bash
# One srun step over all nodes; one rank runs the orchestrator, the others the trainer (multi-role RL shape).
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=12:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
export ORCH_PROCID=4
srun bash -c '
if [ "$SLURM_PROCID" -eq "$ORCH_PROCID" ]; then
  python -m orchestrator --config rl.toml
else
  python -m trainer --config rl.toml
fi
'
