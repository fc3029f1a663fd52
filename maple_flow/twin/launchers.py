"""The twin's stand-ins for site launchers, each a thin layer over the real `srun`.

- PALS-style ``mpiexec`` (Polaris, Aurora), also under the name ``mpirun`` there (ALCF's own
  scripts launch with ``mpirun --ppn 4 --cpu-bind=list:24:16:8:1``, argonne-lcf/GettingStarted
  ``AI_ML/PyTorch_DDP/sub_polaris.sh``): ``-n``, ``--ppn``/``-ppn``, ``--depth``/``-d``,
  ``--cpu-bind``, ``--hostfile``/``-hostfile``/``-f``, ``--env K=V``/``-env``, ``--genv K=V``,
  ``--envall``, ``--line-buffer``, ``--no-vni``, ``--verbose``, ``--label``. CPU and memory
  binding flags are accepted and ignored. Each rank gets PALS_RANKID, PALS_LOCAL_RANKID,
  PALS_NODEID, PMI_RANK, PMI_SIZE, PMI_LOCAL_RANK, PMI_LOCAL_SIZE; SLURM_* variables are
  removed.
- ``ibrun`` (TACC): one rank per Slurm task (or ``-n``/``-np``), sets PMI_RANK/PMI_SIZE.
- Open MPI-style ``mpirun`` (TACC): ``-np N``, ``--map-by ppr:K:node``, ``-x VAR``, sets
  OMPI_COMM_WORLD_RANK/SIZE/LOCAL_RANK/LOCAL_SIZE/NODE_RANK.

Pure argument handling here; ``run`` does the one exec. Standard library only (fast start).
"""

from __future__ import annotations

import math
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

SRUN = "/usr/bin/srun"


class LaunchError(Exception):
    """A launcher command line that the real launcher would refuse."""


@dataclass
class Launch:
    """What to start: ranks, ranks per node, hosts, extra environment, the command."""

    style: str  # pals | pmi | ompi
    ntasks: int | None = None
    ppn: int | None = None
    hosts: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    label: bool = False
    command: list[str] = field(default_factory=list)


_PALS_VALUE = {"-n": "n", "-np": "n", "--np": "n", "--n": "n", "-ppn": "ppn", "--ppn": "ppn",
               "-d": "depth", "--depth": "depth", "--cpu-bind": "bind", "-cpu-bind": "bind",
               "--mem-bind": "bind", "--hostfile": "hostfile", "-hostfile": "hostfile",
               "-f": "hostfile", "--env": "env", "-env": "env", "--genv": "env", "-genv": "env",
               "--envlist": "envlist",
               "--gpu-bind": "bind", "--pmi": "ignore", "--transfer": "ignore"}
_PALS_FLAGS = {"--envall", "-envall", "--genvall", "--line-buffer", "--no-vni", "--verbose",
               "-v", "--exclusive", "--noenv", "--envnone"}
_PALS_LABEL = {"-l", "--label"}


def read_hostfile(path: str) -> list[str]:
    """Short node names of a hostfile (one per line, FQDNs allowed, duplicates collapsed)."""
    names = [line.split()[0].split(".")[0] for line in Path(path).read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    return list(dict.fromkeys(names))


def parse_pals(argv: list[str], nodefile: str | None) -> Launch:
    """A PALS ``mpiexec`` command line (``PBS_NODEFILE`` gives the hosts by default)."""
    launch = Launch("pals")
    hostfile = nodefile
    i = 0
    while i < len(argv):
        word = argv[i]
        name, eq, attached = word.partition("=")
        if word in _PALS_FLAGS:
            i += 1
            continue
        if word in _PALS_LABEL:
            launch.label = True
            i += 1
            continue
        key = _PALS_VALUE.get(name)
        if key is None:
            if word.startswith("-"):
                raise LaunchError(f"mpiexec: unknown option {word}")
            launch.command = argv[i:]
            break
        if eq:
            value = attached
            i += 1
        elif i + 1 < len(argv):
            value = argv[i + 1]
            i += 2
        else:
            raise LaunchError(f"mpiexec: option {word} needs a value")
        if key == "n":
            launch.ntasks = _positive(value, word)
        elif key == "ppn":
            launch.ppn = _positive(value, word)
        elif key == "depth":
            _positive(value, word)
        elif key == "hostfile":
            hostfile = value
        elif key == "env":
            k, _, v = value.partition("=")
            launch.env[k] = v if _ else os.environ.get(k, "")
    if not launch.command:
        raise LaunchError("mpiexec: no program to run")
    if hostfile:
        launch.hosts = read_hostfile(hostfile)
    if not launch.hosts:
        raise LaunchError("mpiexec: no hosts: PBS_NODEFILE is not set and no --hostfile given")
    if launch.ntasks is None:
        launch.ntasks = len(launch.hosts) * (launch.ppn or 1)
    if launch.ppn is None:
        launch.ppn = math.ceil(launch.ntasks / len(launch.hosts))
    needed = math.ceil(launch.ntasks / launch.ppn)
    if needed > len(launch.hosts):
        raise LaunchError(f"mpiexec: {launch.ntasks} ranks at {launch.ppn} per node need "
                          f"{needed} nodes, the job has {len(launch.hosts)}")
    launch.hosts = launch.hosts[:needed]
    return launch


def parse_ibrun(argv: list[str]) -> Launch:
    """An ``ibrun`` command line: ``[-n N|-np N] [-o OFFSET] CMD``."""
    launch = Launch("pmi")
    i = 0
    while i < len(argv) and argv[i].startswith("-"):
        if argv[i] in ("-n", "-np") and i + 1 < len(argv):
            launch.ntasks = _positive(argv[i + 1], argv[i])
            i += 2
        elif argv[i] == "-o" and i + 1 < len(argv):
            if argv[i + 1] != "0":
                raise LaunchError("ibrun (maple_flow twin): only offset 0 is emulated")
            i += 2
        else:
            raise LaunchError(f"ibrun: unknown option {argv[i]}")
    launch.command = argv[i:]
    if not launch.command:
        raise LaunchError("ibrun: no program to run")
    return launch


_MAP_BY = re.compile(r"^ppr:(\d+):node(?::.*)?$")


def parse_mpirun(argv: list[str]) -> Launch:
    """An Open MPI ``mpirun`` command line: ``-np N [--map-by ppr:K:node] [-x VAR] CMD``."""
    launch = Launch("ompi")
    ignored_value = {"--bind-to", "-bind-to", "--mca", "-mca", "--rank-by", "-H", "--host",
                     "--hostfile", "-hostfile", "--display-map"}
    i = 0
    while i < len(argv) and argv[i].startswith("-"):
        word = argv[i]
        value = argv[i + 1] if i + 1 < len(argv) else ""
        if word in ("-np", "-n", "--np", "-c"):
            launch.ntasks = _positive(value, word)
        elif word in ("--map-by", "-map-by", "--npernode", "-npernode"):
            m = _MAP_BY.match(value)
            if word.endswith("npernode"):
                launch.ppn = _positive(value, word)
            elif m:
                launch.ppn = int(m.group(1))
            elif value not in ("slot", "node", "core", "socket"):
                raise LaunchError(f"mpirun: unsupported mapping {value!r}")
        elif word in ("-x",):
            k, eq, v = value.partition("=")
            launch.env[k] = v if eq else os.environ.get(k, "")
        elif word in ("--mca", "-mca"):
            i += 3
            continue
        elif word not in ignored_value:
            if word in ("--oversubscribe", "--allow-run-as-root", "--tag-output", "-v"):
                i += 1
                continue
            raise LaunchError(f"mpirun: unknown option {word}")
        i += 2
    launch.command = argv[i:]
    if not launch.command:
        raise LaunchError("mpirun: no program to run")
    return launch


def _positive(value: str, option: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise LaunchError(f"invalid value {value!r} for {option}")
    return int(value)


def srun_argv(launch: Launch, rank_wrapper: str) -> list[str]:
    """The real srun command line that starts ``launch``'s ranks."""
    argv = [SRUN, "--overlap", "--kill-on-bad-exit=1", "--export=ALL"]
    if launch.ntasks is not None:
        argv.append(f"--ntasks={launch.ntasks}")
    if launch.ppn is not None:
        argv.append(f"--ntasks-per-node={launch.ppn}")
        if launch.ntasks is not None:
            argv.append(f"--nodes={math.ceil(launch.ntasks / launch.ppn)}")
    if launch.hosts:
        argv.append(f"--nodelist={','.join(launch.hosts)}")
    if launch.label:
        argv.append("--label")
    return [*argv, rank_wrapper, launch.style, *launch.command]


def run(launch: Launch) -> None:
    """Replace this process with srun (the Slurm job id comes from the PBS job shell)."""
    env = dict(os.environ)
    env.update(launch.env)
    job = env.get("MAPLE_TWIN_SLURM_JOB_ID") or env.get("SLURM_JOB_ID")
    if not job:
        raise LaunchError("not inside a job of the twin (no job id in the environment)")
    env["SLURM_JOB_ID"] = job
    env["SLURM_CONF"] = env.get("MAPLE_TWIN_SLURM_CONF") or env.get("SLURM_CONF", "")
    if not env["SLURM_CONF"] or not Path(env["SLURM_CONF"]).is_file():
        raise LaunchError("the twin's slurm.conf is not known in this job")
    env["MAPLE_TWIN_PPN"] = str(launch.ppn or "")
    wrapper = str(Path(env.get("MAPLE_TWIN_ROOT", "")) / "bin" / "twin-rank")
    os.execve(SRUN, srun_argv(launch, wrapper), env)


def pals_main(argv: list[str] | None = None) -> int:
    """Entry point of a PBS personality's launchers: PALS answers to ``mpiexec`` and to
    ``mpirun`` alike."""
    args = sys.argv if argv is None else argv
    return main(["mpiexec", *args[1:]], shown=Path(args[0]).name)


def main(argv: list[str] | None = None, shown: str = "") -> int:
    """Entry point of the mpiexec/ibrun/mpirun stand-ins (chosen by the program's name)."""
    args = sys.argv if argv is None else argv
    prog = Path(args[0]).name
    try:
        if prog == "mpiexec":
            launch = parse_pals(args[1:], os.environ.get("PBS_NODEFILE"))
        elif prog == "ibrun":
            launch = parse_ibrun(args[1:])
        elif prog == "mpirun":
            launch = parse_mpirun(args[1:])
        else:
            raise LaunchError(f"unknown launcher {prog}")
        run(launch)
    except (LaunchError, OSError) as exc:
        print(f"{shown or prog}: error: {exc}", file=sys.stderr)
        return 2
    return 0
