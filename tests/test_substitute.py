"""The mini-app swap keeps everything but the program."""

from __future__ import annotations

import pytest

from maple_flow.errors import ParseError
from maple_flow.verify.substitute import miniapp_for, swap_entrypoint

SCRIPT = """#!/bin/bash
#SBATCH -N 2
# train.py is our program
module load pytorch/2.6.0
srun torchrun --nnodes 2 --nproc-per-node 4 train.py --lr 0.1 --data /scratch/x/train.py.d
"""


def test_swaps_only_the_program_on_command_lines() -> None:
    out = swap_entrypoint(SCRIPT, "train.py", "maple_miniapps/ddp.py")
    assert "maple_miniapps/ddp.py --lr 0.1 --data /scratch/x/train.py.d" in out
    assert "# train.py is our program" in out
    assert out.count("maple_miniapps") == 1


def test_quoted_entrypoint() -> None:
    script = "srun python 'my train.py' --epochs 3\n"
    out = swap_entrypoint(script, "my train.py", "maple_miniapps/fsdp.py")
    assert out == "srun python maple_miniapps/fsdp.py --epochs 3\n"


def test_module_entrypoint_drops_flag() -> None:
    script = "mpiexec -n 8 python -m pkg.train --steps 10\n"
    out = swap_entrypoint(script, "pkg.train", "maple_miniapps/ddp.py", module=True)
    assert out == "mpiexec -n 8 python maple_miniapps/ddp.py --steps 10\n"


def test_missing_entrypoint_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="does not occur"):
        swap_entrypoint(SCRIPT, "other.py", "maple_miniapps/ddp.py")


def test_miniapp_per_setup() -> None:
    assert miniapp_for("deepspeed", "zero3") == "maple_miniapps/zero3.py"
    with pytest.raises(ParseError):
        miniapp_for("deepspeed", "ddp")
