"""Endpoint registry, Globus Compute endpoint configs and the fail-fast credential check.

The Globus Compute cloud cannot be reached from here: its path is tested at the SDK
boundary with a stand-in ``globus_compute_sdk.Executor`` that runs the app locally.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gcstandin import make_stand_in

from maple_flow.endpoints import Endpoint, EndpointError, load_registry
from maple_flow.gcendpoint import config_path, endpoint_config_yaml, worker_init
from maple_flow.knowledge.clusters import CLUSTER_IDS, get_profile
from maple_flow.verify.executors import EndpointUnavailable, globus_app, make_executor

gce_utils = pytest.importorskip("globus_compute_endpoint.endpoint.config.utils")
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("cluster", CLUSTER_IDS)
def test_shipped_config_is_current_and_loads(cluster: str) -> None:
    text = config_path(cluster).read_text()
    assert text == endpoint_config_yaml(get_profile(cluster)), "run `maple endpoints write-configs`"
    config = gce_utils.load_config_yaml(text)
    provider = config.engine.provider
    profile = get_profile(cluster)
    assert type(provider).__name__ == "LocalProvider", "workers beside the endpoint, no worker job"
    lines = provider.worker_init.splitlines()
    assert [ln for ln in lines if ln.startswith("module load ")] == \
        [f"module load {m}" for m in profile.software.modules]
    assert not any(ln.lstrip().startswith("#") for ln in lines), "a comment would hide lines"
    assert "import maple_flow" in lines[-1]


def _stand_ins(folder: Path, python_ok: bool) -> tuple[Path, Path]:
    """A bin folder with stand-in `module` and `conda` that log their arguments, and `python`
    / `python3` (the real interpreter, or one that fails as when maple_flow is missing)."""
    bin_dir, log = folder / "bin", folder / "calls.log"
    bin_dir.mkdir(parents=True)
    for name in ("module", "conda"):
        (bin_dir / name).write_text(f'#!/bin/sh\necho "{name} $*" >> {shlex.quote(str(log))}\n')
    for name in ("python", "python3"):
        body = f'exec {shlex.quote(sys.executable)} "$@"' if python_ok else "exit 1"
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    return bin_dir, log


def _run_worker_init(cluster: str, tmp_path: Path, python_ok: bool
                     ) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    script = tmp_path / "worker_init.sh"
    script.write_text(worker_init(get_profile(cluster)))
    bin_dir, log = _stand_ins(tmp_path / "standins", python_ok)
    scratch = tmp_path / "scratch"
    (scratch / "maple-venv" / "bin").mkdir(parents=True)
    (scratch / "maple-venv" / "bin" / "activate").write_text("echo activated >&2\n")
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path), "SCRATCH": str(scratch),
           "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    return proc, log.read_text().splitlines() if log.exists() else []


@pytest.mark.parametrize("cluster", CLUSTER_IDS)
def test_worker_init_parses_and_runs_every_line(cluster: str, tmp_path: Path) -> None:
    text = worker_init(get_profile(cluster))
    syntax = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True,
                            timeout=30, check=False)
    assert syntax.returncode == 0, syntax.stderr
    proc, calls = _run_worker_init(cluster, tmp_path, python_ok=True)
    assert proc.returncode == 0, proc.stderr
    sw = get_profile(cluster).software
    expected = [f"module use {p}" for p in sw.module_use] + \
        ([f"module {sw.purge.split(maxsplit=1)[1]}"] if sw.purge.startswith("module ") else []) + \
        [f"module load {m}" for m in sw.modules]
    assert [c for c in calls if c.startswith("module")] == expected


@pytest.mark.parametrize("cluster", ["lonestar6", "aurora", "polaris"])
def test_worker_init_stops_clearly_without_maple_flow(cluster: str, tmp_path: Path) -> None:
    proc, _ = _run_worker_init(cluster, tmp_path, python_ok=False)
    assert proc.returncode == 1
    assert "maple_flow is not importable in the endpoint environment" in proc.stderr


def test_endpoint_loader_rejects_typos() -> None:
    text = config_path("polaris").read_text().replace("init_blocks:", "init_blokcs:")
    with pytest.raises(Exception, match="init_blokcs"):
        gce_utils.load_config_yaml(text)


def test_registry_defaults_to_twin_and_user_file_overrides(tmp_path: Path) -> None:
    assert {e.type for e in load_registry().values()} == {"twin"}
    user = tmp_path / "ep.yaml"
    user.write_text("ALCF Polaris: {type: globus-compute, "
                    "endpoint_id: 2a6a3f6e-2d3c-4b5a-9c1d-0e8f7a6b5c4d}\n")
    registry = load_registry(user)
    assert registry["polaris"].type == "globus-compute"
    assert registry["aurora"].type == "twin"


def test_registry_errors_are_clear(tmp_path: Path) -> None:
    user = tmp_path / "ep.yaml"
    user.write_text("polaris: {type: globus-compute}\n")
    with pytest.raises(EndpointError, match="endpoint_id"):
        load_registry(user)


def test_globus_without_credentials_fails_fast(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GLOBUS_COMPUTE_USER_DIR", str(tmp_path))
    monkeypatch.delenv("GLOBUS_COMPUTE_CLIENT_ID", raising=False)
    monkeypatch.delenv("GLOBUS_COMPUTE_CLIENT_SECRET", raising=False)
    start = time.monotonic()
    with pytest.raises(EndpointUnavailable, match="globus-compute-endpoint login"):
        globus_app()
    assert time.monotonic() - start < 5  # a bound on hanging, not a performance claim
    endpoint = Endpoint(type="globus-compute", endpoint_id="2a6a3f6e-2d3c-4b5a-9c1d-0e8f7a6b5c4d")
    with pytest.raises(EndpointUnavailable):
        make_executor("polaris", endpoint)


def test_half_client_credentials_are_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_ID", "x")
    monkeypatch.delenv("GLOBUS_COMPUTE_CLIENT_SECRET", raising=False)
    with pytest.raises(EndpointUnavailable, match="both"):
        globus_app()


def _double(x: int) -> int:
    return 2 * x


def test_parsl_globus_compute_executor_with_stand_in() -> None:
    import parsl
    from parsl import python_app

    from maple_flow.verify.executors import parsl_config

    stand_in = make_stand_in()
    endpoint = Endpoint(type="globus-compute", endpoint_id="2a6a3f6e-2d3c-4b5a-9c1d-0e8f7a6b5c4d")
    executor = make_executor("polaris", endpoint, sdk_executor=stand_in)
    assert type(executor).__name__ == "GlobusComputeExecutor"
    with parsl.load(parsl_config([executor])):
        future = python_app(_double, executors=["polaris"])(21)
        assert future.result(timeout=60) == 42
    parsl.clear()
    assert stand_in.calls, "the task must go through the SDK executor's submit()"


def test_list_shows_each_endpoints_shared_folder(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    import typer
    from typer.testing import CliRunner

    from maple_flow.cli import endpoints as endpoints_cli

    user = tmp_path / "ep.yaml"
    user.write_text("polaris: {type: local}\nvista: {type: local, workdir: /s/v}\n")
    monkeypatch.setenv("MAPLE_ENDPOINTS", str(user))
    app = typer.Typer()
    endpoints_cli.register(app)
    rows = json.loads(CliRunner().invoke(app, ["endpoints", "list", "--json"]).stdout)
    assert rows["polaris"]["workdir"] == "/lus/eagle/projects/{account}/$USER/maple-verify"
    assert rows["vista"]["workdir"] == "/s/v" and rows["delta"]["workdir"] == "(the twin's)"
