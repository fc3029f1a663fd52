"""Verification: run a script with its program swapped for a mini-app, on the target.

``verify(script, cluster)`` runs one target; ``verify_many`` runs several concurrently, each
as a Parsl app on its cluster's executor (the twin, a login node, or a Globus Compute
endpoint, from the endpoint registry). A target is ``verified`` only when its job completed
and every expected rank reported correct collectives with the expected layout.
"""

from __future__ import annotations

from maple_flow.verify.report import Expected, VerifyReport
from maple_flow.verify.run import VerifyTarget, verify, verify_many

__all__ = ["Expected", "VerifyReport", "VerifyTarget", "verify", "verify_many"]
