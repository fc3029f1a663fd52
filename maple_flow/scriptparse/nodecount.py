"""The node count a site launcher around a per-node launcher fixes without a node directive
(``srun -N 8 --ntasks-per-node=1 torchrun ...``)."""

from __future__ import annotations

from maple_flow.scriptparse.launch import Stage
from maple_flow.scriptparse.values import to_int

_ONE_PER_NODE = ("--ntasks-per-node", "--ppn", "-ppn", "--npernode", "-npernode")


def outer_nodes(outer: Stage | None, vars_: dict[str, str]) -> int | None:
    """Nodes a site launcher starting one per-node launcher a node runs on: srun's ``-N``,
    or its task count when it starts one task a node (``-n 8 --ntasks-per-node=1``)."""
    if outer is None:
        return None
    nodes = to_int(outer.get("-N", "--nodes"), vars_) if outer.name == "srun" else None
    if nodes:
        return nodes
    one_a_node = to_int(outer.get(*_ONE_PER_NODE), vars_) == 1 or (
        (outer.get("--map-by", "-map-by") or "").startswith("ppr:1:node"))
    return to_int(outer.get("-n", "-np", "--np", "--ntasks"), vars_) if one_a_node else None

