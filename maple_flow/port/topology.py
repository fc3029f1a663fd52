"""The program's own topology arguments (``--num_nodes 2``, ``trainer.num_nodes=2``,
``--gpus 4``, ``--world_size 8``, ``--nnodes``) against the target's layout: the layout is
chosen to agree with them where it can, and every one that still disagrees is named with the
value it should have. Never a silent disagreement."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Option names (``--x``, ``--x=``, or a Hydra-style ``a.b.x=``) by the layout fact they give.
_ROLES: dict[str, tuple[str, ...]] = {
    "nodes": ("num_nodes", "num-nodes", "nnodes", "n_nodes", "nodes", "num_machines"),
    "gpus": ("gpus", "gpus_per_node", "gpus-per-node", "devices", "ngpus", "num_gpus",
             "num-gpus", "n_gpus", "nproc_per_node", "nproc-per-node", "gpus_per_task",
             "ppn", "procs_per_node", "procs-per-node", "ranks_per_node", "ranks-per-node",
             "tasks_per_node", "tasks-per-node"),
    "world": ("world_size", "world-size", "num_processes", "num-processes"),
}
_KEY = re.compile(r"^(?:--?|(?:[\w-]+\.)*)([\w-]+)$")


@dataclass(frozen=True)
class TopologyArg:
    """One argument that states a layout fact: its text as written, role and value."""

    text: str
    role: str
    value: int


def topology_args(args: list[str]) -> list[TopologyArg]:
    """The arguments that give the program's layout as literal whole numbers."""
    found: list[TopologyArg] = []
    for i, word in enumerate(args):
        key, eq, value = word.partition("=")
        if not eq:
            if not word.startswith("-") or i + 1 >= len(args):
                continue
            value = args[i + 1]
        elif not key.startswith("-") and "." not in key and key not in _all_names():
            continue
        match = _KEY.match(key)
        role = _role(match.group(1)) if match else None
        if role and value.isdigit() and len(value) <= 6:
            text = word if eq else f"{word} {value}"
            found.append(TopologyArg(text, role, int(value)))
    return found


def _all_names() -> set[str]:
    return {n for names in _ROLES.values() for n in names}


#: Name words of a count (``num_gpus_per_machine``, ``n_gpu``, ``gpu_count``) and words that
#: make an argument something else than the layout (a rank, an id, a batch size, a port).
_COUNT_WORDS = frozenset({"num", "n", "nb", "count", "number", "total"})
_PLURAL = {"gpus": ("gpus", "ngpus", "ngpu", "devices", "ndevices", "ndevice", "nproc", "nprocs",
                    "procs"),
           "nodes": ("nodes", "nnodes", "nnode", "machines")}
_SINGULAR = {"gpus": ("gpu", "device", "proc"), "nodes": ("node", "machine")}
_NOT_LAYOUT = frozenset({"rank", "id", "ids", "index", "idx", "local", "master", "port", "addr",
                         "batch", "size", "mem", "memory", "workers", "threads", "seed",
                         "start", "offset", "min", "max"})


def _role(name: str) -> str | None:
    exact = next((role for role, names in _ROLES.items() if name in names), None)
    return exact or _role_by_words(name.lower())


def _role_by_words(name: str) -> str | None:
    """The layout fact a name not in ``_ROLES`` gives by its words (``--num_gpus_per_machine``:
    GPUs per node); None for names of something else (``--gpu_id``, ``--per_gpu_batch``)."""
    words = set(re.split(r"[-_.]", name))
    if words & _NOT_LAYOUT:
        return None
    counted = bool(words & _COUNT_WORDS)
    for role in ("gpus", "nodes"):  # "gpus per node" is a GPU count, not a node count
        if words & set(_PLURAL[role]) or (counted and words & set(_SINGULAR[role])):
            return role
    return None


def source_layout_args(args: list[str], nodes: int | None, gpn: int | None,
                       total: int | None) -> list[TopologyArg]:
    """The topology arguments whose value is the source job's own layout (the others mean
    something else, or disagreed on the source already)."""
    layout = {"nodes": nodes, "gpus": gpn, "world": total}
    return [a for a in topology_args(args) if layout[a.role] == a.value
            and not (a.role == "gpus" and a.value == 1)]  # one GPU: per process, or per node


def wanted_layout(found: list[TopologyArg], total: int, per_node: int) -> tuple[int | None,
                                                                                  int | None]:
    """(nodes, ranks per node) the arguments ask for, when they fit the target's nodes."""
    nodes = next((a.value for a in found if a.role == "nodes"), None)
    gpn = next((a.value for a in found if a.role == "gpus"), None)
    if nodes and gpn and nodes * gpn == total and gpn <= per_node:
        return nodes, gpn
    if nodes and total % nodes == 0 and total // nodes <= per_node:
        return nodes, total // nodes
    if gpn and total % gpn == 0 and gpn <= per_node:
        return total // gpn, gpn
    return None, None


def disagreements(found: list[TopologyArg], nodes: int, gpn: int, target: str) -> list[str]:
    """A note for each argument that disagrees with the port's layout, naming its value."""
    layout = {"nodes": nodes, "gpus": gpn, "world": nodes * gpn}
    what = {"nodes": "nodes", "gpus": "GPUs per node", "world": "ranks in total"}
    return [
        f"the program's own `{a.text}` says {a.value} {what[a.role]}; on {target} the port "
        f"runs {nodes} node(s) x {gpn}: change it to {layout[a.role]}"
        for a in found if layout[a.role] != a.value
    ]


#: Name words of an argument that picks GPUs by their ids (``--gpus 0,1``, ``--gpu_ids 0,1``,
#: ``--gpu_devices 0 1 2 3``, ``--device 0,1``, ``trainer.devices=[0,1]``).
_GPU_WORDS = frozenset({"gpu", "gpus", "device", "devices", "cuda", "gpu_ids", "gpuids"})
_ID_WORDS = frozenset({"id", "ids", "idx", "index", "list"})
_ID_LIST = re.compile(r"^\[?\d+(?:,\d+)+,?\]?$")


def gpu_id_args(args: list[str]) -> list[tuple[str, list[int]]]:
    """The program's arguments that pick GPUs by id, as written, with the ids: a comma list
    (``--gpus 0,1,2,3``, ``--gpu_ids=0,1``), several id words (``--gpus 7 3``), or one id
    under an id name (``--gpu_id 5``). A lone number under a count name (``--gpus 4``) is a
    count (``topology_args``), not an id."""
    found: list[tuple[str, list[int]]] = []
    for i, word in enumerate(args):
        key, eq, value = word.partition("=")
        match = _KEY.match(key)
        if match is None or not (key.startswith("-") or (eq and "." in key)):
            continue
        words = set(re.split(r"[-_.]", match.group(1).lower())) | {match.group(1).lower()}
        if not words & _GPU_WORDS:
            continue
        if eq:
            values, shown = [value], word
        else:
            values = []
            for nxt in args[i + 1:]:
                if not re.fullmatch(r"['\"]?\[?[\d,]+\]?['\"]?,?", nxt):
                    break
                values.append(nxt)
            shown = " ".join([word, *values])
        cleaned = [v.strip("'\"").rstrip(",") for v in values]
        if len(cleaned) == 1 and _ID_LIST.match(cleaned[0]):
            ids = [int(n) for n in cleaned[0].strip("[]").split(",") if n]
        elif len(cleaned) >= 2 and all(v.isdigit() for v in cleaned):
            ids = [int(v) for v in cleaned]
        elif len(cleaned) == 1 and cleaned[0].isdigit() and words & _ID_WORDS:
            ids = [int(cleaned[0])]
        else:
            continue
        found.append((shown, ids))
    return found


def gpu_id_notes(args: list[str], per_node: int, target: str) -> list[str]:
    """A note for each GPU-id argument naming a GPU a target node does not have."""
    notes = []
    for shown, ids in gpu_id_args(args):
        if max(ids) >= per_node or len(set(ids)) > per_node:
            notes.append(
                f"the program picks its GPUs itself: `{shown}` names GPU id(s) "
                f"{', '.join(str(i) for i in ids)}; a {target} node has {per_node} GPU(s) "
                f"(ids 0-{per_node - 1}): change the argument to ids the node has (at most "
                f"{per_node}), or the program fails or runs on other GPUs than asked")
    return notes


def repack_note(source: tuple[int, int], target: tuple[int, int], name: str) -> str:
    """The note for a job whose nodes or ranks per node change on the target: a program that
    fixes its own counts (not on its command line) must be told the new layout."""
    (src_nodes, src_gpn), (nodes, gpn) = source, target
    return (f"layout changed: the source ran {src_nodes} node(s) x {src_gpn} rank(s) a node; on "
            f"{name} the port runs {nodes} node(s) x {gpn}: if the program fixes its own node or "
            "GPU counts (Lightning `Trainer(num_nodes=..., devices=...)` or its config, a "
            f"hard-coded world size), set them to {nodes} node(s) and {gpn} a node")
