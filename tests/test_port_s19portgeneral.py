"""Classes found by bench/s19portgeneral_probe (users' scripts written for the ten clusters,
ported to others). Fixtures written here, not copied.

- an interpreter variable whose directory a command substitution gives
  (``PY=$(conda info --base)/envs/x/bin/python``, then ``$PY x.py``) is the user's
  interpreter: kept as the interpreter, not read as a command put in front of the target's
  ``python`` (which wrote ``$PY python x.py`` and dropped the ``PY=`` line).
"""

from __future__ import annotations

import pytest

from maple_flow.port.api import port
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.model import launch_model

SOURCE = """#!/bin/bash
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH -t 01:00:00

module load python
conda activate myenv
PY=$(conda info --base)/envs/myenv/bin/python
mkdir -p out
$PY tools/bench.py --n 3 --out out
"""


@pytest.mark.parametrize("target", ["delta", "polaris", "bridges2"])
def test_interpreter_variable_from_command_substitution_is_kept_as_interpreter(
        target: str) -> None:
    result = port(SOURCE, [target])[target]
    script = result.script
    assert "PY=$(conda info --base)/envs/myenv/bin/python" in script
    assert '"$PY" ' in script
    assert "$PY python" not in script and '"$PY" python' not in script
    assert "tools/bench.py --n 3 --out out" in script
    assert any("interpreter variable $PY" in n for n in result.notes)


def test_interpreter_variable_is_not_a_hidden_launcher() -> None:
    """``$PY x.py`` with PY an interpreter path: one process, not a launcher hidden in $PY."""
    model = launch_model(parse_script(SOURCE))
    assert "hidden" not in model.why
