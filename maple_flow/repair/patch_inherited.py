"""Fixes for what a job inherits from the submitting shell or from earlier modules (pure, text
level; FixNotApplicable with the reason when the script has no place for them). Issue 17,
helper s33r31:

- :func:`unset_before_program`: variables a tool the job runs reads from the inherited
  environment (srun's ``SLURM_CPUS_PER_TASK`` against ``SLURM_TRES_PER_TASK`` when the srun is
  started by a solver's MPI bootstrap or a workflow manager, not by a line of the script) are
  unset before the script's program line (its launch, else its last command);
- :func:`purge_modules`: a ``module purge`` before the script's first ``module load``, so
  modules left in the environment (the submit shell's, or a default stack) no longer shadow
  the libraries of the modules the script loads.
"""

from __future__ import annotations

import re

from maple_flow.repair.layout import launch_or_last_line
from maple_flow.repair.text import FixNotApplicable, indent_of, insert_line, lines

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_MODULE_LOAD = re.compile(r"^\s*(?:module|ml)\s+(?:load|add|swap|switch)\b|^\s*ml\s+[A-Za-z]")
_MODULE_PURGE = re.compile(r"^\s*(?:module\s+(?:purge|--force\s+purge)|ml\s+purge)\b")


def unset_before_program(text: str, names: list[str]) -> str:
    """``text`` with ``unset NAMES`` before its program line; FixNotApplicable when a name is
    not a variable name, the script runs no command, or it already unsets them all there."""
    if not names or any(not _NAME.match(name) for name in names):
        raise FixNotApplicable(f"not variable names: {names!r}")
    line = launch_or_last_line(text)
    parts = lines(text)
    before = "\n".join(parts[: line - 1])
    missing = [n for n in names if not re.search(rf"(?m)^\s*unset\s+(?:-v\s+)?(?:\w+\s+)*{n}\b",
                                                 before)]
    if not missing:
        raise FixNotApplicable(f"the script already unsets {' '.join(names)} before its program")
    return insert_line(text, line - 1, f"{indent_of(parts[line - 1])}unset {' '.join(missing)}")


def purge_modules(text: str) -> str:
    """``text`` with ``module purge`` before its first module load; FixNotApplicable when the
    script loads no module or already purges before its first load."""
    parts = lines(text)
    first = next((i for i, p in enumerate(parts) if _MODULE_LOAD.match(p)), None)
    if first is None:
        raise FixNotApplicable("the script loads no module")
    if any(_MODULE_PURGE.match(p) for p in parts[:first]):
        raise FixNotApplicable("the script already purges its modules before loading them")
    return insert_line(text, first, f"{indent_of(parts[first])}module purge")
