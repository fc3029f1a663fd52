"""Script facts about the environment a job's script gives its ranks, read with the site's
profile (pure; s35rl35, issue 17).

- :func:`site_network_env_unset`: a job of several nodes on a site that documents settings for
  its inter-node transport (``network.env`` of the profile, e.g. Polaris' aws-ofi-nccl set for
  Slingshot) whose script sets none of them, in any spelling a launch passes on (``export
  NAME=``, ``NAME=`` before a command, ``APPTAINERENV_NAME=``/``SINGULARITYENV_NAME=``, a
  container's ``--env NAME=``): NCCL then runs on that fabric without what the site says it
  needs.
- :func:`visible_devices_beyond_job`: the script pins ``CUDA_VISIBLE_DEVICES`` to literal GPU
  indices and one of them is not below the GPUs a node of the job has (the GPUs per node it
  asks, else a whole node of the profile): a process started under it sees no such GPU.
"""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import directives_once, last_value
from maple_flow.models import ClusterProfile
from maple_flow.repair.parsed import parsed_or_none
from maple_flow.scriptparse.values import first_int

#: Prefixes under which a container runtime passes a variable into its image.
_CONTAINER_PREFIX = r"(?:APPTAINERENV_|SINGULARITYENV_)?"
#: A literal list of GPU indices given to CUDA_VISIBLE_DEVICES on a line of its own.
_PINNED = re.compile(
    r"""^[ \t]*(?:export[ \t]+)?CUDA_VISIBLE_DEVICES="""
    r"""["']?(?P<ids>\d+(?:,\d+)*)["']?[ \t]*(?:[;#].*)?$""",
    re.M)


def _code(script: str) -> str:
    """The script without its comment lines and trailing comments (directives go too)."""
    kept = []
    for line in script.splitlines():
        if line.lstrip().startswith("#"):
            continue
        kept.append(re.sub(r"\s#.*$", "", line))
    return "\n".join(kept)


def _job_nodes(script: str, scheduler: str) -> int | None:
    """The node count the job's directives ask (Slurm --nodes, PBS select), None if unstated."""
    directives = directives_once(script, scheduler)  # type: ignore[arg-type]
    return first_int(last_value(directives, "nodes", "select"))


def sets_variable(script: str, name: str) -> bool:
    """Whether a line of ``script`` (outside comments) gives ``name`` a value: an assignment
    (``export``, before a command, a container runtime's prefix) or a container ``--env``."""
    pattern = re.compile(rf"(?<![\w$]){_CONTAINER_PREFIX}{re.escape(name)}=")
    return bool(pattern.search(_code(script)))


def site_network_env_unset(script: str, profile: ClusterProfile | None) -> bool:
    """Whether a job of several nodes on a site that documents inter-node transport settings
    sets none of them (see the module docstring)."""
    if profile is None or not profile.network or not profile.network.env:
        return False
    nodes = _job_nodes(script, profile.scheduler)
    if nodes is None or nodes < 2:
        return False
    return not any(sets_variable(script, name) for name in profile.network.env)


def _node_gpus(script: str, profile: ClusterProfile | None) -> int | None:
    """The GPUs a node of the job has: the GPUs per node its directives ask, else (a job that
    asks none: a whole node, as PBS gives one) the profile's GPUs per node."""
    from maple_flow.scriptparse.facts import directive_size  # the parser, on first use (s40)

    parsed = parsed_or_none(script)
    asked = directive_size(parsed)["gpus"] if parsed is not None else None
    if asked:
        return asked
    return profile.gpu.per_node if profile is not None and profile.gpu else None


def visible_devices_beyond_job(script: str, profile: ClusterProfile | None) -> bool:
    """Whether the script's last literal CUDA_VISIBLE_DEVICES names an index the job's node
    does not have (see the module docstring)."""
    pinned = _PINNED.findall(_code(script))
    if not pinned:
        return False
    gpus = _node_gpus(script, profile)
    return gpus is not None and max(int(i) for i in pinned[-1].split(",")) >= gpus
