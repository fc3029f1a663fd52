"""Job arrays: a source script submitted as an array of jobs, each given its own index.

The array is kept on a target of the same scheduler (``#SBATCH --array=SPEC`` on Slurm,
``#PBS -J SPEC`` on PBS Pro), verbatim, and the index variable the scheduler sets stays live.
Across schedulers the index range and its variable would both change meaning (Slurm takes
lists and ``%`` limits, PBS Pro ranges; ``$SLURM_ARRAY_TASK_ID`` vs ``$PBS_ARRAY_INDEX``),
so such a target is refused with the reason rather than given one job with an empty index.
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
    scheduler sets there, and why the target is refused (empty when it is not)."""

    spec: str | None = None
    index_var: str = ""
    refusal: str = ""


def port_array(parsed: ParsedScript, profile: ClusterProfile) -> ArrayPort:
    """What becomes of the source's job array on ``profile``."""
    spec = parsed.directive("array")
    if not spec:
        return ArrayPort()
    source = parsed.scheduler or "slurm"  # an LSF source's directives are read as Slurm's
    lsf = any(d.raw.lstrip().startswith("#BSUB") for d in parsed.directives)
    variable = "LSB_JOBINDEX" if lsf else INDEX_VARIABLE.get(source, "")
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
    if profile.scheduler != source:
        target_var = INDEX_VARIABLE.get(profile.scheduler, "")
        return ArrayPort(refusal=(
            f"the source is a job array ({spec}: one job per index, each given its index in "
            f"${variable}); {profile.name} runs {profile.scheduler}, whose arrays take their "
            f"indices and variable (${target_var}) differently, and maple_flow does not "
            "translate them: port one job (remove the array directive and give the index "
            "yourself) and submit it as an array on the target"))
    return ArrayPort(spec=spec, index_var=INDEX_VARIABLE[source] if lsf else variable)


__all__ = ["INDEX_VARIABLE", "ArrayPort", "index_as_rank", "port_array"]
