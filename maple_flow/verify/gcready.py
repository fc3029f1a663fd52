"""Whether Globus Compute can be used from here, decided fast and without SDK tracebacks.

Three checks, cheapest first, each failing with one line that says what to do:

1. the form of the credentials: a client identity (GLOBUS_COMPUTE_CLIENT_ID, a UUID, and a
   non-empty GLOBUS_COMPUTE_CLIENT_SECRET), or a login's token store;
2. the Globus Compute web service answers a TCP connect within a bounded time (name
   resolution included), so a machine without network fails in seconds, not after the
   SDK's retries;
3. the token store of a login (``~/.globus_compute/storage.db``) is a readable SQLite file
   whose tokens are JSON; a truncated or corrupt store is named, never a traceback.

Nothing here asks Globus Auth whether the credentials are valid: that needs the network and
happens when the SDK first talks to the service.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import threading
import uuid
from pathlib import Path
from urllib.parse import urlparse

from maple_flow.endpoints import EndpointError

CLIENT_ENV = ("GLOBUS_COMPUTE_CLIENT_ID", "GLOBUS_COMPUTE_CLIENT_SECRET")
#: Seconds allowed for resolving and connecting to the service (the whole check stays < 5 s).
CONNECT_BUDGET_S = 3.0
LOGIN_HELP = (
    "Globus Compute needs credentials and none were found. Either log in once on this "
    "machine with `globus-compute-endpoint login` (or `python -c 'from globus_compute_sdk "
    "import Client; Client()'` in a terminal), or set GLOBUS_COMPUTE_CLIENT_ID and "
    "GLOBUS_COMPUTE_CLIENT_SECRET for a client identity (batch jobs, CI)."
)


class EndpointUnavailable(EndpointError):
    """The endpoint cannot be used now; verification of its cluster is 'unverified'."""


def compute_dir() -> Path:
    """The Globus Compute user folder (``$GLOBUS_COMPUTE_USER_DIR`` or ~/.globus_compute)."""
    return Path(os.environ.get("GLOBUS_COMPUTE_USER_DIR") or Path.home() / ".globus_compute")


def client_identity() -> tuple[str, str] | None:
    """The client identity from the environment, checked for form; None when not set."""
    client_id, secret = (os.environ.get(name, "") for name in CLIENT_ENV)
    if not client_id and not secret:
        return None
    if bool(client_id) != bool(secret):
        raise EndpointUnavailable("set both GLOBUS_COMPUTE_CLIENT_ID and "
                                  "GLOBUS_COMPUTE_CLIENT_SECRET, or neither")
    try:
        uuid.UUID(client_id.strip())
    except ValueError:
        raise EndpointUnavailable(  # the value is never shown: it may be the secret, swapped
            "GLOBUS_COMPUTE_CLIENT_ID is malformed: it is not a client id (a UUID such as "
            "2a6a3f6e-2d3c-4b5a-9c1d-0e8f7a6b5c4d from app.globus.org); check that it and "
            "GLOBUS_COMPUTE_CLIENT_SECRET are not swapped") from None
    if not secret.strip():
        raise EndpointUnavailable("GLOBUS_COMPUTE_CLIENT_SECRET is blank")
    return client_id.strip(), secret


def service_url() -> str:
    """The Globus Compute web service the SDK would use (its GLOBUS_SDK_ENVIRONMENT)."""
    from globus_compute_sdk.sdk._environments import get_web_service_url

    return str(get_web_service_url())


def check_reachable(url: str, budget_s: float = CONNECT_BUDGET_S) -> None:
    """Raise EndpointUnavailable unless ``url``'s host accepts a TCP connection in time."""
    parsed = urlparse(url)
    host = parsed.hostname or ""
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    outcome: list[BaseException | None] = []

    def connect() -> None:
        try:
            socket.create_connection((host, port), timeout=budget_s).close()
            outcome.append(None)
        except OSError as exc:
            outcome.append(exc)

    worker = threading.Thread(target=connect, daemon=True)  # a stuck DNS lookup stays behind
    worker.start()
    worker.join(budget_s)
    if not outcome:
        raise EndpointUnavailable(f"the Globus Compute service {url} did not answer within "
                                  f"{budget_s:g} s (no network from here?)")
    if outcome[0] is not None:
        reason = getattr(outcome[0], "strerror", None) or str(outcome[0])
        raise EndpointUnavailable(f"cannot reach the Globus Compute service {url}: {reason}")


def _namespace(identity: tuple[str, str] | None) -> str:
    env = os.environ.get("GLOBUS_SDK_ENVIRONMENT", "production")
    return f"clientprofile/{env}/{identity[0]}" if identity else f"user/{env}"


def check_token_store(identity: tuple[str, str] | None) -> None:
    """Raise EndpointUnavailable when the token store is corrupt, or a login has none."""
    path = compute_dir() / "storage.db"
    if not path.exists():
        if identity is None:
            raise EndpointUnavailable(LOGIN_HELP)
        return  # a client identity gets its tokens on first use
    fix = "move it away and log in again (`globus-compute-endpoint login`)"
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=2) as db:
            rows = db.execute("SELECT resource_server, token_data_json FROM token_storage "
                              "WHERE namespace = ?", (_namespace(identity),)).fetchall()
    except sqlite3.Error as exc:
        raise EndpointUnavailable(f"the Globus token store {path} is unreadable ({exc}); "
                                  f"{fix}") from None
    for server, text in rows:
        try:
            json.loads(text)
        except ValueError:
            raise EndpointUnavailable(f"the Globus token store {path} holds a corrupt token "
                                      f"for {server}; {fix}") from None
    if identity is None and not rows:
        raise EndpointUnavailable(LOGIN_HELP)


def check_ready(url: str | None = None) -> str:
    """Run the three checks; the one-line summary when all pass, else EndpointUnavailable."""
    identity = client_identity()
    target = url or service_url()
    check_reachable(target)
    check_token_store(identity)
    who = f"client {identity[0]}" if identity else "a stored login"
    return (f"{target} reachable; credentials of {who} look well-formed (Globus Auth checks "
            "them on first use)")
