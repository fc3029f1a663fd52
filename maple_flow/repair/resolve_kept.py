"""Placeholders that keep the user's own request or ask for it, never a site default in its
place: ``{walltime:refused}`` and ``{gpus:kept}``.

- ``{walltime:refused}``: for Slurm's ``Requested time limit is invalid (missing or exceeds
  some limit)``: the queue's limit when the script's time directive exceeds it; a question for
  ``walltime`` when the script sets no time (how long the job runs is the user's: a tutorial
  job needs 5 minutes, not the queue's 48 hours); unresolved when the script's time is within
  the limit (the limit that refused it is one the profile does not know).
- ``{gpus:kept}``: the GPUs per node the script's directives ask, when a node of the script's
  queue has that many; a node's GPUs when the directives ask none; unresolved when they ask
  more than a node has (a rewrite of the request's spelling must not cut the user's count:
  which node type or how many GPUs is the user's choice).
"""

from __future__ import annotations

from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.knowledge.policy import request_from_directives
from maple_flow.models import ClusterProfile, Queue, format_walltime, walltime_seconds
from maple_flow.repair.unresolved import Unresolved


class KeptUnresolved(Unresolved):
    """No value that keeps the user's request; ``need`` names a question for the user. Always
    ``whole``: the record's other ops would change the request without this one."""

    def __init__(self, message: str, need: str = "") -> None:
        super().__init__(message, need, whole=True)


def walltime_refused(profile: ClusterProfile, script: str) -> str:
    """``{walltime:refused}`` (module docstring)."""
    if profile.scheduler != "slurm":
        raise KeptUnresolved(f"{profile.name} does not run Slurm")
    ds = parse_directives(script, "slurm")
    value = last_value(ds, "time")
    if value is None:
        raise KeptUnresolved("the script sets no time limit: how long the job runs is yours",
                             need="walltime")
    try:
        seconds = walltime_seconds(value)
    except ValueError:
        raise KeptUnresolved(f"the time directive {value!r} is not a time Slurm reads") from None
    req = request_from_directives(ds)
    queue: Queue = (profile.queues.get(req.queue) if req.queue else None) \
        or profile.queues.default_queue
    limit = queue.max_walltime_seconds
    if seconds <= limit:
        raise KeptUnresolved(f"the script's time {value} is within {queue.name}'s limit "
                             f"{format_walltime(limit)}: the limit that refused it is elsewhere")
    return format_walltime(limit)


def gpus_kept(profile: ClusterProfile, script: str) -> int:
    """``{gpus:kept}`` (module docstring)."""
    asked = request_from_directives(parse_directives(script, profile.scheduler)).gpus_per_node
    if not asked:
        return profile.gpu.per_node
    if asked > profile.gpu.per_node:
        raise KeptUnresolved(f"the script asks {asked} GPUs per node and {profile.name}'s "
                             f"nodes here have {profile.gpu.per_node}: which node type or how "
                             "many GPUs is yours to choose")
    return asked
