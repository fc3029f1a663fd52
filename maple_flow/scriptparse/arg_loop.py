"""A job script's own argument loop: ``while [[ $# -gt 0 ]]; do case $1 in --gpus) N="$2";
shift 2 ;; ... esac; done`` (also ``while (( $# ))``, ``while [ -n "$1" ]``, ``for arg in "$@"``,
``while getopts``). The variables its branches set hold what the job is submitted with
(``sbatch job.sh --gpus 4``), which the script does not show: a launch that reads one of them
is decided by arguments the port cannot see. Read from the script's blocks, never guessed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from maple_flow.scriptparse.shell import Block, bare_line, one_line

#: How the reason for a variable the argument loop sets begins (after ``$NAME``).
ARG_LOOP_SAID = "is decided by the job script's own argument loop"
#: The header of a loop over the job script's own arguments.
_ARG_LOOP = re.compile(
    r"^\s*(?:while\s+(?:\[\[?\s*(?:\$\{?#\}?\s+-(?:gt|ge|ne)\s+[01]|-n\s+\"?\$\{?1\}?\"?)\s*\]\]?"
    r"|\(\(\s*\$?#\s*(?:>\s*0\s*)?\)\)|getopts\b)"
    r"|for\s+\w+\s+in\s+\"?\$[@*]\"?\s*(?:;|$))")
#: A ``case`` branch's pattern line: ``--gpus)``, ``-g|--gpus)``, ``--config=*)``.
_PATTERN = re.compile(r"^\s*\(?\s*([^()\s;][^()]*?)\s*\)(?:\s|$)")


@dataclass
class ArgSet:
    """A variable the argument loop sets: the loop, its default before it, its branches."""

    loop_line: int
    loop_head: str
    #: The line and value the script gives it before the loop (None where it gives none).
    default: tuple[int, str] | None = None
    #: Each branch that sets it: its pattern, line and value.
    branches: list[tuple[str, int, str]] = field(default_factory=list)


def argument_sets(blocks: list[Block]) -> dict[str, ArgSet]:
    """Each variable a branch of the script's argument loop sets, with its default (the
    script's last value for it before the loop); ``{}`` where the script has no such loop."""
    found: dict[str, ArgSet] = {}
    before: dict[str, tuple[int, str]] = {}
    for block in blocks:
        head = block.text.split("\n", 1)[0]
        if not _ARG_LOOP.match(bare_line(head)):
            for cmd in block.commands:
                for name, value in cmd.settings():
                    before[name] = (cmd.line, value)
            continue
        lines = block.text.split("\n")
        for cmd in block.commands:
            pattern = _pattern_above(lines, cmd.line - block.line)
            for name, value in cmd.settings():
                if not pattern or name in ("OPTARG", "OPTIND"):
                    continue
                entry = found.setdefault(name, ArgSet(block.line, one_line(head, 60),
                                                      before.get(name)))
                entry.branches.append((pattern, cmd.line, value))
    return found


def _pattern_above(lines: list[str], at: int) -> str:
    """The ``case`` pattern of the branch holding line ``at`` of a block (``""`` if none)."""
    for k in range(min(at, len(lines) - 1), 0, -1):
        text = bare_line(lines[k]).strip()
        if text.startswith(("case ", "esac")) or text == ";;":
            return ""
        match = _PATTERN.match(bare_line(lines[k]))
        if match:
            return match.group(1)
    return ""


def argument_loop_said(name: str, sets: dict[str, ArgSet]) -> str:
    """What the argument loop does to ``$name``: its default and the options that change it,
    then the loop's other options; ``""`` where the loop does not set it."""
    entry = sets.get(name)
    if entry is None:
        return ""
    default = (f"`{one_line(entry.default[1], 50)}` (line {entry.default[0]}) unless"
               if entry.default else "unset unless")
    given = "; ".join(f"`{p}` sets `{one_line(v, 50)}` (line {n})"
                      for p, n, v in entry.branches[:3])
    others = sorted({p for k, e in sets.items() if k != name for p, _, _ in e.branches})
    also = (f"; the loop's other options ({', '.join(f'`{p}`' for p in others[:4])}) set more "
            "of the launch" if others else "")
    return (f"${name} {ARG_LOOP_SAID} (line {entry.loop_line} "
            f"`{entry.loop_head}`): {default} the job is submitted with an option that changes "
            f"it ({given}){also}; the arguments the job is submitted with (`job.sh "
            "--option value`) are not in the script, so which run to port is not known: set "
            "these variables to the run's values in place of the loop (or write them into the "
            "launch line) and port again")


__all__ = ["ARG_LOOP_SAID", "ArgSet", "argument_loop_said", "argument_sets"]
