"""A launch whose program is inline Python code: a launcher, an interpreter and ``-c CODE``
(``srun python -c "import torch; print(torch.cuda.is_available())"``, ``mpiexec -n $RANKS
--ppn 4 python -c "import mpi4py.MPI as mpi; ..."``): a check or a hello run next to the job's
main launch. Its launcher words are read as any launch's; the code is an argument the port
keeps verbatim. The port reads such a line with the code written as a stand-in program file
(:data:`PLACEHOLDER`) and puts ``-c CODE`` back, as written, in the target's launch."""

from __future__ import annotations

import re
import shlex

from maple_flow.scriptparse.launch import LAUNCH_CMDS, read_words

#: The program file the code is read as (a name no user script gives its own program).
PLACEHOLDER = "maple_inline_code.py"
_PYTHON = re.compile(r"python[\d.]*")


def raw_words(text: str) -> list[str]:
    """``text``'s words as written (quotes kept), split at unquoted blanks; [] when its
    quotes do not close."""
    try:
        lexer = shlex.shlex(text, posix=False)
        lexer.whitespace_split = True
        lexer.commenters = ""
        return list(lexer)
    except ValueError:
        return []


def inline_code_launch(text: str) -> tuple[str, str] | None:
    """(``text`` with ``-c CODE`` written as :data:`PLACEHOLDER`, ``-c CODE`` as written)
    for a launch line whose launcher (srun, mpiexec, ...) starts inline Python code; None for
    any other line."""
    raw = raw_words(text)
    if not raw or raw[0] not in LAUNCH_CMDS:
        return None
    at = next((i for i in range(1, len(raw) - 2)
               if _PYTHON.fullmatch(raw[i]) and raw[i + 1] == "-c"), None)
    if at is None:
        return None
    written = re.search(rf"(?<=\s){re.escape(raw[at])}\s+(-c\s+{re.escape(raw[at + 2])})"
                        r"(?=\s|$)", text)
    if written is None:
        return None
    swapped = text[:written.start(1)] + PLACEHOLDER + text[written.end(1):]
    try:
        words = shlex.split(swapped)
    except ValueError:
        return None
    line = read_words(words)
    if line is None or line.entrypoint != PLACEHOLDER or line.inline:
        return None
    return swapped, written.group(1)
