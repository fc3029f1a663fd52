"""Taking another MPI's environment option off a launch line without losing the variable.

An MPI launcher refuses another MPI's spelling of "set this variable for the ranks" (Open MPI's
``-x NAME=VALUE`` to MPICH's Hydra; Hydra/Intel ``-env NAME VALUE`` to Open MPI or PALS). Only
dropping the option (``remove_launcher_arg``) silently runs the program without the variable;
this module drops it and exports the variable above the launch line instead (a launcher passes
the job's environment on), refused when the safety policy keeps the name out of a script.
"""

from __future__ import annotations

import re

from maple_flow.repair import patch_env as pe
from maple_flow.repair import patch_launch as pl
from maple_flow.repair import safety
from maple_flow.repair.text import FixNotApplicable
from maple_flow.scriptparse.spellings import spellings

#: Options that set one variable for every rank, in the spellings of the MPIs that take them.
ENV_SETTING = frozenset({"-x", "-env", "--env", "-genv", "--genv"})
_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_ASSIGNED = re.compile(rf"^({_NAME})=(.*)$", re.S)
_PAIR = re.compile(rf"^({_NAME}) (\S.*)$", re.S)


def _assignment(name: str, value: str | None) -> tuple[str, str] | None:
    """(VAR, VALUE) an option sets (``-x V=1``, ``-env V 1``, ``--env V=1``); None for
    ``-x V`` (forwarding a variable the launcher forwards anyway) or any other option."""
    if name not in ENV_SETTING or not value:
        return None
    first = value.split(" ", 1)[0]
    found = _ASSIGNED.match(first)
    if found:
        return found.group(1), found.group(2)
    pair = _PAIR.match(value) if name != "-x" else None
    return (pair.group(1), pair.group(2)) if pair else None


def env_assignments(text: str, stage: str, name: str) -> list[tuple[str, str]]:
    """(VAR, VALUE) each spelling of option ``name`` of ``stage`` sets, in order."""
    names = spellings(stage, name)
    found = []
    for opt in pl.stage_options(text, stage):
        pair = _assignment(opt.name, opt.value) if opt.name in names else None
        if pair:
            found.append(pair)
    return found


def remove_keeping_env(text: str, stage: str, name: str) -> str:
    """``remove_launcher_arg``, each variable the removed option set exported instead."""
    try:
        pairs = env_assignments(text, stage, name)
    except FixNotApplicable:
        pairs = []
    for var, _ in pairs:
        problem = safety.env_name_problem(var)
        if problem:
            raise FixNotApplicable(f"refused by the repair safety policy: {problem}")
    text = pl.remove_launcher_arg(text, stage, name)
    for var, value in pairs:
        text = pe.export_env(text, var, value)
    return text
