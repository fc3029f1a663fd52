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

from maple_flow.models import ClusterProfile
from maple_flow.models.job import ARRAY_SPEC
from maple_flow.scriptparse import ParsedScript

#: The variable each scheduler sets to the job's index in its array.
INDEX_VARIABLE = {"slurm": "SLURM_ARRAY_TASK_ID", "pbs": "PBS_ARRAY_INDEX"}
_SPEC = re.compile(ARRAY_SPEC)


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


__all__ = ["INDEX_VARIABLE", "ArrayPort", "port_array"]
