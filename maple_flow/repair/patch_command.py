"""A launcher called by a name its package does not install (issue 17, s32cmd).

Class: ``cosmos_rl: command not found`` where the package installs ``cosmos-rl``;
``llama-model: command not found`` where the CLI is ``llama`` with a ``model`` subcommand. The
log names the word the shell could not find; the packages' own lists of command names
(maple_flow.knowledge.entry_points) say which one it misspells - only separators or case
differ, and only one known name is spelled so. :func:`respell_command` writes that name in
place of the word wherever a line of the script runs it (not inside a path, not as an
option's value, not in a comment). A name that is itself known, or that misspells none, is not
respelled (FixNotApplicable): it is not installed, which is the environment's matter.
:func:`command_line` finds the line that runs a command (for a question about it). Pure text
functions.
"""

from __future__ import annotations

import re

from maple_flow.knowledge.entry_points import respelling
from maple_flow.repair.text import FixNotApplicable


def _word(command: str) -> re.Pattern[str]:
    """``command`` as a command word: not part of a path, a name or an assignment."""
    return re.compile(rf"(?<![\w./=:-]){re.escape(command)}(?![\w./=-])")


def _is_option_value(line: str, start: int) -> bool:
    """Whether the word at ``start`` may be an option's value (``--name cosmos_rl``): the word
    before it is an option that does not carry its value (``--mounts=a:b`` does)."""
    before = line[:start].split()
    return bool(before) and before[-1].startswith("-") and "=" not in before[-1]


def command_line(text: str, command: str) -> int | None:
    """The 1-based number of the first line (not a comment) that runs ``command``, if any."""
    for number, line in enumerate(text.split("\n"), 1):
        if not line.lstrip().startswith("#") and any(
                not _is_option_value(line, m.start()) for m in _word(command).finditer(line)):
            return number
    return None


def respell_command(text: str, command: str) -> str:
    """``text`` with the known command name ``command`` misspells in its place on every line
    that runs ``command``; FixNotApplicable when it misspells no known name or no line runs
    it."""
    right = respelling(command)
    if right is None:
        raise FixNotApplicable(f"{command} is no misspelling of a command a known package installs")
    lines, found = text.split("\n"), False
    for i, line in enumerate(lines):
        if line.lstrip().startswith("#"):
            continue
        spans = [m.span() for m in _word(command).finditer(line)
                 if not _is_option_value(line, m.start())]
        for start, end in reversed(spans):
            line = line[:start] + right + line[end:]
            found = True
        lines[i] = line
    if not found:
        raise FixNotApplicable(f"no line of the script runs {command}")
    return "\n".join(lines)
