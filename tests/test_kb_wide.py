"""The breadth records (templates/failures/wide_*.yaml): each example line, taken from the text
of its source thread, is diagnosed as that record first, with the verdict its family gives
(advice and no fix for a failure that is not the script's), on a Slurm and a PBS site."""

from __future__ import annotations

import pytest

from maple_flow.repair import FailureEvidence, classify, load_knowledge_base
from maple_flow.repair.kb import failures_dir, load_file

WIDE = [r for path in sorted(failures_dir().glob("wide_*.yaml")) for r in load_file(path)]
CASES = [(r.id, i, line) for r in WIDE for i, line in enumerate(r.examples)]


def _site(record_id: str) -> tuple[str, str]:
    """(scheduler, cluster) to diagnose a record's examples on: its own site, else a site of
    its scheduler that no site record of these files names (Polaris, Lonestar6)."""
    record = load_knowledge_base().get(record_id)
    named = {s.scheduler for s in record.signatures if s.scheduler}
    scheduler = "pbs" if named == {"pbs"} else "slurm"
    if "all" not in record.clusters:
        return scheduler, record.clusters[0]
    return scheduler, "polaris" if scheduler == "pbs" else "lonestar6"


def test_breadth_records_are_many_and_sourced() -> None:
    assert len(WIDE) >= 40
    assert all(r.references for r in WIDE)
    assert {r.family for r in WIDE} >= {"scheduler", "modules", "launcher", "program",
                                        "hardware"}


@pytest.mark.parametrize(("record_id", "index", "line"), CASES,
                         ids=[f"{r}-{i}" for r, i, _ in CASES])
def test_example_is_diagnosed_as_its_record_first(record_id: str, index: int, line: str) -> None:
    scheduler, cluster = _site(record_id)
    ev = FailureEvidence(cluster=cluster, scheduler=scheduler,  # type: ignore[arg-type]
                         stderr=line, submit_message=line)
    found = classify(ev)
    assert found, line
    first = found[0]
    assert (first.record_id, first.method) == (record_id, "signature"), [
        (d.record_id, d.method) for d in found[:3]]
    record = load_knowledge_base().get(record_id)
    assert first.verdict == ("script" if record.script_problem else "not_script")
    if not record.script_problem:
        assert not first.fix.ops and first.fix.advice
