"""Admission of twin jobs by the ranks they start: every emulated node shares this machine."""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: Ranks that may run at once on the twin (two Aurora jobs of 24 ranks, six of 8 ranks).
TWIN_MAX_RANKS = int(os.environ.get("MAPLE_TWIN_MAX_RANKS", "48"))


class RankBudget:
    """Admit jobs first come, first served while the ranks in flight fit within ``limit``.

    A job larger than the whole budget runs alone. Waiting is strictly in arrival order, so a
    large job is never overtaken indefinitely by small ones.
    """

    def __init__(self, limit: int) -> None:
        self.limit = max(1, limit)
        self.used = 0
        self._cond = threading.Condition()
        self._tickets = itertools.count()
        self._serving = 0

    @contextmanager
    def hold(self, ranks: int) -> Iterator[None]:
        """Block until ``ranks`` fit (in arrival order), hold them for the ``with`` body."""
        need = min(max(1, ranks), self.limit)
        with self._cond:
            ticket = next(self._tickets)
            self._cond.wait_for(lambda: ticket == self._serving and
                                self.used + need <= self.limit)
            self.used += need
            self._serving += 1
            self._cond.notify_all()
        try:
            yield
        finally:
            with self._cond:
                self.used -= need
                self._cond.notify_all()


twin_budget = RankBudget(TWIN_MAX_RANKS)
