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


def test_twin_capacity_names_what_the_twin_cannot_verify() -> None:
    from maple_flow.twin.layout import DEFAULT_NODES
    from maple_flow.verify.budget import twin_capacity

    assert twin_capacity("perlmutter", DEFAULT_NODES) is None
    assert twin_capacity("aurora", 1) is None
    too_big = twin_capacity("polaris", DEFAULT_NODES + 2)
    assert too_big and f"needs {DEFAULT_NODES + 2} nodes" in too_big and "polaris" in too_big


def test_job_beyond_the_twin_is_unverified_without_running() -> None:
    from maple_flow.endpoints import Endpoint, load_registry
    from maple_flow.verify import VerifyTarget, verify_many

    script = "#!/bin/bash\n#SBATCH -N 6\n#SBATCH --gpus-per-node=4\nsrun python train.py\n"
    registry = load_registry() | {"delta": Endpoint(type="twin")}
    report = verify_many([VerifyTarget("delta", script, "train.py")], timeout_s=5,
                         registry=registry)[0]
    assert report.status == "unverified" and report.job_id is None
    assert report.reasons[0].startswith("unverified (the twin is too small): the job needs 6")
