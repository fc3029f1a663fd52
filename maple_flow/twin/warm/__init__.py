"""Warm mode of the twin (opt-in): torch stays imported in one zygote per node, ranks are forked.

With ``MAPLE_TWIN_WARM=1`` in a job's environment and ``boot/`` on its PYTHONPATH, every start
of the twin's Python becomes a thin client (``client.py``) of its node's zygote
(``zygote.py``), which forks a child that becomes that process (``child.py``). Launchers,
srun/mpiexec, rendezvous, collectives and the mini-app checks stay real. This module is the
side the twin uses: the job environment that turns it on, and finding and stopping zygotes.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from maple_flow.twin.daemons import send_signal
from maple_flow.twin.warm.client import (
    DIR_VAR,
    IDLE_VAR,
    PRELOAD_VAR,
    START_VAR,
    SWITCH,
)

BOOT_DIR = Path(__file__).resolve().parent / "boot"
BOOT_VAR = "MAPLE_TWIN_WARM_BOOT"
#: Variables a warm submission carries into the job (PBS front end: into the job shell).
FORWARD = (SWITCH, DIR_VAR, START_VAR, IDLE_VAR, PRELOAD_VAR, BOOT_VAR)


def warm_requested(env: Mapping[str, str] | None = None) -> bool:
    """True when ``env`` (default: this process's environment) asks for warm mode."""
    return (os.environ if env is None else env).get(SWITCH) == "1"


def warm_dir(state_dir: Path) -> Path:
    """Where the zygotes of a twin keep their sockets, PID records and logs."""
    return Path(state_dir) / "warm"


def warm_env(state_dir: Path, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """Variables that turn warm mode on in a job of the twin at ``state_dir``.

    Tuning variables set in ``env`` (default: this process's) go along; the hook folder goes
    first on PYTHONPATH, ahead of ``env``'s own PYTHONPATH.
    """
    source = os.environ if env is None else env
    boot = source.get(BOOT_VAR) or str(BOOT_DIR)
    out = {k: source[k] for k in FORWARD if source.get(k)}
    out.update({SWITCH: "1", DIR_VAR: source.get(DIR_VAR) or str(warm_dir(state_dir)),
                BOOT_VAR: boot})
    rest = source.get("PYTHONPATH", "")
    out["PYTHONPATH"] = boot + (f":{rest}" if rest and boot not in rest.split(":") else "")
    return out


def forwarded(env: Mapping[str, str]) -> dict[str, str]:
    """What a PBS submission passes into its job when ``env`` is warm (else nothing): the
    switch and tuning variables, and PYTHONPATH holding just the hook folder."""
    if not warm_requested(env):
        return {}
    out = {k: env[k] for k in FORWARD if env.get(k)}
    out["PYTHONPATH"] = env.get(BOOT_VAR) or str(BOOT_DIR)
    return out


@contextmanager
def warm_mode(on: bool = True) -> Iterator[None]:
    """Within the block, twin submissions of this process are warm (``on``) or as before."""
    saved = os.environ.get(SWITCH)
    if on:
        os.environ[SWITCH] = "1"
    try:
        yield
    finally:
        if on and saved is None:
            os.environ.pop(SWITCH, None)
        elif on and saved is not None:
            os.environ[SWITCH] = saved


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace")
    except OSError:
        return ""


def _is_zygote(record: dict[str, Any]) -> bool:
    """The recorded PID still runs that zygote (not a recycled PID)."""
    pid = record.get("pid")
    line = _cmdline(pid) if isinstance(pid, int) else ""
    return "zygote.py" in line and str(record.get("socket", "\0")) in line


def zygotes(state_dir: Path) -> list[dict[str, Any]]:
    """The zygote records under the twin's state dir, each with ``running``."""
    found = []
    for path in sorted(warm_dir(state_dir).glob("*.json")):
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        record["running"] = _is_zygote(record)
        record["record"] = str(path)
        found.append(record)
    return found


def stop_zygotes(state_dir: Path, clusters: list[str] | None = None,
                 wait_s: float = 5.0) -> list[str]:
    """Stop the zygotes (of ``clusters``, default all) by their recorded PIDs: SIGTERM, then
    SIGKILL after ``wait_s``. Returns what was stopped; stale records are removed."""
    stopped = []
    for record in zygotes(state_dir):
        if clusters is not None and record.get("cluster") not in clusters:
            continue
        pid = int(record["pid"])
        if record["running"]:
            send_signal(pid, signal.SIGTERM)
            deadline = time.monotonic() + wait_s
            while _is_zygote(record) and time.monotonic() < deadline:
                time.sleep(0.05)
            if _is_zygote(record):
                send_signal(pid, signal.SIGKILL)
            stopped.append(f"zygote {pid} ({record.get('node')})")
        for suffix in (".json", ".sock"):
            Path(str(record["record"])[: -len(".json")] + suffix).unlink(missing_ok=True)
    return stopped
