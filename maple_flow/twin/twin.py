"""The cluster twin: one small real Slurm cluster per cluster personality, on this machine."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from maple_flow.knowledge.clusters import get_profile
from maple_flow.models import ClusterProfile
from maple_flow.twin import daemons, hosts
from maple_flow.twin.errors import TwinError
from maple_flow.twin.install import check_can_install, install_packages, installed
from maple_flow.twin.layout import DEFAULT_NODES, ClusterLayout, layout_for
from maple_flow.twin.lmod import write_module_tree
from maple_flow.twin.node_types import twin_modules
from maple_flow.twin.programs import write_programs
from maple_flow.twin.slurmconf import (
    gpu_files,
    render_gres_conf,
    render_slurm_conf,
    render_task_prolog,
    task_prolog_path,
)
from maple_flow.twin.submit import JobResult, submit
from maple_flow.twin.userenv import login_env, write_user_files
from maple_flow.twin.warm import stop_zygotes, zygotes

DEFAULT_STATE_DIR = Path("/tmp/maple-twin")


def default_state_dir() -> Path:
    """$MAPLE_TWIN_DIR, else /tmp/maple-twin."""
    return Path(os.environ.get("MAPLE_TWIN_DIR") or DEFAULT_STATE_DIR)


def default_python() -> Path:
    """The Python that jobs run: $MAPLE_TWIN_PYTHON, else this interpreter (its venv)."""
    return Path(os.environ.get("MAPLE_TWIN_PYTHON") or sys.executable)


class Twin:
    """Start, use and stop the twin's personalities (root only for up/down)."""

    def __init__(self, state_dir: Path | None = None, python: Path | None = None,
                 nodes: int = DEFAULT_NODES) -> None:
        self.state_dir = Path(state_dir) if state_dir else default_state_dir()
        self.python = Path(python) if python else default_python()
        self.nodes = nodes
        self.munge = daemons.Munge(self.state_dir / "munge")

    # -- layout -----------------------------------------------------------------------------
    def profile(self, cluster: str) -> ClusterProfile:
        return get_profile(cluster)

    def layout(self, cluster: str) -> ClusterLayout:
        """Addresses, ports and folders of ``cluster``'s personality."""
        return layout_for(self.profile(cluster), self.state_dir, self.nodes)

    def env(self, cluster: str) -> dict[str, str]:
        """The login environment of ``cluster``'s user (for running its commands)."""
        return login_env(self.profile(cluster), self.layout(cluster))

    # -- life cycle -------------------------------------------------------------------------
    def install(self) -> list[str]:
        """Install the Debian packages if missing; return the packages installed."""
        return install_packages()

    def up(self, clusters: list[str]) -> dict[str, float]:
        """Start each personality (idempotent); return seconds spent on each."""
        check_can_install()
        if not installed():
            install_packages()
        daemons.start_munge(self.munge)
        timings: dict[str, float] = {}
        for name in clusters:
            start = time.monotonic()
            self._up_one(self.profile(name))
            timings[self.profile(name).id] = round(time.monotonic() - start, 3)
        return timings

    def _up_one(self, profile: ClusterProfile) -> None:
        layout = layout_for(profile, self.state_dir, self.nodes)
        for folder in (layout.etc, layout.run, layout.log, layout.spool / "ctld",
                       layout.root / "tmp", layout.root / "dev"):
            folder.mkdir(parents=True, exist_ok=True)
        python_bin = self.python.parent
        write_user_files(profile, layout, python_bin)
        write_module_tree(layout.modules, twin_modules(profile), python_bin,
                          layout.root / "conda" / "bin")
        write_programs(profile, layout, python_bin)
        for dev in gpu_files(profile, layout):
            dev.touch()
        prolog = task_prolog_path(layout)
        prolog.write_text(render_task_prolog(profile))
        prolog.chmod(0o755)
        conf = render_slurm_conf(profile, layout, self.munge.socket)
        running = daemons.pid_running(layout.ctl_pidfile, "slurmctld") is not None
        if running and layout.slurm_conf.exists() and layout.slurm_conf.read_text() != conf:
            daemons.stop_cluster(layout)  # configuration changed: restart
            running = False
        layout.slurm_conf.write_text(conf)
        (layout.etc / "gres.conf").write_text(render_gres_conf(profile, layout))
        hosts.add_block(profile.id, layout.host_names())
        daemons.start_slurmctld(layout)
        for node in layout.nodes:
            daemons.start_slurmd(layout, node)
        daemons.wait_nodes_ready(layout)
        self._record(profile.id, up=True)

    def jobs_dir(self) -> Path:
        """Where verification jobs stage their files (shared by every emulated node)."""
        return self.state_dir / "jobs"

    def can_run(self, cluster: str) -> tuple[bool, str]:
        """Whether ``cluster``'s personality can take jobs (running, or can be started)."""
        cluster = self.profile(cluster).id
        if cluster in self.running():
            layout = self.layout(cluster)
            return True, f"running (slurmctld at {layout.ctl_addr}:{layout.ctl_port})"
        try:
            check_can_install()
        except TwinError as exc:
            return False, str(exc)
        if not installed():
            return True, "packages not installed yet: `maple twin up` installs them (~10 s)"
        return True, f"installed; starts on demand (`maple twin up {cluster}`)"

    def running(self) -> list[str]:
        """Personalities whose slurmctld runs."""
        found: list[str] = []
        if not self.state_dir.is_dir():
            return found
        for conf in sorted(self.state_dir.glob("*/etc/slurm.conf")):
            root = conf.parent.parent
            if daemons.pid_running(root / "run" / "slurmctld.pid", "slurmctld"):
                found.append(root.name)
        return found

    def down(self, clusters: list[str] | None = None) -> list[str]:
        """Stop personalities (all by default) and, when none is left, munged. Return what
        was stopped. Only daemons the twin started (its PID files) are signalled."""
        known = sorted(p.parent.parent.name for p in self.state_dir.glob("*/etc/slurm.conf"))
        targets = [self.profile(c).id for c in clusters] if clusters else known
        stopped: list[str] = []
        for cluster in targets:
            layout = self.layout(cluster)
            if daemons.pid_running(layout.ctl_pidfile, "slurmctld"):
                subprocess.run(["scancel", "--full", "--user=root"], capture_output=True,
                               env=daemons.daemon_env(layout), timeout=20, check=False)
            stopped += [f"{cluster}: {what}" for what in daemons.stop_cluster(layout)]
            if os.geteuid() == 0:
                hosts.remove_block(cluster)
            self._record(cluster, up=False)
        stopped += stop_zygotes(self.state_dir, None if clusters is None else targets)
        if not self.running() and daemons.stop_munge(self.munge):
            stopped.append("munged")
        return stopped

    def status(self) -> dict[str, object]:
        """What runs: munged, and per personality its daemons, nodes, addresses, ports."""
        clusters: dict[str, object] = {}
        for conf in sorted(self.state_dir.glob("*/etc/slurm.conf")):
            cluster = conf.parent.parent.name
            layout = self.layout(cluster)
            ctl = daemons.pid_running(layout.ctl_pidfile, "slurmctld")
            clusters[cluster] = {
                "running": ctl is not None,
                "scheduler": self.profile(cluster).scheduler,
                "slurmctld_pid": ctl,
                "controller": f"{layout.ctl_addr}:{layout.ctl_port}",
                "nodes": {n.name: {"addr": n.addr, "port": n.port, "fqdn": n.fqdn,
                                   "slurmd_pid": daemons.pid_running(
                                       layout.slurmd_pidfile(n), "slurmd")}
                          for n in layout.nodes},
                "node_states": daemons.node_states(layout) if ctl else {},
                "root": str(layout.root),
            }
        return {
            "state_dir": str(self.state_dir),
            "installed": installed(),
            "munged_pid": daemons.pid_running(self.munge.pidfile, "munged"),
            "python": str(self.python),
            "clusters": clusters,
            "warm_zygotes": [{k: z.get(k) for k in ("pid", "node", "cluster", "running")}
                             for z in zygotes(self.state_dir)],
        }

    def submit(self, cluster: str, script_path: Path, timeout_s: float = 300,
               workdir: Path | None = None, warm: bool | None = None) -> JobResult:
        """Submit ``script_path`` to ``cluster`` as its user would; wait for the final state.

        ``warm``: run it in warm mode (default: when $MAPLE_TWIN_WARM=1 here)."""
        profile = self.profile(cluster)
        layout = layout_for(profile, self.state_dir, self.nodes)
        if not daemons.pid_running(layout.ctl_pidfile, "slurmctld"):
            raise TwinError(f"the {profile.id} twin is not running; start it with "
                            f"`maple twin up {profile.id}`")
        if not Path(script_path).is_file():
            raise TwinError(f"no job script at {script_path}")
        return submit(profile, layout, Path(script_path), timeout_s, workdir, warm)

    def _record(self, cluster: str, up: bool) -> None:
        path = self.state_dir / "twin.json"
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            data = {}
        data.setdefault("clusters", {})[cluster] = {"up": up, "at": time.time()}
        data["python"] = str(self.python)
        self.state_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1))

    def remove(self) -> None:
        """Stop everything and delete the state directory."""
        self.down()
        if self.state_dir.is_dir():
            shutil.rmtree(self.state_dir)
