"""Write indented scheduler directives at the start of their lines (issue 17, helper s33r32).

sbatch, qsub (PBS) and Grid Engine read a directive (``#SBATCH``, ``#PBS``, ``#$``) only at the
start of a line: one written after blanks - a script pasted from a web page or indented in an
editor - is a plain comment, so the job is submitted without the resources it names and a
submit filter refuses it (no partition, no stated requirements). The fix takes the blanks off;
a script with no indented directive is refused with the reason.
"""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable

#: A directive line written after blanks.
INDENTED_DIRECTIVE = re.compile(r"^[ \t]+(#(?:SBATCH|PBS|\$)[ \t])", re.M)


def has_indented_directive(text: str) -> bool:
    """Whether the script writes a scheduler directive after blanks."""
    return INDENTED_DIRECTIVE.search(text) is not None


def unindent_directives(text: str) -> str:
    """``text`` with each indented directive written at the start of its line (module
    docstring); FixNotApplicable when there is none."""
    if not has_indented_directive(text):
        raise FixNotApplicable("no scheduler directive of the script is written after blanks")
    return INDENTED_DIRECTIVE.sub(r"\1", text)
