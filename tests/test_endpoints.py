"""Endpoint registry, Globus Compute endpoint configs and the fail-fast credential check.

The Globus Compute cloud cannot be reached from here: its path is tested at the SDK
boundary with a stand-in ``globus_compute_sdk.Executor`` that runs the app locally.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from gcstandin import make_stand_in

from maple_flow.clusters import CLUSTER_IDS, get_profile
from maple_flow.endpoints import Endpoint, EndpointError, load_registry
from maple_flow.gcendpoint import config_path, endpoint_config_yaml
from maple_flow.verify.executors import EndpointUnavailable, globus_app, make_executor

gce_utils = pytest.importorskip("globus_compute_endpoint.endpoint.config.utils")


@pytest.mark.parametrize("cluster", CLUSTER_IDS)
def test_shipped_config_is_current_and_loads(cluster: str) -> None:
    text = config_path(cluster).read_text()
    assert text == endpoint_config_yaml(get_profile(cluster)), "run `maple endpoints write-configs`"
    config = gce_utils.load_config_yaml(text)
    provider = config.engine.provider
    profile = get_profile(cluster)
    assert provider.account == profile.account.placeholder
    assert type(provider).__name__ == ("PBSProProvider" if profile.scheduler == "pbs"
                                       else "SlurmProvider")
    for module in profile.software.modules:
        assert f"module load {module}" in provider.worker_init


def test_endpoint_loader_rejects_typos() -> None:
    text = config_path("polaris").read_text().replace("launcher:", "launcer:")
    with pytest.raises(Exception, match="launcer"):
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
