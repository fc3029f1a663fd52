#!/bin/bash
# One-node torch.distributed.run with a master address copied from a README
# (hiyouga/LlamaFactory#3715 shape: NNODES=1 but MASTER_ADDR is another machine's address).
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=12:00:00
NPROC_PER_NODE=4
NNODES=1
RANK=0
MASTER_ADDR=192.168.0.1
MASTER_PORT=29500
python -m torch.distributed.run --nproc_per_node $NPROC_PER_NODE --nnodes $NNODES \
    --node_rank $RANK --master_addr $MASTER_ADDR --master_port $MASTER_PORT \
    src/train.py examples/full_multi_gpu/llama3_full_sft.yaml
