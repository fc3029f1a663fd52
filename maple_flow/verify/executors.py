"""Parsl executors, one per target cluster, built from the endpoint registry.

- ``twin`` and ``local`` endpoints get a Parsl ThreadPoolExecutor: the app only submits a
  batch job and waits on the scheduler, so threads on this machine are enough.
- ``globus-compute`` endpoints get Parsl's GlobusComputeExecutor wrapping a
  ``globus_compute_sdk.Executor``. Credentials are checked first and a missing login fails
  at once with instructions: the SDK's interactive login prompt is never reached.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from maple_flow.endpoints import Endpoint, EndpointError

CLIENT_ENV = ("GLOBUS_COMPUTE_CLIENT_ID", "GLOBUS_COMPUTE_CLIENT_SECRET")
LOGIN_HELP = (
    "Globus Compute needs credentials and none were found. Either log in once on this "
    "machine with `globus-compute-endpoint login` (or `python -c 'from globus_compute_sdk "
    "import Client; Client()'` in a terminal), or set GLOBUS_COMPUTE_CLIENT_ID and "
    "GLOBUS_COMPUTE_CLIENT_SECRET for a client identity (batch jobs, CI)."
)


class EndpointUnavailable(EndpointError):
    """The endpoint cannot be used now; verification of its cluster is 'unverified'."""


def _compute_dir() -> Path:
    return Path(os.environ.get("GLOBUS_COMPUTE_USER_DIR", Path.home() / ".globus_compute"))


def globus_app() -> Any:
    """A non-interactive GlobusApp, or EndpointUnavailable explaining how to log in."""
    client_id, secret = (os.environ.get(name) for name in CLIENT_ENV)
    if bool(client_id) != bool(secret):
        raise EndpointUnavailable("set both GLOBUS_COMPUTE_CLIENT_ID and "
                                  "GLOBUS_COMPUTE_CLIENT_SECRET, or neither")
    if not secret and not (_compute_dir() / "storage.db").exists():
        raise EndpointUnavailable(LOGIN_HELP)
    from globus_compute_sdk.sdk.auth.globus_app import get_globus_app

    app = get_globus_app()
    if not secret and app.login_required():
        raise EndpointUnavailable(LOGIN_HELP)
    return app


def globus_compute_executor(endpoint: Endpoint, label: str, sdk_executor: Any = None) -> Any:
    """Parsl's GlobusComputeExecutor for ``endpoint``.

    ``sdk_executor`` replaces the ``globus_compute_sdk.Executor`` (tests pass a stand-in at
    this boundary; it must be an instance of that class, as Parsl type-checks it).
    """
    from parsl.executors import GlobusComputeExecutor

    if sdk_executor is None:
        from globus_compute_sdk import Client, Executor

        client = Client(app=globus_app(), do_version_check=False)
        sdk_executor = Executor(endpoint_id=endpoint.endpoint_id, client=client)
    return GlobusComputeExecutor(executor=sdk_executor, label=label)


def thread_executor(label: str, workers: int = 8) -> Any:
    """A Parsl ThreadPoolExecutor: the app waits on a scheduler, it computes nothing."""
    from parsl.executors.threads import ThreadPoolExecutor

    return ThreadPoolExecutor(label=label, max_threads=workers)


def make_executor(label: str, endpoint: Endpoint, sdk_executor: Any = None) -> Any:
    """The Parsl executor for ``endpoint``, labelled ``label``."""
    if endpoint.type == "globus-compute":
        return globus_compute_executor(endpoint, label, sdk_executor)
    return thread_executor(label)


def parsl_config(executors: list[Any]) -> Any:
    """A Parsl Config for these executors, its run files kept out of the user's folder."""
    from parsl.config import Config

    run_dir = Path(tempfile.gettempdir()) / "maple-parsl"
    return Config(executors=executors, run_dir=str(run_dir), initialize_logging=False,
                  strategy="none", usage_tracking=0)
