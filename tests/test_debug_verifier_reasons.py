"""The verifier's own failure reasons (maple_flow/verify/miniapp_report.assess) that a launch script
can cause are recognised by a knowledge-base signature, as the verifier words them."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.repair import FailureEvidence, classify, load_knowledge_base
from maple_flow.verify.miniapp_report import MiniAppReport, assess

KB = load_knowledge_base()


def _report(rank: int, host: str, device: str, world: int = 4, **extra: Any) -> MiniAppReport:
    return MiniAppReport(setup="ddp", ok=True, host=host, world_size=world, rank=rank,
                         local_rank=rank % 2, modelled_device=device, **extra)


LAYOUTS = {
    "duplicate-gpu": ([_report(0, "n1", "0"), _report(1, "n1", "0"), _report(2, "n2", "0"),
                       _report(3, "n2", "1")], 4, 2, 2),
    "ranks-per-node-wrong": ([_report(r, "n1" if r < 3 else "n2", str(r % 3)) for r in range(4)],
                             4, 2, 2),
    "ranks-launched-twice": ([_report(0, "n1", "0"), _report(0, "n1", "0"), _report(1, "n1", "1"),
                              _report(2, "n2", "0"), _report(3, "n2", "1")], 4, 2, 2),
}


@pytest.mark.parametrize("record_id", sorted(LAYOUTS))
def test_layout_reason_is_recognised(record_id: str) -> None:
    reports, world, per_node, nodes = LAYOUTS[record_id]
    reasons = assess(reports, world, per_node, nodes, "ddp").reasons
    assert reasons
    evidence = FailureEvidence(cluster="perlmutter", scheduler="slurm", job_state="COMPLETED",
                               exit_code=0, reasons=reasons)
    ids = [d.record_id for d in classify(evidence, KB) if d.method == "signature"]
    assert record_id in ids, (reasons, ids)


def test_world_size_reason_is_recognised() -> None:
    reports = [_report(r, f"n{r // 4}", str(r % 4), world=8) for r in range(8)]
    reasons = assess(reports, 4, 2, 2, "ddp").reasons
    evidence = FailureEvidence(cluster="lonestar6", scheduler="slurm", job_state="COMPLETED",
                               reasons=reasons)
    assert classify(evidence, KB)[0].record_id == "ranks-per-node-wrong", reasons


def test_single_node_layout_on_pbs() -> None:
    reports = [_report(r, "n1", str(r)) for r in range(4)]
    reasons = assess(reports, 4, 2, 2, "ddp").reasons
    evidence = FailureEvidence(cluster="polaris", scheduler="pbs", job_state="COMPLETED",
                               reasons=reasons)
    ids = [d.record_id for d in classify(evidence, KB)]
    assert "ranks-on-one-node" in ids, (reasons, ids)
