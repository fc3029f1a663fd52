"""A port edits the user's script (issue 14): each numbered failure pattern of the issue has a
fixture here, our own example scripts written for it, that fails without its fix."""

from __future__ import annotations

from maple_flow import port

SLURM = """#!/bin/bash
#SBATCH -A m1234 -C gpu -q regular
#SBATCH --nodes=2 --ntasks-per-node=4 --gpus-per-node=4
#SBATCH --time=01:00:00
"""
PBS = """#!/bin/bash -l
#PBS -A myproj
#PBS -l select=2:ncpus=64:ngpus=4:mpiprocs=4
#PBS -l walltime=01:00:00
#PBS -q prod
"""


def _notes(result: object) -> str:
    return "\n".join(result.notes)  # type: ignore[attr-defined]


def _launches(script: str) -> list[str]:
    return [line for line in script.splitlines() if "prep.py" in line or "train.py" in line]


# --- 1: several programs in one job ---------------------------------------------------------

def test_two_srun_stages_both_get_the_targets_launcher() -> None:
    script = SLURM + "srun python prep.py --out data/\nsrun python train.py --data data/\n"
    r = port(script, "polaris")["polaris"]
    assert r.status == "generated"
    prep = [line for line in r.script.splitlines() if "prep.py" in line]
    assert len(prep) == 1 and prep[0].startswith("mpiexec ") and "srun" not in r.script
    assert prep[0].endswith("python prep.py --out data/")
    assert "is a launch of its own" in _notes(r)


def test_a_single_task_stage_keeps_its_own_size() -> None:
    script = PBS + "mpiexec -n 1 python prep.py --n 3\nmpiexec -n 8 --ppn 4 python train.py\n"
    r = port(script, "delta")["delta"]
    prep = next(line for line in r.script.splitlines() if "prep.py" in line)
    assert prep.startswith("srun ") and "--ntasks=1" in prep and "mpiexec" not in r.script
