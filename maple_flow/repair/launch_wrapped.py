"""A launch that a site launcher runs inside another tool's command line (``e4s-cl launch
--profile P srun ... -- prog``): the step the job's environment must be set before when the
script starts no Python program and calls no wrapper script."""

from __future__ import annotations

from maple_flow.scriptparse.launch import LAUNCH_CMDS
from maple_flow.scriptparse.shell import split_blocks

#: Commands that name a launcher without running it (``echo srun ...``, ``which srun``).
_NOT_RUNNING = frozenset({"echo", "printf", "which", "type", "command", "alias", "man"})


def wrapped_launch_line(text: str) -> int | None:
    """1-based line of the last top-level command that names a site launcher (srun, mpiexec,
    ...) as one of its words past the first (a launcher run by a launch tool), or None."""
    found = [cmd.line for block in split_blocks(text) for cmd in block.commands
             if _runs_launcher(list(cmd.words))]
    return found[-1] if found else None


def _runs_launcher(words: list[str]) -> bool:
    """Whether a command whose first word is not a launcher runs one later on its line."""
    if not words or words[0] in _NOT_RUNNING:
        return False
    return any(word.rsplit("/", 1)[-1] in LAUNCH_CMDS for word in words[1:])
