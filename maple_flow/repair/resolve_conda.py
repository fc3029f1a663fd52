"""``conda: command not found``: the module that gives a site's conda, or why none is named
(issue 17, s30).

Support staff answer that line the same way on every site: the job runs conda, and conda is
not on the PATH of a batch shell until the site's conda module is loaded (NERSC ``conda``,
DeltaAI ``python/miniforge3_pytorch``). A fix loads that module above the script's conda line.
It is only made when the script's own line runs conda (else the call is in a file it runs or
sources), the line comes after the place the module load goes, the script does not set up a
conda of its own (``source .../etc/profile.d/conda.sh``: that install is what is missing) and
the site's profile names a module that gives conda. A site whose profile names none (the TACC
systems, where users install their own conda or use a venv) gets no fix and the reason naming
the line, since where the user's environment lives only the user knows.

Pure functions of the script text and the site's module lists.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from maple_flow.repair.layout import module_line_indexes, setup_anchor
from maple_flow.repair.resolve_env import EnvUnresolved

#: A command line that runs conda itself (``conda activate``, ``conda run``...), not a path
#: that merely holds the word (``source ~/miniconda3/etc/profile.d/conda.sh``).
_CONDA_CALL = re.compile(r"^(?:[^#\n]*?(?:;|&&|\|\||\bthen|\bdo)\s*|\s*)conda\s+[a-z]", re.M)
#: A line that sets up a conda install of the user's own.
_OWN_CONDA = re.compile(r"^[^#\n]*(?:etc/profile\.d/conda\.sh|conda\S*\s+shell\.\w+\s+hook"
                        r"|(?:mini|ana)conda\d?/bin/activate)", re.M)
#: Module names that give conda.
_CONDA_MODULE = re.compile(r"(?:^|/)(?:(?:ana|mini)?conda|miniforge|mambaforge|micromamba)"
                           r"[\w.-]*", re.I)
_LOADED = re.compile(r"^\s*(?:module\s+(?:load|add)|ml)\s+([^\n#]*)", re.M)


def _line_index(script: str, pattern: re.Pattern[str]) -> int | None:
    """0-based index of the first line ``pattern`` matches, or None."""
    m = pattern.search(script)
    return script.count("\n", 0, m.start()) if m else None


def _conda_modules(names: Sequence[str]) -> list[str]:
    return [n for n in names if _CONDA_MODULE.search(n)]


def site_conda_module(script: str, modules: Sequence[str], available: Sequence[str],
                      site: str = "the site") -> str:
    """The module of the site that gives conda, to be loaded above the script's conda line;
    EnvUnresolved with the reason when the script or the site gives no such line to make."""
    at = _line_index(script, _CONDA_CALL)
    if at is None:
        raise EnvUnresolved(
            "no line of the script runs conda: the call is in a file the script runs or "
            "sources; the missing line is `module load` of the site's conda module (or the "
            "set-up of your own conda) before that call")
    call = script.splitlines()[at].strip()
    own = _line_index(script, _OWN_CONDA)
    if own is not None and own < at:
        raise EnvUnresolved(
            f"line {own + 1} sets up a conda install of your own for line {at + 1} "
            f"(`{call}`): that install is not on this system's path; its location is yours")
    for m in _LOADED.finditer(script):
        if _conda_modules(m.group(1).split()):
            raise EnvUnresolved(
                f"line {script.count(chr(10), 0, m.start()) + 1} already loads a conda "
                f"module, yet conda is not found: the module's name or its order is for "
                f"the site's staff to check")
    choices = _conda_modules(modules) or sorted(_conda_modules(available), key=len)
    if not choices:
        raise EnvUnresolved(
            f"the {site} profile names no module that gives conda: line {at + 1} "
            f"(`{call}`) needs a conda you install (source its etc/profile.d/conda.sh first) "
            f"or your environment's own activate script (a venv's bin/activate); where it "
            f"lives only you know")
    loads = module_line_indexes(script)
    goes = loads[-1] + 1 if loads else setup_anchor(script)
    if goes > at:
        raise EnvUnresolved(
            f"line {at + 1} (`{call}`) runs conda before the script's module lines: the "
            f"module load has to go above it, which the script's order does not allow")
    return choices[0]
