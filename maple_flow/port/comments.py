"""The user's own comment lines, carried with the lines they describe.

A port keeps what the user wrote: a run of comment lines (and the blank line before it) just
above a line the port keeps goes with that line, verbatim; above a line the port drops, it is
dropped with it. Scheduler directives and the shebang are the header's, never a comment here;
commented-out commands are the source's alternatives (often its site's) and are not carried.
"""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.knowledge.directives import is_header_line
from maple_flow.scriptparse.launch import launcher_pattern

#: A commented-out command (``#export X=...``, ``# module load y``, ``#srun ...``): the
#: source's own alternatives, often for its site (bindings, modules); not carried.
_COMMENTED_CODE = re.compile(
    r"^\s*#+\s*(?:(?:export|declare|module|ml|source|conda|mamba|srun|"
    + launcher_pattern("mpiexec", "mpirun") + r"|ibrun|"
    r"aprun|jsrun|torchrun|deepspeed|accelerate|python[\d.]*|cd|apptainer|singularity)\b|"
    r"[A-Za-z_]\w*=)")


@lru_cache(maxsize=16384)
def is_comment(line: str) -> bool:
    """A comment line of the user's (not a scheduler directive or the shebang); kept per
    line: every target's stages ask it of the same lines."""
    stripped = line.strip()
    return stripped.startswith("#") and not is_header_line(stripped)


class CommentRuns:
    """The comment runs of a source text, each taken at most once, in source order."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.taken = 0  # the last source line (1-based) whose comments were taken

    def above(self, line: int) -> list[str]:
        """The comment lines just above source line ``line`` (1-based), with one blank line
        first where the source has one before them; [] when there are none (or ``line`` is
        not a source line, or they were taken already)."""
        if line <= self.taken or line > len(self.lines) + 1:
            return []
        start = line - 1  # index of the line itself; walk up over comments and blanks
        while start > self.taken and (not self.lines[start - 1].strip()
                                      or is_comment(self.lines[start - 1])):
            start -= 1
        run = self.lines[start:line - 1]
        self.taken = max(self.taken, line)
        comments = [x.rstrip() for x in run if x.strip() and not _COMMENTED_CODE.match(x)]
        if not comments:
            return []
        blank_first = not run[0].strip()
        return ([""] if blank_first else []) + comments

    def skip_to(self, line: int) -> None:
        """Take nothing above ``line``: what lies there belongs to lines not carried."""
        self.taken = max(self.taken, line)
