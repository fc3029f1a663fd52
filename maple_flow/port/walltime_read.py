"""A source time limit the port cannot carry over as a number (issue 14).

Two kinds: a limit of none (Slurm's ``--time=UNLIMITED``, ``INFINITE``, ``-1``), which the
target's queues never give: the port asks the longest its queues allow, with a note saying so;
and a value the port does not read, which is asked (``MissingInformation``), never shrunk to
the port's 30-minute default for a job that sets no limit.
"""

from __future__ import annotations

from typing import Any

from maple_flow.errors import MissingInformation
from maple_flow.models import ClusterProfile, format_walltime
from maple_flow.scriptparse.facts import ScriptFacts

#: Asked of the queue choice for a job of no limit: longer than any queue's, so the longest
#: queue that takes the job is chosen and its limit given.
NO_LIMIT_SECONDS = 365 * 86400


def ask_unread_walltime(facts: ScriptFacts, o: dict[str, Any]) -> None:
    """Raise when the source's time directive holds a value the port does not read and no
    ``walltime=`` is given: the job's time is asked, never set to a default."""
    if not facts.walltime_unread or o.get("walltime"):
        return
    raise MissingInformation({"walltime": (
        f"the source's time limit `{facts.walltime_unread}` is not a time maple_flow reads "
        "(Slurm: minutes, M:S, H:M:S, D-, D-H, D-H:M, D-H:M:S; PBS: [[H:]M:]S, D:H:M:S), and the "
        "port does not shrink the job to a default; pass walltime=HH:MM:SS (--walltime "
        "HH:MM:SS)")})


def no_limit_note(facts: ScriptFacts, profile: ClusterProfile, queue: str, seconds: int,
                  clamp_note: str) -> str:
    """The note for a source that asks no time limit, given the queue and limit chosen for
    :data:`NO_LIMIT_SECONDS` and the queue choice's own note (its by-request queues kept)."""
    longer = clamp_note.partition(" (by request only")[2]
    return (f"the source asks no time limit (`{facts.walltime_unlimited}`); every "
            f"{profile.name} queue for this job has one: the port asks the longest, "
            f"{format_walltime(seconds)} in {queue!r}"
            + (f" (by request only{longer}" if longer else "")
            + "; if the job needs longer, it must checkpoint and resubmit itself, or give "
            "--walltime HH:MM:SS")
