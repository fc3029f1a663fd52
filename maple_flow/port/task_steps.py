"""A Slurm job's step that runs a plain command on its tasks (``srun hostname``, ``srun bash -c
"hostname; nvidia-smi"``), ported to another Slurm cluster: srun is the target's launcher too,
so the step is kept as written (``port.carry`` for set-up lines, ``port.stages`` for a command
read as a launch of its own)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from maple_flow.models import ClusterProfile
from maple_flow.shellquote import shell_split

if TYPE_CHECKING:
    from maple_flow.port.carry import Source
    from maple_flow.scriptparse.steps import Step

#: srun options that only size a step (they mean the same on any Slurm cluster).
_SIZE_OPTION = re.compile(r"^(?:-[nN]\d*|--(?:ntasks|nodes|ntasks-per-node)(?:=\S+)?|\d+)$")


def same_scheduler_task_step(step: Step, src: Source, profile: ClusterProfile) -> bool:
    """A Slurm job's step that runs a plain command on its tasks (``srun hostname``, ``srun
    bash -c "hostname; nvidia-smi"``: no Python program, no option but a size), ported to
    another Slurm cluster: srun is the target's launcher too, and the step runs there as in
    the source."""
    if src.parsed.scheduler != "slurm" or profile.scheduler != "slurm" or step.name:
        return False
    split = shell_split(step.text)
    if split is None:
        return False
    words = list(split)
    if len(words) < 2 or words[0] != "srun":
        return False
    k = 1
    while k < len(words) and (words[k].startswith("-") or (
            words[k].isdigit() and words[k - 1] in ("-n", "-N"))):
        if not _SIZE_OPTION.match(words[k]):
            return False
        k += 1
    rest = words[k:]
    if rest[:2] == ["bash", "-c"]:  # no program, nothing of the source site (modules, envs)
        return len(rest) == 3 and not re.search(
            r"\bpython[\d.]*\b|torchrun|deepspeed|accelerate|\bsrun\b|\bmodule\b|\bml\b"
            r"|\bsource\b|(?:^|[;&|]\s*)\.\s|\bconda\b|\bspack\b|(?:^|\s)/", rest[2])
    return (bool(rest) and re.fullmatch(r"[\w.-]+", rest[0]) is not None
            and not re.match(r"python[\d.]*$|torchrun$|deepspeed$|accelerate$", rest[0])
            and not re.search(r"[|;&><`$]", " ".join(rest)))
