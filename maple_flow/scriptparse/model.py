"""How a script starts its ranks (the launch model) and where the program reads its rank.

``launcher``: torchrun, deepspeed or accelerate start the workers on each node (elastic
style). ``per_rank``: the parallel launcher (srun, mpiexec/PALS, mpirun, ibrun, horovodrun)
starts one Python process per GPU, and the program takes its rank from the launcher's
environment or from MPI (mpi4py, Horovod, ``RANK=$SLURM_PROCID`` exports).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from maple_flow.models.job import TORCH_RANK_VARS
from maple_flow.scriptparse.launch import PER_NODE_LAUNCHERS, PER_RANK_LAUNCHERS
from maple_flow.scriptparse.script import ParsedScript

#: The launchers' own variables, by the rank fact they carry.
RANK_SOURCES: dict[str, tuple[str, ...]] = {
    "rank": ("SLURM_PROCID", "PMI_RANK", "PALS_RANKID", "OMPI_COMM_WORLD_RANK", "PMIX_RANK",
             "MV2_COMM_WORLD_RANK", "PMI_ID"),
    "local_rank": ("SLURM_LOCALID", "PALS_LOCAL_RANKID", "OMPI_COMM_WORLD_LOCAL_RANK",
                   "MPI_LOCALRANKID", "PMI_LOCAL_RANK", "MV2_COMM_WORLD_LOCAL_RANK"),
    "world_size": ("SLURM_NTASKS", "SLURM_NPROCS", "PMI_SIZE", "OMPI_COMM_WORLD_SIZE",
                   "MV2_COMM_WORLD_SIZE"),
    "local_world_size": ("SLURM_NTASKS_PER_NODE", "OMPI_COMM_WORLD_LOCAL_SIZE",
                         "PALS_LOCAL_SIZE", "MPI_LOCALNRANKS", "SLURM_GPUS_ON_NODE"),
    "node_rank": ("SLURM_NODEID", "PALS_NODEID", "OMPI_COMM_WORLD_NODE_RANK"),
}
_HOROVOD = re.compile(r"horovod|(?:^|[_/.-])hvd(?:$|[_/.-])", re.I)
_MPI_PROGRAM = re.compile(r"mpi4py|(?:^|[_/.-])mpi(?:$|[_/.-])", re.I)
#: A variable's value that names an interpreter (``/env/bin/python``, ``python3``,
#: ``$(conda info --base)/envs/x/bin/python``): the variable is the interpreter, not a launcher.
_INTERPRETER_PATH = re.compile(r"""^["']?(?:\S*/)?python[\d.]*["']?$""")


def _is_interpreter_variable(word: str, p: ParsedScript) -> bool:
    """``$PY`` / ``${PY}`` whose value the script sets to an interpreter."""
    name = word.strip("${}\"'")
    value = p.variables.get(name, "").strip()
    return bool(value) and bool(_INTERPRETER_PATH.match(value.replace(" ", "")))


@dataclass
class LaunchModel:
    """The launch model of a script, the program's rank variables, and why."""

    model: str
    rank_vars: dict[str, str] = field(default_factory=dict)
    why: str = ""
    horovod: bool = False


def _role(name: str, value: str) -> str | None:
    """The rank fact ``name=value`` carries, when the value reads a launcher variable (or a
    host list for MASTER_ADDR), else None."""
    for role, sources in RANK_SOURCES.items():
        if "$" in value and any(re.search(rf"\$\{{?{s}\b", value) for s in sources):
            return role
    standard = TORCH_RANK_VARS.get(name)
    if standard == "master_addr" and re.search(r"hostname|NODEFILE|NODELIST|head", value):
        return standard
    if standard == "master_port" and value:
        return standard
    return None


#: A launcher's per-task rank facts: inside the launcher each task has its own; in the batch
#: shell (one process, before the launch) Slurm's are the batch step's 0 and the others unset.
_PER_TASK = ("rank", "local_rank", "node_rank")


def batch_shell_rank(name: str, value: str, p: ParsedScript) -> str:
    """The launcher variable (``SLURM_PROCID``) a variable set ONCE in the batch shell reads
    (``export NODE_RANK=$SLURM_PROCID`` before ``srun``): expanded there, where it is the
    batch step's 0 (Slurm) or unset, so every rank reads that one value, not its own; ``""``
    for a variable set per rank (inside ``srun bash -c '...'``) or one of no per-task fact."""
    if name in p.rank_env or name not in p.env or not p.directives:
        return ""  # a script with no directives may itself run once per task (`srun job.sh`)
    if "$" not in value or "SLURM_" not in value:
        return ""  # it reads no Slurm variable (the only ones looked for below)
    deferred = p.deferred_refs.get(name, set())  # `\$SLURM_PROCID`: expanded in each task
    for role in _PER_TASK:
        for source in RANK_SOURCES[role]:
            if source in deferred:
                continue
            # Slurm's are the batch step's 0 there; PMI_RANK/PALS_* are unset in a PBS batch
            # shell: a script exporting them there means them per rank (mapped as such)
            if source.startswith("SLURM_") and re.search(rf"\$\{{?{source}\b", value):
                return source
    return ""


def rank_vars(p: ParsedScript) -> dict[str, str]:
    """Variables the script sets from the launcher's rank facts (``RANK=$SLURM_PROCID``),
    in the order they are set: per-rank exports first, then the script's own exports (not
    those that read a per-task fact in the batch shell, where it is one value for all)."""
    found: dict[str, str] = {}
    for name, value in [*p.rank_env.items(), *p.env.items()]:
        if batch_shell_rank(name, value, p):
            continue
        role = _role(name, value)
        if role in {"master_addr", "master_port"} and TORCH_RANK_VARS.get(name) == role:
            continue  # every target script sets MASTER_ADDR and MASTER_PORT itself
        if role and name not in found and name not in RANK_SOURCES.get(role, ()):
            found[name] = role
    return found


def launch_model(p: ParsedScript) -> LaunchModel:
    """Launcher-style (torchrun/deepspeed/accelerate) or one process per GPU from the
    parallel launcher, with the program's rank variables."""
    names = [s.name for s in p.launch.stages]
    program = " ".join([p.launch.entrypoint, *p.launch.args])
    horovod = "horovodrun" in names or bool(_HOROVOD.search(program))
    per_node = [n for n in names if n in PER_NODE_LAUNCHERS]
    if per_node:
        return LaunchModel("launcher", {}, f"{per_node[-1]} starts the workers on each node")
    outer = [n for n in names if n in PER_RANK_LAUNCHERS]
    hidden = [n for n in names if n.startswith("$") and not _is_interpreter_variable(n, p)]
    if not outer and hidden:
        return LaunchModel("per_rank", rank_vars(p), (
            f"the launcher is hidden in `{hidden[0]}` (set at run time) in front of python: "
            "read as one process per rank"), horovod)
    if not outer:
        return LaunchModel("launcher", {}, "no parallel launcher: one process")
    found = rank_vars(p)
    if horovod:
        why = f"{outer[0]} starts one Horovod process per GPU (Horovod takes ranks from MPI)"
    elif found:
        why = (f"{outer[0]} starts one process per GPU and the script sets "
               f"{', '.join(found)} from the launcher's variables")
    elif _MPI_PROGRAM.search(program):
        why = f"{outer[0]} starts one process per GPU and the program uses MPI"
    else:
        why = (f"{outer[0]} starts one process per GPU; the program takes its rank from the "
               "launcher (its environment or MPI)")
    return LaunchModel("per_rank", found, why, horovod)
