"""A job killed at its walltime when that walltime is already its queue's limit: only another
queue gives more time (s39rl47). ``{queue:longer}`` and ``{walltime:raised}``.

- ``{queue:longer}``: the queue chosen unasked (``auto``) that takes the job's nodes and GPUs
  for longer than the script's queue allows, the least long of them; unresolved when the
  script's queue still has room (its walltime is below the limit, or unsaid), or no queue is
  longer - the walltime alone is then the fix, or there is none.
- ``{walltime:raised}``: the script's queue's limit when the script's walltime is below it (or
  unsaid); else the limit of ``{queue:longer}``; unresolved when neither is longer.

Both are unresolved when the log names the limit the job had (PBS: ``exceeded limit 259200``)
and it is not the script's walltime: the script shown is not the one that ran (s39rl47).
"""

from __future__ import annotations

from maple_flow.models import ClusterProfile, Queue, format_walltime
from maple_flow.repair.queue_request import queue_takes, script_request
from maple_flow.repair.unresolved import Unresolved


class LongerUnresolved(Unresolved):
    """No queue or walltime gives the job more time than it had."""


def _check_log_limit(seconds: int | None, log_limit: str | None) -> None:
    if log_limit and log_limit.isdigit() and int(log_limit) != seconds:
        raise LongerUnresolved(f"the log's limit ({log_limit} s) is not the script's walltime: "
                               "the script shown is not the one that ran")


def longer_queue(profile: ClusterProfile, script: str, log_limit: str | None = None) -> Queue:
    """``{queue:longer}`` (module docstring)."""
    nodes, seconds, gpus, current = script_request(profile, script)
    _check_log_limit(seconds, log_limit)
    limit = current.max_walltime_seconds
    if seconds is None or seconds < limit:
        raise LongerUnresolved(f"{current.name} allows up to {format_walltime(limit)}: the "
                               "walltime is raised in it")
    longer = [q for q in profile.queues.items if q.auto and q.name != current.name
              and q.max_walltime_seconds > limit and queue_takes(q, nodes, None, gpus)]
    if not longer:
        raise LongerUnresolved(f"no {profile.name} queue takes {nodes} node(s) for longer "
                               f"than {current.name}'s {format_walltime(limit)}")
    return min(longer, key=lambda q: (q.max_walltime_seconds, q.max_nodes))


def raised_walltime(profile: ClusterProfile, script: str, log_limit: str | None = None) -> str:
    """``{walltime:raised}`` (module docstring)."""
    _, seconds, _, current = script_request(profile, script)
    _check_log_limit(seconds, log_limit)
    if seconds is None or seconds < current.max_walltime_seconds:
        return format_walltime(current.max_walltime_seconds)
    return format_walltime(longer_queue(profile, script, log_limit).max_walltime_seconds)
