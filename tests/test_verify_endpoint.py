"""Verification through a login-node (``local``) or Globus Compute endpoint, end to end.

The scheduler is a fake Slurm front end (tests/fakesched.py) whose ``run`` mode really runs
the job script, with a node-local TMPDIR as on a compute node. Globus Compute is exercised at
the SDK boundary (tests/gcstandin.py): its cloud is unreachable from here, so a stand-in
``globus_compute_sdk.Executor`` serializes the task with the SDK's serializer and runs it in
this process; staging, submission, waiting and report parsing all run for real.
"""

from __future__ import annotations

import shlex
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fakesched
import pytest
from gcstandin import make_stand_in

from maple_flow.endpoints import Endpoint, EndpointError, load_registry
from maple_flow.knowledge.clusters import get_profile
from maple_flow.verify import VerifyTarget, verify_many
from maple_flow.verify.jobs import run_on_scheduler
from maple_flow.verify.workdir import WorkdirError, expand_workdir, job_workdir

ENDPOINT_ID = "2a6a3f6e-2d3c-4b5a-9c1d-0e8f7a6b5c4d"
HEADER = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=1\n#SBATCH -t 00:05:00\n"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def miniapp_script() -> str:
    """One rank of the DDP mini-app, launched the torchrun way (env variables)."""
    return (HEADER + f"export MASTER_ADDR=$(hostname) MASTER_PORT={_free_port()} RANK=0 "
            f"WORLD_SIZE=1 LOCAL_RANK=0\n{shlex.quote(sys.executable)} train.py --epochs 1\n")


def failing_script() -> str:
    return HEADER + "echo 'Lmod has detected the following error: module pytorch/9.9' >&2\n" \
        "exit 3\npython train.py\n"


@pytest.fixture
def sched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Install the fake scheduler in a mode: ``sched("run")`` puts it first on PATH."""
    folder = tmp_path / "sched"

    def install(mode: str) -> Path:
        bin_dir = fakesched.install(folder, mode)
        monkeypatch.setenv("PATH", f"{bin_dir}:{Path(sys.executable).parent}:/usr/bin:/bin")
        return folder

    yield install
    if (folder / "state").exists():
        fakesched.stop_all(folder)


@pytest.fixture
def shared(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shared folder, named through a variable that is set on the cluster side only."""
    folder = tmp_path / "shared"
    monkeypatch.setenv("MAPLE_TEST_SCRATCH", str(folder))
    return folder


def registry_with(cluster: str, endpoint: Endpoint) -> dict[str, Endpoint]:
    registry = load_registry()
    registry[cluster] = endpoint
    return registry


def gc_endpoint(**kw: Any) -> Endpoint:
    return Endpoint(type="globus-compute", endpoint_id=ENDPOINT_ID,
                    workdir="$MAPLE_TEST_SCRATCH/verify", poll_s=0.2, **kw)


# --- the shared folder --------------------------------------------------------------------

def test_workdir_defaults_to_the_profile_and_fills_the_account() -> None:
    polaris = get_profile("polaris")
    local = Endpoint(type="local")
    script = "#!/bin/bash\n#PBS -A datascience\n#PBS -l select=1\n"
    assert job_workdir(local, polaris, script) == \
        "/lus/eagle/projects/datascience/$USER/maple-verify"
    assert job_workdir(local, get_profile("perlmutter"), "") == "$PSCRATCH/maple-verify"
    assert job_workdir(Endpoint(type="local", workdir="/x/{account}"), polaris, script) == \
        "/x/datascience"
    assert job_workdir(Endpoint(type="twin"), polaris, script) is None


def test_workdir_errors_say_what_to_set() -> None:
    polaris = get_profile("polaris")
    with pytest.raises(EndpointError, match=r"needs the project.*names none.*-A"):
        job_workdir(Endpoint(type="local"), polaris, "#!/bin/bash\n")
    bare = polaris.model_copy(update={"verification": None})
    with pytest.raises(EndpointError, match=r"set `workdir:` for polaris in \$MAPLE_ENDPOINTS"):
        job_workdir(Endpoint(type="local"), bare, "")


def test_workdir_is_expanded_on_the_cluster_side(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAPLE_TEST_SCRATCH", "/scratch/u")
    assert expand_workdir("$MAPLE_TEST_SCRATCH/v") == Path("/scratch/u/v")
    monkeypatch.delenv("MAPLE_TEST_SCRATCH")
    with pytest.raises(WorkdirError, match=r"\$MAPLE_TEST_SCRATCH, which is not set on"):
        expand_workdir("$MAPLE_TEST_SCRATCH/v")
    with pytest.raises(WorkdirError, match="not an absolute path"):
        expand_workdir("relative/dir")


# --- a job unfinished when the wait ends ---------------------------------------------------

@pytest.mark.parametrize(("mode", "on_timeout", "pending", "left"), [
    ("queue", "cancel", "queued", "cancelled"),
    ("queue", "keep", "queued", "kept"),
    ("hang", "cancel", "running", "cancelled"),
])
def test_unfinished_job_is_pending_and_cancelled_or_kept(
        sched: Any, shared: Path, mode: str, on_timeout: str, pending: str, left: str) -> None:
    folder = sched(mode)
    raw = run_on_scheduler("slurm", HEADER + "true\n", {}, timeout_s=1.0,
                           workdir="$MAPLE_TEST_SCRATCH/v", on_timeout=on_timeout, poll_s=0.2)
    assert raw["pending"] == pending and raw["left_job"] == left
    assert raw["state"] == ("PENDING" if mode == "queue" else "RUNNING")
    assert raw["job_id"] == "4201" and raw["message"] == "4201"
    assert (fakesched.cancelled(folder) == ["4201"]) == (left == "cancelled")
    assert Path(raw["workdir"]).parent == shared / "v"


def test_queued_job_is_unverified_never_failed(sched: Any, shared: Path) -> None:
    sched("queue")
    target = VerifyTarget("delta", HEADER + "python train.py\n", "train.py")
    report = verify_many([target], timeout_s=1.0, registry=registry_with(
        "delta", Endpoint(type="local", workdir="$MAPLE_TEST_SCRATCH/v", poll_s=0.2)))[0]
    assert report.status == "unverified" and report.pending == "queued"
    assert report.left_job == "cancelled" and report.job_id == "4201"
    assert report.reasons[0].startswith("unverified (still queued): job 4201 was still queued")


def test_rejection_keeps_the_schedulers_words(sched: Any, shared: Path) -> None:
    sched("reject")
    raw = run_on_scheduler("slurm", HEADER, {}, timeout_s=5, workdir=str(shared))
    assert raw["state"] == "REJECTED" and "Invalid account" in raw["message"]


# --- Globus Compute, end to end at the SDK boundary ------------------------------------------

def test_globus_compute_path_verifies_a_real_miniapp_run(sched: Any, shared: Path) -> None:
    sched("run")
    stand_in = make_stand_in()
    target = VerifyTarget("delta", miniapp_script(), "train.py")
    report = verify_many([target], timeout_s=120, registry=registry_with("delta", gc_endpoint()),
                         sdk_executors={"delta": stand_in})[0]
    assert report.status == "verified", (report.reasons, report.stderr)
    assert stand_in.calls, "the app must go through the SDK executor's submit()"
    assert report.endpoint == "globus-compute" and report.state == "COMPLETED"
    assert report.world_size == 1 and report.backend == "gloo"
    folder = Path(report.workdir)
    assert folder.parent == shared / "verify", "staged in the shared folder, not in /tmp"
    assert (folder / "maple_miniapps" / "reports" / "rank-0.json").is_file()
    assert "maple_miniapps/ddp.py" in report.script and "train.py" not in report.script
    assert "MAPLE_MINIAPP_REPORT" in report.stdout
    assert report.scheduler_message == report.job_id == "4201"


def test_globus_compute_failure_carries_the_evidence(sched: Any, shared: Path) -> None:
    sched("run")
    target = VerifyTarget("delta", failing_script(), "train.py")
    report = verify_many([target], timeout_s=60, registry=registry_with("delta", gc_endpoint()),
                         sdk_executors={"delta": make_stand_in()})[0]
    assert report.status == "failed" and report.exit_code == 3 and report.state == "FAILED"
    assert "the job ended FAILED with exit code 3" in report.reasons
    assert "module pytorch/9.9" in report.stderr and not report.stderr_truncated
    assert report.script.endswith("exit 3\npython maple_miniapps/ddp.py\n")


def test_globus_compute_workdir_unset_on_the_cluster_is_unverified(
        sched: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sched("run")
    monkeypatch.delenv("MAPLE_TEST_SCRATCH", raising=False)
    report = verify_many([VerifyTarget("delta", failing_script(), "train.py")], timeout_s=30,
                         registry=registry_with("delta", gc_endpoint()),
                         sdk_executors={"delta": make_stand_in()})[0]
    assert report.status == "unverified"
    assert "$MAPLE_TEST_SCRATCH, which is not set" in report.reasons[0]


# --- inside a user's own Parsl program ------------------------------------------------------

def _double(x: int) -> int:
    return 2 * x


def test_runs_inside_a_users_parsl_program(sched: Any, shared: Path, tmp_path: Path) -> None:
    import parsl
    from parsl import python_app
    from parsl.config import Config
    from parsl.executors.threads import ThreadPoolExecutor

    sched("run")
    user = parsl.load(Config(executors=[ThreadPoolExecutor(label="user")],
                             run_dir=str(tmp_path / "runinfo"), initialize_logging=False,
                             usage_tracking=0))
    try:
        double = python_app(_double, executors=["user"])
        assert double(2).result(timeout=30) == 4
        registry = registry_with("delta", Endpoint(type="local", workdir=str(shared),
                                                   poll_s=0.2))
        report = verify_many([VerifyTarget("delta", failing_script(), "train.py")],
                             timeout_s=60, registry=registry)[0]
        assert report.status == "failed" and report.exit_code == 3
        assert parsl.dfk() is user, "the user's DataFlowKernel stays loaded"
        assert "maple-delta-local" in user.executors
        assert double(3).result(timeout=30) == 6, "and keeps working"
        again = verify_many([VerifyTarget("delta", failing_script(), "train.py")],
                            timeout_s=60, registry=registry, dfk=user)[0]
        assert again.exit_code == 3
        assert sorted(user.executors) == ["_parsl_internal", "maple-delta-local", "user"], \
            "a second call reuses the executor"
    finally:
        parsl.dfk().cleanup()
        parsl.clear()


def test_without_a_loaded_kernel_none_is_left_behind(sched: Any, shared: Path) -> None:
    import parsl
    from parsl.errors import NoDataFlowKernelError

    sched("reject")
    registry = registry_with("delta", Endpoint(type="local", workdir=str(shared)))
    report = verify_many([VerifyTarget("delta", failing_script(), "train.py")], timeout_s=30,
                         registry=registry)[0]
    assert report.status == "failed" and "Invalid account" in report.reasons[0]
    with pytest.raises(NoDataFlowKernelError):
        parsl.dfk()


# --- PBS: the same handling through qsub / qstat -fx / qdel ---------------------------------

PBS_TOOLS = {
    "qsub": 'echo 4201.polaris-pbs01\n',
    "qstat": 'echo "Job Id: 4201.polaris-pbs01"\necho "    job_state = $(cat "$STATE/state")"\n',
    "qdel": 'echo "$1" >> "$STATE/deleted"\n',
}


@pytest.mark.parametrize(("letter", "pending"), [("Q", "queued"), ("R", "running")])
def test_pbs_job_unfinished_is_pending_and_deleted(tmp_path: Path, shared: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   letter: str, pending: str) -> None:
    bin_dir, state = tmp_path / "pbsbin", tmp_path / "pbsstate"
    bin_dir.mkdir()
    state.mkdir()
    (state / "state").write_text(letter)
    for name, body in PBS_TOOLS.items():
        (bin_dir / name).write_text(f"#!/bin/bash\nSTATE={shlex.quote(str(state))}\n{body}")
        (bin_dir / name).chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    raw = run_on_scheduler("pbs", "#!/bin/bash\n#PBS -l select=1\ntrue\n", {}, timeout_s=0.6,
                           workdir=str(shared), poll_s=0.2)
    assert raw["job_id"] == "4201.polaris-pbs01" and raw["state"] == letter
    assert raw["pending"] == pending and raw["left_job"] == "cancelled"
    assert (state / "deleted").read_text().split() == ["4201.polaris-pbs01"]


def test_cli_keeps_an_unfinished_job_when_asked(sched: Any, shared: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    import typer
    from typer.testing import CliRunner

    from maple_flow.cli import verify as verify_cli

    folder = sched("queue")
    registry = tmp_path / "ep.yaml"
    registry.write_text(f"delta: {{type: local, workdir: '{shared}', poll_s: 0.2}}\n")
    monkeypatch.setenv("MAPLE_ENDPOINTS", str(registry))
    script = tmp_path / "job.sbatch"
    script.write_text(HEADER + "srun python train.py --epochs 1\n")
    app = typer.Typer()
    verify_cli.register(app)
    app.command("noop")(lambda: None)  # two commands, so `verify` stays a subcommand
    result = CliRunner().invoke(app, ["verify", str(script), "--on", "delta", "--setup", "ddp",
                                      "--timeout", "1", "--unfinished", "keep", "--json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)["delta"]
    assert report["status"] == "unverified" and report["left_job"] == "kept"
    assert "left in the queue" in report["reasons"][0] and report["job_id"] == "4201"
    assert fakesched.cancelled(folder) == []
