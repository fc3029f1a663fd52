"""The login-node (``local``) endpoint path on the twin's real Slurm.

The verification app runs here as it would on a cluster's login node: in the twin's login
environment (its sbatch front end on PATH, its $SCRATCH), it stages the job in the shared
folder named by ``$SCRATCH`` (expanded on this side), submits with the real sbatch, polls
with scontrol (there is no accounting daemon, so sacct fails as on sites without one), and
reads back the reports the ranks on the emulated compute nodes wrote into that folder.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from maple_flow.endpoints import Endpoint, load_registry
from maple_flow.generate import generate_from_spec
from maple_flow.knowledge.clusters import get_profile
from maple_flow.models import JobSpec
from maple_flow.verify import VerifyTarget, verify_many

pytestmark = pytest.mark.twin
CLUSTER = "vista"  # 1 GPU per node: the smallest two-node job of the twin


@pytest.fixture
def login_shell(twin: Any, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This process in the twin's login environment; returns its $SCRATCH."""
    for key, value in twin.env(CLUSTER).items():
        monkeypatch.setenv(key, value)
    return Path(twin.layout(CLUSTER).scratch)


def _target(extra_directive: str = "") -> VerifyTarget:
    spec = JobSpec(cluster=CLUSTER, nodes=2, gpus_per_node=1, entrypoint="train.py",
                   args=["--epochs", "1"], walltime="00:10:00",
                   account=get_profile(CLUSTER).account.example)
    script = generate_from_spec(spec).script
    if extra_directive:
        first = script.index("#SBATCH")
        script = script[:first] + extra_directive + "\n" + script[first:]
    return VerifyTarget.from_spec(script, spec)


def _registry(**kw: Any) -> dict[str, Endpoint]:
    registry = load_registry()
    registry[CLUSTER] = Endpoint(type="local", workdir="$SCRATCH/maple-verify-local", **kw)
    return registry


def test_login_node_path_shares_the_folder_with_the_compute_nodes(login_shell: Path) -> None:
    report = verify_many([_target()], timeout_s=300, registry=_registry(poll_s=1.0))[0]
    assert report.status == "verified", (report.reasons, report.log_excerpt)
    folder = Path(report.workdir)
    assert folder.parent == login_shell / "maple-verify-local"
    reports = sorted((folder / "maple_miniapps" / "reports").glob("*.json"))
    assert len(reports) == 2, "each rank on its compute node wrote into the shared folder"
    assert report.scheduler_message.split(";")[0] == report.job_id


def test_held_job_is_unverified_queued_and_cancelled(login_shell: Path) -> None:
    report = verify_many([_target("#SBATCH --hold")], timeout_s=10,
                         registry=_registry(poll_s=1.0))[0]
    assert report.status == "unverified" and report.pending == "queued", report.reasons
    assert report.left_job == "cancelled" and report.job_id
    assert report.reasons[0].startswith("unverified (still queued)")
    shown = subprocess.run(["scontrol", "show", "job", report.job_id], capture_output=True,
                           text=True, timeout=30, check=False).stdout
    assert "JobState=CANCELLED" in shown
