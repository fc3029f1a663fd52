"""The programs a personality's users and jobs find on PATH (``<root>/bin``) and its conda.

Slurm personalities: ``sbatch`` (submit filter over the real sbatch; srun, squeue, scancel
... are the real ones), plus ``ibrun``/``mpirun`` where the profile's launchers use them.
PBS personalities: ``qsub``/``qstat``/``qdel``, PALS-style ``mpiexec`` (also as ``mpirun``,
the name ALCF's own scripts use for it), the PBS job shell,
and stubs that make Slurm's commands "not found", as on a PBS site.
"""

from __future__ import annotations

import shlex
import sys
from importlib import resources
from pathlib import Path

from maple_flow.models import ClusterProfile
from maple_flow.twin.layout import ClusterLayout
from maple_flow.twin.lmod import conda_function
from maple_flow.twin.userenv import SYSTEM_PATH, conda_envs, login_env

REPO_ROOT = Path(__file__).resolve().parents[2]
SLURM_COMMANDS = ("srun", "sbatch", "salloc", "squeue", "scancel", "scontrol", "sinfo", "sacct")


def _shim(python: str, module: str, func: str) -> str:
    return (f"#!{python}\nimport sys\nsys.path.insert(0, {str(REPO_ROOT)!r})\n"
            f"from maple_flow.twin.{module} import {func}\nsys.exit({func}())\n")


def launcher_names(profile: ClusterProfile) -> list[str]:
    """Site launchers the twin provides for this personality (besides the real srun)."""
    if profile.scheduler == "pbs":
        return ["mpiexec", "mpirun"]
    wanted = {profile.launch.launcher, *profile.launchers}
    return [name for name in ("ibrun", "mpirun") if name in wanted]


def pbs_job_shell(profile: ClusterProfile, layout: ClusterLayout) -> str:
    """The PBS job shell: runs on the first node, sets PBS_* and runs the spooled script."""
    domain = f".{profile.node.domain}" if profile.node.domain else ""
    exports = "\n".join(
        f"  export {k}={shlex.quote(v)}" for k, v in login_env(profile, layout).items())
    aux = layout.root / "pbs" / "nodefiles"
    return f"""#!/bin/bash
# maple_flow twin: PBS job shell of {profile.name}
script=$1 envfile=$2
mkdir -p {aux}
nodefile={aux}/"$SLURM_JOB_ID"
/usr/bin/scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/{domain}/' > "$nodefile"
export MAPLE_TWIN_SLURM_JOB_ID="$SLURM_JOB_ID"
export PBS_JOBID="$SLURM_JOB_ID.{profile.id}-twin-pbs" PBS_NODEFILE="$nodefile"
export PBS_ENVIRONMENT=PBS_BATCH PBS_JOBDIR="$HOME"
for v in $(compgen -e | grep '^SLURM'); do unset "$v"; done
if [ "${{MAPLE_TWIN_PBS_EXPORT:-}}" != ALL ]; then
  export PATH={SYSTEM_PATH}
{exports}
fi
export SLURM_CONF=/dev/null
. "$envfile"
cd "$HOME" || exit 1
if [ "$(head -c2 "$script")" = "#!" ]; then exec "$script"; else exec /bin/bash "$script"; fi
"""


def conda_script(python_bin: Path, envs: list[str]) -> str:
    """A ``conda`` command: ``conda shell.bash hook`` prints the shell function."""
    body = conda_function(python_bin, envs)
    return f"""#!/bin/bash
# maple_flow twin: conda stand-in (the twin's Python is the 'base' environment)
if [ "$1" = shell.bash ] && [ "$2" = hook ]; then
  cat <<'HOOK'
conda() {{ {body}; }}
HOOK
  exit 0
fi
case "$1" in
  activate|deactivate) echo "CondaError: Run 'conda init' before 'conda $1'" >&2; exit 1 ;;
  info|--version) echo "conda 24.1.2 (maple_flow twin)"; exit 0 ;;
  *) echo "conda (maple_flow twin): '$1' is not emulated" >&2; exit 1 ;;
esac
"""


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)


def write_programs(profile: ClusterProfile, layout: ClusterLayout, python_bin: Path) -> None:
    """Write ``<root>/bin`` and ``<root>/conda/bin`` for ``profile``."""
    bin_dir = layout.bin
    if bin_dir.exists():
        for old in bin_dir.iterdir():
            old.unlink()
    bin_dir.mkdir(parents=True, exist_ok=True)
    python = sys.executable
    rank = resources.files("maple_flow.twin").joinpath("twin-rank.sh").read_text()
    _write(bin_dir / "twin-rank", rank)
    entry = "pals_main" if profile.scheduler == "pbs" else "main"
    for name in launcher_names(profile):
        _write(bin_dir / name, _shim(python, "launchers", entry))
    if profile.scheduler == "pbs":
        for name in ("qsub", "qstat", "qdel"):
            _write(bin_dir / name, _shim(python, "pbs", f"{name}_main"))
        _write(bin_dir / "pbs-job", pbs_job_shell(profile, layout))
        for name in SLURM_COMMANDS:
            _write(bin_dir / name, f'#!/bin/sh\necho "bash: {name}: command not found" >&2\n'
                                   "exit 127\n")
    else:
        _write(bin_dir / "sbatch", _shim(python, "frontend", "sbatch_main"))
    conda_bin = layout.root / "conda" / "bin"
    conda_bin.mkdir(parents=True, exist_ok=True)
    _write(conda_bin / "conda", conda_script(python_bin, conda_envs(profile)))
