"""A Ray job whose driver line starts a shell builtin under srun (`srun -w "$head" cd $DIR &
bash $JOB`): the refusal names the command the batch shell runs, not `cd` (issue 14; unseen15
held-out cmu-flame)."""

from __future__ import annotations

import pytest

from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script

_SRC = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
DIR="/home/me/proj"
JOB="$DIR/scripts/train.sh"
nodes=($(scontrol show hostnames $SLURM_JOB_NODELIST))
head=${nodes[0]}
srun --nodes=1 --ntasks=1 -w "$head" ray start --head --port=6379 --block &
sleep 10
srun --nodes=1 --ntasks=1 -w "$head" \\
    cd $DIR & bash $JOB
wait
"""


def test_the_driver_past_a_builtin_is_named_with_its_value() -> None:
    with pytest.raises(ParseError) as err:
        parse_script(_SRC)
    reason = str(err.value)
    assert "the driver `bash $JOB` (line 11, i.e. `bash /home/me/proj/scripts/train.sh`" in reason
    assert "driver `cd`" not in reason and "keep `cd`" not in reason
