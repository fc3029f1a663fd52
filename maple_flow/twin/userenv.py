"""The login environment of a personality's user: PATH, HOME, $SCRATCH/$WORK, Lmod, Slurm.

A submission runs in this environment (as a user logged in to that cluster would submit),
and a batch job gets it too: Slurm exports it (sbatch's default), PBS jobs rebuild it.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from maple_flow.models import ClusterProfile
from maple_flow.twin.install import LMOD_INIT
from maple_flow.twin.layout import ClusterLayout
from maple_flow.twin.quirks import emulated

SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"
_VENV_RE = re.compile(r"\$\{?(SCRATCH|WORK|HOME)\}?/([^\s\"';]+?)/bin/activate")
_CONDA_ENV_RE = re.compile(r"\b(?:conda|source)\s+activate\s+([A-Za-z0-9_.-]+)")


def venv_links(profile: ClusterProfile) -> list[tuple[str, str]]:
    """(variable, relative path) of each venv the profile's activate lines source."""
    found: list[tuple[str, str]] = []
    for line in profile.software.activate:
        found += _VENV_RE.findall(line)
    return found


def conda_envs(profile: ClusterProfile) -> list[str]:
    """Conda environment names the profile's activate lines use (besides base)."""
    names: list[str] = []
    for line in profile.software.activate:
        names += _CONDA_ENV_RE.findall(line)
    return [n for n in dict.fromkeys(names) if n != "base"]


def folders(layout: ClusterLayout) -> dict[str, Path]:
    """The user's folders, by the variable that names them."""
    return {"HOME": layout.home, "SCRATCH": layout.scratch, "WORK": layout.work}


#: What `module reset` loads (LMOD_SYSTEM_DEFAULT_MODULES): Lmod fails a reset without one.
SITE_DEFAULT_MODULE = "StdEnv"


def login_env(profile: ClusterProfile, layout: ClusterLayout) -> dict[str, str]:
    """Environment of a login shell on the personality (what a submission runs in)."""
    env = {
        "PATH": f"{layout.bin}:{SYSTEM_PATH}",
        "USER": "root",
        "LOGNAME": "root",
        "SHELL": "/bin/bash",
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "MODULEPATH": str(layout.modules),
        "LMOD_SYSTEM_DEFAULT_MODULES": SITE_DEFAULT_MODULE,
        "SLURM_CONF": str(layout.slurm_conf),
        "MAPLE_TWIN_CLUSTER": profile.id,
        "MAPLE_TWIN_ROOT": str(layout.root),
        **{k: str(v) for k, v in folders(layout).items()},
    }
    if profile.scheduler == "pbs":  # no Slurm for users of a PBS site (and no DNS look-up)
        env["SLURM_CONF"] = "/dev/null"
        env["MAPLE_TWIN_SLURM_CONF"] = str(layout.slurm_conf)
    if not emulated(profile, "login-shell"):
        env["BASH_ENV"] = str(layout.env_file)  # non-login bash shells get `module` too
    return env


def env_file_text(profile: ClusterProfile, layout: ClusterLayout) -> str:
    """Shell file a login shell (~/.bash_profile) or BASH_ENV sources on the personality."""
    env = login_env(profile, layout)
    lines = [
        f"# maple_flow twin: login environment of {profile.name}",
        'case ":${PATH:-}:" in',
        f'  *":{layout.bin}:"*) ;;',
        f'  *) export PATH="{layout.bin}:${{PATH:-{SYSTEM_PATH}}}" ;;',
        "esac",
    ]
    for key in ("MODULEPATH", "SLURM_CONF", "MAPLE_TWIN_CLUSTER", "MAPLE_TWIN_ROOT",
                "MAPLE_TWIN_SLURM_CONF", "SCRATCH", "WORK"):
        if key in env:
            lines.append(f"export {key}={shlex.quote(env[key])}")
    lines += [
        f"export LMOD_SYSTEM_DEFAULT_MODULES={SITE_DEFAULT_MODULE}",
        f"if ! type module >/dev/null 2>&1; then . {LMOD_INIT}; fi",
    ]
    return "\n".join(lines) + "\n"


def write_user_files(profile: ClusterProfile, layout: ClusterLayout, python_bin: Path) -> None:
    """Create the user's folders, login files and the venv links the profile's lines use."""
    for path in folders(layout).values():
        path.mkdir(parents=True, exist_ok=True)
    layout.etc.mkdir(parents=True, exist_ok=True)
    layout.env_file.write_text(env_file_text(profile, layout), encoding="utf-8")
    profile_line = f". {shlex.quote(str(layout.env_file))}\n"
    for name in (".bash_profile", ".bashrc"):
        (layout.home / name).write_text(profile_line, encoding="utf-8")
    prefix = python_bin.parent
    for var, rel in venv_links(profile):
        link = folders(layout)[var] / rel
        link.parent.mkdir(parents=True, exist_ok=True)
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(prefix)
