"""An MPI program started by another MPI's launcher than the site's (an mpd-based ``mpirun`` of
an old MPICH2/MVAPICH2 that finds no mpd ring in the batch job): the launch line started with
the site's own launcher instead.

- a Slurm site whose profile names ``ibrun`` (TACC): the swap of :func:`patch_ibrun.ibrun_launch`;
- a PBS site whose profile names ``mpiexec`` (PBS + PALS, ALCF): ``mpirun -np N`` becomes
  ``mpiexec -n N``; a host file that is the job's own node file (``$PBS_NODEFILE``) is dropped,
  PALS starts the ranks on the job's nodes by itself.

Refused (FixNotApplicable, with the reason) on any other site (srun sites: which MPI the
program was built with decides the launch, the user's module), when the launch word already is
the site's (the ``mpiexec`` found on PATH is another MPI's: a module or PATH matter), when the
script runs an MPI launcher on more than one line, or when mpirun has an option mpiexec would
not do the same with.
"""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.patch_ibrun import (
    ibrun_launch,
    one_mpi_launch_line,
    site_launches_with_ibrun,
    task_count,
)
from maple_flow.repair.text import FixNotApplicable, quote, replace

#: mpirun spellings of a host file (MPICH/Hydra, MVAPICH2, Open MPI).
_HOSTFILE_NAMES = frozenset({"-machinefile", "--machinefile", "-hostfile", "--hostfile", "-f",
                             "-machine", "--machine"})
_JOB_NODEFILE = re.compile(r"^[\"']?\$\{?PBS_NODEFILE\}?[\"']?$")


def _pals_site(profile: ClusterProfile) -> bool:
    return profile.scheduler == "pbs" and profile.launch.launcher == "mpiexec"


def _job_nodefile(opt: pl.Option) -> bool:
    """A host file that is the job's own nodes: what PALS's mpiexec uses by itself."""
    return opt.name in _HOSTFILE_NAMES and bool(_JOB_NODEFILE.match(opt.value or ""))


def _pals_launch(text: str) -> str:
    """``text`` whose one ``mpirun`` launch is started by PALS's ``mpiexec``."""
    try:
        launch, start = pl.stage_view(text, "mpirun")
    except FixNotApplicable:
        raise FixNotApplicable("the script starts its ranks with the site's launcher word "
                               "(mpiexec): the one found on PATH is another MPI's, a module or "
                               "PATH only the user can settle") from None
    if launch.words[start - 1].value.rsplit("/", 1)[-1] != "mpirun":
        raise FixNotApplicable("the launch word is not a plain mpirun")
    options, end = pl._walk(launch.words, start)
    if end >= len(launch.words):
        raise FixNotApplicable("mpirun starts no program on the launch line")
    count = task_count(options, "mpirun", "PALS mpiexec", _job_nodefile)
    words = ["mpiexec"] + (["-n", quote(count)] if count is not None else [])
    first, last = launch.words[start - 1], launch.words[end - 1]
    return replace(text, first.start, last.end, " ".join(words))


def site_mpi_launch(text: str, profile: ClusterProfile | None) -> str:
    """``text`` whose one MPI launch is started by the site's own launcher (see the module
    doc)."""
    if profile is None:
        raise FixNotApplicable("no cluster profile: the site's launcher is not known")
    one_mpi_launch_line(text)
    if site_launches_with_ibrun(profile):
        return ibrun_launch(text, profile)
    if _pals_site(profile):
        return _pals_launch(text)
    raise FixNotApplicable(f"the site's launcher is {profile.launch.launcher}: which MPI the "
                           "program was built with decides its launch (the user's MPI module)")
