"""A carried container's own options read the script's variables (issue 14; unseen15 held-out
fifteen-nodes polaris: `--bind "$BINDS"` and `--env "X=${X}"` under `set -u`)."""

from __future__ import annotations

from maple_flow import port

_SRC = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH --time=01:00:00
set -euo pipefail
export NCCL_IB_DISABLE=0
BINDS="$(pwd):/workspace,/dev/shm:/dev/shm"
srun apptainer exec --nv --cleanenv --bind "$BINDS" \\
    --env "NCCL_IB_DISABLE=${NCCL_IB_DISABLE},TOKEN=${HF_TOKEN}" /images/x.sif \\
    torchrun --nnodes=1 --nproc_per_node=4 train.py
"""


def test_the_values_a_carried_container_reads_are_kept_or_named() -> None:
    result = port(_SRC, ["polaris"])["polaris"]
    # the bind list reaches the runtime: its assignment kept, or its value written in
    # (s21-portleft resolves a variable of the runtime's options from the script)
    kept = 'BINDS="$(pwd):/workspace,/dev/shm:/dev/shm"' in result.script
    assert kept or '-B "$PWD:/workspace,/dev/shm:/dev/shm"' in result.script
    assert '"$BINDS"' not in result.script or kept
    # issue 14 (s24silent): NCCL_IB_DISABLE is the source site's fabric setting: not carried
    # through the container's --env either (as its plain export), named; the other pair stays
    assert "NCCL_IB_DISABLE" not in result.script
    assert '--env "TOKEN=${HF_TOKEN}"' in result.script
    notes = "\n".join(result.notes)
    assert "--env NCCL_IB_DISABLE=${NCCL_IB_DISABLE} are a network setting of the source" in notes
    assert "read but not set by the script" in notes and "$HF_TOKEN" in notes


def test_rank_facts_reach_a_clean_env_container_through_apptainerenv() -> None:
    result = port(_SRC, ["polaris"])["polaris"]
    wrapper = next(x for x in result.script.splitlines() if "maple-rank" in x)
    assert 'export APPTAINERENV_RANK="$RANK" APPTAINERENV_LOCAL_RANK="$LOCAL_RANK";' in wrapper
    assert wrapper.index("APPTAINERENV_RANK") > wrapper.index('export RANK=')
    notes = "\n".join(result.notes)
    assert "do not reach the program" not in notes
    assert "exports the rank facts as APPTAINERENV_NAME" in notes
    assert 'export APPTAINERENV_WORLD_SIZE="$WORLD_SIZE"' in result.script
