"""Verifying a port whose launch starts an installed command (``srun fairseq-train``,
``torchrun --no-python ethos``): the mini-app that replaces it is a Python file, so it runs
through the site's python, and only where the command is launched (bench/portcmd_probe)."""

from __future__ import annotations

from maple_flow import port
from maple_flow.verify.prepare import prepare

SLURM = """#!/bin/bash
#SBATCH -A m1234 -C gpu -q regular
#SBATCH --nodes=2 --ntasks-per-node=4 --gpus-per-node=4
#SBATCH --time=01:00:00
"""


def _prepared(script: str, target: str) -> str:
    r = port(script, [target])[target]
    assert r.status == "generated", r.notes[:2]
    return prepare(r.script, target, entrypoint=r.spec.entrypoint, module=r.spec.module,
                   spec=r.spec).script


def test_a_per_rank_launch_of_a_command_runs_the_miniapp_through_python() -> None:
    script = SLURM + "conda activate fairseq-train\nsrun fairseq-train data --arch t\n"
    text = _prepared(script, "polaris")
    assert "python maple_miniapps/ddp.py data --arch t" in text
    assert "conda activate fairseq-train" in text  # the same word elsewhere is not swapped


def test_a_torchrun_no_python_launch_of_a_command_drops_the_option_for_the_miniapp() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:8\n#SBATCH -t 1:00:00\n"
              "mamba activate ethos\n"
              "torchrun --no_python --standalone --nproc_per_node=8 ethos train --lr 1\n")
    text = _prepared(script, "perlmutter")
    assert "maple_miniapps/ddp.py train --lr 1" in text
    assert "--no-python" not in text and "python maple_miniapps" not in text
    assert "mamba activate ethos" in text
