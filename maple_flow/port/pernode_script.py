"""A user shell script that the launcher starts once per node on several nodes, with no GPU
count for the nodes (``mpirun -np 8 --map-by ppr:1:node bash launch.sh``): such a script
usually starts the node's workers itself (torchrun, deepspeed inside it), which the port
cannot see, so it cannot place them on the target's nodes. Refused, naming the script."""

from __future__ import annotations

from typing import Any

from maple_flow.port.apply import shell_script_program, wrapper_is_program
from maple_flow.scriptparse import ParsedScript, ScriptFacts
from maple_flow.scriptparse.facts import directive_size


def per_node_script_refusal(p: ParsedScript, f: ScriptFacts, o: dict[str, Any]) -> str:
    """Why a shell-script program started once per node cannot be placed, or ``""``."""
    if not (wrapper_is_program(p) or shell_script_program(p)) or f.gpus_per_process:
        return ""
    if any(o.get(k) for k in ("ranks", "nodes", "gpus_per_node")):
        return ""
    if f.gpus_per_node != 1 or not f.nodes or f.nodes < 2 or directive_size(p)["gpus"]:
        return ""
    script = p.launch.wrapper_script or p.launch.entrypoint
    line = p.launch_block.line if p.launch_block is not None else "?"
    return (f"line {line}: your script {script} is started once per node on {f.nodes} nodes "
            "and the script does not say how many GPUs a node has: a script started once per "
            "node usually starts the node's workers itself (torchrun, deepspeed, mpirun inside "
            f"it), which the port cannot see or place on the target's nodes; port the launch "
            f"inside {script} (or put it in this script), or pass gpus_per_node=1 if each node "
            "runs one process on one GPU")
