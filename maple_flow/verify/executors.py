"""Parsl executors, one per target cluster, built from the endpoint registry.

- ``twin`` and ``local`` endpoints get a Parsl ThreadPoolExecutor: the app only submits a
  batch job and waits on the scheduler, so threads on this machine are enough.
- ``globus-compute`` endpoints get Parsl's GlobusComputeExecutor wrapping a
  ``globus_compute_sdk.Executor``. Credentials' form, the service's reachability (bounded)
  and the token store are checked first (``gcready``); a missing login fails at once with
  instructions: the SDK's interactive login prompt is never reached.
"""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from maple_flow.endpoints import Endpoint
from maple_flow.verify.gcready import (
    LOGIN_HELP,
    EndpointUnavailable,
    check_ready,
    check_token_store,
    client_identity,
)

__all__ = ["EndpointUnavailable", "globus_app", "make_executor", "parsl_config"]


def globus_app() -> Any:
    """A non-interactive GlobusApp, or EndpointUnavailable explaining how to log in.

    The credentials' form and the token store are checked first; anything the SDK raises
    while loading them becomes one line, never a traceback or a login prompt.
    """
    identity = client_identity()
    check_token_store(identity)
    try:
        from globus_compute_sdk.sdk.auth.globus_app import get_globus_app

        app = get_globus_app()
        if identity is None and app.login_required():
            raise EndpointUnavailable(LOGIN_HELP)
    except EndpointUnavailable:
        raise
    except Exception as exc:  # the SDK's own errors on odd stores or settings
        raise EndpointUnavailable(f"the Globus Compute SDK could not load the credentials: "
                                  f"{type(exc).__name__}: {exc}") from None
    return app


@cache
def shared_client() -> Any:
    """The one Globus Compute client of this process, shared by every endpoint's executor
    (a failure to make it is not kept: the next call tries again)."""
    from globus_compute_sdk import Client

    return Client(app=globus_app(), do_version_check=False)


def globus_compute_executor(endpoint: Endpoint, label: str, sdk_executor: Any = None) -> Any:
    """Parsl's GlobusComputeExecutor for ``endpoint``.

    ``sdk_executor`` replaces the ``globus_compute_sdk.Executor`` (tests pass a stand-in at
    this boundary; it must be an instance of that class, as Parsl type-checks it).
    """
    from parsl.executors import GlobusComputeExecutor

    if sdk_executor is None:
        from globus_compute_sdk import Executor

        check_ready()
        try:
            sdk_executor = Executor(endpoint_id=endpoint.endpoint_id, client=shared_client())
        except EndpointUnavailable:
            raise
        except Exception as exc:
            raise EndpointUnavailable(f"the Globus Compute SDK failed to start: "
                                      f"{type(exc).__name__}: {exc}") from None
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
