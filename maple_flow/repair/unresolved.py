"""The one "needs a value" exception of the placeholder resolvers (pure, no imports).

resolve.py and every resolve_*.py module raise ``Unresolved`` or a subclass of it: a
placeholder without a value, a question for the user (``need``), or a fix that must not be
applied in part (``whole``). Kept apart from resolve.py so its helper modules can import it
without an import cycle.
"""

from __future__ import annotations


class Unresolved(Exception):
    """A placeholder without a value; ``need`` is set for {ask:...}; ``whole``: the record's
    other ops must not be applied without this one (they would change the user's request)."""

    def __init__(self, message: str, need: str = "", whole: bool = False) -> None:
        super().__init__(message)
        self.need = need
        self.whole = whole
