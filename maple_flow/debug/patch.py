"""Apply a typed Fix to a launch script: pure, deterministic, idempotent, values quoted."""

from __future__ import annotations

import difflib
import re

from maple_flow.debug import ops as o
from maple_flow.debug import patch_directives as pd
from maple_flow.debug import patch_env as pe
from maple_flow.debug import patch_launch as pl
from maple_flow.debug.layout import scheduler_of
from maple_flow.debug.models import Fix
from maple_flow.debug.text import FixNotApplicable
from maple_flow.errors import MapleError
from maple_flow.models import ClusterProfile
from maple_flow.scriptparse import parse_script

BACKEND_ENV = "MAPLE_MINIAPP_BACKEND"


def _set_queue(text: str, op: o.SetQueue, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    queue = profile.queues.get(op.name)
    if queue is None:
        names = ", ".join(q.name for q in profile.queues.items)
        raise FixNotApplicable(f"{profile.name} has no queue {op.name!r}; it has {names}")
    if scheduler == "pbs":
        return pd.set_directive(text, "pbs", "queue", op.name)
    option = "qos" if queue.kind == "qos" else "partition"
    text = pd.set_directive(text, "slurm", option, op.name)
    if option == "qos" and profile.queues.partition:
        text = pd.set_directive(text, "slurm", "partition", profile.queues.partition)
    return text


def _set_walltime(text: str, op: o.SetWalltime, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    return pd.set_directive(text, scheduler, "time" if scheduler == "slurm" else "walltime",
                            op.walltime)


def _literal_int(text: str, name: str) -> int | None:
    m = re.search(rf"^\s*(?:export\s+)?{name}=(\d+)\s*$", text, re.M)
    return int(m.group(1)) if m else None


def _set_literal(text: str, name: str, value: int) -> str:
    pattern = re.compile(rf"^(\s*(?:export\s+)?{name}=)\d+(\s*)$", re.M)
    return pattern.sub(lambda m: f"{m.group(1)}{value}{m.group(2)}", text)


def _update_ranks(text: str) -> str:
    nodes, per_node = _literal_int(text, "NNODES"), _literal_int(text, "GPUS_PER_NODE")
    if nodes is not None and per_node is not None and _literal_int(text, "NRANKS") is not None:
        text = _set_literal(text, "NRANKS", nodes * per_node)
    return text


def _replace_count(value: str, old: int, new: int) -> str:
    """'a100:4' -> 'a100:8'; the last number field when it equals ``old``."""
    fields = value.split(":")
    if fields[-1].isdigit() and int(fields[-1]) == old:
        fields[-1] = str(new)
    return ":".join(fields)


def _set_nodes(text: str, op: o.SetNodes, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    old = _literal_int(text, "NNODES")
    per_node = _literal_int(text, "GPUS_PER_NODE")
    if scheduler == "pbs":
        select = pd.directive_value(text, "pbs", "select")
        if select is None:
            raise FixNotApplicable("the script has no -l select directive")
        rest = re.sub(r"^\d+", "", select)
        text = pd.set_directive(text, "pbs", "select", f"{op.nodes}{rest}")
    else:
        tasks = pd.directive_value(text, "slurm", "ntasks")
        text = pd.set_directive(text, "slurm", "nodes", str(op.nodes))
        if tasks is not None and tasks.isdigit() and old is not None:
            if int(tasks) == old:
                text = pd.set_directive(text, "slurm", "ntasks", str(op.nodes))
            elif per_node and int(tasks) == old * per_node:
                text = pd.set_directive(text, "slurm", "ntasks", str(op.nodes * per_node))
        gpus = pd.directive_value(text, "slurm", "gpus")
        if gpus is not None and old is not None and per_node is not None:
            text = pd.set_directive(text, "slurm", "gpus",
                                    _replace_count(gpus, old * per_node, op.nodes * per_node))
    if old is not None:
        text = _update_ranks(_set_literal(text, "NNODES", op.nodes))
    return text


def _set_gpus_per_node(text: str, op: o.SetGpusPerNode, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    old = _literal_int(text, "GPUS_PER_NODE")
    if old is None:
        raise FixNotApplicable("the script has no GPUS_PER_NODE=<number> line")
    new = op.gpus_per_node
    if scheduler == "slurm":
        for option in ("gpus-per-node", "gres"):
            value = pd.directive_value(text, "slurm", option)
            if value is not None:
                text = pd.set_directive(text, "slurm", option, _replace_count(value, old, new))
        nodes = _literal_int(text, "NNODES")
        value = pd.directive_value(text, "slurm", "gpus")
        if value is not None and nodes is not None:
            text = pd.set_directive(text, "slurm", "gpus",
                                    _replace_count(value, old * nodes, new * nodes))
    else:
        select = pd.directive_value(text, "pbs", "select")
        if select is not None and "ngpus=" in select:
            text = pd.set_directive(text, "pbs", "select",
                                    re.sub(r"ngpus=\d+", f"ngpus={new}", select))
    return _update_ranks(_set_literal(text, "GPUS_PER_NODE", new))


def _set_backend(text: str, op: o.SetBackend) -> str:
    entry = parse_script(text).launch.entrypoint
    name = pl.backend_argument(text, entry) if entry else None
    if name is not None:
        text = pl.add_argument(text, entry, name, op.backend)
    return pe.export_env(text, BACKEND_ENV, op.backend)


def _propagate(text: str, op: o.PropagateEnv) -> str:
    if op.launcher == "srun":
        return pl.set_launcher_arg(text, "srun", "--export", "ALL")
    if op.launcher == "mpiexec":
        return pl.set_launcher_arg(text, "mpiexec", "--envall", None)
    if op.launcher == "mpirun":
        if not op.names:
            raise FixNotApplicable("mpirun passes variables one by one: name them (-x NAME)")
        for name in op.names:
            text = pl.add_env_name(text, name)
        return text
    raise FixNotApplicable("ibrun passes the job's environment itself; nothing to add")


def _master_addr(text: str, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    text = pe.set_master_addr(text, scheduler, profile.node.domain)
    return pl.point_at_master_addr(text)


def _add_argument(text: str, op: o.AddArgument) -> str:
    entry = parse_script(text).launch.entrypoint
    if not entry:
        raise FixNotApplicable("the launch line starts no program to give an argument to")
    return pl.add_argument(text, entry, op.name, op.value)


def apply_op(text: str, op: o.FixOp, profile: ClusterProfile) -> str:
    """``text`` with one operation applied."""
    if isinstance(op, o.AddModule):
        return pe.add_module(text, op.name, op.first)
    if isinstance(op, o.RemoveModule):
        return pe.remove_module(text, op.name)
    if isinstance(op, o.SwapModule):
        return pe.swap_module(text, op.old, op.new)
    if isinstance(op, o.ExportEnv):
        return pe.export_env(text, op.name, op.value)
    if isinstance(op, o.UnsetEnv):
        return pe.unset_env(text, op.name)
    if isinstance(op, o.PropagateEnv):
        return _propagate(text, op)
    if isinstance(op, o.SetDirective):
        return pd.set_directive(text, scheduler_of(text, profile.scheduler), op.option, op.value)
    if isinstance(op, o.RemoveDirective):
        return pd.remove_directive(text, scheduler_of(text, profile.scheduler), op.option)
    if isinstance(op, o.SetLauncherArg):
        return pl.set_launcher_arg(text, op.launcher, op.name, op.value)
    if isinstance(op, o.RemoveLauncherArg):
        return pl.remove_launcher_arg(text, op.launcher, op.name)
    if isinstance(op, o.SetBackend):
        return _set_backend(text, op)
    if isinstance(op, o.SetQueue):
        return _set_queue(text, op, profile)
    if isinstance(op, o.SetWalltime):
        return _set_walltime(text, op, profile)
    if isinstance(op, o.SetNodes):
        return _set_nodes(text, op, profile)
    if isinstance(op, o.SetGpusPerNode):
        return _set_gpus_per_node(text, op, profile)
    if isinstance(op, o.AddArgument):
        return _add_argument(text, op)
    if isinstance(op, o.SetShell):
        return pe.set_shell(text, op.login)
    return _master_addr(text, profile)


def apply_fix(script: str, fix: Fix, profile: ClusterProfile) -> str:
    """``script`` with every operation of ``fix`` applied, in order.

    Pure and deterministic; applying the same fix twice gives the same script as once.
    Raises FixNotApplicable (a MapleError) when an operation cannot apply or the result
    no longer parses as a launch script.
    """
    text = script
    for op in fix.ops:
        try:
            text = apply_op(text, op, profile)
        except FixNotApplicable:
            raise
        except MapleError as exc:
            raise FixNotApplicable(f"{op.op}: {exc}") from exc
    text = drop_orphaned_assignments(script, text)
    try:
        parse_script(text)
    except MapleError as exc:
        raise FixNotApplicable(f"the patched script no longer parses: {exc}") from exc
    return text


_BARE_ASSIGNMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=\S*$")


def _uses(text: str, name: str, skip: int) -> int:
    word = re.compile(rf"\b{name}\b")
    return sum(bool(word.search(line)) for i, line in enumerate(text.split("\n"))
               if i != skip and not line.lstrip().startswith("#"))


def drop_orphaned_assignments(before: str, after: str) -> str:
    """Remove ``NAME=...`` lines whose only use a fix removed (e.g. JOB_NUM once MASTER_PORT
    no longer derives from it), so the patched script stays shellcheck-clean."""
    parts = after.split("\n")
    for index in range(len(parts) - 1, -1, -1):
        m = _BARE_ASSIGNMENT.match(parts[index])
        if m and not _uses(after, m.group(1), index):
            old = next((i for i, line in enumerate(before.split("\n")) if line == parts[index]),
                       None)
            if old is not None and _uses(before, m.group(1), old):
                del parts[index]
                after = "\n".join(parts)
    return after


def script_diff(a: str, b: str, before: str = "before", after: str = "after") -> str:
    """A unified diff of two scripts ('' when they are equal)."""
    return "".join(difflib.unified_diff(
        a.splitlines(keepends=True), b.splitlines(keepends=True), before, after,
    ))
