"""A port never breaks the user's shell: bash's keyword form of a function (``function name {``)
is one block with its closing ``}``, and a port that does not parse where its source does is
refused (``maple_flow.port.shell_check``)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from maple_flow import port
from maple_flow.port.shell_check import broken_shell
from maple_flow.scriptparse.shell import split_blocks

REQUEUE = """#!/bin/bash
#SBATCH --gres=gpu:4
#SBATCH --nodes=1
#SBATCH --time=12:00:00
#SBATCH --signal=B:USR1@30

function _requeue {
   echo "requeueing $SLURM_JOBID"
   date
   scontrol requeue $SLURM_JOBID
}

if [[ -n "$SLURM_JOBID" ]]; then
   trap _requeue USR1
fi

function _usr1 {
  kill -USR1 "$trainprocess" 2>/dev/null
  wait "$trainprocess"
}
trap _usr1 SIGUSR1

python3 train.py --epochs 3 &
trainprocess=$!
wait $trainprocess
"""


def test_keyword_function_is_one_block_with_its_brace() -> None:
    blocks = split_blocks("function f {\n  echo a\n}\necho b\n")
    assert [b.text for b in blocks] == ["function f {\n  echo a\n}", "echo b"]


def test_keyword_function_with_parens_is_one_block() -> None:
    blocks = split_blocks("function f() {\n  wait\n}\n")
    assert [b.text for b in blocks] == ["function f() {\n  wait\n}"]


needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")


@needs_bash
def test_broken_port_of_a_parsing_source_is_named() -> None:
    source = "f() {\n  echo a\n}\nf\n"
    reason = broken_shell(source, "f() {\n  echo a\nf\n")
    assert "does not parse as bash" in reason and "line" in reason


@needs_bash
def test_port_that_parses_or_source_that_does_not_says_nothing() -> None:
    assert broken_shell("echo a\n", "echo b\n") == ""
    assert broken_shell("if true; then\n", "if true; then\n") == ""
    assert broken_shell("#!/bin/tcsh\nif ( 1 ) then\n", "fi\n") == ""


@needs_bash
@pytest.mark.parametrize("target", ["delta", "polaris"])
def test_port_keeps_keyword_functions_whole(target: str) -> None:
    result = port(REQUEUE, [target])[target]
    assert result.status == "generated"
    assert subprocess.run(["bash", "-n"], input=result.script, text=True,
                          check=False).returncode == 0
    body = result.script
    assert "function _usr1 {" in body and 'wait "$trainprocess"\n}' in body
