"""The prerequisites in the module combinations Lmod prints after a hierarchy error (pure).

Lmod answers ``module load X`` for a module that exists only under other modules (a compiler,
an MPI, a release) with "exist but cannot be loaded as requested: "X"" and, where its spider
cache knows them, "Or load any one of these options:" followed by ``module load A B X`` lines
(Lmod's ``l_format_dependency_commands``). The first combination decides the fix: its modules
that are neither one the message refused (by family) nor one the script loads already (by
family) are loaded just before the refused module.
"""

from __future__ import annotations

import re

_QUOTED = re.compile(r'"([^"]+)"')


def family(name: str) -> str:
    """A module's family: its name before the first '/', in lower case (``GCC/13.2.0`` -> gcc)."""
    return name.split("/", 1)[0].lower()


def requested_modules(refused: str) -> list[str]:
    """The modules of Lmod's quoted list (``"NCCL", "OpenMPI"``), in order."""
    return _QUOTED.findall(refused) or refused.split()


def option_prerequisites(option: str, refused: str, loaded: list[str]) -> list[str]:
    """The modules of Lmod's combination ``option`` (the words after ``module load``) to load
    before the refused ones: not of a refused module's family, not of a family the script
    loads already, each once, in Lmod's order."""
    skip = {family(m) for m in [*requested_modules(refused), *loaded]}
    found: list[str] = []
    for word in option.split():
        if family(word) not in skip and word not in found:
            found.append(word)
    return found
