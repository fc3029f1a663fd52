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
    # one node too when the launcher starts the user's script itself (``srun bash run.sh``
    # on a whole-node partition): its GPUs are the partition's, never set to one
    least = 1 if wrapper_is_program(p) and p.directives else 2
    if f.gpus_per_node != 1 or not f.nodes or f.nodes < least or directive_size(p)["gpus"]:
        return ""
    script = p.launch.wrapper_script or p.launch.entrypoint
    line = p.launch_block.line if p.launch_block is not None else "?"
    return (f"line {line}: your script {script} is started once per node on {f.nodes} node(s) "
            "and the script does not say how many GPUs a node has: a script started once per "
            "node usually starts the node's workers itself (torchrun, deepspeed, mpirun inside "
            f"it), which the port cannot see or place on the target's nodes; port the launch "
            f"inside {script} (or put it in this script), or pass gpus_per_node=N (--gpus-per-node "
            f"N) for the GPUs a node gives it (it stays started once per node, as on the source; "
            "gpus_per_node=1 if each node runs one process on one GPU)")


def wrapper_node_gpus(p: ParsedScript, f: ScriptFacts, o: dict[str, Any]) -> int | None:
    """The GPUs you gave (gpus_per_node=N) to a script of yours that the source starts once
    per node with no GPU count (``srun bash run_ds.sh``, one task a node): it stays started
    once per node, with the N GPUs (it starts the node's workers itself), never once per GPU;
    None otherwise (your ranks=N, or nodes=, say the layout instead)."""
    given = o.get("gpus_per_node")
    if not given or int(given) < 2 or o.get("ranks") or f.gpus_per_process:
        return None
    size = directive_size(p)
    # started once a task, a task's GPUs as many as you gave a node: once a node too
    once_a_task = size["gpus_per_task"] == int(given) and not size["tpn"]
    if not (wrapper_is_program(p) or shell_script_program(p)) or not (
            f.gpus_per_node == 1 or once_a_task):
        return None
    return None if size["gpus"] else int(given)


def wrapper_task_gpus_refusal(p: ParsedScript, o: dict[str, Any]) -> str:
    """Why a script of yours that the launcher starts once per task, each task with several
    GPUs (``--gpus-per-task=4 --ntasks=2``, ``mpirun bash launch.sh``), on nodes the script
    does not fix, cannot be ported, or ``""``: it likely starts its own processes on the
    task's GPUs, which the port cannot see, and where its tasks ran is not in the script."""
    if not (wrapper_is_program(p) or shell_script_program(p)):
        return ""
    if any(o.get(k) for k in ("ranks", "nodes", "gpus_per_node")):
        return ""
    size = directive_size(p)
    per_task = size["gpus_per_task"]
    if not per_task or per_task < 2 or size["nodes"]:
        return ""
    script = p.launch.wrapper_script or p.launch.entrypoint
    launcher = p.launch.stages[0].name if p.launch.stages else "the job"
    line = p.launch_block.line if p.launch_block is not None else "?"
    tasks = f"{size['tasks']} task(s)" if size["tasks"] else "its tasks"
    return (f"line {line}: {launcher} starts your script {script} (the program: what it runs is "
            f"not in the job script) once a task, {tasks} of {per_task} GPUs each "
            f"(--gpus-per-task={per_task}), on nodes the script does not fix: it likely starts "
            f"its own processes on them (torchrun, deepspeed or mpirun inside it), which the port "
            f"cannot see; port the launch inside {script} (or put it in this script), or give "
            f"its nodes: nodes=N and gpus_per_node={per_task} (--nodes N --gpus-per-node "
            f"{per_task}) starts it once a node with its {per_task} GPUs, as on the source")


def wrapper_workers_refusal(p: ParsedScript, f: ScriptFacts, o: dict[str, Any]) -> str:
    """Why a user's wrapper script that is handed the program and several GPUs as one process
    (``bash scripts/train.sh main.py cfg.yaml`` on a 4-GPU node) cannot be ported, or ``""``:
    such a wrapper usually starts the node's workers itself (torchrun, deepspeed inside it),
    so the number of processes is the wrapper's, which the port cannot see."""
    script = p.launch.wrapper_script
    if not script or wrapper_is_program(p) or (f.gpus_per_process or 1) <= 1:
        return ""
    if any(o.get(k) for k in ("ranks", "nodes", "gpus_per_node")):
        return ""
    line = p.launch_block.line if p.launch_block is not None else "?"
    return (f"line {line}: your wrapper script {script} is handed the program "
            f"{p.launch.entrypoint} and {f.gpus_per_process} GPUs as one process: a wrapper "
            "usually starts the node's workers itself (torchrun, deepspeed or mpirun inside "
            "it), which the port cannot see; port the launch inside "
            f"{script} (or put it in this script), or pass ranks=<total processes> to say "
            "how many it starts")
