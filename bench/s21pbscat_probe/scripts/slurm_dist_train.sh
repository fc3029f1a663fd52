#!/bin/bash
# One-node Slurm job running an OpenMMLab-style tools/dist_train.sh CONFIG GPUS wrapper
# (the wrapper runs torchrun/torch.distributed.launch --nproc_per_node=$GPUS).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=16
#SBATCH --time=04:00:00
cd $SLURM_SUBMIT_DIR
bash ./tools/dist_train.sh configs/model/config.py 2
