"""The general classes behind unseen22's tune ports judged not good (s23-u22tune): every fixture
is our own script shape, each test fails without its fix."""

from __future__ import annotations

from maple_flow import port
from maple_flow.scriptparse.launch import read_words

SLURM = ("#!/bin/bash\n#SBATCH -N 1 --ntasks-per-node=1 --gpus-per-node=4\n"
         "#SBATCH -t 02:00:00\n")


def test_torchrun_of_a_which_looked_up_command_is_the_launch() -> None:
    """``torchrun ... $(which mytool) sub --x``: torchrun runs the console script PATH finds
    with Python, the command itself; it was no launch at all, and a sourced set-up file
    above it was then named as the job's hidden launch (a false refusal)."""
    line = read_words(["torchrun", "--nproc_per_node=4", "$(which mytool)", "fit", "--x", "1"])
    assert line is not None and line.command and line.entrypoint == "mytool"
    assert line.args == ["fit", "--x", "1"]
    script = SLURM + ("source env/setup.sh\n"
                      "torchrun --nproc_per_node=4 $(which mytool) fit --config a.yaml\n")
    for target in ("perlmutter", "polaris"):
        r = port(script, target)[target]
        assert r.status != "refused", r.notes[:2]
        assert "mytool fit --config a.yaml" in r.script
