"""Name the node type a site's submit filter requires (issue 17, helper s25logs).

A site whose nodes differ in kind charges a job by the kind it asks for, and its submit filter
refuses a job that names none (NERSC: ``sbatch: error: No architecture specified, cannot
estimate job costs.``, the same from ``srun`` when it makes its own allocation). The fix names
the node type where the allocation is asked:

- the batch header (``#SBATCH -C gpu``) when the script has one;
- the ``srun`` line (``srun --constraint=cpu ...``) when the script has no header: that srun
  allocates by itself (a driver run on a login node);
- when the script names a constraint on ``#SBATCH`` lines written with leading blanks, sbatch
  never read them (it takes a directive only at the start of a line): those lines are written
  at the start of their lines and nothing is added.

A script that already names a constraint sbatch reads is refused with the reason: the refusal
then has another cause.
"""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import parse_directives
from maple_flow.repair import patch_directives as pd
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.text import FixNotApplicable

#: A batch directive written after blanks: sbatch reads ``#SBATCH`` only at a line's start.
_INDENTED = re.compile(r"^[ \t]+(#SBATCH\b)", re.M)


def _indented(raw: str) -> bool:
    return raw[:1] in (" ", "\t")


def allocation_constraint(text: str, value: str) -> str:
    """``text`` with the node type ``value`` named where its allocation is asked (module
    docstring); FixNotApplicable with the reason when that cannot be done."""
    directives = parse_directives(text, "slurm")
    named = [d for d in directives if d.option == "constraint"]
    if named and any(_indented(d.raw) for d in named):
        return _INDENTED.sub(r"\1", text)
    if named:
        last = named[-1]
        raise FixNotApplicable(f"the script names a constraint already (line {last.line}: "
                               f"{last.raw.strip()}); the refusal has another cause")
    if directives:
        return pd.set_directive(text, "slurm", "constraint", value)
    try:
        return pl.set_launcher_arg(text, "srun", "--constraint", value)
    except FixNotApplicable:
        raise FixNotApplicable("the script has neither a #SBATCH header nor an srun line to "
                               "name the node type on") from None
