"""A job dependency written in the source scheduler's syntax that a kept line passes on.

``./submit.sh train "$RUN" --dependency=afterany:"$SLURM_JOB_ID"`` at the end of a job that
resubmits itself: the user's wrapper passes the option to sbatch. The port renames the job
variable for the target's scheduler and keeps the line (the user's), but the option is still
sbatch's, and the wrapper still calls sbatch: on PBS the chain fails after the first job. The
port cannot rewrite the user's wrapper, so it names the line (sbatch(1): ``-d,
--dependency=<dependency_list>``, ``afterany:job_id``; qsub(1B) of PBS Pro:
``-W depend=afterany:<jobid>``)."""

from __future__ import annotations

import re

#: A dependency option of each scheduler, as written on a submission line.
_OPTIONS = {
    "slurm": re.compile(r"(?:^|\s)(?:--dependency[=\s]|-d\s+)\S*after\w*:"),
    "pbs": re.compile(r"(?:^|\s)-W\s*[\"']?depend="),
}
_TARGET_FORM = {"pbs": "qsub -W depend=afterany:<jobid>",
                "slurm": "sbatch --dependency=afterany:<jobid>"}


def foreign_dependency_note(script: str, target_scheduler: str, name: str) -> list[str]:
    """A note naming each line of the port ``script`` that passes another scheduler's job
    dependency option (``--dependency=afterany:...`` on a PBS target), kept as the user wrote
    it; ``[]`` when there is none."""
    notes: list[str] = []
    for number, line in enumerate(script.split("\n"), 1):
        code = line.strip()
        if not code or code.startswith("#"):
            continue
        for scheduler, option in _OPTIONS.items():
            if scheduler == target_scheduler or not option.search(code):
                continue
            form = _TARGET_FORM.get(target_scheduler, f"{name}'s own submit command")
            notes.append(
                f"line {number} of the port `{code[:120]}` passes a {scheduler} job dependency "
                f"option, kept as you wrote it: {name}'s scheduler ({target_scheduler}) does "
                f"not take it (and a wrapper of yours it goes to likely submits with "
                f"{scheduler}'s command): a chain of jobs it starts stops after this one "
                f"unless you change the line and the wrapper ({form})")
    return notes
