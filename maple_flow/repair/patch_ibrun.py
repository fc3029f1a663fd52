"""An MPI launcher the site does not give its batch jobs: the launch line's ``mpirun`` or
``mpiexec`` started with the site's own launcher (TACC's ``ibrun``) instead.

On a Slurm site whose profile names ``ibrun`` as its launcher (templates/clusters/*.yaml,
``launch.launcher``; TACC's user guides: "use ibrun, not mpirun"), a job script that starts its
program with ``mpirun``/``mpiexec`` stops at once with ``mpirun: command not found``. ibrun
starts the job's own tasks (its ``#SBATCH -n``) with the site's MPI, so the swap keeps nothing
of mpirun but a task count that differs from the job's (``ibrun -n N -o 0``, ibrun's own
spelling of a sub-count from the first task).

Refused (FixNotApplicable, with the reason) on any other site (where the launcher IS
mpirun/mpiexec, or srun, the message means the MPI module is not loaded: a step only the user
can name), when the script runs mpirun/mpiexec on more than one line, when the count is not a
number or one variable, or when mpirun has any option but its count (a host file, a mapping,
an exported variable): ibrun would not do the same, so the swap would lose it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from maple_flow.errors import MapleError
from maple_flow.models import ClusterProfile
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.text import FixNotApplicable, quote, replace
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.facts import directive_size
from maple_flow.scriptparse.launch import launcher_pattern

#: The MPI launchers this swap replaces (scriptparse reads ``mpiexec.hydra`` as mpiexec).
MPI_LAUNCHERS = ("mpirun", "mpiexec")
#: mpirun/mpiexec spellings of the total task count.
_COUNT_NAMES = frozenset({"-n", "-np", "--np", "--n"})
_COUNT = re.compile(r"^(?:\d+|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)$")
_LINE = re.compile(rf"(?m)^[^#\n]*(?<![\w./-])(?:\S*/)?(?:{launcher_pattern(*MPI_LAUNCHERS)})"
                   r"(?=\s|$)")


def site_launches_with_ibrun(profile: ClusterProfile | None) -> bool:
    """Whether ``profile`` is a Slurm site whose batch jobs start MPI ranks with ``ibrun``."""
    return (profile is not None and profile.scheduler == "slurm"
            and profile.launch.launcher == "ibrun")


def _job_tasks(text: str) -> int | None:
    """The job's task count as its directives ask it (``-n``, or nodes x tasks per node)."""
    try:
        size = directive_size(parse_script(text))
    except (MapleError, ValueError, IndexError):
        return None
    if size["tasks"]:
        return size["tasks"]
    if size["nodes"] and size["tpn"]:
        return size["nodes"] * size["tpn"]
    return None


def one_mpi_launch_line(text: str) -> None:
    """FixNotApplicable unless exactly one line of ``text`` (comments aside) runs
    mpirun/mpiexec: a swap of its launcher must know which line it changes."""
    body = "\n".join(ln for ln in text.split("\n") if not ln.lstrip().startswith("#"))
    lines = len(_LINE.findall(body))
    if lines != 1:
        raise FixNotApplicable(f"the script runs an MPI launcher on {lines} lines, not one")


def task_count(options: list[pl.Option], launcher: str, target: str,
               kept: Callable[[pl.Option], bool] = lambda _opt: False) -> str | None:
    """The MPI launcher's task count as written (None: not given), options ``kept`` aside;
    FixNotApplicable for any other option (``target`` has no counterpart: the swap would lose
    it) or a count that is not a number or one variable."""
    count = None
    for opt in options:
        if kept(opt):
            continue
        if opt.name not in _COUNT_NAMES:
            raise FixNotApplicable(f"{opt.name} of {launcher} has no {target} counterpart "
                                   "this repair knows (the swap would lose it)")
        if opt.value is None or not _COUNT.match(opt.value):
            raise FixNotApplicable(f"{launcher}'s {opt.name} is not a number or one variable")
        count = opt.value
    return count


def ibrun_launch(text: str, profile: ClusterProfile | None) -> str:
    """``text`` whose one mpirun/mpiexec launch is started by ``ibrun`` (see the module doc)."""
    if not site_launches_with_ibrun(profile):
        raise FixNotApplicable("the site's profile does not name ibrun as its launcher: a "
                               "missing mpirun there means its MPI module is not loaded")
    one_mpi_launch_line(text)
    for stage in MPI_LAUNCHERS:
        try:
            launch, start = pl.stage_view(text, stage)
        except FixNotApplicable:
            continue
        options, end = pl._walk(launch.words, start)
        if end >= len(launch.words):
            raise FixNotApplicable(f"{stage} starts no program on the launch line")
        count = task_count(options, "the MPI launcher", "ibrun")
        words = ["ibrun"]
        if count is not None and (not count.isdigit() or int(count) != _job_tasks(text)):
            words += ["-n", quote(count), "-o", "0"]
        first, last = launch.words[start - 1], launch.words[end - 1]
        return replace(text, first.start, last.end, " ".join(words))
    raise FixNotApplicable("the launch line has no mpirun or mpiexec stage")
