#!/bin/bash
# Polaris PBS job: the DeepSpeed launcher over a hostfile built from $PBS_NODEFILE (ALCF DeepSpeed docs shape).
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
sed 's/$/ slots=4/' $PBS_NODEFILE > hostfile
deepspeed --hostfile hostfile --num_nodes ${NNODES} --num_gpus 4 train.py --deepspeed_config ds_config.json
