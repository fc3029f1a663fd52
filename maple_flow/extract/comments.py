"""Shell comments after pasted scheduler directives, dropped before the request is read.

``#SBATCH --ntasks-per-node=2 # one per GPU`` is a directive and the user's note on it; the
note's words ("one per GPU", "1 torchrun launcher per node") are no part of the request.
"""

from __future__ import annotations

import re

#: A directive (``#SBATCH ...``, ``#PBS ...``) and the comment after it, which ends at the
#: next directive of a pasted list, at a line end or a semicolon.
_DIRECTIVE_COMMENT = re.compile(
    r"(#(?:SBATCH|PBS)\b[^#\n;]*?)\s#(?!SBATCH\b|PBS\b)[^\n;]*?"
    r"(?=,?\s*#(?:SBATCH|PBS)\b|[\n;]|$)",
)


def drop_directive_comments(text: str) -> str:
    """``text`` without the comments written after its scheduler directives."""
    return _DIRECTIVE_COMMENT.sub(r"\1", text)
