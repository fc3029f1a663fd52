"""The twin's rank budget: jobs are admitted in arrival order while their ranks fit."""

from __future__ import annotations

import threading
import time

from maple_flow.verify.budget import RankBudget


def _run(budget: RankBudget, ranks: int, log: list[tuple[str, int, int]], hold_s: float) -> None:
    with budget.hold(ranks):
        log.append(("in", ranks, budget.used))
        time.sleep(hold_s)
    log.append(("out", ranks, 0))


def test_ranks_in_flight_never_exceed_the_budget() -> None:
    budget, log = RankBudget(10), []  # type: ignore[var-annotated]
    threads = [threading.Thread(target=_run, args=(budget, r, log, 0.05)) for r in (6, 4, 8, 2, 3)]
    for t in threads:
        t.start()
        time.sleep(0.005)  # arrival order 6, 4, 8, 2, 3
    for t in threads:
        t.join(10)
    admitted = [entry for entry in log if entry[0] == "in"]
    assert [r for _, r, _ in admitted] == [6, 4, 8, 2, 3], "first come, first served"
    assert max(used for _, _, used in admitted) <= 10
    assert budget.used == 0


def test_a_job_larger_than_the_budget_runs_alone() -> None:
    budget = RankBudget(4)
    with budget.hold(24):
        assert budget.used == 4
    assert budget.used == 0
