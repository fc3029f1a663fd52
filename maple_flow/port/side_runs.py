"""Several programs a job starts side by side on its node: runs in the background (``&``),
its main launch among them, then ``wait`` (two ``singularity exec --nv IMG python train.py
... &`` with other names and seeds; ``python a.py & python b.py &``). None is pinned to a GPU,
so each sees all the node's GPUs: the job's GPU count is the node's they share, not GPUs one
process drives. A target whose node has fewer GPUs cannot hold them side by side as the source
did: the refusal says so and how to port them (each run a job of its own)."""

from __future__ import annotations

from maple_flow.models import ClusterProfile
from maple_flow.scriptparse.launch import CONTAINER_RUNTIMES
from maple_flow.scriptparse.script import ParsedScript
from maple_flow.scriptparse.shell import BACKGROUND_END, ShellCommand
from maple_flow.scriptparse.steps import container_inner, runs_python_program

#: Commands in front of a program that start it once, as itself.
_IN_FRONT = frozenset({"nohup", "time", "exec", "stdbuf"})


def _runs_program(cmd: ShellCommand) -> bool:
    """``cmd`` starts a Python program, in the background, with no launcher: plainly or in a
    container (``python x.py &``, ``apptainer exec --nv IMG python -m pkg &``)."""
    words = list(cmd.words)
    while words and words[0] in _IN_FRONT:
        words = words[1:]
    if not words or not BACKGROUND_END.search(cmd.text):
        return False
    if words[0] in CONTAINER_RUNTIMES:
        return runs_python_program(container_inner(words))
    return runs_python_program(words)


def side_runs(p: ParsedScript) -> str:
    """Where the job starts programs side by side (``lines 18, 23``): its main launch runs in
    the background, not in a loop, and top-level lines before it start other programs in
    the background too; "" when it does not."""
    if (not p.launch_tail.strip().endswith("&") or p.launch_loop is not None
            or p.per_node_loop is not None or p.launch_block is None):
        return ""
    others = [b.commands[0].line for b in p.before
              if len(b.commands) == 1 and _runs_program(b.commands[0])]
    if not others:
        return ""
    return "lines " + ", ".join(str(n) for n in [*others, p.launch_block.line])


def side_runs_refusal(where: str, gpus: int, profile: ClusterProfile) -> str:
    """Why programs the source runs side by side on one node of ``gpus`` GPUs, none pinned,
    are not ported to a target node with fewer."""
    count = len(where.split(","))
    return (f"the job runs {count} programs side by side on one node ({where}, in the "
            f"background), none pinned to a GPU, so they share the node's {gpus} "
            f"GPUs; a {profile.name} node has {profile.gpu.per_node}, and runs started in the "
            "background of one job script stay on its one node: make each run a job of its "
            f"own (a script with that one run, on one {profile.name} node) and port each")
