"""Unicode spaces written as plain ones.

A line copied from a web page or a document can hold a no-break space (U+00A0, ``M-BM-`` under
``cat -v``) or another Unicode space separator where the shell and sbatch expect a blank: sbatch
reads ``#SBATCH --partition<NBSP>milan`` as one unknown word (``sbatch: error: Invalid
directive found in batch script``, src/sbatch/opt.c), bash runs ``<NBSP>srun`` as a command of
that name. :func:`plain_spaces` writes each such character as an ASCII space.
"""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable

#: Unicode space separators (category Zs) other than the ASCII space.
UNICODE_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009" \
                 "\u200a\u202f\u205f\u3000"
_SPACES = re.compile(f"[{UNICODE_SPACES}]")


def plain_spaces(text: str) -> str:
    """``text`` with every Unicode space separator written as an ASCII space;
    FixNotApplicable when it holds none."""
    if not _SPACES.search(text):
        raise FixNotApplicable("the script holds no no-break or other Unicode space")
    return _SPACES.sub(" ", text)
