#!/bin/bash -l
#SBATCH --time=00:10:00
#SBATCH -C gpu
#SBATCH --account=m1234
#SBATCH -q debug
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32

config_file=./configs/default.yaml
module load pytorch/1.99.0
export MASTER_ADDR=$(hostname)
cmd="python train.py --yaml_config=$config_file"

set -x
srun -l \
    bash -c "
    source export_DDP_vars.sh
    $cmd
    "
