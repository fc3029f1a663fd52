"""A multi-line ``python -c "..."`` program written to a file and run from it (s38rl44).

The C shell (csh, tcsh: a PBS job's shell when the user's login shell is csh) cannot carry a
double-quoted string over several lines: it stops with ``Unmatched ".`` before running
anything. The fix keeps the program exactly as written: its lines go to a file through a
here-document, and the same interpreter, with the same options and arguments, runs that file.
The here-document's word is plain: tcsh ends a quoted word (``<< 'W'``) only at the line
``'W'``, which sh would not; a plain word ends at ``W`` in both shells, and substitutes nothing
in a program without ``$``, a backquote or a backslash. A program with any of those is left
alone (what the shell would have made of them is the user's intent, not something to guess),
as is one whose lines hold the here-document's word.
"""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable

#: The file the program is written to, in the directory the command runs in (``$$``: the
#: job shell's id, expanded by csh and sh alike).
PROGRAM_FILE = "inline_program_$$.py"
WORD = "MAPLE_PY"
#: ``python[3[.x]] [-flags] -c "`` whose quote stays open at the end of the line.
_OPEN = re.compile(r'^(?P<indent>[ \t]*)(?P<head>(?:\S*/)?python(?:\d+(?:\.\d+)?)?'
                   r'(?:[ \t]+-[BEIOPqsSuv]+)*)[ \t]+-c[ \t]+"(?P<first>[^"]*)$')
#: The line that closes the quote, and the arguments after it (no quote of their own).
_CLOSE = re.compile(r'^(?P<last>[^"]*)"(?P<tail>[^"]*)$')
_UNSAFE = re.compile(r"[$`\\]")


def _rewrite(lines: list[str], i: int) -> tuple[list[str], int] | None:
    """The lines replacing the program that opens on line ``i`` and the index after it; None
    when it is not a whole, plain multi-line ``-c`` program."""
    opened = _OPEN.match(lines[i])
    if opened is None:
        return None
    j = next((k for k in range(i + 1, len(lines)) if '"' in lines[k]), None)
    closed = _CLOSE.match(lines[j]) if j is not None else None
    if j is None or closed is None:
        return None
    body = [opened["first"], *lines[i + 1:j], closed["last"]]
    body = body[1:] if not body[0].strip() else body
    body = body[:-1] if not body[-1].strip() else body
    if any(_UNSAFE.search(line) or line.strip() == WORD for line in body):
        return None
    indent, tail = opened["indent"], closed["tail"].rstrip()
    out = [f"{indent}cat > \"{PROGRAM_FILE}\" << {WORD}", *body, WORD,
           f"{indent}{opened['head']} \"{PROGRAM_FILE}\"{tail}"]
    return out, j + 1


def program_from_inline_file(text: str) -> str:
    """Every multi-line ``python -c "..."`` program of ``text`` written to a file and run
    from it; FixNotApplicable when the script has none that can be moved as it is."""
    lines = text.split("\n")
    out: list[str] = []
    i, changed = 0, False
    while i < len(lines):
        rewritten = _rewrite(lines, i)
        if rewritten is None:
            out.append(lines[i])
            i += 1
            continue
        out.extend(rewritten[0])
        i, changed = rewritten[1], True
    if not changed:
        raise FixNotApplicable('the script runs no plain multi-line `python -c "..."` program')
    return "\n".join(out)
