"""A command chained before the launch whose words hold the launcher's name as part of a word
(``chmod +x srun_x.sh && srun srun_x.sh``) is kept in front of the target's launch."""

from __future__ import annotations

from maple_flow import port
from maple_flow.scriptparse.script import parse_script

SCRIPT = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
chmod +x srun_train.sh && srun python train.py --epochs 1
"""


def test_the_chained_command_is_read_whole() -> None:
    assert parse_script(SCRIPT).launch_prefix == "chmod +x srun_train.sh &&"


def test_the_chained_command_stays_before_the_launch() -> None:
    for target in ("polaris", "lonestar6", "delta"):
        script = port(SCRIPT, [target])[target].script
        launch = next(line for line in script.splitlines() if "chmod" in line)
        assert launch.startswith("chmod +x srun_train.sh && "), (target, launch)


MPIRUN_STEP = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH -t 01:00:00
mpirun hostname > hosts
srun python train.py --epochs 1
"""


def test_a_dropped_mpi_launcher_step_is_not_called_a_scheduler_command() -> None:
    notes = port(MPIRUN_STEP, ["polaris"])["polaris"].notes
    note = next(n for n in notes if "mpirun hostname" in n)
    assert "scheduler's command" not in note
    assert "source's launcher (mpirun)" in note and "by hand" in note
