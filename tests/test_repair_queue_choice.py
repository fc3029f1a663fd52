"""A repair that picks another queue ({queue:time}, {queue:nodes}) never picks one that the
profile marks by request only (``auto: false``: preemptible, premium, on demand)."""

from __future__ import annotations

import pytest

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.resolve import Context, Unresolved, resolve_fix

POLARIS = get_profile("polaris")


def _script(select: int, walltime: str) -> str:
    return (f"#!/bin/bash\n#PBS -l select={select}:system=polaris\n#PBS -l walltime={walltime}\n"
            "#PBS -q debug\nmpiexec -n 4 python train.py\n")


def _queue_for(script: str) -> str:
    ops, _, unresolved = resolve_fix([{"op": "set_queue", "name": "{queue:time}"}],
                                     Context({}, POLARIS, script))
    if unresolved:
        raise Unresolved(unresolved[0])
    return ops[0].name  # type: ignore[union-attr]


def test_a_queue_by_request_only_is_never_picked() -> None:
    by_request = {q.name for q in POLARIS.queues.items if not q.auto}
    assert "preemptable" in by_request
    # 8 nodes for 48 hours: only preemptable (72 h, by request) and capacity (4 nodes) are
    # long enough; capacity is too small, so no queue may be chosen unasked
    with pytest.raises(Unresolved, match="by request only"):
        _queue_for(_script(8, "48:00:00"))


def test_an_automatic_queue_that_takes_the_job_is_picked() -> None:
    assert _queue_for(_script(2, "12:00:00")) == "capacity"
