"""Load the site's container runtime where a job runs an image without it (issue 17, helper
s34held): ``apptainer: command not found`` on a compute node of a site whose profile says the
runtime comes from a module (``container.module_use`` + ``container.modules``, each sourced).

Pure, text level: :func:`container_runtime_setup` writes the profile's ``module use`` paths
and ``module load`` lines the script lacks, after its last module line (or where set-up lines
go); FixNotApplicable, with the reason, when the site's runtime needs no module (then the
log contradicts the site facts: the node or the image path, not a missing line) or when the
script already loads every one of them.
"""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.repair.patch_env import add_module, loaded_module_names, same_module
from maple_flow.repair.text import FixNotApplicable, indent_of, insert_line, lines, quote


def _uses(text: str, path: str) -> bool:
    """Whether a ``module use`` line of ``text`` adds ``path``."""
    pattern = rf"(?m)^\s*module\s+use\s+(?:-a\s+|--append\s+)?['\"]?{re.escape(path)}/?['\"]?\s*$"
    return re.search(pattern, text) is not None


def _load_index(text: str, name: str) -> int:
    """0-based index of the ``module load NAME`` line :func:`add_module` wrote."""
    wanted = f"module load {quote(name)}"
    return next(i for i, line in enumerate(lines(text)) if line.strip() == wanted)


#: Runtimes one installation gives under either name (Apptainer installs ``singularity`` too).
_SIF_RUNTIMES = frozenset({"apptainer", "singularity"})


def container_runtime_setup(text: str, profile: ClusterProfile, program: str) -> str:
    """``text`` with the profile's container runtime module set-up it lacks, for a job whose
    ``program`` (apptainer, singularity) was not found; FixNotApplicable when the site runs
    images with another runtime, loads its runtime with no module, or the script has it all."""
    container = profile.container
    if container is not None and not ({program, container.command} <= _SIF_RUNTIMES):
        raise FixNotApplicable(
            f"{profile.name} runs images with {container.command}, not {program}: the launch "
            f"is to be ported to {container.command}, not given a module")
    if container is None or not container.modules:
        raise FixNotApplicable(
            f"{profile.name}'s profile gives its container runtime on PATH with no module to "
            "load: a 'command not found' there is not a missing module line (check the node "
            "and that the step runs on a compute node of the site)")
    loaded = loaded_module_names(text)
    missing = [m for m in container.modules if not any(same_module(have, m) for have in loaded)]
    paths = [u for u in container.module_use if not _uses(text, u)]
    if not missing:
        raise FixNotApplicable(f"the script already loads {' '.join(container.modules)}")
    for name in missing:
        text = add_module(text, name)
    if paths:
        at = _load_index(text, missing[0])
        pad = indent_of(lines(text)[at])
        for path in reversed(paths):
            text = insert_line(text, at, f"{pad}module use {quote(path)}")
    return text
