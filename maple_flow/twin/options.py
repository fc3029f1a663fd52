"""Personality options: site behaviours the twin can switch on per job, to inject faults.

A known-good script fails on a real site when the site behaves differently from what the
script assumes (DeltaAI-style ``srun`` that does not export the batch environment to its
tasks, for example). Such a behaviour is an *option* of a personality, off by default, read
when a job is submitted from:

- the job script itself, a comment line ``# maple-twin-option: NAME`` (the job carries it,
  so concurrent jobs of one personality can differ), or
- ``$MAPLE_TWIN_OPTIONS`` in the submitting process: ``cluster:NAME[,cluster:NAME...]``
  (``*:NAME`` for every personality).

An option only adds variables to the submission environment, which the real ``sbatch``
exports into the job; nothing of the running twin is restarted or rewritten. Pure here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

#: option name -> (what it reproduces, variables added to the submission environment).
OPTIONS: dict[str, tuple[str, dict[str, str]]] = {
    "srun-export-none": (
        "srun does not export the batch environment to its tasks unless told to "
        "(SRUN_EXPORT_ENV=NONE, as `srun --export=NONE`); `srun --export=ALL` overrides it",
        {"SRUN_EXPORT_ENV": "NONE"},
    ),
    "slow-node": (
        "the job's last node is slow: every task Slurm starts there is bound to one CPU core "
        "(the TaskProlog runs taskset on it), so its ranks share that core, as on a node "
        "whose binding puts all ranks on one core or whose GPU is throttled",
        {"MAPLE_TWIN_SLOW_NODE": "last"},
    ),
}
ENV_VAR = "MAPLE_TWIN_OPTIONS"
_MARKER = re.compile(r"^#\s*maple-twin-option:\s*([A-Za-z0-9_-]+)\s*$", re.M)


class UnknownOption(ValueError):
    """An option name the twin does not know."""


def _known(name: str) -> str:
    if name not in OPTIONS:
        raise UnknownOption(f"unknown twin option {name!r} (known: {', '.join(OPTIONS)})")
    return name


def script_options(script_text: str) -> list[str]:
    """Options a job script switches on with ``# maple-twin-option: NAME`` lines."""
    return [_known(m) for m in dict.fromkeys(_MARKER.findall(script_text))]


def env_options(cluster: str, env: Mapping[str, str]) -> list[str]:
    """Options ``$MAPLE_TWIN_OPTIONS`` switches on for ``cluster``."""
    found: list[str] = []
    for item in env.get(ENV_VAR, "").split(","):
        where, sep, name = item.strip().partition(":")
        if sep and where in (cluster, "*"):
            found.append(_known(name.strip()))
    return list(dict.fromkeys(found))


def option_env(cluster: str, script_text: str, env: Mapping[str, str]) -> dict[str, str]:
    """Variables to add to the submission environment for the options in force."""
    extra: dict[str, str] = {}
    for name in dict.fromkeys(env_options(cluster, env) + script_options(script_text)):
        extra.update(OPTIONS[name][1])
    return extra


def marker(name: str) -> str:
    """The script line that switches ``name`` on."""
    return f"# maple-twin-option: {_known(name)}"
