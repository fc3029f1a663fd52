"""The call of a per-node launch wrapper that takes ``CONFIG GPUS`` as its first two positional
arguments (OpenMMLab's ``tools/dist_train.sh CONFIG GPUS [ARGS]`` and the many repositories that
copy it: the wrapper hands GPUS to ``torchrun``/``torch.distributed.launch --nproc_per_node``).
When torchrun refuses the GPU count (``Unsupported nproc_per_node value: X``), the call gave the
wrapper no number there: a ``GPUS=2`` assignment, an option (``--work-dir``) because the count was
left out, an unset variable, or nothing. Issue 17, helper s21-pbscat.
"""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable

_CALL = re.compile(r"^(?P<lead>\s*(?:(?:bash|sh)\s+)?)(?P<wrapper>\S*dist_train[\w.-]*\.sh)"
                   r"(?P<rest>(?:[ \t]+[^\n]*)?)$")
_VAR = re.compile(r"^\$\{?(?P<name>[A-Za-z_]\w*)\}?$")
_ASSIGNED_DIGITS = re.compile(r"^[A-Za-z_]\w*=(?P<n>\d+)$")


def _set_in(text: str, name: str) -> bool:
    return re.search(rf"(?m)^\s*(?:export\s+)?{name}=\S", text) is not None


def wrapper_gpu_count(text: str, gpus: str, config: str | None = None) -> str:
    """``text`` whose ``dist_train.sh`` call gives ``gpus`` as its GPU count (second positional
    argument) and, when the call has no config the script sets, ``config`` as its first.

    FixNotApplicable when the script has no such call, the call already gives a number, or
    it needs a config and none is given (the config is the user's to name)."""
    if not gpus.isdigit() or int(gpus) < 1:
        raise FixNotApplicable(f"{gpus!r} is not a GPU count")
    parts = text.split("\n")
    hits = [i for i, line in enumerate(parts)
            if not line.lstrip().startswith("#") and _CALL.match(line)]
    if len(hits) != 1:
        raise FixNotApplicable("the script has no single dist_train.sh call")
    m = _CALL.match(parts[hits[0]])
    assert m is not None
    words = m.group("rest").split()
    cfg = words[0] if words and not words[0].startswith("-") else None
    cfg_var = _VAR.match(cfg) if cfg else None
    if cfg is None or (cfg_var and not _set_in(text, cfg_var.group("name"))):
        if not config:
            raise FixNotApplicable("the call names no config the script sets (the user's)")
        if cfg is None:
            words.insert(0, config)
        else:
            words[0] = config
    rest = words[1:]
    count = rest[0] if rest and not rest[0].startswith("-") else None
    if count is not None and count.isdigit():
        raise FixNotApplicable(f"the call already gives {count} GPUs")
    if count is None:
        rest.insert(0, gpus)
    else:
        assigned = _ASSIGNED_DIGITS.match(count)
        var = _VAR.match(count)
        if assigned:
            rest[0] = assigned.group("n")
        elif var and not _set_in(text, var.group("name")):
            rest[0] = gpus
        else:
            raise FixNotApplicable(f"the call's GPU count {count!r} is not one maple reads")
    parts[hits[0]] = f"{m.group('lead')}{m.group('wrapper')} " + " ".join([words[0], *rest])
    return "\n".join(parts)
