"""Start and stop the twin's real daemons (munged, slurmctld, one slurmd per node).

Every daemon writes a PID file; the twin stops a daemon only through its PID file, and only
when that PID still runs the program it started.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from maple_flow.twin.errors import TwinError
from maple_flow.twin.layout import ClusterLayout, TwinNode

START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 15.0


@dataclass(frozen=True)
class Munge:
    """The twin's own munged: its socket, key and PID file (the system's munged is untouched)."""

    root: Path

    @property
    def socket(self) -> Path:
        return self.root / "munge.socket"

    @property
    def key(self) -> Path:
        return self.root / "munge.key"

    @property
    def pidfile(self) -> Path:
        return self.root / "munged.pid"


def pid_running(pidfile: Path, program: str) -> int | None:
    """The PID in ``pidfile`` if that process is alive and runs ``program``, else None."""
    try:
        pid = int(pidfile.read_text().split()[0])
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except (OSError, ValueError, IndexError):
        return None
    return pid if any(os.path.basename(a.decode()) == program for a in cmdline[:2]) else None


def stop_pidfile(pidfile: Path, program: str, timeout_s: float = STOP_TIMEOUT_S) -> bool:
    """Stop the daemon named by ``pidfile`` (TERM, then KILL after ``timeout_s``)."""
    pid = pid_running(pidfile, program)
    if pid is None:
        pidfile.unlink(missing_ok=True)
        return False
    if not send_signal(pid, signal.SIGTERM):
        pidfile.unlink(missing_ok=True)
        return True
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists() or _zombie(pid):
            break
        time.sleep(0.05)
    else:
        send_signal(pid, signal.SIGKILL)
    pidfile.unlink(missing_ok=True)
    return True


def send_signal(pid: int, signum: int) -> bool:
    """Send ``signum`` to ``pid``; False when the process has already gone."""
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        return False
    return True


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True


def _run(cmd: list[str], what: str, env: dict[str, str] | None = None) -> None:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=START_TIMEOUT_S,
                              env=env, check=False, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise TwinError(f"starting {what} took longer than {START_TIMEOUT_S} s") from exc
    if proc.returncode != 0:
        raise TwinError(f"starting {what} failed: {(proc.stderr or proc.stdout).strip()}")


def _wait_for(check: object, what: str, timeout_s: float = START_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise TwinError(f"{what} did not come up within {timeout_s} s")


def start_munge(munge: Munge) -> None:
    """Start the twin's munged (as user munge) unless it already runs."""
    if pid_running(munge.pidfile, "munged"):
        return
    munge.root.mkdir(parents=True, exist_ok=True)
    if not munge.key.exists():
        _run(["mungekey", "--create", f"--keyfile={munge.key}"], "mungekey")
    _run(["chown", "-R", "munge:munge", str(munge.root)], "chown of the munge folder")
    munge.root.chmod(0o755)
    munge.key.chmod(0o400)
    _run(["runuser", "-u", "munge", "--", "munged", f"--socket={munge.socket}",
          f"--key-file={munge.key}", f"--pid-file={munge.pidfile}",
          f"--log-file={munge.root / 'munged.log'}", f"--seed-file={munge.root / 'munged.seed'}"],
         "munged")
    _wait_for(lambda: munge.socket.exists() and pid_running(munge.pidfile, "munged"), "munged")


def stop_munge(munge: Munge) -> bool:
    """Stop the twin's munged through its PID file."""
    return stop_pidfile(munge.pidfile, "munged")


def _in_uts(hostname: str, argv: list[str]) -> list[str]:
    """``argv`` run in a new UTS namespace whose host name is ``hostname``."""
    inner = f"hostname {shlex.quote(hostname)} && exec {shlex.join(argv)}"
    return ["unshare", "--uts", "sh", "-c", inner]


def daemon_env(layout: ClusterLayout) -> dict[str, str]:
    """Environment for daemons and Slurm clients of this personality."""
    path = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    return {"PATH": path, "SLURM_CONF": str(layout.slurm_conf), "LANG": "C.UTF-8",
            "HOME": str(layout.home)}


def start_slurmctld(layout: ClusterLayout) -> None:
    """Start the personality's slurmctld (host name = the controller's) unless it runs."""
    if pid_running(layout.ctl_pidfile, "slurmctld"):
        return
    argv = ["slurmctld", "-c", "-f", str(layout.slurm_conf)]  # -c: fresh state each start
    _run(_in_uts(layout.ctl_name, argv), f"slurmctld of {layout.cluster}", daemon_env(layout))
    _wait_for(lambda: pid_running(layout.ctl_pidfile, "slurmctld"),
              f"slurmctld of {layout.cluster}")


def start_slurmd(layout: ClusterLayout, node: TwinNode) -> None:
    """Start the slurmd of ``node`` in its own UTS namespace unless it runs."""
    if pid_running(layout.slurmd_pidfile(node), "slurmd"):
        return
    (layout.spool / node.name).mkdir(parents=True, exist_ok=True)
    argv = ["slurmd", "-N", node.name, "-f", str(layout.slurm_conf)]
    _run(_in_uts(node.name, argv), f"slurmd {node.name}", daemon_env(layout))


def ctld_responds(layout: ClusterLayout) -> bool:
    """True when `scontrol ping` reaches the personality's slurmctld."""
    try:
        proc = subprocess.run(["scontrol", "ping"], capture_output=True, text=True, timeout=10,
                              env=daemon_env(layout), check=False)
    except subprocess.TimeoutExpired:
        return False
    return "is UP" in proc.stdout


def node_states(layout: ClusterLayout) -> dict[str, str]:
    """Node name -> Slurm state (idle, alloc, down*, ...) as sinfo reports it."""
    try:
        proc = subprocess.run(["sinfo", "-h", "-N", "-o", "%N %t"], capture_output=True,
                              text=True, timeout=10, env=daemon_env(layout), check=False)
    except subprocess.TimeoutExpired:
        return {}
    states: dict[str, str] = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2:
            states[parts[0]] = parts[1]
    return states


def wait_nodes_ready(layout: ClusterLayout, timeout_s: float = START_TIMEOUT_S) -> None:
    """Wait until every node of the personality is usable (idle, mixed or allocated)."""
    ready = {"idle", "mix", "alloc"}
    names = {n.name for n in layout.nodes}

    def check() -> bool:
        states = node_states(layout)
        return names <= states.keys() and all(states[n] in ready for n in names)

    try:
        _wait_for(check, f"the nodes of {layout.cluster}", timeout_s)
    except TwinError as exc:
        raise TwinError(f"{exc}; node states: {node_states(layout)}; see {layout.log}") from exc


def stop_cluster(layout: ClusterLayout) -> list[str]:
    """Stop the slurmds and the slurmctld of one personality; return what was stopped."""
    stopped = []
    for node in layout.nodes:
        if stop_pidfile(layout.slurmd_pidfile(node), "slurmd"):
            stopped.append(f"slurmd {node.name}")
    if stop_pidfile(layout.ctl_pidfile, "slurmctld"):
        stopped.append("slurmctld")
    return stopped
