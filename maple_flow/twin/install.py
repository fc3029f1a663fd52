"""Install the Debian packages the twin runs on (real Slurm, MUNGE, Lmod, MPICH)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from maple_flow.twin.errors import TwinError

#: Debian packages of the twin: the real daemons and clients, Lmod and MPICH.
PACKAGES: tuple[str, ...] = (
    "slurm-wlm", "slurmctld", "slurmd", "slurm-client", "munge", "lmod", "mpich",
)
#: Programs that must exist once the packages are installed.
PROGRAMS: tuple[str, ...] = ("slurmctld", "slurmd", "sbatch", "srun", "scontrol", "munged")
LMOD_INIT = Path("/usr/share/lmod/lmod/init/bash")
APT_TIMEOUT_S = 600


def missing_packages() -> list[str]:
    """Packages of PACKAGES that dpkg does not list as installed."""
    missing = []
    for name in PACKAGES:
        proc = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}", name],
            capture_output=True, text=True, timeout=30, check=False,
        )
        if "install ok installed" not in proc.stdout:
            missing.append(name)
    return missing


def installed() -> bool:
    """True when every program of the twin is on PATH and Lmod's init script exists."""
    return all(shutil.which(p) for p in PROGRAMS) and LMOD_INIT.exists()


def check_can_install() -> None:
    """Raise TwinError unless this is a root session on a machine with apt-get."""
    if os.geteuid() != 0:
        raise TwinError("the twin needs root (it installs packages and edits /etc/hosts)")
    if not shutil.which("apt-get"):
        raise TwinError("the twin needs a Debian machine with apt-get (Debian 12 is tested)")


def install_packages(quiet: bool = True) -> list[str]:
    """Install missing packages with apt-get (update first); return the ones installed."""
    if installed() and not missing_packages():
        return []
    check_can_install()
    missing = missing_packages()
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    out = subprocess.DEVNULL if quiet else None
    steps = [
        ["apt-get", "update", "-q"],
        ["apt-get", "install", "-y", "-q", "--no-install-recommends", *missing],
    ]
    for cmd in steps:
        try:
            proc = subprocess.run(
                cmd, env=env, stdout=out, stderr=subprocess.PIPE, text=True,
                timeout=APT_TIMEOUT_S, check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise TwinError(f"{' '.join(cmd)} took longer than {APT_TIMEOUT_S} s") from exc
        if proc.returncode != 0:
            raise TwinError(f"{' '.join(cmd)} failed: {proc.stderr.strip()[-2000:]}")
    if not installed():
        raise TwinError(f"packages installed but programs are missing: {PROGRAMS}")
    return missing
