"""`wait $!` after a launch run with `&` stays right after the port's launch, so the status
read next is the launch's (issue 14; unseen15 held-out fifteen-nodes: `wait $!` dropped, so
`EXIT_CODE=$?` read the `&`)."""

from __future__ import annotations

from maple_flow import port

_SRC = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
trap 'scontrol requeue $SLURM_JOB_ID' USR1
srun torchrun --nnodes=2 --nproc_per_node=4 train.py &
wait $!
EXIT_CODE=$?
echo "exit $EXIT_CODE"
"""


def test_wait_of_the_last_background_pid_is_kept_before_the_status_read() -> None:
    for target in ("perlmutter", "polaris"):
        result = port(_SRC, [target])[target]
        lines = [x.strip() for x in result.script.splitlines()]
        assert "wait $!" in lines, target
        assert lines.index("wait $!") + 1 == lines.index("EXIT_CODE=$?"), target
        assert "`wait $!`" not in "\n".join(result.notes), target
