"""Where things are in a batch script: the directive block, module lines, the launch command."""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.errors import MapleError
from maple_flow.knowledge.directives import detect_scheduler
from maple_flow.repair.text import FixNotApplicable, Word, is_code, lines, logical_span, words_of

_MODULE = re.compile(r"^\s*(?:module|ml)\s")
_DIRECTIVE = re.compile(r"^\s*#(?:SBATCH|PBS)\b")


@dataclass(frozen=True)
class Launch:
    """The launch command: its 1-based first line, its span and its words."""

    line: int
    start: int
    end: int
    words: list[Word]


def scheduler_of(text: str, fallback: str | None = None) -> str:
    """``slurm`` or ``pbs`` from the directives, else ``fallback``; FixNotApplicable if none."""
    kind = detect_scheduler(text) or fallback
    if kind is None:
        raise FixNotApplicable("the script has no #SBATCH or #PBS directive: scheduler unknown")
    return kind


def find_launch(text: str, launcher: str | None = None) -> Launch:
    """The launch command of ``text``: the line that starts its Python program, else (given
    ``launcher``) the last command that ``launcher`` starts (``srun ./solver``); FixNotApplicable
    when there is none."""
    from maple_flow.scriptparse.script import (  # the parser, on first use (s40)
        launch_command_head,
        launch_command_line,
        launcher_command_line,
    )

    try:
        line = launch_command_line(text)
        if line is None and launcher is not None:
            line = launcher_command_line(text, launcher)
    except MapleError as exc:
        raise FixNotApplicable(f"the script cannot be parsed: {exc}") from exc
    if line is None:
        raise FixNotApplicable("the script has no launch line (no Python program is started"
                               + (f", no {launcher} command" if launcher else "") + ")")
    start, end = logical_span(text, line)
    words = words_of(text[start:end], start)
    if words and _SEPARATOR.match(text, words[-1].end, end):  # a list or pipeline
        head = launch_command_head(text) if launcher is None or line != launcher_command_line(
            text, launcher) else launcher
        later = None if not head or any(w.value == head for w in words) else \
            _later_command(text, words[-1].end, end, head)
        if later is not None:
            return Launch(line, later[0].start, end, later)
    return Launch(line, start, end, words)


#: A separator of commands on one logical line (``|``, ``||``, ``&&``, ``;``, ``&``).
_SEPARATOR = re.compile(r"[ \t]*(?:\|\||&&|\||;|&(?!>))[ \t]*")


def _later_command(text: str, pos: int, end: int, head: str) -> list[Word] | None:
    """The words of the first command after ``pos`` (up to ``end``) on the launch line that
    holds ``head``: the launcher or program of a launch written after another command of a
    list or pipeline (``yes y | srun python x.py``, ``cd run && srun ./app``), or None."""
    while (sep := _SEPARATOR.match(text, pos, end)) is not None and sep.end() < end:
        words = words_of(text[sep.end():end], sep.end())
        if not words:
            return None
        if any(w.value == head for w in words):
            return words
        pos = words[-1].end
    return None


def comment_block_start(text: str, line: int) -> int:
    """0-based index of the first of the comment lines directly above 1-based ``line``."""
    parts = lines(text)
    index = line - 1
    while index > 0 and parts[index - 1].lstrip().startswith("#") \
            and not _DIRECTIVE.match(parts[index - 1]) and not parts[index - 1].startswith("#!"):
        index -= 1
    return index


def first_command_index(text: str) -> int:
    """0-based index of the first line after the shebang, directives and header comments."""
    parts = lines(text)
    return next((index for index, line in enumerate(parts) if is_code(line)), len(parts))


def module_line_indexes(text: str, before: int | None = None) -> list[int]:
    """0-based indexes of the ``module``/``ml`` command lines (before line ``before``)."""
    parts = lines(text)[: before if before is not None else None]
    return [i for i, line in enumerate(parts) if _MODULE.match(line)]


def setup_anchor(text: str) -> int:
    """0-based line index after which set-up lines (modules) go when there is none yet:
    after ``set -e...`` when present, else before the first command."""
    parts = lines(text)
    first = first_command_index(text)
    for index in range(first, len(parts)):
        if re.match(r"^\s*set\s+-", parts[index]):
            return index + 1
        if is_code(parts[index]):
            break
    return first


def launch_or_last_line(text: str) -> int:
    """1-based line of the script's launch (its Python program), else of its last command;
    FixNotApplicable when the script runs no command."""
    try:
        return find_launch(text).line
    except FixNotApplicable:
        pass
    parts = text.split("\n")
    for index in range(len(parts) - 1, -1, -1):
        if is_code(parts[index]):
            return index + 1
    raise FixNotApplicable("the script runs no command")
