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


WHOAMI = """#!/bin/bash
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
cd /work/me/proj || exit
srun /homes/$(whoami)/.conda/envs/teddy/bin/python train.py --resume
"""


def test_written_word_keeps_what_the_source_expanded() -> None:
    from maple_flow.shellquote import shell_word, written_word

    word = "/homes/$(whoami)/env/bin/python"
    assert written_word(word, f"srun {word} x.py") == f'"{word}"'
    # single-quoted in the source: nothing expanded there, nor here
    assert written_word(word, f"srun '{word}' x.py") == shell_word(word)
    assert written_word("/u/me/env/bin/python", "python") == shell_word("/u/me/env/bin/python")


@pytest.mark.parametrize("target", ["anvil", "polaris"])
def test_interpreter_command_substitution_still_expands(target: str) -> None:
    result = port(WHOAMI, [target])[target]
    assert result.status == "generated"
    assert '"/homes/$(whoami)/.conda/envs/teddy/bin/python" train.py' in result.script
    assert "'/homes/$(whoami)" not in result.script


PREFIX = """#!/bin/bash
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
if [[ -n $1 ]]; then
  PROJECT_HOME=$1
else
  PROJECT_HOME=$HOME/proj
fi
cd "$PROJECT_HOME"
PYTHONPATH="$PROJECT_HOME/src/" python train.py --epochs 3
"""


def test_launch_prefix_reading_a_script_variable_is_exported_after_it() -> None:
    result = port(PREFIX, ["delta"])["delta"]
    assert result.status == "generated"
    lines = result.script.split("\n")
    export = lines.index('export PYTHONPATH="$PROJECT_HOME/src/"')
    setter = next(i for i, x in enumerate(lines) if x.strip() == "PROJECT_HOME=$HOME/proj")
    assert setter < export


SOURCED = """#!/bin/bash
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
#SBATCH --signal=B:USR1@60
set -e
function submit_again() {
  sbatch slurm/train.sh
}
trap submit_again USR1
. /cluster/home/me/scripts/setup_env.sh --source-only
setup_env "$HOME/data"
python train.py --epochs 3 &
wait
"""


def test_dropped_definitions_a_kept_line_calls_are_named() -> None:
    from maple_flow.port.dropped_defs import dropped_definitions_note

    kept = "trap submit_again USR1\nsetup_env \"$HOME/data\"\npython train.py &\nwait\n"
    notes = dropped_definitions_note(SOURCED, kept)
    assert len(notes) == 2
    assert "`submit_again`" in notes[0] and "trap submit_again USR1" in notes[0]
    assert "`setup_env`" in notes[1] and "command not found" in notes[1]
    kept_all = SOURCED  # nothing dropped: nothing said
    assert dropped_definitions_note(SOURCED, kept_all) == []


def test_a_dropped_conda_init_is_the_targets_to_give() -> None:
    from maple_flow.port.dropped_defs import dropped_definitions_note

    source = "source /share/apps/anaconda3/etc/profile.d/conda.sh\nconda activate base\n"
    assert dropped_definitions_note(source, "module load conda\nconda activate base\n") == []


def test_a_kept_line_moved_above_its_setter_is_named() -> None:
    from maple_flow.port.line_order import moved_above_setter_note

    source = 'P=$HOME/proj\nPYTHONPATH="$P/src" python train.py\n'
    moved = 'export PYTHONPATH="$P/src"\nP=$HOME/proj\npython train.py\n'
    notes = moved_above_setter_note(source, moved)
    assert len(notes) == 1 and "$P" in notes[0] and "unset" in notes[0]
    kept = 'P=$HOME/proj\nexport PYTHONPATH="$P/src"\npython train.py\n'
    assert moved_above_setter_note(source, kept) == []
