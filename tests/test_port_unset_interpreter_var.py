"""``srun $PYTHON -m pkg`` / ``srun $PY -u train.py`` where the script never sets the
interpreter variable (the submitting shell gives it): read as the interpreter that runs the
program, not as srun's options held in a variable (which left no program: refused). The port
keeps ``"$PYTHON"`` on the launch and says it must be given. Our own script shapes."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.scriptparse import parse_script

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n#SBATCH --time=02:00:00\n"
        "#SBATCH --cpus-per-task=8\n\ncd $HOME/project\n")


@pytest.mark.parametrize(("line", "var", "entry"), [
    ("srun $PYTHON -m trainer --config cfg.yaml", "PYTHON", "trainer"),
    ("srun ${VENV_PY} -u train.py --epochs 3", "VENV_PY", "train.py"),
    ("srun --ntasks=1 $PYTHON_BIN -W ignore -m pkg.fit", "PYTHON_BIN", "pkg.fit"),
])
def test_an_unset_interpreter_variable_before_a_program_is_the_interpreter(
        line: str, var: str, entry: str) -> None:
    parsed = parse_script(HEAD + line + "\n")
    assert parsed.launch.entrypoint == entry
    r = port(HEAD + line + "\n", "delta")["delta"]
    assert r.status == "generated"
    assert f'"${var}"' in r.script and entry in r.script
    assert any(f"${var}" in n and "never sets it" in n for n in r.notes)


def test_a_launcher_options_variable_before_a_python_word_stays_the_launchers() -> None:
    # `srun $SRUN_ARGS -u python x.py`-like shapes are not interpreters (name and follower)
    parsed = parse_script(HEAD + "srun $SRUN_OPTS --exclusive python train.py\n")
    assert parsed.launch.entrypoint == "train.py"
    assert any(o[0] == "$SRUN_OPTS" for s in parsed.launch.stages for o in s.options)
