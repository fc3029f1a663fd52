"""A storage variable the job reads defined before its first read (s36fs).

``export_env`` puts a new variable above the launch line, where the launcher's environment is
set up. A storage variable (``$SCRATCH``) that a script written for another site reads is
needed earlier: ``OUT=$SCRATCH/run1`` or ``mkdir -p $SCRATCH/ckpt`` come before the launch.
:func:`export_before_read` writes ``export NAME=value`` above the first command that reads
it. Pure: script text in, script text out.
"""

from __future__ import annotations

import re

from maple_flow.repair.layout import comment_block_start
from maple_flow.repair.text import FixNotApplicable, indent_of, insert_line, lines, quote


def first_read(text: str, name: str) -> int | None:
    """0-based index of the first line (outside comments and the ``#!`` line) that reads
    ``$name`` or ``${name...}``; None when none does."""
    read = re.compile(r"\$\{?" + re.escape(name) + r"(?![A-Za-z0-9_])")
    for index, line in enumerate(lines(text)):
        code = "" if line.lstrip().startswith("#") else line
        if read.search(code):
            return index
    return None


def sets(text: str, name: str) -> bool:
    """Whether a line of ``text`` assigns ``name`` (``NAME=``, ``export NAME=``)."""
    return re.search(r"(?m)^[ \t]*(?:export[ \t]+|declare[ \t]+(?:-x[ \t]+)?)?"
                     + re.escape(name) + r"=", text) is not None


def export_before_read(text: str, name: str, value: str) -> str:
    """``text`` with ``export NAME=value`` above the command whose line first reads
    ``$NAME`` (above a continued command's first line and the comments over it)."""
    if sets(text, name):
        raise FixNotApplicable(f"the script sets {name} itself")
    index = first_read(text, name)
    if index is None:
        raise FixNotApplicable(f"no line of the script reads ${name}")
    return export_above(text, index, name, value)


def export_above(text: str, index: int, name: str, value: str) -> str:
    """``text`` with ``export NAME=value`` above the command on 0-based line ``index`` (above
    a continued command's first line and the comments over it), at that line's indent."""
    parts = lines(text)
    while index > 0 and parts[index - 1].rstrip().endswith("\\"):
        index -= 1
    index = comment_block_start(text, index + 1)
    return insert_line(text, index, f"{indent_of(parts[index])}export {name}={quote(value)}")
