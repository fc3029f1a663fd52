"""The job's GPU request written in Slurm's generic-resource form (``--gres=gpu:N``).

A Slurm older than 19.05 (or one built without the option) knows no ``--gpus``,
``--gpus-per-node``: sbatch and srun stop at "unrecognized option". ``--gres`` counts GPUs per
node, so a job total (``--gpus=8`` on 2 nodes) is divided by the job's nodes; a typed request
(``--gpus-per-node=a100:4``) keeps its type (``gpu:a100:4``). Both the directives and the
srun line's own options are rewritten.
"""

from __future__ import annotations

import re

from maple_flow.errors import MapleError
from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.knowledge.policy import request_from_directives
from maple_flow.repair import patch_directives as pd
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.text import FixNotApplicable

#: The ``--gpus*`` options ``--gres=gpu:N`` replaces (``--gpus-per-task`` is per task: kept).
_GPU_OPTIONS = ("gpus-per-node", "gpus")
_COUNT = re.compile(r"^(?:(?P<type>[A-Za-z0-9_.-]+):)?(?P<count>\d+)$")


def _gres(option: str, value: str | None, nodes: int) -> str:
    """``gpu:[type:]N`` per node for ``--option=value`` on ``nodes`` nodes."""
    m = _COUNT.match(value or "")
    if m is None:
        raise FixNotApplicable(f"--{option}={value} is not a GPU count maple can rewrite")
    count = int(m.group("count"))
    if option == "gpus":
        if count % nodes:
            raise FixNotApplicable(f"--gpus={value} does not split evenly over {nodes} nodes; "
                                   "--gres counts GPUs per node")
        count //= nodes
    kind = f"{m.group('type')}:" if m.group("type") else ""
    return f"gpu:{kind}{count}"


def _srun_gpus(text: str, nodes: int) -> str:
    """The srun line's own ``--gpus*`` option rewritten as its ``--gres``."""
    try:
        options = pl.stage_options(text, "srun")
    except MapleError:
        return text
    own = [o for o in options if o.name.lstrip("-") in _GPU_OPTIONS]
    if not own:
        return text
    gres = _gres(own[-1].name.lstrip("-"), own[-1].value, nodes)
    for opt in own:
        text = pl.remove_launcher_arg(text, "srun", opt.name)
    return pl.set_launcher_arg(text, "srun", "--gres", gres)


def gres_gpus(text: str, scheduler: str) -> str:
    """``text`` with every ``--gpus``/``--gpus-per-node`` request (directives and the srun
    line) written as ``--gres=gpu:N``; FixNotApplicable when none is written."""
    if scheduler != "slurm":
        raise FixNotApplicable("--gres is a Slurm option; this script is not a Slurm job")
    ds = parse_directives(text, "slurm")
    nodes = request_from_directives(ds).nodes or 1
    new = text
    asked = [(o, last_value(ds, o)) for o in _GPU_OPTIONS if last_value(ds, o) is not None]
    if asked:
        gres = _gres(asked[0][0], asked[0][1], nodes)
        for option, _ in asked:
            new = pd.remove_directive(new, "slurm", option)
        new = pd.set_directive(new, "slurm", "gres", gres)
    new = _srun_gpus(new, nodes)
    if new == text:
        raise FixNotApplicable("the script asks no GPUs with --gpus or --gpus-per-node "
                               "(directives or the srun line)")
    return new


#: A GRES name that is Slurm's ``gpu`` misspelt: another case, a plural (``gpus:4``, ``GPU:2``).
_GPU_MISSPELT = re.compile(r"^(?:gpus|[Gg][Pp][Uu][Ss]?)$")


def _gpu_named(value: str) -> str:
    """``value`` (a ``--gres`` list) with each entry whose name misspells ``gpu`` renamed."""
    entries = []
    for entry in value.split(","):
        name, sep, rest = entry.partition(":")
        entries.append(f"gpu{sep}{rest}" if name != "gpu" and _GPU_MISSPELT.match(name)
                       else entry)
    return ",".join(entries)


def gres_gpu_name(text: str, scheduler: str) -> str:
    """``text`` with the GPU generic resource named ``gpu`` where the job's ``--gres``
    (directives and the srun line) misspells it (``gpus:4``, ``GPU:4``): Slurm's GRES name is
    the lower-case singular, and a submit filter or slurmctld refuses any other;
    FixNotApplicable when no request misspells it."""
    if scheduler != "slurm":
        raise FixNotApplicable("--gres is a Slurm option; this script is not a Slurm job")
    new = text
    value = last_value(parse_directives(text, "slurm"), "gres")
    if value and _gpu_named(value) != value:
        new = pd.set_directive(new, "slurm", "gres", _gpu_named(value))
    try:
        own = [o for o in pl.stage_options(new, "srun") if o.name == "--gres" and o.value]
    except MapleError:
        own = []
    if own and _gpu_named(own[-1].value or "") != own[-1].value:
        new = pl.set_launcher_arg(new, "srun", "--gres", _gpu_named(own[-1].value or ""))
    if new == text:
        raise FixNotApplicable("no --gres request of the job misspells the GPU resource 'gpu'")
    return new
