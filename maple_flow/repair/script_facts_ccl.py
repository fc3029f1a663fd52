"""Script facts about oneCCL's bootstrap settings against the way the job starts its ranks
(pure; s37prec, issue 17).

oneCCL finds its peers through the process launcher: the settings a site documents for it
(Aurora: ``CCL_PROCESS_LAUNCHER=pmix``, ``CCL_KVS_MODE=mpi``, ``CCL_ATL_TRANSPORT=mpi``, ALCF
oneCCL page) are for ranks that PALS ``mpiexec`` starts; a program that spawns its own workers
(vLLM's multiprocessing or Ray executor, a plain ``python``) has no PMIx to bootstrap from, and
there the same settings make oneCCL fail (its internal KVS refused, no libfabric provider).

- :func:`site_ccl_env_unset_mpi_launch`: the site documents oneCCL settings, the script sets
  none of them (a libfabric setting of the site's may be there), and an MPI launcher starts
  the program: the job's ranks are the ones the settings are for and lack them.
- :func:`mpi_launch_ccl_env_without_mpi_launcher`: the script sets one of oneCCL's MPI-launch
  settings (:data:`MPI_LAUNCH_SETTINGS`) and no MPI launcher starts any command of the job.
"""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.repair.script_facts_env import sets_variable

#: oneCCL's settings that only hold for ranks an MPI launcher starts (oneCCL's environment
#: variables page: CCL_PROCESS_LAUNCHER names the launcher, CCL_KVS_MODE=mpi and
#: CCL_ATL_TRANSPORT=mpi use MPI for the key-value store and the transport).
MPI_LAUNCH_SETTINGS = ("CCL_PROCESS_LAUNCHER", "CCL_KVS_MODE", "CCL_ATL_TRANSPORT")
#: Values of those settings that do not ask for an MPI launch (``none``: the program gives
#: the local rank and size itself; ``ofi``: libfabric's transport, the default).
_NOT_MPI = {"CCL_PROCESS_LAUNCHER": ("none",), "CCL_ATL_TRANSPORT": ("ofi",),
            "CCL_KVS_MODE": ("pmi",)}
#: A command of the job (outside comments) run by an MPI launcher: mpiexec/mpirun (any path),
#: srun, aprun, or ezpz's launch wrapper (mpiexec underneath).
_MPI_LAUNCH = re.compile(
    r"(?m)^[^#\n]*(?<![\w./-])(?:\S*/)?(?:mpiexec|mpirun|srun|aprun|orterun)(?:\.hydra)?(?=\s|$)"
    r"|^[^#\n]*\bezpz(?:[- ]launch\b|\.launch\b)")


def mpi_launched(script: str) -> bool:
    """Whether a command of ``script`` (outside comments) is started by an MPI launcher."""
    return bool(_MPI_LAUNCH.search(script))


def _value_of(script: str, name: str) -> str | None:
    """The last literal value the script (outside comments) gives ``name``, None if unset."""
    found = re.findall(rf"(?m)^[^#\n]*?(?<![\w$]){re.escape(name)}=[\"']?([\w.,;:/-]*)", script)
    return found[-1] if found else None


def mpi_launch_ccl_settings(script: str) -> list[str]:
    """The MPI-launch oneCCL settings ``script`` sets to a value that asks for an MPI launch."""
    names = []
    for name in MPI_LAUNCH_SETTINGS:
        if not sets_variable(script, name):
            continue
        value = (_value_of(script, name) or "").lower()
        if value not in _NOT_MPI.get(name, ()):
            names.append(name)
    return names


def site_ccl_env_unset_mpi_launch(script: str, profile: ClusterProfile | None) -> bool:
    """Whether the site documents oneCCL settings, the script sets none of them and an MPI
    launcher starts its program (see the module docstring)."""
    if profile is None or not profile.network or not profile.network.env:
        return False
    ccl = [name for name in profile.network.env if name.startswith("CCL_")]
    return bool(ccl) and not any(sets_variable(script, name) for name in ccl) \
        and mpi_launched(script)


def mpi_launch_ccl_env_without_mpi_launcher(script: str,
                                            profile: ClusterProfile | None) -> bool:
    """Whether the script sets an MPI-launch oneCCL setting and starts nothing through an MPI
    launcher (see the module docstring)."""
    del profile  # the settings and the launch are read from the script alone
    return bool(mpi_launch_ccl_settings(script)) and not mpi_launched(script)
