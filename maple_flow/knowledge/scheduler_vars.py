"""Each scheduler's name for the same job fact (``templates/schedulers/variables.yaml``): the
data a port renames scheduler variables by, and the helper variables a ported script sets."""

from __future__ import annotations

import re
from functools import cache

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict

_NAME = r"^[A-Z_][A-Z0-9_]*$"


class Helper(Strict):
    """A variable the ported script sets itself when a kept line reads it."""

    #: The target scheduler it is set on (``any``: every target).
    scheduler: str = Field(pattern=r"^(?:slurm|pbs|any)$")
    #: Its lines; ``{node_local}`` is the target's node-local directory (filesystems.yaml).
    lines: list[str] = Field(min_length=1)
    note: str = Field(min_length=1)


class Query(Strict):
    """A read-only query of the job's facts on ``source``, and the same on ``target``."""

    source: str = Field(pattern=r"^(?:slurm|pbs)$")
    target: str = Field(pattern=r"^(?:slurm|pbs)$")
    pattern: str = Field(min_length=1)
    replace: str = Field(min_length=1)

    def model_post_init(self, _: object) -> None:
        re.compile(self.pattern)  # a bad expression is an error when the data is read


class JobControl(Strict):
    """How a job script chains or requeues itself on one scheduler."""

    submit: str = Field(min_length=1)
    depend: str = Field(min_length=1)
    requeue: str = Field(min_length=1)
    #: The job cancelling itself (``scancel ID`` / ``qdel ID``).
    cancel: str = ""
    #: Whether its submit command passes the words after the script to it as ``$1 ...``
    #: (``sbatch FILE ARGS`` does; PBS Pro's ``qsub FILE`` takes none).
    script_args: bool = True


class LauncherRanks(Strict):
    """The per-rank facts one parallel launcher gives each process (``per_rank`` in the data)."""

    #: role (rank, local_rank, node_rank, world_size, local_world_size) -> the variable.
    names: dict[str, str] = Field(min_length=1)
    #: Further names it sets per rank (not re-created).
    also: list[str] = Field(default=[])
    #: Job-wide facts of its scheduler a program reads with them to find its cluster.
    job: list[str] = Field(default=[])
    #: Names a target of the same scheduler sets in each rank from the job's (name -> job's name).
    step: dict[str, str] = Field(default={})
    #: Whether a port to another launcher sets ``names`` in each rank from the target's rank.
    recreate: bool = False
    #: The job fact (one of ``job``) a program may take its rendezvous host from (Lightning's
    #: SLURMEnvironment reads SLURM_NODELIST); "" where none is known.
    host_list: str = ""
    #: The launcher these names are of, where the command names several (``Cray PALS``).
    where: str = ""
    source: str = Field(min_length=1)


class SchedulerVars(Strict):
    """Renamings (source name -> target scheduler -> name), helpers, equivalent queries,
    foreign prefixes."""

    variables: dict[str, dict[str, str]]
    #: Grid Engine's job variables, renamed only in a Grid Engine source.
    grid_engine: dict[str, dict[str, str]] = Field(default={})
    helpers: dict[str, Helper] = Field(default={})
    queries: list[Query] = Field(default=[])
    commands: dict[str, list[str]] = Field(default={})
    job_control: dict[str, JobControl] = Field(default={})
    foreign_prefixes: dict[str, list[str]]
    #: A variable whose value is not a number -> the expansion of its number
    #: (``PBS_JOBID`` -> ``${PBS_JOBID%%.*}``): what shell arithmetic reads instead.
    not_numeric: dict[str, str] = Field(default={})
    #: Each parallel launcher's per-rank variables (srun, mpiexec (PALS), ibrun, mpirun).
    per_rank: dict[str, LauncherRanks] = Field(default={})

    def model_post_init(self, _: object) -> None:
        both = [self.variables, self.grid_engine]
        names = [n for v in both for n in [*v, *(x for m in v.values() for x in m.values())]]
        bad = [n for n in names if not re.match(_NAME, n)]
        if bad:
            raise ValueError(f"not variable names: {bad}")
        unknown = {n for v in both for m in v.values() for n in m.values()
                   if n.startswith("MAPLE_") and n not in self.helpers}
        if unknown:
            raise ValueError(f"MAPLE_ names without a helper: {sorted(unknown)}")


@cache
def scheduler_vars() -> SchedulerVars:
    """The scheduler variable data, read once."""
    return template_data(SchedulerVars, "schedulers", "variables.yaml")


@cache
def foreign_pattern(scheduler: str) -> re.Pattern[str]:
    """A reference to a variable of a scheduler family other than ``scheduler``'s."""
    prefixes = "|".join(re.escape(p) for p in scheduler_vars().foreign_prefixes[scheduler])
    return re.compile(rf"\$\{{?((?:{prefixes})\w*)")


@cache
def foreign_command(scheduler: str) -> re.Pattern[str]:
    """A command of another scheduler than ``scheduler``'s, in command position (a line's
    start, after a pipe, ``;``, ``&&``, ``||`` or inside ``$(...)``)."""
    names = sorted({c for s, cmds in scheduler_vars().commands.items() if s != scheduler
                    for c in cmds})
    alternatives = "|".join(re.escape(n) for n in names) or r"(?!x)x"
    return re.compile(rf"(?:^|[|;&(`]|\$\()\s*({alternatives})(?![\w.-])", re.M)


#: What may follow a query whose output is only saved or shown: nothing, or a redirection.
_SAVED = r"\s*(?:[12]?>>?\s*\S+\s*)*$"


def equivalent_query(text: str, source: str, target: str) -> str:
    """``text`` (a query of ``source``'s scheduler, alone or redirected to a file) as the
    same query of ``target``'s, or ``""`` when none is known."""
    for query in scheduler_vars().queries:
        if query.source != source or query.target != target:
            continue
        found = re.match(rf"\s*(?:{query.pattern})(?={_SAVED})", text)
        if found:
            return query.replace + text[found.end():]
    return ""


__all__ = ["Helper", "JobControl", "Query", "SchedulerVars", "equivalent_query", "foreign_command",
           "foreign_pattern", "scheduler_vars"]
