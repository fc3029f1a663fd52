"""One process driving several GPUs (``--gpus-per-task=8``, ``--gpus=4`` with one task, a
plain ``python train.py`` on a GPU node): the port keeps it one process per node with the same
GPUs, instead of one rank per GPU or a single GPU."""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.port.side_runs import side_runs_refusal
from maple_flow.port.stages import launch_section
from maple_flow.port.topology import gpu_id_args, topology_args
from maple_flow.scriptparse import ScriptFacts
from maple_flow.scriptparse.launch import launcher_pattern

_SITE_LAUNCH = re.compile(rf"^(?:srun|{launcher_pattern('mpiexec', 'mpirun')}|ibrun|aprun)\b")
#: A per-rank launch's counts, and the same for one process per node.
_PER_RANK_COUNTS = (
    (re.compile(r'(-n|-np|--ntasks=)\s?"\$NRANKS"'), r'\1 "$NNODES"'),
    (re.compile(r'(--ntasks-per-node=|--ppn )"\$GPUS_PER_NODE"'), r"\g<1>1"),
    (re.compile(r"ppr:\d+:node"), "ppr:1:node"),
)
_SIZE_COMMENT = re.compile(r"(\d+) node\(s\) x (\d+) GPU\(s\) = \d+ ranks")
_RANK_COUNT = re.compile(r"^NRANKS=\d+$", re.M)
_NO_PYTHON = re.compile(r"^--no[-_]python\s+")


def one_process_size(f: ScriptFacts, profile: ClusterProfile) -> tuple[int, int, str]:
    """(nodes, GPUs per node, refusal or "") of a job whose processes each drive
    ``f.gpus_per_process`` GPUs, one process per node."""
    gpus = f.gpus_per_process or 1
    nodes = f.nodes or 1
    if gpus > profile.gpu.per_node and f.packed_copies:
        return nodes, gpus, (
            f"the job runs copies of its work side by side, each on its own GPU, up to GPU "
            f"{gpus - 1} ({f.packed_copies}), and a {profile.name} node has "
            f"{profile.gpu.per_node}: a copy would name a GPU the node does not have; make "
            f"the copies use GPUs 0-{profile.gpu.per_node - 1} (at most "
            f"{profile.gpu.per_node} at a time), or pass gpus_per_node=N (--gpus-per-node N) "
            "to say how many the job needs")
    if gpus > profile.gpu.per_node and f.side_runs:
        return nodes, gpus, side_runs_refusal(f.side_runs, gpus, profile)
    if gpus > profile.gpu.per_node:
        named = [a.text for a in topology_args(f.args) if a.role == "gpus" and a.value == gpus]
        named += [shown for shown, ids in gpu_id_args(f.args) if len(set(ids)) == gpus]
        what = f"its `{named[0]}`" if named else "its own GPU count"
        if f.entrypoint.endswith((".sh", ".bash")) and not named:  # a script of yours
            return nodes, gpus, wrapper_gpus_refusal(f.entrypoint, gpus, profile)
        return nodes, gpus, (
            f"one process drives {gpus} GPUs in the source and a {profile.name} node has "
            f"{profile.gpu.per_node}: change the program ({what}) to at most "
            f"{profile.gpu.per_node}, or make it one process per GPU")
    return nodes, gpus, ""


#: The refusal of one process on more GPUs than a target node has (its GPU count).
ONE_PROCESS_GPUS = re.compile(r"one process drives (\d+) GPUs in the source and a .+? node has "
                              r"\d+: change the program \(its own GPU count\) to at most \d+, "
                              r"or make it one process per GPU")


def wrapper_gpus_refusal(script: str, gpus: int, profile: ClusterProfile,
                         kept: bool = False) -> str:
    """Why a script of yours that the source starts once a node with ``gpus`` GPUs is not
    ported to nodes of fewer: what it starts on them (one process or a launcher's several)
    is in that script, not in the job script. ``kept``: the port keeps such a script as the
    job's one command on one node, so only the GPUs it needs there can be given."""
    per_node = profile.gpu.per_node
    give = (f"or, if it needs no more than {per_node} GPU(s), pass gpus_per_node=N "
            f"(--gpus-per-node N, at most {per_node}): it is kept as the job's one command on "
            f"one {profile.name} node with them" if kept else
            "or give the layout the job needs: ranks=N (--ranks N) or nodes= and gpus_per_node=")
    return (f"your script {script} is what the source starts, once a node with {gpus} GPUs, "
            f"and a {profile.name} node has {per_node}: what it runs on them is not in the job "
            "script (a launcher inside it, e.g. torchrun, likely starts one process per GPU); "
            f"port the launch inside {script} itself (or put it in this script), {give}")


def one_process_launch(script: str, profile: ClusterProfile, nodes: int,
                       site_launcher: bool, command: bool = False) -> tuple[str, str]:
    """``script`` (generated with a per-node launcher) with its launch starting the program
    itself, one process per node; and a refusal when the launch is not of the known shape.
    ``command``: the program is an installed command, started without ``python``."""
    start, section = launch_section(script)
    head = next((i for i, line in enumerate(section) if _SITE_LAUNCH.match(line)), None)
    if head is None:  # another line read as the launch (a set-up step's own `python -m ...`)
        start, section = _template_launch(script) or (start, section)
        head = 0 if section and _SITE_LAUNCH.match(section[0]) else None
    if head is None or not section[-1].startswith("    "):
        return script, "the target's launch could not be rewritten for one process per node"
    argv = section[-1].strip()
    if command:  # the per-node launcher's own option goes with it
        argv = _NO_PYTHON.sub("", argv)
    elif not any("maple-rank" in line for line in section):  # a per-rank launch names python
        argv = f"{profile.software.python} {argv}"
    if nodes == 1 and not site_launcher:
        launch = [argv]
    else:
        launch = [_one_per_node(section[head]), f"    {argv}"]
    lines = script.rstrip("\n").split("\n")
    text = "\n".join(lines[:start] + launch + lines[start + len(section):]) + "\n"
    text = _SIZE_COMMENT.sub(r"\1 node(s) x \2 GPU(s), one process per node driving them", text)
    return _RANK_COUNT.sub(f"NRANKS={nodes}", text, count=1), ""  # one process per node


def _template_launch(script: str) -> tuple[int, list[str]] | None:
    """(first line index, lines) of the template's own launch: the last site launcher line
    continued onto the lines that start the program (``srun ... \\`` then ``torchrun ...``),
    where the script's launch was read elsewhere (the program a variable, ``"$file"``, and a
    set-up step ``python -m torch.utils.collect_env`` found first)."""
    lines = script.rstrip("\n").split("\n")
    found = None
    for i, line in enumerate(lines):
        if not (_SITE_LAUNCH.match(line) and line.rstrip().endswith("\\")):
            continue
        end = i
        while end < len(lines) - 1 and lines[end].rstrip().endswith("\\"):
            end += 1
        body = "\n".join(lines[i + 1:end + 1])
        if re.search(r"\b(?:torchrun|python[\d.]*|maple-rank)\b", body):
            found = (i, lines[i:end + 1])
    return found


def _one_per_node(line: str) -> str:
    """A site launcher line started one task per node (a per-rank one's counts changed)."""
    for pattern, repl in _PER_RANK_COUNTS:
        line = pattern.sub(repl, line)
    return line.replace('--ntasks= "$NNODES"', '--ntasks="$NNODES"')
