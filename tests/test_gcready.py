"""Globus Compute readiness: credentials' form, a bounded reachability check, the token store.

No network is reachable from here. Reachability is tested against loopback ports only: one
nobody listens on (connection refused) and one a test socket listens on. Time bounds in these
tests are bounds on hanging (the check must give up by itself), not performance claims.
"""

from __future__ import annotations

import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from maple_flow.cli import endpoints as endpoints_cli
from maple_flow.verify.executors import globus_app
from maple_flow.verify.gcready import (
    EndpointUnavailable,
    check_reachable,
    check_ready,
    check_token_store,
    client_identity,
)

CLIENT = "2a6a3f6e-2d3c-4b5a-9c1d-0e8f7a6b5c4d"


def _unused_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def gc_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty Globus Compute folder and no client identity."""
    folder = tmp_path / "gc"
    folder.mkdir()
    monkeypatch.setenv("GLOBUS_COMPUTE_USER_DIR", str(folder))
    for name in ("GLOBUS_COMPUTE_CLIENT_ID", "GLOBUS_COMPUTE_CLIENT_SECRET"):
        monkeypatch.delenv(name, raising=False)
    return folder


@pytest.fixture
def listener() -> Iterator[int]:
    """A loopback port a socket listens on (connects are accepted by the kernel backlog)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(4)
        yield int(s.getsockname()[1])


@pytest.mark.parametrize(("client_id", "secret", "words"), [
    ("x", "y", "GLOBUS_COMPUTE_CLIENT_ID is malformed"),
    (CLIENT, "   ", "GLOBUS_COMPUTE_CLIENT_SECRET is blank"),
    (CLIENT, "", "set both"),
])
def test_client_identity_form(gc_env: Path, monkeypatch: pytest.MonkeyPatch, client_id: str,
                              secret: str, words: str) -> None:
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_ID", client_id)
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_SECRET", secret)
    with pytest.raises(EndpointUnavailable, match=words):
        client_identity()


def test_good_identity_is_returned(gc_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_ID", CLIENT)
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_SECRET", "s3cret")
    assert client_identity() == (CLIENT, "s3cret")


def test_unreachable_service_fails_fast_with_one_line() -> None:
    url = f"http://127.0.0.1:{_unused_port()}"
    start = time.monotonic()
    with pytest.raises(EndpointUnavailable, match="cannot reach the Globus Compute service") as e:
        check_reachable(url)
    assert time.monotonic() - start < 5
    assert "\n" not in str(e.value) and url in str(e.value)


def test_reachable_service_passes(listener: int) -> None:
    check_reachable(f"http://127.0.0.1:{listener}")


def test_truncated_token_store_is_a_clear_error(gc_env: Path) -> None:
    (gc_env / "storage.db").write_bytes(b"SQLite format 3\x00\x10\x00\x01\x01")
    with pytest.raises(EndpointUnavailable, match=r"storage.db is unreadable .*log in again"):
        check_token_store(None)
    with pytest.raises(EndpointUnavailable, match="unreadable"):
        globus_app()


def test_corrupt_token_json_is_a_clear_error(gc_env: Path) -> None:
    with sqlite3.connect(gc_env / "storage.db") as db:
        db.execute("CREATE TABLE token_storage (namespace VARCHAR, resource_server VARCHAR, "
                   "token_data_json VARCHAR)")
        db.execute("INSERT INTO token_storage VALUES ('user/production', "
                   "'auth.globus.org', '{\"access_tok')")
    with pytest.raises(EndpointUnavailable, match=r"corrupt token for auth\.globus\.org"):
        check_token_store(None)


def test_no_login_says_how_to_log_in(gc_env: Path) -> None:
    with pytest.raises(EndpointUnavailable, match="globus-compute-endpoint login"):
        check_token_store(None)
    check_token_store((CLIENT, "s"))  # a client identity gets tokens on first use


def test_check_ready_with_sdk_pointed_at_a_dead_loopback_port(
        gc_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the SDK's "local" environment is http://localhost:5000
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", 5000)) == 0:
            pytest.skip("something listens on loopback port 5000")
    monkeypatch.setenv("GLOBUS_SDK_ENVIRONMENT", "local")
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_ID", CLIENT)
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_SECRET", "s3cret")
    with pytest.raises(EndpointUnavailable, match="http://localhost:5000"):
        check_ready()


def test_check_ready_passes_when_the_service_answers(
        gc_env: Path, monkeypatch: pytest.MonkeyPatch, listener: int) -> None:
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_ID", CLIENT)
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_SECRET", "s3cret")
    summary = check_ready(f"http://127.0.0.1:{listener}")
    assert "reachable" in summary and CLIENT in summary


@pytest.mark.parametrize(("client_id", "words"), [
    ("not-a-uuid", "is not a client id"),
    (CLIENT, "cannot reach the Globus Compute service"),
])
def test_cli_check_is_one_clear_line_within_seconds(
        gc_env: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, client_id: str,
        words: str) -> None:
    registry = tmp_path / "ep.yaml"
    registry.write_text(f"polaris: {{type: globus-compute, endpoint_id: {CLIENT}}}\n")
    monkeypatch.setenv("MAPLE_ENDPOINTS", str(registry))
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_ID", client_id)
    monkeypatch.setenv("GLOBUS_COMPUTE_CLIENT_SECRET", "bogus")
    monkeypatch.setattr("maple_flow.verify.gcready.service_url",
                        lambda: f"http://127.0.0.1:{_unused_port()}")
    app = typer.Typer()
    endpoints_cli.register(app)
    start = time.monotonic()
    result = CliRunner().invoke(app, ["endpoints", "check", "polaris"])
    assert time.monotonic() - start < 5
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "NOT READY" in lines[0] and words in lines[0], result.output
    assert "Traceback" not in result.output and "credentials found" not in result.output
