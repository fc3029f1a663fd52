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

from maple_flow.repair.patch_rankvars import command_lines, prefix_programs
from maple_flow.repair.text import FixNotApplicable, is_code

RANK_ENV = "export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS"
PREFIX = f"bash -c '{RANK_ENV}; exec \"$@\"' bash "
#: The script already gives the ranks these variables (its own mapping or a torch launcher).
_GIVEN = re.compile(r"\b(?:LOCAL_RANK|WORLD_SIZE)=|\btorchrun\b|torch\.distributed\.(?:run|launch)"
                    r"|(?<![-\w])accelerate\s+launch\b|(?<![-\w])deepspeed\s")
_PYTHON = re.compile(r"^(?:\S*/)?python[\d.]*$")


def srun_rank_env(text: str) -> str:
    """``text`` whose srun lines that start a Python program themselves start it through a
    shell that exports RANK, LOCAL_RANK and WORLD_SIZE from each task's Slurm ids."""
    if _GIVEN.search("\n".join(ln for ln in text.split("\n") if is_code(ln))):
        raise FixNotApplicable("the script already gives the ranks LOCAL_RANK/WORLD_SIZE or "
                               "starts a torch launcher")
    changed = prefix_programs(text, command_lines(text, lambda word: word == "srun"), PREFIX,
                              lambda word: bool(_PYTHON.match(word)))
    if changed == text:
        raise FixNotApplicable("no srun line starts a Python program itself")
    return changed
