"""Performance findings of a verification (maple_flow.verify.perf) and their probes' helpers."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maple_flow.knowledge.clusters import get_profile
from maple_flow.verify.decide import decide, strict_verdict
from maple_flow.verify.miniapp_report import MiniAppReport
from maple_flow.verify.perf import median_without, parse_cpu_list, perf_findings
from maple_flow.verify.report import Expected

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "miniapps"))
from _common import bus_bandwidth_gbs, cpu_list_text

GB = 1 << 30


def rank(r: int, host: str, step: float, *, affinity: str = "0-63", cpus: int = 64,
         busbw: float = 40.0, backend: str = "nccl") -> MiniAppReport:
    """One rank's report with its probes."""
    return MiniAppReport.model_validate({
        "setup": "ddp", "ok": True, "host": host, "rank": r, "world_size": 8, "backend": backend,
        "collectives": {"allreduce": {"ok": True}, "allgather": {"ok": True}},
        "step": {"ok": True, "loss": 5.5},
        "perf": {"step_s": step, "affinity": affinity, "cpus": cpus,
                 "allreduce": [{"bytes": 8 << 20, "time_s": 0.01, "busbw_gbs": busbw / 4},
                               {"bytes": 256 << 20, "time_s": 0.1, "busbw_gbs": busbw}]}})


def job(steps: dict[str, list[float]], **kw: Any) -> list[MiniAppReport]:
    placed = [(host, s) for host, values in steps.items() for s in values]
    return [rank(i, host, s, **kw) for i, (host, s) in enumerate(placed)]


def kinds(findings: list[Any]) -> list[tuple[str, str]]:
    return [(f.kind, f.subject) for f in findings]


def test_a_healthy_job_has_no_findings() -> None:
    reports = job({"n1": [0.010, 0.011, 0.010, 0.012], "n2": [0.011, 0.010, 0.012, 0.011]})
    assert perf_findings(reports, get_profile("perlmutter").fabric) == []


def test_a_slow_node_of_two_is_named_against_the_other_node() -> None:
    """Two nodes: the job median would sit between them; the other node is the yardstick."""
    reports = job({"n1": [0.010, 0.011, 0.010, 0.012], "n2": [0.021, 0.020, 0.022, 0.019]})
    found = perf_findings(reports)
    assert kinds(found) == [("slow_node", "n2")]
    assert "2.0x" in found[0].message


def test_a_slow_rank_is_named_once_and_not_its_node() -> None:
    reports = job({"n1": [0.010, 0.011, 0.010, 0.012], "n2": [0.011, 0.010, 0.030, 0.011]})
    assert kinds(perf_findings(reports)) == [("slow_rank", "rank 6")]


def test_ranks_sharing_cores_are_named_with_their_node() -> None:
    shared = [rank(0, "n1", 0.01, affinity="0-15"), rank(1, "n1", 0.01, affinity="8-23"),
              rank(2, "n1", 0.01, affinity="32-47"), rank(3, "n2", 0.01, affinity="0-15"),
              rank(4, "n2", 0.01, affinity="16-31")]
    found = perf_findings(shared)
    assert kinds(found) == [("shared_cores", "n1")]
    assert "ranks 0, 1 on n1" in found[0].message


def test_unbound_ranks_on_all_cores_are_not_a_finding() -> None:
    """No binding at all (every rank may use the whole node) is not 'sharing cores'."""
    assert perf_findings(job({"n1": [0.01, 0.01]}, affinity="0-63", cpus=64)) == []


def test_a_link_far_below_the_fabric_is_named_with_its_sources() -> None:
    fabric = get_profile("perlmutter").fabric
    assert fabric is not None and fabric.node_gbytes_s == 100
    slow = job({"n1": [0.01, 0.01], "n2": [0.01, 0.01]}, busbw=2.5)
    found = perf_findings(slow, fabric)
    assert kinds(found) == [("slow_link", "2 nodes")]
    assert "100 GB/s" in found[0].message and "NERSC-ARCH" in found[0].message
    assert perf_findings(job({"n1": [0.01], "n2": [0.01]}, busbw=45.0), fabric) == []


@pytest.mark.parametrize("case", ["gloo", "one node", "no fabric"])
def test_the_link_is_judged_only_on_gpu_backends_across_nodes(case: str) -> None:
    fabric = None if case == "no fabric" else get_profile("perlmutter").fabric
    hosts = {"n1": [0.01, 0.01]} if case == "one node" else {"n1": [0.01], "n2": [0.01]}
    backend = "gloo" if case == "gloo" else "nccl"
    assert perf_findings(job(hosts, busbw=0.5, backend=backend), fabric) == []


def test_reports_without_probes_give_no_findings() -> None:
    bare = [MiniAppReport.model_validate({"setup": "ddp", "ok": True, "host": h, "rank": i})
            for i, h in enumerate(["n1", "n2"])]
    assert perf_findings(bare, get_profile("polaris").fabric) == []


def test_decide_keeps_verified_and_strict_turns_findings_into_reasons() -> None:
    reports = job({"n1": [0.010, 0.010], "n2": [0.030, 0.030]})
    lines = "\n".join("MAPLE_MINIAPP_REPORT " + r.model_copy(update={
        "world_size": 4}).model_dump_json() for r in reports)
    raw = {"state": "COMPLETED", "exit_code": 0, "stdout": lines}
    report = decide("perlmutter", "twin", raw, Expected(nodes=2, ranks_per_node=2), "",
                    get_profile("perlmutter").fabric)
    assert report.status == "verified", report.reasons
    assert kinds(report.findings) == [("slow_node", "n2")]
    strict = strict_verdict(report)
    assert strict.status == "failed"
    assert strict.reasons == [f"performance: {report.findings[0].message}"]
    assert strict_verdict(report.model_copy(update={"findings": []})).status == "verified"


def test_cpu_lists_round_trip() -> None:
    assert cpu_list_text([0, 1, 2, 3, 8, 10, 11]) == "0-3,8,10-11"
    assert parse_cpu_list("0-3,8,10-11") == {0, 1, 2, 3, 8, 10, 11}
    assert parse_cpu_list("x,4-,7") == {7}


def test_bus_bandwidth_is_nccl_tests_busbw() -> None:
    """algbw = bytes / time; busbw = algbw * 2 (n - 1) / n."""
    assert bus_bandwidth_gbs(GB, 1.0, 2) == pytest.approx(GB / 1e9)
    assert bus_bandwidth_gbs(GB, 1.0, 8) == pytest.approx(GB / 1e9 * 14 / 8)
    assert bus_bandwidth_gbs(GB, 1.0, 1) == 0.0


def test_fabric_facts_cite_their_profile_sources() -> None:
    for cluster in ("perlmutter", "polaris", "aurora", "vista", "deltaai", "anvil", "bridges2"):
        profile = get_profile(cluster)
        assert profile.fabric is not None, cluster
        assert "fabric" in profile.fact_sources()


@given(st.lists(st.integers(0, 9), min_size=1, max_size=40), st.data())
def test_median_without_is_the_median_of_the_rest(values: list[int], data: st.DataObject
                                                  ) -> None:
    """The reference of a straggler: the median of every other value, duplicates included."""
    removed = data.draw(st.lists(st.sampled_from(range(len(values))), unique=True))
    rest = [float(v) for i, v in enumerate(values) if i not in removed]
    got = median_without(sorted(map(float, values)), [float(values[i]) for i in removed])
    assert got == (statistics.median(rest) if rest else None)
