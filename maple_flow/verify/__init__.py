"""Verification: run a script with its program swapped for a mini-app, on the target.

``verify(script, cluster)`` runs one target; ``verify_many`` runs several concurrently, each
as a Parsl app on its cluster's executor (the twin, a login node, or a Globus Compute
endpoint, from the endpoint registry). A target is ``verified`` only when its job completed
and every expected rank reported correct collectives with the expected layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from maple_flow.verify.report import Expected, VerifyReport

if TYPE_CHECKING:
    from maple_flow.verify.run import VerifyTarget, verify, verify_many

__all__ = ["Expected", "VerifyReport", "VerifyTarget", "verify", "verify_many"]


def __getattr__(name: str) -> Any:
    # the runner (Parsl apps, sessions, executors) is imported on first use: reading a
    # report (`maple repair --log`) does not need it (s40)
    if name in ("VerifyTarget", "verify", "verify_many"):
        from maple_flow.verify import run

        return getattr(run, name)
    raise AttributeError(f"module 'maple_flow.verify' has no attribute {name!r}")
