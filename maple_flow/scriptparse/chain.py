"""A line of several commands joined by the shell's list operators (``a && b; c || d``), split
into its commands as bash reads it: each command (a simple command or a pipeline, with its own
redirections) with its place in the line and the operator after it. The port uses it to find
the job's launch among other launches on one line and to port each of them in place, the
operators and everything else on the line kept as written (:mod:`maple_flow.port.chain_runs`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from maple_flow.scriptparse.launch import LAUNCH_CMDS, PER_NODE_LAUNCHERS, PER_RANK_LAUNCHERS

#: ``time`` in front of a command: a reserved word bashlex does not parse; a plain word of the
#: same length stands for it, so the places in the line are kept.
_TIME_WORD = re.compile(r"(^|[;&|(]\s*)time(?=\s)")
_TIME_STANDIN = "t1me"
#: The list operators that join commands on one line.
OPERATORS = ("&&", "||", ";", "&")


@dataclass(frozen=True)
class ChainPart:
    """One command of a line of several: its text as written (a pipeline with its
    redirections), where it stands in the line, and the operator after it (``""`` last)."""

    text: str
    start: int
    end: int
    op: str


def chain_parts(line: str) -> tuple[ChainPart, ...] | None:
    """The commands of ``line`` (one logical line, continuations kept) in order, when it is a
    plain list of commands and pipelines joined by ``&&``, ``||``, ``;`` or ``&``; one part
    for a line of one command; None when bash's grammar gives something else at the top (a
    subshell, a group, ``if``/``for``/``while``, a function) or the line is not read."""
    return _chain_parts(line)


@lru_cache(maxsize=4096)
def _chain_parts(line: str) -> tuple[ChainPart, ...] | None:
    import bashlex

    text = line.rstrip()
    read = _TIME_WORD.sub(lambda m: m.group(1) + _TIME_STANDIN, text)
    try:
        trees = bashlex.parse(read)
    except Exception:  # bashlex raises many types on shell it does not support
        return None
    if len(trees) != 1:
        return None
    tree: Any = trees[0]
    if tree.kind in ("command", "pipeline"):
        return (ChainPart(text[tree.pos[0]:tree.pos[1]], tree.pos[0], tree.pos[1], ""),)
    if tree.kind != "list":
        return None
    parts: list[ChainPart] = []
    for node in tree.parts:
        if node.kind == "operator" and parts and not parts[-1].op:
            last = parts[-1]
            parts[-1] = ChainPart(last.text, last.start, last.end, node.op)
        elif node.kind in ("command", "pipeline"):
            parts.append(ChainPart(text[node.pos[0]:node.pos[1]], node.pos[0], node.pos[1], ""))
        else:  # a compound command (subshell, group, if/for) joined to the others
            return None
    return tuple(parts)


#: Words that start a program run of the job: a launcher or a per-node launcher (the names
#: scriptparse.launch reads), or Python.
_RUN_NAMES = LAUNCH_CMDS | PER_RANK_LAUNCHERS | PER_NODE_LAUNCHERS
_PYTHON = re.compile(r"python[\d.]*")


def runs_program(words: tuple[str, ...]) -> bool:
    """``words`` start a program run of the job (a launcher, a per-node launcher, Python)."""
    name = words[0].rsplit("/", 1)[-1] if words else ""
    return name in _RUN_NAMES or bool(_PYTHON.fullmatch(name))


def launch_part(line: str, words: tuple[str, ...],
                number: int) -> tuple[tuple[ChainPart, ...], int] | str:
    """The commands of ``line`` (a line of several launches, ``number`` its line number) and the
    index of the one that runs the command ``words`` (the job's launch; the last such part);
    or why the line cannot be ported launch by launch: the real obstacle (runs sent to the
    background on one line, a launch whose output another launch reads through a pipe), or
    that bash's grammar gives no plain list of commands there."""
    from maple_flow.scriptparse.shell import split_commands

    shown = " ".join(line.replace("\\\n", " ").split())
    parts = chain_parts(line)
    if parts is None:
        return (f"line {number}: `{shown}` runs several launches inside one compound command "
                "(a subshell, group or `if`/loop on the line); the port reads a line of "
                "commands joined by `&&`, `||` or `;`: write the launches so (or each on a "
                "line of its own) and port that")
    if any(p.op == "&" for p in parts):
        return (f"line {number}: `{shown}` starts launches in the background on one line "
                "(`&`): they run at the same time and share the job's GPUs, which the port "
                "cannot give each of them on the target; put each on a line of its own "
                "(ending in `&`, then `wait`) and port that")
    at = -1
    for k, part in enumerate(parts):
        cmds = split_commands(part.text)
        if any(c.words == words for c in cmds):
            at = k
        runs = [c for c in cmds if runs_program(c.words)]
        if len(cmds) > 1 and len(runs) > 1:
            return (f"line {number}: `{part.text.strip()}` pipes the output of one run into "
                    "another (`|`): both run at once and the second reads what the first "
                    "writes, so the port cannot start each under the target's launcher on its "
                    "own; write the two as steps (the first writes a file the second reads) "
                    "and port that")
    if at < 0:
        return (f"line {number}: `{shown}` runs several launches joined on one line; the port "
                "could not tell which of its commands is the job's launch: put each launch on "
                "a line of its own (after `set -e` to stop at a failure, as `&&` did) and port "
                "that")
    return parts, at
