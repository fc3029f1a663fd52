"""Errors of the cluster twin."""

from __future__ import annotations

from maple_flow.errors import MapleError


class TwinError(MapleError):
    """The twin could not be installed, started, used or stopped; the message says why."""
