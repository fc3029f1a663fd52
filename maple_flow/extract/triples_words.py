"""A request in plain words for independent tasks sharing GPUs, read as a triples job.

"24 independent copies of sweep.py --seed {task}, 6 per GPU on Delta" is NNODE x NPPN
tasks: the cluster's GPUs per node give NPPN = 6 x 4 = 24 and NNODE = 24 / 24 = 1. The
sizes a request may give, and how they combine:

- tasks in total ("24 copies", "24 independent runs", "24 tasks");
- tasks per GPU ("6 per GPU", "6 on each GPU") or per node ("12 per node", "12 tasks per
  node");
- nodes ("on 2 nodes", "2 nodes");
- threads per task ("4 threads each", "4 cores per task"; default 1).

NPPN is tasks per node, else tasks per GPU times the node's GPUs, else tasks / nodes when
that divides. NNODE is the nodes said, else tasks / NPPN when that divides. Tasks said must
equal NNODE x NPPN. How many tasks share a GPU is never guessed: without it the request gets a
question naming `maple triples --measure`. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from maple_flow.errors import Contradiction, MissingInformation
from maple_flow.extract.command import Command, find_command
from maple_flow.extract.numbers import words_to_digits
from maple_flow.extract.phrases import scan_account, scan_queue, scan_walltime
from maple_flow.extract.scan import Scan
from maple_flow.models import format_walltime
from maple_flow.triples.job import TASK_PLACEHOLDER, TriplesJob

_F = re.IGNORECASE
_TASKS = re.compile(r"\b(\d+)\s+(?:independent\s+|separate\s+|small\s+)?"
                    r"(?:copies|instances|tasks|runs|jobs|trials|processes)\b", _F)
_PER_GPU = re.compile(r"\b(\d+)\s+(?:[a-z]+\s+)?(?:per|on\s+each|each)\s+gpu\b", _F)
_PER_NODE = re.compile(r"\b(\d+)\s+(?:[a-z]+\s+)?(?:per|on\s+each|each)\s+node\b", _F)
_NODES = re.compile(r"\b(\d+)\s+(?:[a-z]+\s+)?nodes?\b(?!\s*(?:each|per))", _F)
_THREADS = re.compile(r"\b(\d+)\s+(?:cpu\s+)?(?:threads?|cores?)\s+(?:each|per\s+task)\b", _F)
HOW = {
    "cluster": "name the cluster, e.g. 'on Delta' (see `maple clusters`)",
    "program": "name the program each task runs, e.g. 'sweep.py --seed {task}'",
    "ppn": "say how many tasks share each GPU ('6 per GPU') or run per node ('24 per node'); "
           "`maple triples --on CLUSTER --measure -- CMD` proposes it from one measured task",
    "nodes": "say how many tasks in all ('24 copies') or how many nodes ('on 2 nodes')",
}


@dataclass
class TriplesWords:
    """The triples job a request asks for, where each value came from, and notes."""

    job: TriplesJob
    explanation: dict[str, str]
    notes: list[str] = field(default_factory=list)


def _count(pattern: re.Pattern[str], text: str) -> tuple[int, str] | None:
    found = pattern.search(text)
    return (int(found.group(1)), found.group(0)) if found else None


def _take(pattern: re.Pattern[str], text: str) -> tuple[tuple[int, str] | None, str]:
    """The first count ``pattern`` finds, and ``text`` without it (read by no other rule)."""
    found = _count(pattern, text)
    return found, text.replace(found[1], " ", 1) if found else text


def _program(command: Command | None) -> list[str]:
    if command is None:
        return []
    head = ["python", "-m"] if command.module else ["python"]
    return [*head, command.entrypoint, *command.args]


def _layout(text: str, per_node_gpus: int) -> tuple[int | None, int | None, dict[str, str]]:
    """NNODE and NPPN from the request's counts (None where it does not tell), and why."""
    per_gpu, text = _take(_PER_GPU, text)
    per_node, text = _take(_PER_NODE, text)
    tasks, text = _take(_TASKS, text)
    nodes, text = _take(_NODES, text)
    why: dict[str, str] = {}
    ppn: int | None = None
    if per_node:
        ppn, why["ppn"] = per_node[0], f"said ('{per_node[1]}')"
    elif per_gpu:
        ppn = per_gpu[0] * per_node_gpus
        why["ppn"] = f"derived: '{per_gpu[1]}' x {per_node_gpus} GPUs per node"
    elif tasks and nodes and tasks[0] % nodes[0] == 0:
        ppn = tasks[0] // nodes[0]
        why["ppn"] = f"derived: '{tasks[1]}' / '{nodes[1]}'"
    count: int | None = None
    if tasks and ppn and not nodes and tasks[0] % ppn:
        raise MissingInformation({"nodes": (
            f"'{tasks[1]}' do not fill whole nodes at {ppn} tasks per node "
            f"({why['ppn']}); give the tasks per node or the nodes")})
    if nodes:
        count, why["nodes"] = nodes[0], f"said ('{nodes[1]}')"
    elif tasks and ppn and tasks[0] % ppn == 0:
        count, why["nodes"] = tasks[0] // ppn, f"derived: '{tasks[1]}' / {ppn} per node"
    if tasks and ppn and count and tasks[0] != ppn * count:
        raise Contradiction(
            f"'{tasks[1]}' is not {count} node(s) x {ppn} tasks per node = {count * ppn}: a "
            "triples job runs NNODE x NPPN tasks; give the nodes or the tasks per node")
    return count, ppn, why


def triples_from_words(text: str) -> TriplesWords:
    """The triples job ``text`` asks for; MissingInformation names what it does not say."""
    from maple_flow.extract.setup import scan_cluster
    from maple_flow.knowledge.clusters import alias_index, get_profile

    command = find_command(text)
    rest = words_to_digits(command.rest if command else text)
    scan = Scan(rest)
    scan_cluster(scan, alias_index())
    cluster = scan.value("cluster")
    missing = {k: HOW[k] for k, bad in (("cluster", not cluster), ("program", not command))
               if bad}
    if not cluster:
        raise MissingInformation(missing)
    profile = get_profile(str(cluster))
    nodes, ppn, why = _layout(rest, profile.gpu.per_node)
    if ppn is None:
        missing["ppn"] = HOW["ppn"]
    elif nodes is None:
        missing["nodes"] = HOW["nodes"]
    if missing:
        raise MissingInformation(missing)
    assert nodes is not None and ppn is not None
    for rule in (scan_walltime, scan_account):
        rule(scan)
    scan_queue(scan, [q.name for q in profile.queues.items])
    threads = _count(_THREADS, rest)
    argv = _program(command)
    walltime = scan.value("walltime")
    optional = {name: scan.value(name) for name in ("account", "queue")
                if scan.value(name) is not None}
    if isinstance(walltime, int):
        optional["walltime"] = format_walltime(walltime)
    job = TriplesJob(cluster=profile.id, nodes=nodes, ppn=ppn,
                     tpp=threads[0] if threads else 1, program=argv[0], args=argv[1:],
                     **optional)
    why.update(cluster=f"said ({profile.name})", program=f"said: {' '.join(argv)}",
               tpp=f"said ('{threads[1]}')" if threads else "default: 1 thread per task")
    notes = [] if any(TASK_PLACEHOLDER in a for a in job.args) else [
        f"no {TASK_PLACEHOLDER} in the arguments: every task runs the same command; "
        "MAPLE_TASK_ID tells the tasks apart"]
    return TriplesWords(job=job, explanation=why, notes=notes)
