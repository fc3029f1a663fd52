#!/bin/bash
# usage: runprobe.sh CODE_DIR OUTDIR
cd "$1"; mkdir -p "$2"
run(){ PYTHONPATH=$PWD timeout 120 /work/main/.venv/bin/python -m maple_flow.cli port /work/cache/s27chain_probe/$1.sh --to $2 > $3/${1}__$2.txt 2>&1; }
for c in nlgunc-mistral-srun-semicolon-chain-6 nlgunc-opt-srun-python-semicolon-chain-6 uzh-mt5-test-guard-and-srun-continued minigrid-cd-and-srun-module-positional nchc-srun-cuda-check-and-srun-positional-program loop-subshell-cd-and-srun-per-solution; do
 for t in delta polaris vista; do run $c $t $2 & done; wait; done
for t in anvil aurora lonestar6; do run nus-pbs-singularity-bash-lc-python-and-chain-4 $t $2 & done; wait
