"""The job's call of a wrapper shell script (``bash run_pipeline.sh``, ``./train.sh``):
the command that starts the program when the job hands its launch to a script of its own.

A variable the job exports before that call reaches every process the wrapper starts, so an
environment fix whose place is "before the program starts" may go above it when the job
script itself starts no Python program."""

from __future__ import annotations

import re

from maple_flow.scriptparse.launch import leading_launcher
from maple_flow.scriptparse.shell import Block, split_blocks

#: Shells that run a script file given as their first operand.
_SHELLS = frozenset({"bash", "sh", "zsh", "ksh", "dash"})
#: A block that is a compound command or a function definition: its commands do not run
#: (or not once, in order) where the block stands.
_COMPOUND = re.compile(r"^\s*(?:if|for|while|until|case|select|function)\b|^\s*[\w.-]+\s*\(\s*\)")
_SCRIPT_FILE = re.compile(r"\.(?:sh|bash)$")


def _runs_script(words: tuple[str, ...]) -> bool:
    """``words`` run a shell script file: ``bash x.sh``, ``sh -e x.sh``, ``./x.sh``,
    ``path/x.sh``."""
    if not words:
        return False
    head = words[0].rsplit("/", 1)[-1]
    if head in _SHELLS:
        operands = [w for w in words[1:] if not w.startswith("-")]
        return bool(operands) and bool(_SCRIPT_FILE.search(operands[0]))
    return "/" in words[0] and bool(_SCRIPT_FILE.search(words[0]))


def _top_level(block: Block) -> bool:
    return not _COMPOUND.match(block.text)


def wrapper_call_line(text: str) -> int | None:
    """1-based line of the first top-level command that may start the job's program when the
    script has no Python launch: a call of a shell script file of the job's own (``bash
    scripts/run.sh``, ``./train.sh``), or a launcher command before it (``srun ./solver``);
    None when the script calls no such script file. The first, so that an export put above
    it reaches every later call; calls in background (``&``) count too."""
    calls = [(cmd.line, _runs_script(cmd.words)) for block in split_blocks(text)
             if _top_level(block) for cmd in block.commands
             if _runs_script(cmd.words) or leading_launcher(list(cmd.words)) is not None]
    if not any(is_call for _, is_call in calls):
        return None
    return calls[0][0]


def launcher_step_line(text: str) -> int | None:
    """1-based line of the first top-level command a launcher leads (``srun shifter bash -c
    "..."``, ``mpiexec ./solver``) in a script without a Python launch: the job step that
    starts its program, whose tasks get the job's exported environment (s36rl37); None when
    no such command runs at the top level."""
    return next((cmd.line for block in split_blocks(text) if _top_level(block)
                 for cmd in block.commands if leading_launcher(list(cmd.words)) is not None),
                None)
