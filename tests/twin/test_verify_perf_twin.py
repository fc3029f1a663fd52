"""Performance findings on the twin: with the personality option ``slow-node`` the job's last
node runs all its tasks on one core, and verification names that node (its ranks share
cores); a healthy run names no node. The verdict stays verified; --strict turns the findings
into failure reasons. Step times are not asserted here (a test is no benchmark): how often the
slow node is also named for its step time is measured by bench/perf_findings/run.py."""

from __future__ import annotations

import pytest

from maple_flow.generate import generate_from_spec
from maple_flow.models import JobSpec
from maple_flow.verify import VerifyReport, VerifyTarget, verify_many
from maple_flow.verify.decide import strict_verdict

pytestmark = pytest.mark.twin
TIMEOUT_S = 240


def _verify(option: str | None) -> VerifyReport:
    spec = JobSpec(cluster="perlmutter", nodes=2, gpus_per_node=4, entrypoint="train.py",
                   walltime="00:10:00")
    text = generate_from_spec(spec).script
    if option:
        first, rest = text.split("\n", 1)
        text = f"{first}\n# maple-twin-option: {option}\n{rest}"
    target = VerifyTarget.from_script(text, "perlmutter")
    return verify_many([target], timeout_s=TIMEOUT_S)[0]


def _last_node(report: VerifyReport) -> str:
    ranks = sorted(report.ranks, key=lambda r: r["rank"])
    return str(ranks[-1]["host"])


def test_the_slow_node_is_named_and_the_run_still_verifies() -> None:
    report = _verify("slow-node")
    assert report.status == "verified", report.reasons
    slow = _last_node(report)
    shared = [f.subject for f in report.findings if f.kind == "shared_cores"]
    assert shared == [slow], report.findings
    assert {r["perf"]["affinity"] for r in report.ranks if r["host"] == slow} == {"0"}
    strict = strict_verdict(report)
    assert strict.status == "failed"
    assert any(slow in reason for reason in strict.reasons)


def test_a_healthy_run_names_no_node() -> None:
    report = _verify(None)
    assert report.status == "verified", report.reasons
    assert not [f for f in report.findings if f.kind == "shared_cores"], report.findings
    assert all(r["perf"]["step_s"] and r["perf"]["affinity"] for r in report.ranks)
