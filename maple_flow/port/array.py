"""Job arrays: a source script submitted as an array of jobs, each given its own index.

The array is kept on a target of the same scheduler (``#SBATCH --array=SPEC`` on Slurm,
``#PBS -J SPEC`` on PBS Pro), verbatim, and the index variable the scheduler sets stays live.
Across schedulers (issue 14) it is translated: every source's index specification is read in
Slurm's grammar (``1-10``, ``1-10:2``, ``1,3,5``, ``0-99%10``; LSF's ``-J name[1-10]%2`` and Grid
Engine's ``-t 1-10:2`` alike), and PBS Pro's ``-J X-Y[:Z]`` is a subset of it: onto Slurm the
range is kept as written; onto PBS Pro a range ``X-Y[:Z]`` (X < Y) is kept, a limit on the
tasks running at once (``%10``) is not carried (said in a note), and a list of indices or a
single index, which ``-J`` cannot express, is refused with the reason. The index variable is
renamed with the others (``templates/schedulers/variables.yaml``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.knowledge.scheduler_vars import scheduler_vars
from maple_flow.models import ClusterProfile
from maple_flow.models.job import ARRAY_SPEC
from maple_flow.scriptparse import ParsedScript

#: The variable each scheduler sets to the job's index in its array.
INDEX_VARIABLE = {"slurm": "SLURM_ARRAY_TASK_ID", "pbs": "PBS_ARRAY_INDEX"}
_SPEC = re.compile(ARRAY_SPEC)
#: A rank, node rank or world size given to the program or its launcher (option or variable).
_RANKISH = (r"(?:--?(?:node|machine|global|local)?[_-]?rank|--proc(?:ess)?[_-]?id"
            r"|--world[_-]?size|\b(?:NODE_|GLOBAL_)?RANK\s*=|\bWORLD_SIZE\s*=)")
#: A task waiting for a file another task writes (``while [ ! -f $IP_FILE ]``).
_POLL = re.compile(r"\b(?:while\s+\[\[?\s*!\s*-[ef]|until\s+\[\[?\s*-[ef])")


def _index_names() -> set[str]:
    """Every scheduler's name for the job's index in its array."""
    tables = scheduler_vars()
    both = {**tables.variables, **tables.grid_engine}
    return set(INDEX_VARIABLE.values()) | {
        name for name, there in both.items() if set(there.values()) & set(INDEX_VARIABLE.values())}


def _script_text(parsed: ParsedScript) -> str:
    blocks = [*parsed.before, *([parsed.launch_block] if parsed.launch_block else []),
              *parsed.after]
    return "\n".join(b.text for b in blocks)


def index_as_rank(parsed: ParsedScript) -> str:
    """Where the array's tasks act as the ranks of one run (the index given as a rank or
    world size, or the first task writing a file the others wait for), or ``""``."""
    text = _script_text(parsed)
    for name in sorted(_index_names()):
        ref = rf"\$(?:\{{|\(\(\s*\$?)?{name}\b"
        fed = re.search(rf"{_RANKISH}[\s=]*[\"']?{ref}[^\s;]*", text)
        if fed:
            return f"`{fed.group(0)}` makes the task index the rank of one run"
        head = re.search(rf"\bif\s+\[\[?\s*[\"']?{ref}[\"']?\s+(?:-eq|==|=)", text)
        if head and _POLL.search(text):
            return (f"`{head.group(0)}...` makes one task the head, and the others wait for "
                    "a file it writes")
    return ""


@dataclass(frozen=True)
class ArrayPort:
    """The array directive the target's header carries (or None), the index variable the
    scheduler sets there, why the target is refused (empty when it is not), and a note when
    the array was translated from another scheduler's."""

    spec: str | None = None
    index_var: str = ""
    refusal: str = ""
    #: Said when the array was translated for another scheduler.
    note: str = ""


def port_array(parsed: ParsedScript, profile: ClusterProfile) -> ArrayPort:
    """What becomes of the source's job array on ``profile``."""
    spec = parsed.directive("array")
    if not spec:
        return ArrayPort()
    source = parsed.scheduler or "slurm"  # an LSF source's directives are read as Slurm's
    lsf = any(d.raw.lstrip().startswith("#BSUB") for d in parsed.directives)
    variable = ("LSB_JOBINDEX" if lsf else "SGE_TASK_ID" if parsed.grid_engine
                else INDEX_VARIABLE.get(source, ""))
    foreign = lsf or parsed.grid_engine or profile.scheduler != source
    as_ranks = index_as_rank(parsed)
    if as_ranks:
        return ArrayPort(refusal=(
            f"the source is a job array ({spec}) whose tasks are the ranks of one run, not "
            f"independent jobs: {as_ranks}; as array tasks on {profile.name} they would not "
            "meet: port it as one job of that many ranks (remove the array directive and the "
            "hand-made rank and address set-up, and pass ranks=N: the target's launcher sets "
            "RANK, WORLD_SIZE and MASTER_ADDR)"))
    if not _SPEC.match(spec):
        return ArrayPort(refusal=f"the source is a job array ({spec!r}) whose index "
                         "specification is not understood: port it as one job (remove the "
                         "array directive) and submit the array on the target yourself")
    target_var = INDEX_VARIABLE.get(profile.scheduler, "")
    if profile.scheduler == "pbs" and foreign:
        return _onto_pbs(spec, variable, profile.name)
    if foreign:
        return ArrayPort(spec=spec, index_var=target_var, note=(
            f"job array translated: {spec} ({_FROM[_kind(parsed, lsf)]}) as "
            f"`--array={spec}`, each job given its index in ${target_var} (was ${variable})"))
    return ArrayPort(spec=spec, index_var=variable)


#: How the source wrote its array, by kind.
_FROM = {"lsf": "LSF's -J name[...]", "sge": "Grid Engine's -t", "pbs": "PBS's -J",
         "slurm": "Slurm's --array"}
#: PBS Pro's ``-J``: one range, ``X-Y`` or ``X-Y:Z``.
_PBS_RANGE = re.compile(r"(\d+)-(\d+)(?::(\d+))?")


def _kind(parsed: ParsedScript, lsf: bool) -> str:
    return "lsf" if lsf else "sge" if parsed.grid_engine else parsed.scheduler or "slurm"


def _onto_pbs(spec: str, variable: str, target: str) -> ArrayPort:
    """A Slurm/LSF/Grid Engine array as PBS Pro's ``-J``, or the refusal where ``-J`` cannot
    say it."""
    body, _, limit = spec.partition("%")
    match = _PBS_RANGE.fullmatch(body)
    if match is None or int(match.group(1)) >= int(match.group(2)):
        what = ("a list of indices" if "," in body else "a single index" if body.isdigit()
                else "an index specification")
        return ArrayPort(refusal=(
            f"the source is a job array ({spec}: {what}); {target}'s PBS Pro array (-J) takes "
            "one range X-Y[:step] with X < Y: port one job (remove the array directive), or "
            "write the indices as one range and map them in the script, and submit the array "
            "on the target"))
    note = (f"job array translated: {spec} as `#PBS -J {body}`, each job given its index in "
            f"$PBS_ARRAY_INDEX (was ${variable})")
    if limit:
        note += (f"; the source's limit of {limit} tasks running at once (%{limit}) is not "
                 f"carried: on {target} any number of the array's jobs may run together")
    return ArrayPort(spec=body, index_var=INDEX_VARIABLE["pbs"], note=note)


__all__ = ["INDEX_VARIABLE", "ArrayPort", "index_as_rank", "port_array"]
