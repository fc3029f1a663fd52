"""``{task_shape:...}``: a uniform per-node shape for a Slurm job whose GPUs are not asked per
node (s35rl34).

A job that asks GPUs per task (``--gpus-per-task``: each task sees only its own card, so
``set_device(local_rank)`` and NCCL's intra-node transports reach cards that are not there), or
a job total (``--gpus=8``) with a task total over a node range (``--nodes=1-8 --ntasks=8``:
Slurm spreads tasks by CPUs and cards by availability, so a node can get more tasks than cards)
is given the same tasks and GPUs on every node: N nodes x k tasks x k*g GPUs, where g is the
GPUs per task and k the most tasks a node's GPUs hold that divides the task total. The values
come from the script's own counts and the site's GPUs per node; anything else (GPUs already
asked per node, a job total with a fixed node count, counts that do not divide) is
TaskShapeUnresolved: the shape is then not what failed, or not the tool's to choose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.knowledge.directives import Directive, last_value, parse_directives
from maple_flow.models import ClusterProfile
from maple_flow.repair.unresolved import Unresolved

_NUMBER = re.compile(r"(\d+)$")
_RANGE = re.compile(r"^\s*\d+\s*-\s*\d+\s*$")


class TaskShapeUnresolved(Unresolved):
    """The job's GPU request is per node already, or gives no uniform shape."""


@dataclass(frozen=True)
class TaskShape:
    """Nodes, tasks per node and GPUs per node of the uniform shape; what the script lacks."""

    nodes: int
    per_node: int
    gpus: int
    set_nodes: bool  # the script's node count is a range or absent
    set_per_node: bool  # the script asks a task total, no tasks per node
    job_total: bool  # the script asks its GPUs as a job total (--gpus=N)


def _count(value: str | None) -> int | None:
    """The count of a GPU or task value (``4``, ``v100-32:8``, ``gpu:a100:2``)."""
    found = _NUMBER.search((value or "").strip())
    return int(found.group(1)) if found else None


def _per_task(ds: list[Directive], tasks: int) -> tuple[int, bool]:
    """(GPUs per task, asked as a job total) of the script's request."""
    per_task = _count(last_value(ds, "gpus-per-task"))
    if per_task:
        return per_task, False
    total = _count(last_value(ds, "gpus"))
    if not total or total % tasks:
        raise TaskShapeUnresolved("the script asks no GPUs per task nor a job total that "
                                  "divides over its tasks")
    return total // tasks, True


def _tasks_on(nodes: int, per_node_gpus: int, tasks: int, gpus: int) -> int:
    """The most tasks a node holds (k*gpus <= the node's GPUs) that divides ``tasks``."""
    fits = [k for k in range(1, tasks + 1) if tasks % k == 0 and k * gpus <= per_node_gpus]
    if not fits or (nodes and tasks % nodes):
        raise TaskShapeUnresolved("the task total does not divide into whole nodes")
    return tasks // nodes if nodes else max(fits)


def task_shape(script: str, profile: ClusterProfile) -> TaskShape:
    """The uniform shape of ``script``'s job on ``profile``'s nodes (module docstring)."""
    if profile.scheduler != "slurm":
        raise TaskShapeUnresolved(f"{profile.name} is not a Slurm site")
    ds = parse_directives(script, "slurm")
    gres = last_value(ds, "gres") or ""
    if last_value(ds, "gpus-per-node") or gres.startswith("gpu"):
        raise TaskShapeUnresolved("the script asks its GPUs per node already")
    nodes_value = last_value(ds, "nodes")
    ranged = nodes_value is None or bool(_RANGE.match(nodes_value))
    fixed = None if ranged else _count(nodes_value)
    asked_per_node = _count(last_value(ds, "ntasks-per-node"))
    total = _count(last_value(ds, "ntasks")) or (
        asked_per_node * fixed if asked_per_node and fixed else None)
    if not total:
        raise TaskShapeUnresolved("the script says no task count")
    gpus, job_total = _per_task(ds, total)
    if job_total and not ranged:
        raise TaskShapeUnresolved("a job total of GPUs on a fixed node count: Slurm places it")
    node_gpus = profile.gpu.per_node
    per_node = asked_per_node or _tasks_on(fixed or 0, node_gpus, total, gpus)
    if per_node * gpus > node_gpus or total % per_node:
        raise TaskShapeUnresolved("the tasks per node need more GPUs than a node has")
    return TaskShape(nodes=fixed or total // per_node, per_node=per_node,
                     gpus=per_node * gpus, set_nodes=ranged,
                     set_per_node=not asked_per_node, job_total=job_total)


def shape_value(shape: TaskShape, arg: str) -> str:
    """The value of ``{task_shape:ARG}``: ``nodes`` / ``per_node`` (only where the script
    lacks them), ``gpus`` (GPUs per node), ``total_option`` (``gpus``, only for a job total
    the per-node request replaces)."""
    if arg == "gpus":
        return str(shape.gpus)
    if arg == "nodes" and shape.set_nodes:
        return str(shape.nodes)
    if arg == "per_node" and shape.set_per_node:
        return str(shape.per_node)
    if arg == "total_option" and shape.job_total:
        return "gpus"
    raise TaskShapeUnresolved(f"the script needs no change of its {arg}")
