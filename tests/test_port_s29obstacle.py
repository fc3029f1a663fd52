"""s29port: refusals, questions and notes name the obstacle the script has (issue 14)."""

from __future__ import annotations

import pytest

from maple_flow.port.api import port
from maple_flow.scriptparse.values import gres_gpu_count, gres_gpu_types

# unseen30 srun-5tasks-mixed-gres-ddp's shape: 5 tasks on one node of 4 + 1 GPUs of two types
_MIXED_GRES = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=5
#SBATCH --gres=gpu:a40-48:4,gpu:3090:1
#SBATCH --cpus-per-task=5
#SBATCH --time=12:00:00

export MASTER_ADDR=$(scontrol show hostname $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=12345
export WORLD_SIZE=$SLURM_NTASKS
srun python train_ddp.py
"""


@pytest.mark.parametrize(("gres", "count", "typed"), [
    ("gpu:a40-48:4,gpu:3090:1", 5, [("a40-48", 4), ("3090", 1)]),
    ("gpu:tesla:2,gpu:kepler:2", 4, [("tesla", 2), ("kepler", 2)]),
    ("gpu:a100:4", 4, [("a100", 4)]), ("gpu:2", 2, []), ("nvme:1,gpu:v100:2", 2, [("v100", 2)])])
def test_a_gres_list_of_several_gpu_entries_asks_them_all(
        gres: str, count: int, typed: list[tuple[str, int]]) -> None:
    # sbatch(1) --gres: a comma-delimited list of resources, each entry asked
    assert gres_gpu_count(gres) == count
    assert gres_gpu_types(gres) == typed


def test_mixed_gpu_types_count_together_and_are_named() -> None:
    for target in ("delta", "polaris"):
        r = port(_MIXED_GRES, [target])[target]
        assert r.status == "generated", r.notes
        assert r.spec is not None and r.spec.ranks == 8, target  # 5 ranks do not fit a node
        assert not any("disagrees with itself" in n for n in r.notes)
        assert any("asks 5 GPUs a node of 2 types (4 a40-48, 1 3090)" in n for n in r.notes)
        assert any("5 -> 8" in n and "ranks=4" in n for n in r.notes)
