"""Edits of how many ranks run on each node, found through scriptparse in any script.

A per-node count lives in the GPU directives (``--gpus-per-node``, ``--gres=gpu:``, typed
``--gpus=v100-32:16``, PBS ``ngpus=``), in options of the launch line (torchrun
``--nproc_per_node``, deepspeed ``--num_gpus``, mpiexec ``--ppn``, a per-rank srun's
``--ntasks-per-node``), or in the variable such an option reads (``NRANKS_PER_NODE=8``);
never only in maple_flow's own ``GPUS_PER_NODE``. A site launcher that starts a per-node
launcher (``srun torchrun``) must start one of it per node.
"""

from __future__ import annotations

import re

from maple_flow.errors import MapleError
from maple_flow.repair import patch_directives as pd
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.parsed import parse_or_refuse
from maple_flow.repair.text import FixNotApplicable
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.facts import directive_size, job_size
from maple_flow.scriptparse.launch import PER_NODE_LAUNCHERS, Stage
from maple_flow.scriptparse.script import ParsedScript
from maple_flow.scriptparse.spellings import spellings
from maple_flow.scriptparse.values import to_int

#: Per-node rank options of each stage (first spelling is the one written when adding).
PER_NODE_OPTIONS: dict[str, tuple[str, ...]] = {
    "torchrun": ("--nproc_per_node", "--nproc-per-node"),
    "deepspeed": ("--num_gpus", "--num-gpus"),
    "mpiexec": ("--ppn", "-ppn", "--npernode", "-npernode"),
    "mpirun": ("--npernode", "-npernode", "--ppn", "-ppn"),
    "srun": ("--ntasks-per-node",),
}
#: Total-rank options of the per-rank launchers.
TOTAL_OPTIONS: dict[str, tuple[str, ...]] = {
    "mpiexec": ("-n", "-np", "--np"), "mpirun": ("-n", "-np", "--np"),
    "srun": ("-n", "--ntasks"),
}
_WHOLE_VAR = re.compile(r"^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$")


def set_literal(text: str, name: str, value: int) -> str:
    """Every ``NAME=<digits>`` (or ``export NAME=<digits>``) line set to ``value``."""
    pattern = re.compile(rf"^(\s*(?:export\s+)?{re.escape(name)}=)([\"']?)\d+\2(\s*(?:#.*)?)$",
                         re.M)
    return pattern.sub(lambda m: f"{m.group(1)}{m.group(2)}{value}{m.group(2)}{m.group(3)}",
                       text)


def literal_int(text: str, name: str) -> int | None:
    m = re.search(rf"^\s*(?:export\s+)?{re.escape(name)}=([\"']?)(\d+)\1\s*(?:#.*)?$", text,
                  re.M)
    return int(m.group(2)) if m else None


def _per_rank_stage(p: ParsedScript, stage: Stage) -> bool:
    """Whether ``stage`` starts one process per rank (no per-node launcher after it)."""
    names = [s.name for s in p.launch.stages]
    after = names[names.index(stage.name) + 1:] if stage.name in names else []
    return not any(n in PER_NODE_LAUNCHERS for n in after)


def set_count(text: str, stage: str, name: str, value: str) -> str:
    """Set a count option of ``stage`` to ``value`` (digits): where it reads one variable
    with a literal value, that variable's assignment is set instead."""
    found = _raw_option(text, stage, (name,))
    if found is None or not value.isdigit():
        return pl.set_launcher_arg(text, stage, name, value)
    changed = _set_count(text, stage, name, found[1], int(value))
    return changed if changed != text else pl.set_launcher_arg(text, stage, name, value)


def _set_count(text: str, stage: str, name: str, value: str, new: int) -> str:
    """Set the count ``value`` of option ``name``: the literal itself, or the
    ``VAR=<digits>`` line of the one variable it reads."""
    if value.strip("\"'").isdigit():
        return pl.set_launcher_arg(text, stage, name, str(new))
    m = _WHOLE_VAR.match(value.strip("\"'"))
    if m and literal_int(text, m.group(1)) is not None:
        return set_literal(text, m.group(1), new)
    return text


def _raw_option(text: str, stage: str, names: tuple[str, ...]) -> tuple[str, str] | None:
    """(name, value as written, variables unexpanded) of the last of ``names`` of
    ``stage`` on the launch line (or in its bash -c body)."""
    try:
        options = pl.stage_options(text, stage)
    except FixNotApplicable:
        return None
    hits = [o for o in options if o.name in names and o.value is not None]
    return (hits[-1].name, str(hits[-1].value)) if hits else None


def _stage_counts(text: str, new: int) -> str:
    """The per-node counts of the launch line's stages set to ``new``."""
    p = parse_or_refuse(text)
    for stage in p.launch.stages:
        if stage.name == "srun" and not _per_rank_stage(p, stage):
            continue
        found = _raw_option(text, stage.name, PER_NODE_OPTIONS.get(stage.name, ()))
        if found is not None:
            text = _set_count(text, stage.name, found[0], found[1], new)
    return text


def _stage_totals(text: str, before: ParsedScript, nodes: int | None, old: int | None,
                  new: int) -> str:
    """Literal total-rank counts of per-rank launchers that were ``nodes * old``."""
    if nodes is None or old is None:
        return text
    for stage in before.launch.stages:
        if not _per_rank_stage(before, stage):
            continue
        value = stage.get(*TOTAL_OPTIONS.get(stage.name, ()))
        found = _raw_option(text, stage.name, TOTAL_OPTIONS.get(stage.name, ()))
        if found is not None and to_int(value, {**before.variables, **before.env}) \
                == nodes * old:
            text = _set_count(text, stage.name, found[0], found[1], nodes * new)
    return text


def several_launchers_per_node(p: ParsedScript) -> bool:
    """Whether srun starts a per-node launcher (torchrun, deepspeed, accelerate) as more than
    one task per node: its own ``--ntasks-per-node``, a task count above its node count, or
    the directives' when the srun line says nothing."""
    names = [s.name for s in p.launch.stages]
    if "srun" not in names or not any(n in PER_NODE_LAUNCHERS for n in names):
        return False
    srun = p.launch.stages[names.index("srun")]
    size = directive_size(p)
    known = {**p.variables, **p.env}
    tpn = to_int(srun.get("--ntasks-per-node"), known) or size["tpn"]
    tasks = to_int(srun.get("-n", "--ntasks"), known) or size["tasks"]
    nodes = to_int(srun.get("-N", "--nodes"), known) or size["nodes"]
    return (tpn is not None and tpn > 1) or (tasks is not None and nodes is not None
                                              and tasks > nodes)


def one_launcher_per_node(text: str) -> str:
    """``srun torchrun`` (or deepspeed, accelerate) with more than one task per node: one
    task per node, so that each node runs one per-node launcher."""
    if not several_launchers_per_node(parse_or_refuse(text)):
        return text
    text = pl.set_launcher_arg(text, "srun", "--ntasks-per-node", "1")
    text = pl.remove_launcher_arg(text, "srun", "-n")
    return pl.set_launcher_arg(text, "srun", "--ntasks", "${SLURM_JOB_NUM_NODES}")


def _per_task_directives(text: str, new: int) -> str:
    """GPUs given per task (``--gpus-per-task=1`` with ``--ntasks-per-node=4``): one task
    per node gets ``new`` GPUs itself; else the tasks per node (and a total task count) are
    set so that they hold ``new`` GPUs."""
    size = directive_size(parse_or_refuse(text))
    per_task, tpn, tasks = size["gpus_per_task"], size["tpn"], size["tasks"]
    value = pd.directive_value(text, "slurm", "gpus-per-task")
    if per_task is None or value is None or size["gpus"] == new:
        return text
    if tpn == 1:
        return pd.set_directive(text, "slurm", "gpus-per-task", replace_count(value, new))
    if tpn is None or new % per_task:
        return text
    text = pd.set_directive(text, "slurm", "ntasks-per-node", str(new // per_task))
    if tasks is not None and tasks % tpn == 0:
        text = pd.set_directive(text, "slurm", "ntasks", str(tasks // tpn * (new // per_task)))
    return text


def _slurm_gpu_directives(text: str, new: int, nodes: int | None) -> str:
    text = _per_task_directives(text, new)
    for option in ("gpus-per-node", "gres"):
        value = pd.directive_value(text, "slurm", option)
        if value is not None and (option != "gres" or "gpu" in value):
            text = pd.set_directive(text, "slurm", option, replace_count(value, new))
    value = pd.directive_value(text, "slurm", "gpus")
    if value is not None and nodes is not None:
        text = pd.set_directive(text, "slurm", "gpus", replace_count(value, new * nodes))
    return text


def replace_count(value: str, new: int) -> str:
    """'a100:4' -> 'a100:8', 'gpu:v100-32:8' -> 'gpu:v100-32:4': the last number field."""
    head, _, rest = value.partition(",")
    fields = head.split(":")
    if fields[-1].isdigit():
        fields[-1] = str(new)
    return ":".join(fields) + (f",{rest}" if rest else "")


def _srun_gres(text: str, new: int) -> str:
    """A GPU ``--gres`` / ``--gpus-per-node`` on the srun line, set to ``new`` per node."""
    p = parse_or_refuse(text)
    srun = next((s for s in p.launch.stages if s.name == "srun"), None)
    if srun is None:
        return text
    for name in ("--gres", "--gpus-per-node"):
        value = srun.get(name)
        if value is not None and (name != "--gres" or "gpu" in value):
            text = pl.set_launcher_arg(text, "srun", name, replace_count(value, new))
    return text


def fit_cores(text: str, node_cpus: int) -> str:
    """Cores per task lowered so that the tasks of a node fit its ``node_cpus`` (directive
    and srun option): "Requested node configuration is not available" or "CPU count per
    node can not be satisfied" may be the cores, not the GPUs."""
    p = parse_or_refuse(text)
    size = directive_size(p)
    tpn = size["tpn"] or 1
    per_task = to_int(p.directive("cpus-per-task"), {})
    if per_task is not None and per_task * tpn > node_cpus:
        text = pd.set_directive(text, "slurm", "cpus-per-task", str(max(1, node_cpus // tpn)))
    found = _raw_option(text, "srun", ("--cpus-per-task", "-c"))
    srun = next((s for s in p.launch.stages if s.name == "srun"), None)
    if found is not None and srun is not None:
        known = {**p.variables, **p.env}
        tasks = to_int(srun.get("--ntasks-per-node"), known) or tpn
        value = to_int(found[1], known)
        if value is not None and value * tasks > node_cpus:
            text = _set_count(text, "srun", found[0], found[1], max(1, node_cpus // tasks))
    return text


def set_ranks_per_node(text: str, scheduler: str, new: int, node_cpus: int = 0) -> str:
    """``new`` ranks (GPUs) per node wherever the script says how many a node gets (and,
    given ``node_cpus``, cores per task that fit a node)."""
    before = parse_or_refuse(text)
    size = directive_size(before)
    old = size["gpus"]
    if scheduler == "slurm":
        text = _slurm_gpu_directives(text, new, size["nodes"])
        text = _srun_gres(text, new)
        text = fit_cores(text, node_cpus) if node_cpus else text
    per_node_before = _launch_per_node(before)
    if scheduler != "slurm":
        text = _pbs_select_counts(text, new, per_node_before or old)
    text = one_launcher_per_node(text)
    text = _stage_counts(text, new)
    text = _stage_totals(text, before, size["nodes"], per_node_before or old, new)
    if literal_int(text, "GPUS_PER_NODE") is not None:
        text = set_literal(text, "GPUS_PER_NODE", new)
    return text


def _pbs_select_counts(text: str, new: int, old: int | None) -> str:
    """A PBS select chunk's per-node counts: ``ngpus=``, and ``mpiprocs=`` (the ranks mpiexec
    starts on a node) where it was the old count of ranks a node."""
    select = pd.directive_value(text, "pbs", "select")
    if select is None:
        return text
    value = re.sub(r"ngpus=\d+", f"ngpus={new}", select)
    if old is not None:
        value = re.sub(rf"mpiprocs={old}\b", f"mpiprocs={new}", value)
    return text if value == select else pd.set_directive(text, "pbs", "select", value)


def _launch_per_node(p: ParsedScript) -> int | None:
    known = {**p.variables, **p.env}
    for stage in p.launch.stages:
        for name in PER_NODE_OPTIONS.get(stage.name, ()):
            value = to_int(stage.get(name), known)
            if value is not None:
                return value
    return None


def says_per_node(text: str) -> bool:
    """Whether the script states a per-node GPU or rank count anywhere."""
    p = parse_or_refuse(text)
    return (directive_size(p)["gpus"] is not None or _launch_per_node(p) is not None
            or literal_int(text, "GPUS_PER_NODE") is not None)


#: srun task options a step inherits from the job's directive when its own line has none.
SRUN_INHERITED: dict[str, str] = {"--ntasks-per-node": "ntasks-per-node", "--ntasks": "ntasks"}


def set_srun_inherited(text: str, name: str, value: str) -> str | None:
    """srun's task option ``name`` set where the step reads it, when that is the directive:
    the srun line carries no spelling of it and an ``#SBATCH`` line does. None otherwise (the
    option is then the srun line's own)."""
    names = spellings("srun", name)
    option = next((SRUN_INHERITED[n] for n in names if n in SRUN_INHERITED), None)
    if option is None:
        return None
    try:
        options = pl.stage_options(text, "srun")
    except FixNotApplicable:
        return None
    if any(o.name in names for o in options) or pd.directive_value(text, "slurm", option) is None:
        return None
    return pd.set_directive(text, "slurm", option, value)


#: Node-count options of each stage.
NODE_OPTIONS: dict[str, tuple[str, ...]] = {
    "torchrun": ("--nnodes",), "deepspeed": ("--num_nodes", "--num-nodes"),
    "accelerate": ("--num_machines", "--num-machines"), "srun": ("-N", "--nodes"),
    "ibrun": (), "mpiexec": (), "mpirun": (),
}


def set_launch_nodes(text: str, old: int | None, new: int) -> str:
    """The launch line's node counts (``torchrun --nnodes``, ``srun -N``, accelerate's
    ``--num_machines``...) set to ``new``, at the user variable they read where they read one;
    per-rank launchers' literal totals that were ``old`` nodes' worth set to ``new`` nodes'.
    A script with no Python launch line (``srun -N 2 hostname``, a compiled program) keeps its
    launch lines: scriptparse models none of them, and the job's directives carry the count."""
    try:
        before = parse_script(text)
    except MapleError:
        return text
    _, per_node = job_size(before)
    for stage in before.launch.stages:
        found = _raw_option(text, stage.name, NODE_OPTIONS.get(stage.name, ()))
        if found is not None and found[1].strip("\"'") != str(new):
            text = _set_count(text, stage.name, found[0], found[1], new)
    if old is None or per_node is None or old == new:
        return text
    known = {**before.variables, **before.env}
    for stage in before.launch.stages:
        if not _per_rank_stage(before, stage):
            continue
        found = _raw_option(text, stage.name, TOTAL_OPTIONS.get(stage.name, ()))
        if found is not None and to_int(stage.get(*TOTAL_OPTIONS.get(stage.name, ())),
                                        known) == old * per_node:
            text = _set_count(text, stage.name, found[0], found[1], new * per_node)
    return text


def typed_gpus(text: str, gpu_type: str, per_node: int) -> str:
    """At a site that takes typed GPU requests only (Bridges-2: ``--gpus=v100-32:16``), an
    untyped per-node request (``--gpus-per-node=8``, ``--gres=gpu:8``, ``--gpus=16``) written
    in the site's form for ``per_node`` GPUs on each of the job's nodes."""
    size = directive_size(parse_or_refuse(text))
    untyped = []
    for option in ("gpus-per-node", "gres", "gpus"):
        value = pd.directive_value(text, "slurm", option)
        if value is not None and gpu_type not in value and (option != "gres" or "gpu" in value):
            untyped.append(option)
    if not untyped or size["nodes"] is None:
        return text
    for option in untyped:
        text = pd.remove_directive(text, "slurm", option)
    return pd.set_directive(text, "slurm", "gpus", f"{gpu_type}:{size['nodes'] * per_node}")
