"""``{shifter_module:NAME}``: the Shifter ``--module`` list of a job script with the site
module NAME added (s36fabric).

A Shifter job on Perlmutter gets host software into its image only through the modules its
``#SBATCH --module=`` directive names (NERSC: ``--module=gpu,nccl-plugin`` injects the host's
NCCL network plugin for Slingshot). The value is the script's own list plus NAME, only when the
script runs its program in Shifter, names an image and a module list, and no module of the list
is already one of NAME's kind (``nccl-plugin``, ``nccl-2.18``: any ``nccl`` module)."""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.repair.unresolved import Unresolved


class ShifterUnresolved(Unresolved):
    """The script gives no Shifter module list to extend (or already has the module)."""


_SHIFTER_RUN = re.compile(r"(?m)^[^#\n]*\bshifter\b")


def shifter_modules_with(script: str, module: str) -> str:
    """The script's ``--module`` value with ``module`` added; ShifterUnresolved otherwise."""
    if not re.fullmatch(r"[a-z][a-z0-9.-]*", module):
        raise ShifterUnresolved(f"{module!r} is not a Shifter module name")
    if not _SHIFTER_RUN.search(script):
        raise ShifterUnresolved("no line of the script runs shifter")
    directives = parse_directives(script, "slurm")
    if not last_value(directives, "image"):
        raise ShifterUnresolved("the script names no Shifter image (#SBATCH --image)")
    current = last_value(directives, "module")
    if not current:
        raise ShifterUnresolved("the script has no #SBATCH --module list to extend")
    items = [m.strip() for m in current.split(",") if m.strip()]
    if not items or not all(re.fullmatch(r"[A-Za-z0-9._-]+", m) for m in items):
        raise ShifterUnresolved(f"the --module value {current!r} is not a plain module list")
    kind = module.split("-")[0]
    if any(m.lower().startswith(kind) for m in items):
        raise ShifterUnresolved(f"the --module list {current!r} already has a {kind} module")
    return ",".join([*items, module])
