"""The store's error: a clear message, never a raw SQLite traceback."""

from __future__ import annotations

from maple_flow.errors import MapleError, MapleWarning


class StoreError(MapleError):
    """The store cannot do what was asked (unknown template, bad fix ops, newer schema...)."""


class StoreWarning(MapleWarning):
    """A stored row that cannot be used was skipped."""
