"""The GPU the source ran on is stated only when the source site is known, not guessed from a
queue name another centre may share (``gpu-debug``)."""

from __future__ import annotations

from maple_flow import port

SCRIPT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=2
#SBATCH --gres=gpu:2
#SBATCH --partition=gpu-debug
#SBATCH --time=00:30:00
module load scicomp-python-env
srun python train.py --epochs 1
"""


def _gpu_notes(source: str | None) -> list[str]:
    result = port(SCRIPT, ["aurora"], source=source)["aurora"]
    return [n for n in result.notes if n.startswith(("GPU model", "GPU memory"))]


def test_a_queue_name_alone_states_no_source_gpu() -> None:
    assert _gpu_notes(None) == []


def test_a_named_source_states_its_gpu() -> None:
    notes = _gpu_notes("anvil")
    assert notes and "Anvil" in notes[0]
