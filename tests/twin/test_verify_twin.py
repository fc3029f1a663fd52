"""Verification end to end on the twin: a good script is verified; broken ones fail with the
right reason (wrong world size, wrong node rank, localhost rendezvous on two nodes, two ranks on
one device, a missing module, a rejected directive), and jobs that use part of each node."""

from __future__ import annotations

import re
from typing import Any

import pytest

from maple_flow.generate import generate_from_spec
from maple_flow.models import JobSpec
from maple_flow.verify import VerifyReport, VerifyTarget, verify_many

pytestmark = pytest.mark.twin
TIMEOUT_S = 240


def spec(cluster: str, per_node: int, **kw: Any) -> JobSpec:
    return JobSpec(cluster=cluster, nodes=2, gpus_per_node=per_node, entrypoint="train.py",
                   args=["--epochs", "1"], walltime="00:10:00", **kw)


def script(s: JobSpec) -> str:
    return generate_from_spec(s).script


def edit(text: str, pattern: str, replacement: str) -> str:
    new, count = re.subn(pattern, replacement, text, count=1, flags=re.M)
    assert count == 1, f"pattern {pattern!r} not in the rendered script"
    return new


CASES: dict[str, tuple[JobSpec, Any, str]] = {
    "good-delta": (spec("delta", 4), lambda t: t, ""),
    "wrong-world-size": (spec("perlmutter", 4),
                         lambda t: edit(t, r'--nproc[-_]per[-_]node[= ]"?\$GPUS_PER_NODE"?',
                                        "--nproc-per-node=3"),
                         r"world size 6 != expected 8|rank.*missing|ranks per node 3"),
    "wrong-node-rank": (spec("lonestar6", 3),
                        lambda t: edit(t, r'--node_rank="\$PMI_RANK"', "--node_rank=0"),
                        r"timed out|missing|more than once|ended FAILED"),
    "localhost-rendezvous": (spec("polaris", 4),
                             lambda t: t.replace(
                                 "export NNODES GPUS_PER_NODE NRANKS MASTER_ADDR MASTER_PORT",
                                 "MASTER_ADDR=localhost\n"
                                 "export NNODES GPUS_PER_NODE NRANKS MASTER_ADDR MASTER_PORT"),
                             r"MASTER_ADDR localhost is not rank 0's node"),
    # the classic per-rank bug: the local rank read from the node id, so ranks share GPU 0
    "two-ranks-one-device": (spec("polaris", 4),
                             lambda t: edit(t, r'LOCAL_RANK="\$PALS_LOCAL_RANKID"',
                                            'LOCAL_RANK="$PALS_NODEID"'),
                             r"both use device"),
    # part of each node on whole-node sites (PBS select, Slurm whole nodes): the node shows
    # all its GPUs, the job means to use 2 of them
    "part-node-polaris": (spec("polaris", 2), lambda t: t, ""),
    "part-node-lonestar6": (spec("lonestar6", 2), lambda t: t, ""),
    "part-node-runs-the-whole-node": (spec("polaris", 2),
                                      lambda t: edit(t, r"^GPUS_PER_NODE=2$", "GPUS_PER_NODE=4"),
                                      r"ranks per node 4|world size"),
    "missing-module": (spec("perlmutter", 4),
                       lambda t: edit(t, r"^module load pytorch/\S+", "module load pytorch/9.9.9"),
                       r"ended FAILED|no mini-app report"),
    "rejected-directive": (spec("lonestar6", 3),
                           lambda t: edit(t, r"^(#SBATCH -N 2)$", r"\1\n#SBATCH --gres=gpu:3"),
                           r"rejected at submission: .*gres"),
}


@pytest.fixture(scope="module")
def reports(twin: object) -> dict[str, VerifyReport]:
    """All cases verified in one concurrent batch, as `maple port --verify` would."""
    names = list(CASES)
    targets = [VerifyTarget.from_spec(CASES[n][1](script(CASES[n][0])), CASES[n][0])
               for n in names]
    return dict(zip(names, verify_many(targets, timeout_s=TIMEOUT_S), strict=True))


@pytest.mark.parametrize("case", list(CASES))
def test_verdict_and_reason(reports: dict[str, VerifyReport], case: str) -> None:
    report = reports[case]
    expected = CASES[case][2]
    if not expected:
        per_node = CASES[case][0].gpus_per_node
        assert report.status == "verified", report.reasons
        assert report.world_size == 2 * per_node
        assert set(report.ranks_per_node.values()) == {per_node}
        return
    assert report.status == "failed", f"{case} was not caught: {report}"
    joined = " | ".join(report.reasons + report.log_excerpt)
    assert re.search(expected, joined), f"{case}: unexpected reasons {report.reasons}"


def test_missing_module_log_names_the_module(reports: dict[str, VerifyReport]) -> None:
    assert any("pytorch/9.9.9" in line for line in reports["missing-module"].log_excerpt)
