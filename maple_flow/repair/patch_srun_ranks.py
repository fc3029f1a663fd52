"""torch.distributed's rank variables for the Python tasks that srun starts itself (pure).

A program that reads RANK / LOCAL_RANK / WORLD_SIZE (what torchrun sets for each worker) gets
none of them when ``srun`` starts it straight, one task per rank: srun gives each task Slurm's
own ids instead (SLURM_PROCID, SLURM_LOCALID, SLURM_NTASKS; Slurm's srun manual, "OUTPUT
ENVIRONMENT VARIABLES"). The program is then started through a one-line shell that each task
runs, so each expands its own ids: ``bash -c 'export RANK=$SLURM_PROCID ...; exec "$@"' bash``
(the shape of patch_rankvars.bind_rank_gpus for mpiexec).
"""

from __future__ import annotations

import re

from maple_flow.repair.patch_launch import _walk  # the launcher-option rules
from maple_flow.repair.text import (
    FixNotApplicable,
    is_code,
    line_starts,
    logical_span,
    replace,
    words_of,
)

RANK_ENV = "export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS"
PREFIX = f"bash -c '{RANK_ENV}; exec \"$@\"' bash "
#: The script already gives the ranks these variables (its own mapping or a torch launcher).
_GIVEN = re.compile(r"\b(?:LOCAL_RANK|WORLD_SIZE)=|\btorchrun\b|torch\.distributed\.(?:run|launch)"
                    r"|(?<![-\w])accelerate\s+launch\b|(?<![-\w])deepspeed\s")
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
_PYTHON = re.compile(r"^(?:\S*/)?python[\d.]*$")


def _srun_lines(text: str) -> list[int]:
    """1-based first lines of the logical commands whose command word is srun."""
    found, seen_end = [], -1
    for number, start in enumerate(line_starts(text), 1):
        line = text[start:].split("\n", 1)[0]
        if start <= seen_end or not is_code(line):
            continue
        begin, end = logical_span(text, number)
        seen_end = end
        words = words_of(text[begin:end], begin)
        first = next((w for w in words if not _ASSIGNMENT.match(w.value)), None)
        if first is not None and first.value == "srun":
            found.append(number)
    return found


def srun_rank_env(text: str) -> str:
    """``text`` whose srun lines that start a Python program themselves start it through a
    shell that exports RANK, LOCAL_RANK and WORLD_SIZE from each task's Slurm ids."""
    if _GIVEN.search("\n".join(ln for ln in text.split("\n") if is_code(ln))):
        raise FixNotApplicable("the script already gives the ranks LOCAL_RANK/WORLD_SIZE or "
                               "starts a torch launcher")
    changed = text
    for number in reversed(_srun_lines(text)):
        begin, end = logical_span(changed, number)
        words = words_of(changed[begin:end], begin)
        first = next(i for i, w in enumerate(words) if not _ASSIGNMENT.match(w.value))
        _, program = _walk(words, first + 1)
        if program < len(words) and _PYTHON.match(words[program].value):
            changed = replace(changed, words[program].start, words[program].start, PREFIX)
    if changed == text:
        raise FixNotApplicable("no srun line starts a Python program itself")
    return changed
