"""An ``export`` of what a command prints (``export $(grep -v '^#' .env | xargs)``): the
user's own environment file loaded into the job. The port keeps such a line as written (its
variables are the user's, not the site's) and counts its file among the files the job takes
its variables from, like a sourced one."""

from __future__ import annotations

import re
import shlex

#: A command substitution as a whole word (``$(grep -v '^#' .env | xargs)``, ```cat f```).
_SUBSTITUTION = re.compile(r"^(?:\$\((?!\()(.*)\)|`(.*)`)$", re.S)


def exported_output(words: tuple[str, ...]) -> str:
    """The command whose output an ``export`` line exports (``export $(grep -v '^#' .env |
    xargs)``: the user's environment file loaded into the job), or ""."""
    for word in words[1:]:
        m = _SUBSTITUTION.match(word)
        if m and not word.startswith("-"):
            return (m.group(1) or m.group(2) or "").strip()
    return ""


#: An ``export`` of a command's output on a line of shell text: its command (group 1 or 2).
EXPORTED_LINE = re.compile(r"(?:^|[;&|]\s*)export\s+(?:\$\(([^()\n]*)\)|`([^`\n]*)`)", re.M)


#: Commands whose first operand is a pattern or program, not the file they read.
_PATTERN_FIRST = frozenset({"grep", "egrep", "fgrep", "sed", "awk", "gawk"})


def exported_file(command: str) -> str:
    """The file ``command`` (an ``export $(...)``'s) reads the variables from: the operand of
    its first stage (``grep -v '^#' .env | xargs`` -> ``.env``), or its ``<`` input; "" when
    neither names one."""
    redirected = re.search(r"<\s*([^\s|;&)<>]+)", command)
    if redirected:
        return redirected.group(1)
    try:
        words = shlex.split(command.split("|", 1)[0], posix=False)
    except ValueError:
        return ""
    operands = [w for w in words[1:] if not w.startswith("-")]
    if words and words[0] in _PATTERN_FIRST:
        operands = operands[1:]
    return operands[-1] if operands else ""
