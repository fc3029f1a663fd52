"""A log that names another figure than a record's signature reads contradicts the record.

A signature that reads a figure (a named group of digits: an errno, a SeqNum) says which
values are that record's cause: ``unable to lock file, errno = (?P<errno>37|38|524)`` is a
file system without locks, while ``errno = 11`` (the lock is held by another process) is not.
Similarity does not read figures, so a log may be close in words to such a record and still
name a figure outside its set; then a similarity match must not act on it. The widened form
of the signature (the figure group matching any number) tells: it matches the log where the
signature itself does not.
"""

from __future__ import annotations

import re
from functools import cache

from maple_flow.repair.models import FailureRecord

#: The opening of a named group.
_GROUP = re.compile(r"\(\?P<\w+>")
#: A group body of figures only: digit classes, literal numbers, alternation, repeats.
_FIGURE_BODY = re.compile(r"(?:\\d|[0-9|]|\[[0-9-]+\]|\{\d+(?:,\d*)?\}|[+*?])+")


def _group_end(pattern: str, start: int) -> int | None:
    """The index of the parenthesis closing the group whose body starts at ``start``."""
    depth, i = 1, start
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 2
            continue
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return i
        i += 1
    return None


@cache
def widened(pattern: str) -> str | None:
    """``pattern`` with each figure group matching any number, or None when it reads none."""
    out, last, changed = [], 0, False
    for match in _GROUP.finditer(pattern):
        end = _group_end(pattern, match.end())
        if end is None or match.start() < last:
            continue
        if _FIGURE_BODY.fullmatch(pattern[match.end():end]):
            out.append(pattern[last:match.end()] + r"\d+")
            last, changed = end, True
    return "".join(out) + pattern[last:] if changed else None


def figure_contradicted(record: FailureRecord, log_text: str) -> bool:
    """Whether the log names, where one of the record's signatures reads a figure, a figure
    outside the signature's set (the widened signature matches, the signature does not)."""
    for sig in record.signatures:
        wide = widened(sig.pattern)
        if wide is None:
            continue
        try:
            if re.search(wide, log_text) and not re.search(sig.pattern, log_text):
                return True
        except re.error:
            continue
    return False
