"""The interpreter's options of the source's launch are carried as Python's variables."""

from __future__ import annotations

from maple_flow import port
from maple_flow.port.pyopts import python_option_env


def test_options_become_the_variables_python_reads() -> None:
    env, notes = python_option_env(["-u", "-W", "ignore", "-X", "dev", "-OO"])
    assert env == {"PYTHONUNBUFFERED": "1", "PYTHONWARNINGS": "ignore", "PYTHONDEVMODE": "1",
                   "PYTHONOPTIMIZE": "2"}
    assert len(notes) == 4


def test_combined_flags_and_an_option_without_a_variable() -> None:
    env, notes = python_option_env(["-uB", "-I"])
    assert env == {"PYTHONUNBUFFERED": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    assert "`-I`" in notes[-1] and "not carried" in notes[-1]


def test_port_keeps_unbuffered_output_of_python_u() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH -t 1:00:00\n"
              "srun -n 4 python -u train.py --lr 1\n")
    r = port(script, "polaris")["polaris"]
    assert r.spec.env.get("PYTHONUNBUFFERED") == "1"
    assert "PYTHONUNBUFFERED" in r.script and r.spec.args == ["--lr", "1"]
