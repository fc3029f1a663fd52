"""The cluster twin: real Slurm (slurmctld + one slurmd per node), MUNGE, Lmod and MPICH from
Debian, one small cluster per personality, with the personality read from its profile.

``from maple_flow.twin import Twin, JobResult``. Imports are lazy so that the launcher
stand-ins, which live in this package, start fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from maple_flow.twin.submit import JobResult
    from maple_flow.twin.twin import Twin

__all__ = ["JobResult", "Twin"]


def __getattr__(name: str) -> Any:
    if name == "Twin":
        from maple_flow.twin.twin import Twin

        return Twin
    if name == "JobResult":
        from maple_flow.twin.submit import JobResult

        return JobResult
    raise AttributeError(name)
