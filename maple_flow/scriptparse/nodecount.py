"""The node count a site launcher around a per-node launcher fixes without a node directive
(``srun -N 8 --ntasks-per-node=1 torchrun ...``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from maple_flow.scriptparse.launch import Stage
from maple_flow.scriptparse.values import to_int

#: Launch stages and the options by which they span nodes (``torchrun --nnodes 2``).
NODE_SPANS: dict[str, tuple[str, ...]] = {
    "torchrun": ("--nnodes",), "srun": ("-N", "--nodes"),
    "deepspeed": ("--num_nodes", "--num-nodes"), "accelerate": ("--num_machines",)}

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



def stage_node_counts(stages: Sequence[Stage], vars_: dict[str, str],
                      spans: Mapping[str, tuple[str, ...]] = NODE_SPANS) -> list[int | None]:
    """The node count each of ``stages`` names with its spanning option (``spans``), in order;
    None where that value is no number the script gives (``--nnodes 1:4`` counts its maximum)."""
    return [to_int(str(stage.get(*names)).split(":")[-1], vars_) for stage in stages
            if (names := spans.get(stage.name)) and stage.has(*names)]
