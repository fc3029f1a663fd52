"""Facts a failure signature may ask of the script, read through scriptparse (pure).

A regular expression over the text only sees one spelling (``#SBATCH --ntasks-per-node=4``);
these read what the script does, wherever and however it says it (an option on the srun
line, a variable, a task count), so a record matches users' scripts as well as maple's.
"""

from __future__ import annotations

from collections.abc import Callable

from maple_flow.errors import MapleError
from maple_flow.models import ClusterProfile
from maple_flow.repair.models import ScriptFact
from maple_flow.repair.patch_layout import several_launchers_per_node
from maple_flow.scriptparse import ParsedScript, parse_script
from maple_flow.scriptparse.facts import directive_size

#: Options of srun or the directives that ask for GPUs.
_GPU_OPTIONS = ("--gres", "--gpus", "--gpus-per-node", "--gpus-per-task", "-G")


def _asks_gpus(p: ParsedScript) -> bool:
    if directive_size(p)["gpus"] is not None or p.directive("gpus", "gpus-per-task"):
        return True
    srun = p.launch.stage("srun")
    return srun is not None and any(srun.has(o) for o in _GPU_OPTIONS
                                    if o != "--gres" or "gpu" in (srun.get(o) or ""))


def _partition(p: ParsedScript) -> str | None:
    srun = p.launch.stage("srun")
    named = srun.get("-p", "--partition") if srun is not None else None
    return named or p.directive("partition")


def gpu_job_off_the_gpu_partitions(p: ParsedScript, profile: ClusterProfile | None) -> bool:
    """A Slurm job that asks for GPUs in a partition that is none of the site's GPU
    partitions: one the profile does not list (a CPU partition), or none named on a site
    whose default partition is not a GPU one (its queues are partitions)."""
    if profile is None or profile.scheduler != "slurm" or not _asks_gpus(p):
        return False
    gpu = {q.name for q in profile.queues.items if q.kind == "partition"}
    if profile.queues.partition:
        gpu.add(profile.queues.partition)
    named = _partition(p)
    if named is None:
        return False  # the default partition: the no-partition record's (script_lacks) case
    return named not in gpu and not named.startswith("$")


_FACTS: dict[str, Callable[[ParsedScript, ClusterProfile | None], bool]] = {
    "several_launchers_per_node": lambda p, _profile: several_launchers_per_node(p),
    "gpu_job_off_the_gpu_partitions": gpu_job_off_the_gpu_partitions,
}


def holds(fact: ScriptFact, script: str, profile: ClusterProfile | None = None) -> bool:
    """Whether ``fact`` holds of ``script`` on ``profile``'s site (False for a script that
    does not parse)."""
    if not script.strip():
        return False
    try:
        parsed = parse_script(script)
    except (MapleError, ValueError, IndexError):
        return False
    return _FACTS[fact](parsed, profile)
