"""Triples jobs on the twin: 8 tasks per 4-GPU node on two nodes, through Slurm's srun (Delta)
and PBS with PALS mpiexec (Polaris), are verified with the triples probe; wrong assignments
(block instead of round-robin, the slot read from the node id) are caught."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from maple_flow.triples.job import TriplesJob
from maple_flow.triples.verify import prepare_triples, verify_prepared, verify_triples

pytestmark = pytest.mark.twin
CLUSTERS = ["delta", "polaris"]
TIMEOUT_S = 240


@pytest.fixture(scope="module")
def triples_twin() -> Iterator[object]:
    """Only the personalities these tests use; stops those this module started."""
    if os.geteuid() != 0 or not (shutil.which("slurmctld") or shutil.which("apt-get")):
        pytest.skip("the twin needs root and Debian's slurm packages")
    from maple_flow.twin import Twin

    twin = Twin()
    before = set(twin.running())
    twin.up(CLUSTERS)
    yield twin
    started = [c for c in twin.running() if c not in before and c in CLUSTERS]
    if started:
        twin.down(started)


def job(cluster: str, **kw: object) -> TriplesJob:
    return TriplesJob(cluster=cluster, nodes=2, ppn=8, tpp=2, program="python",
                      args=["train.py", "--seed", "{task}"], walltime="00:10:00", **kw)


@pytest.mark.parametrize("cluster", CLUSTERS)
def test_eight_tasks_per_four_gpu_node_are_verified(cluster: str, triples_twin: object) -> None:
    report = verify_triples(job(cluster), timeout_s=TIMEOUT_S)
    assert report.status == "verified", (report.reasons, report.stderr)
    assert report.state == "COMPLETED" and len(report.tasks) == 16
    assert report.assessment is not None
    assert len(report.assessment.devices_per_host) == 2
    for devices in report.assessment.devices_per_host.values():
        assert devices == {"0": 2, "1": 2, "2": 2, "3": 2}
    assert {t["threads"] for t in report.tasks} == {2}
    assert [t["arg_task"] for t in report.tasks] == [str(i) for i in range(16)]


def test_block_assignment_instead_of_round_robin_is_caught(triples_twin: object) -> None:
    prepared = prepare_triples(job("delta"))
    good = 'CUDA_VISIBLE_DEVICES="$(( MAPLE_LOCAL_SLOT % 4 ))"'
    assert good in prepared.script
    bad = replace(prepared, script=prepared.script.replace(
        good, 'CUDA_VISIBLE_DEVICES="$(( MAPLE_LOCAL_SLOT / 4 ))"'))
    report = verify_prepared(bad, timeout_s=TIMEOUT_S)
    assert report.status == "failed" and report.state == "COMPLETED"
    assert any("task 1: device CUDA_VISIBLE_DEVICES=0, expected 1" in r for r in report.reasons)
    assert any("tasks per device {'0': 4, '1': 4}" in r for r in report.reasons)


def test_slot_read_from_the_node_id_is_caught(triples_twin: object) -> None:
    prepared = prepare_triples(job("polaris"))
    good = 'MAPLE_LOCAL_SLOT="$PALS_LOCAL_RANKID"'
    assert good in prepared.script
    bad = replace(prepared, script=prepared.script.replace(good,
                                                           'MAPLE_LOCAL_SLOT="$PALS_NODEID"'))
    report = verify_prepared(bad, timeout_s=TIMEOUT_S)
    assert report.status == "failed"
    assert any("task 1: slot 0, expected 1" in r for r in report.reasons)


def test_cli_verify_json(triples_twin: object, tmp_path: Path) -> None:
    root = Path(__file__).parents[2]
    proc = subprocess.run(
        [sys.executable, "-m", "maple_flow.cli", "triples", "--on", "delta", "--nodes", "2",
         "--ppn", "8", "--tpp", "2", "--verify", "--json", "-o", str(tmp_path / "job.sh"),
         "--", "python", "train.py", "{task}"],
        capture_output=True, text=True, timeout=TIMEOUT_S + 60, check=False,
        env=dict(os.environ, PYTHONPATH=str(root)))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["verify"]["status"] == "verified"
    assert "train.py '{task}'" in (tmp_path / "job.sh").read_text()
