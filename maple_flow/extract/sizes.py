"""The grammar of job sizes: nodes, GPUs per node and total GPUs (ranks), in one place.

A quantity phrase is read in three steps, always in this order:

0. Lexing: number words and idioms become digits (``numbers.words_to_digits``: "three",
   "a pair of", "half a dozen"); shorthands are rewritten (``_SHORTHANDS``: "2N", "x4 nodes",
   "gpu nodes x2", "-N2"); "one rank per GPU" (a layout, not a count) is set aside.
1. Rules (``RULES``), tried in the order written there: the FIRST rule that matches some
   words reads them, and those words are blanked, so no later rule sees them again.
   Precedence, highest first:
     a. flags and fields ("--nodes 2", "--nproc_per_node=4", "-n 8", "nodes: 2");
     b. whole-node phrases ("all GPUs of 2 nodes", "2 full nodes");
     c. phrases that give two counts ("4 GPUs on each of 2 nodes", "2 nodes, each with 4
        GPUs", "2 nodes and 4 GPUs on each", "2 nodes x 4 GPUs", "8 GPUs across 2 nodes",
        "2 nodes, 8 GPUs" (per node or total: see ``gpus_either``), "half a node",
        "two 4-GPU nodes");
     d. per-node counts ("4 GPUs per node", "4 GPUs each", "4 per node");
     e. "NxM" (nodes x GPUs per node, TorchX's ``-j 2x4``);
     f. single counts ("2 nodes", "a node", "8 GPUs" (a total), "a GPU").
   A longer phrase therefore always wins over the single counts inside it.
2. Solving (``request._size``): the slots found (nodes, gpus_per_node, total, gpus_either)
   are combined with the cluster's GPUs per node; two different values for one slot, or a
   total that is not nodes x per node, is a Contradiction quoting both phrases.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from maple_flow.extract.scan import Scan

ALL = -1  # "all GPUs of a node": filled from the cluster profile later
HALF = -2  # "half a node": half the GPUs of a node, from the cluster profile later

_MODEL = (
    r"(?:a100|h100|h200|h800|a800|gh200|v100|p100|a40|a6000|a10g?|l40s?|t4|pvc|max\s?1550|tesla"
    # consumer cards, written with or without their brand: "RTX 3090", "16x4090", "2080 Ti"
    r"|(?:(?:geforce\s+)?rtx\s*)?[1-5]0[5-9]0(?:\s?ti\b)?)(?:[-\w]*)"
)
#: A memory size written before a GPU model ("2 80GB A100s", "8 40G V100"): part of the name.
_MEMORY = r"(?:\d{1,3}\s*gi?b?\s+)"
#: A GPU model name ("A100", "H100-SXM", "GH200").
GPU_MODEL = _MODEL
GPU = (
    rf"(?:(?:nvidia|intel|amd)[\s-]+)?(?:{_MEMORY}?{_MODEL}(?:\s+(?:gpus?|cards?|devices?|tiles?))?"
    r"|gpu[\s-]+tiles?|gpu[\s-]+ranks?|gpus?|tiles?|graphics\s+cards?|cards?|devices?"
    r"|accelerators?|xpus?|ranks?|processes|procs|workers?|gcds?)(?![\w-])"
)
#: A node, or what cloud users call one ("2 GPU instances"), with a word that says what kind
#: of machine it is ("5 ubuntu servers", "2 separate nodes").
NODE = (
    r"(?:(?:compute|gpu|whole|full|entire|ubuntu|linux|physical|separate|different|identical"
    r"|remote|local|worker|dgx)\s+)?(?:nodes?|servers?|machines?|hosts?|instances?|boxes|box)\b"
)
_N = r"(?<![\w.:/-])(\d+)"
#: "x" or "*" between a count and what it counts ("8x A100", "8*A100").
_TIMES = r"(?:[x×*]\s*)?"
_PER = r"(?:per|/|a|an|on\s+each|on\s+every|in\s+each|each|for\s+each|on\s+all)"

_F = re.IGNORECASE
_FLAG_NODES = re.compile(
    r"(?<![\w-])(?:--nodes|--nnodes?|--num[_-]nodes|--num[_-]machines|-N|nodes|nnodes|select)"
    r"(?:=|\s+)(\d+)(?![\w:])"
    # Lightning's num_nodes=2, accelerate's YAML num_machines: 2, PBS select=2:system=...
    r"|(?<![\w-])(?:num[_-]nodes|num[_-]machines)\s*[=:]\s*(\d+)(?![\w:])"
    r"|(?<![\w-])select=(\d+):"
)
_FLAG_GPN = re.compile(
    r"(?<![\w-])(?:--nproc[_-]per[_-]node|--gpus[_-]per[_-]node"
    r"|--ppn|-ppn|--num[_-]gpus|ppn|ngpus|nproc[_-]per[_-]node|num_local_procs)"
    r"(?:\s*[=:]\s*|\s+)(\d+)(?!\w)"
    # Slurm's generic resource counts the GPUs of each node: --gres=gpu:4, --gres=gpu:v100:2
    r"|(?<![\w-])--gres[=\s]gpu(?::[\w.-]+)?:(\d+)(?![\w:])"
    # Lightning's Trainer/Fabric keywords count the GPUs of each node: devices=4, gpus=2
    r"|(?<![\w-])(?:devices|gpus)\s*=\s*(\d+)(?!\w)"
)
#: Slurm's tasks per node: the GPUs of a node when nothing else counts them; beside a GPU
#: count (``--ntasks-per-node=1 --gres=gpu:4``) it is the launcher's tasks (one torchrun a
#: node), not a second, different GPU count.
_FLAG_TASKS = re.compile(r"(?<![\w-])-{0,2}ntasks[_-]per[_-]node(?:\s*[=:]\s*|\s+)(\d+)(?!\w)")
#: Slurm's GPUs of each task: with a task count the GPUs are tasks x this; alone, the GPUs
#: of the one task of each node.
_FLAG_GPT = re.compile(r"(?<![\w-])--gpus[_-]per[_-]task(?:\s*[=:]\s*|\s+)(\d+)(?!\w)")
_TASK_COUNT = re.compile(r"(?<![\w-])(?:--ntasks|-n|-np|--np)(?:=|\s+)\d+(?!\w)")
#: "gpus per node=4", "GPUs/node: 4", "gpus_per_node = 4" (read before "node=4" is).
_SAID_GPN = re.compile(r"\bgpus?(?:'s)?[\s_-]*(?:per[\s_-]*|/\s*)node\s*[:=]\s*(\d+)(?!\w)", _F)
_FLAG_TOTAL = re.compile(
    r"(?<![\w-])(?:--ntasks|-n|-np|--np|--num[_-]processes|--gpus|-G|world[_ ]size"
    r"|dist_world_size)(?:=|\s+)(\d+)(?!\w)"
    r"|(?<![\w-])num[_-]processes\s*[=:]\s*(\d+)(?!\w)"
    # "the number of gpu I need is 4", "total number of GPUs in your job, is 8"
    rf"|(?i:\b(?:total\s+)?number\s+of\s+{GPU}(?:\s+(?:(?:I|we)\s+need|in\s+(?:your|my|the|our)"
    r"\s+job))?\s*(?:,\s*)?(?:is|are|=|:)\s*(\d+)(?!\w)(?!\.\d))"
)
_ACROSS = re.compile(
    rf"{_N}\s*{_TIMES}{GPU}(?:\s+in\s+total|\s+total)?(?:\s*,)?\s*(?:spread\s+|split\s+"
    rf"|distributed\s+"
    rf"|evenly\s+|divided\s+)*(?:across|over|on|onto|in|from|using|with|over\s+the)\s+(?:the\s+)?"
    rf"{_N}\s+{NODE}",
    _F,
)
_RANKS_PER = re.compile(rf"{_N}\s*{_TIMES}{GPU}\s*{_PER}\s*{NODE}", _F)
_EACH = re.compile(rf"{_N}\s*{_TIMES}{GPU}\s+(?:each|apiece)\b", _F)
#: "each node has 2 GPUs", "every node have 4 cards", "2 nodes on Delta, each equipped with 4
#: GPUs": only a node holds GPUs, so "each ... with G GPUs" counts the GPUs of a node.
_NODE_HAS = re.compile(
    rf"\b(?:(?:each|every|per)\s+{NODE}|each(?:\s+one)?)\s*(?:,\s*)?(?:has|have|had|with|having"
    r"|contains|holds"
    rf"|(?:is\s+)?equipped\s+with)\s+(?:only\s+|just\s+|exactly\s+)?{_N}\s*{_TIMES}{GPU}"
    # with no verb: "on 2 node with each node 8 GPU"
    rf"|\b(?:each|every)\s+{NODE}\s+{_N}\s*{_TIMES}{GPU}",
    _F,
)
_PER_NODE = re.compile(rf"{_N}\s+{_PER}\s*{NODE}", _F)
_NODES_X_GPUS = re.compile(
    rf"(?:{_N}|(?<![\w-])(?:a|an|one)(?=\s))[\s-]+{NODE}\s*"
    # "2 nodes x 4 GPUs", "a node of 8 GPUs"; in brackets only with its sign: "12 node (2xA100)"
    rf"(?:(?:x|×|\*|of|each\s+with)\s*{_N}\s*{_TIMES}|\(\s*{_N}\s*[x×*]\s*){GPU}"
    # a node's hardware as vendors write it, right after the nodes: "4 nodes 8xA100"
    rf"|(?:{_N}|(?<![\w-])(?:a|an|one)(?=\s))[\s-]+{NODE}\s+{_N}\s*[x×*]\s*{_MEMORY}?{_MODEL}",
    _F,
)
#: "2 nodes, 8 GPUs", "2 nodes with 8 GPUs": per node or in total, which the cluster's node
#: size decides later (group 3 says "in total" outright).
_NODES_AND_GPUS = re.compile(
    rf"{_N}\s+{NODE}\s*(?:,|with|having|and)\s*{_N}\s*{GPU}"
    r"(?!\s*(?:(?:each|apiece|per|(?:on|in|for)\s+(?:each|every))\b|/))"  # per node: rules below
    r"(\s+(?:in\s+)?total)?",
    _F,
)
#: No two white-space runs side by side: blanked text is long runs of spaces.
_HALF_NODE = re.compile(rf"\bhalf\s+(?:of\s+)?(?:(?:a|an|1|the)\s+)?{NODE}", _F)
#: Shorthands rewritten before the rules run: "2N" (nodes), "x4 nodes", "gpu nodes x2",
#: "-N2".
_SHORTHANDS = (
    (re.compile(r"(?<![\w.:/-])(\d+)N(?![\w-])"), r"\1 nodes"),
    (re.compile(r"(?<![\w.:/-])(?<!\d\s)(?:(?:gpu|compute)\s+)?nodes?\s*[xX×]\s*(\d+)"
                r"(?![\w:])(?!\.\d)(?!\s*(?:x|\*|gpus?\b|cards?\b))", _F), r"\1 full nodes"),
    (re.compile(r"(?<![\w-])[xX](\d+)(?=\s+nodes?\b)"), r"\1"),
    (re.compile(r"(?<![\w-])-N(\d+)(?!\w)"), r"-N \1"),
)
#: "2x4"; not "16x4090" (16 GPUs of a model named by a number).
_X_FORM = re.compile(rf"(?<![\w.])(\d+)\s*[x×]\s*(?!{_MODEL})(\d+)(?![\w.:])", _F)
_N_GPU_NODES = re.compile(rf"(?:{_N}\s+)?(?:a\s+|an\s+)?{_N}[\s-]*{_TIMES}{GPU}\s+{NODE}", _F)
_ON_EACH_OF = re.compile(
    rf"{_N}\s*{_TIMES}{GPU}\s+(?:on|in|for|from)\s+(?:each|every)\s+(?:one\s+)?of\s+(?:the\s+)?"
    rf"{_N}\s+{NODE}",
    _F,
)
_EACH_WITH = re.compile(
    rf"{_N}\s+{NODE}(?:\s*,\s*|\s+)(?:each|every\s+one)\s+(?:(?:with|having|has|of)\s+)?{_N}\s*{GPU}",
    _F,
)
_AND_ON_EACH = re.compile(
    rf"{_N}\s+{NODE}(?:\s*,\s*|\s+)(?:and|with|having|using)\s+{_N}\s*{GPU}\s+(?:on|in|for|per)\s+"
    rf"(?:each|every)(?:\s+(?:one|node))?\b",
    _F,
)
_ALL_OF = re.compile(
    rf"(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?{GPU}\s+(?:of|on|in|from)\s+(?:the\s+)?"
    rf"(?:{_N}|both|all)\s+(?:of\s+the\s+)?{NODE}",
    _F,
)
_NODE_COUNT = re.compile(
    rf"(?<![\w-])(?:nodes?|node[\s_-]count|number\s+of\s+nodes|num[\s_-]nodes)(?:\s*(?:is|of))?(?:\s*[:=])?"
    rf"\s*{_N}(?!\s*(?:x\b|{_TIMES}{GPU}))",
    _F,
)
_FULL_NODES = re.compile(
    rf"{_N}\s+(?:full|whole|entire|complete)\s+(?:{_MODEL}\s+)?{NODE}", _F
)
_NODES = re.compile(rf"{_N}(?:\s+|\s*-\s*|\s*[x×*]\s*){NODE}", _F)
_ONE_NODE = re.compile(rf"\b(?:a|an|one|1)\s+(?:single\s+)?{NODE}", _F)
_GPUS = re.compile(rf"{_N}\s*{_TIMES}{GPU}", _F)
#: "1 rank per GPU", "a process on each GPU": the layout every template has, not a count.
_ONE_PER_GPU = re.compile(
    r"\b(?:1|a|an|one)\s+(?:ranks?|process(?:es)?|procs?|workers?|tasks?|python)\s+"
    r"(?:per|for\s+each|on\s+each|on\s+every|each|/)\s*(?:gpus?|devices?|tiles?|cards?)\b",
    _F,
)
_SINGLE_GPU = re.compile(rf"\b(?:a|an)\s+(?:single\s+)?{GPU}(?!\s+{NODE})", _F)


#: A bound, not a count: "more than 1 node", ">1 node", "at least 16 GPUs", "16 or more gpus",
#: "4+ nodes", "up to 8 nodes". The count is asked for, never taken from the bound.
VAGUE = re.compile(
    r"(?:\b(?:more\s+than|at\s+least|up\s+to|at\s+most|fewer\s+than|less\s+than"
    r"|a\s+minimum\s+of|a\s+maximum\s+of)\s+|(?<![\w-])[<>]=?\s*)"
    rf"\d+\s*{_TIMES}(?:{NODE}|{GPU})"
    rf"|{_N}\s*(?:\+|\s(?:or|and)\s+(?:more|fewer|less|up|above))\s*(?:{NODE}|{GPU})"
    rf"|{_N}\s*{_TIMES}(?:{NODE}|{GPU})\s*(?:\(\s*)?or\s+(?:more|fewer|less)\b",
    _F,
)


#: A size the request compares with, not the one it asks for: "a bit slower than 32 GPUs",
#: "twice as fast as on 8 GPUs" (a bound such as "more than 2 nodes" is ``VAGUE``).
_COMPARED = re.compile(
    r"\b(?:(?:slower|faster|quicker|better|worse|cheaper|longer|shorter)\s+than"
    r"|as\s+(?:fast|slow|quick|good)\s+as)\s+(?:(?:on|with|using|the)\s+)*"
    rf"{_N}\s*{_TIMES}(?:{NODE}|{GPU})",
    _F,
)


#: "NxM" that is an image or grid size, not nodes x GPUs: said as one ("at 1024x1024",
#: "256x256 px", "resolution 512x512") or square and larger than any node's GPU count.
_IMAGE_SIZE = re.compile(
    r"(\b(?:at|resolution(?:\s+of)?|image\s+size(?:\s+of)?)\s+)?(?<![\w.])(\d+)\s*[x×]\s*(\d+)"
    r"(?![\w.:])(\s*(?:px|pixels?|images?|resolution)\b)?",
    _F,
)
_MOST_GPUS_A_NODE = 16


def _image_size(m: re.Match[str]) -> bool:
    said, first, second, unit = m.groups()
    square = first == second and _int(second) > _MOST_GPUS_A_NODE
    return bool(said or unit) or square


#: What a rule read: (slot, value) pairs; a slot is nodes, gpus_per_node, total or
#: gpus_either.
Reading = list[tuple[str, int]]


def _int(text: str) -> int:
    """A count; absurdly long digit strings become a value the JobSpec rejects."""
    return int(text) if len(text) <= 7 else 10**7


def _slots(*names: str) -> Callable[[re.Match[str]], Reading]:
    """A reader giving group i of the match to slot names[i] (groups that did not match are
    skipped); a name "slot=VALUE" gives that constant instead (ALL, HALF, 1)."""
    constants = {"ALL": ALL, "HALF": HALF, "1": 1}

    def read(m: re.Match[str]) -> Reading:
        out: Reading = []
        groups = iter(m.groups())
        for name in names:
            if "=" in name:
                slot, value = name.split("=")
                out.append((slot, constants[value]))
                continue
            group = next(groups)
            if group is not None:
                out.append((name, _int(group)))
        return out

    return read


def _first(slot: str) -> Callable[[re.Match[str]], Reading]:
    """A reader giving the first group that matched to ``slot`` (patterns with several
    alternative forms, one group each)."""

    def read(m: re.Match[str]) -> Reading:
        return [(slot, _int(next(g for g in m.groups() if g is not None)))]

    return read


def _gpus_per_task(text: str) -> int:
    found = _FLAG_GPT.search(text)
    return _int(found.group(1)) if found else 1


def _total_flag(m: re.Match[str]) -> Reading:
    """A total count; a count of Slurm tasks is GPUs once multiplied by the GPUs of a task."""
    value = _int(next(g for g in m.groups() if g is not None))
    if _TASK_COUNT.match(m.group(0)):
        value *= _gpus_per_task(m.string)
    return [("total", value)]


def _tasks_per_node(m: re.Match[str]) -> Reading:
    """``--ntasks-per-node=N``: GPUs per node (times ``--gpus-per-task``), unless the
    request counts them otherwise."""
    others = _FLAG_GPN.search(m.string) or _SAID_GPN.search(m.string)
    tasks = _int(m.group(1)) * _gpus_per_task(m.string)
    gpus = _int(next(g for g in others.groups() if g is not None)) if others else None
    # one launcher a node, or one task a GPU: the GPU count says it all; more tasks than
    # GPUs disagree with it (a question, never a silent choice)
    return [] if gpus is not None and tasks <= gpus else [("gpus_per_node", tasks)]


def _node_of_gpus(m: re.Match[str]) -> Reading:
    """"2 nodes x 4 GPUs", "a node of 8 GPUs", "12 node (2xA100)", "4 nodes 8xA100": nodes
    (1 for "a node"), GPUs per node."""
    nodes, per_node, in_brackets, vendor_nodes, vendor_per_node = m.groups()
    if vendor_per_node is not None:
        nodes, per_node = vendor_nodes, vendor_per_node
    return [("nodes", _int(nodes) if nodes else 1),
            ("gpus_per_node", _int(per_node or in_brackets))]


def _nodes_and_gpus(m: re.Match[str]) -> Reading:
    """"2 nodes, 8 GPUs": per node or in total, decided later; "in total" says which."""
    return [("nodes", _int(m.group(1))),
            ("total" if m.group(3) else "gpus_either", _int(m.group(2)))]


def _n_gpu_nodes(m: re.Match[str]) -> Reading:
    """"two 4-GPU nodes", "an 8 GPU node", "4-GPU nodes": GPUs per node; "4 GPU nodes",
    "32 GH200 nodes" (no count or article before, no hyphen): that many nodes of that kind."""
    # "4-GPU nodes", "8xA100 nodes": the hyphen or the sign makes it the GPUs of a node
    hyphen = re.match(r"\s*[-x×*]", m.string[m.end(2):], _F) is not None
    article = re.match(r"(?:a|an)\s", m.group(0), _F) is not None
    if not (m.group(1) or article or hyphen):
        return [("nodes", _int(m.group(2)))]
    out: Reading = []
    if m.group(1):
        out.append(("nodes", _int(m.group(1))))
    elif article:
        out.append(("nodes", 1))
    return [*out, ("gpus_per_node", _int(m.group(2)))]


@dataclass(frozen=True)
class Rule:
    """One phrase of the size grammar and what its words say."""

    name: str
    pattern: re.Pattern[str]
    read: Callable[[re.Match[str]], Reading]


#: The size grammar, in precedence order (see the module docstring): the first rule that
#: matches some words takes them.
RULES: tuple[Rule, ...] = (
    Rule("nodes flag", _FLAG_NODES, _first("nodes")),
    Rule("tasks-per-node flag", _FLAG_TASKS, _tasks_per_node),  # before the GPU flags it reads
    Rule("GPUs-per-node flag", _FLAG_GPN, _first("gpus_per_node")),
    Rule("GPUs per node =", _SAID_GPN, _slots("gpus_per_node")),
    Rule("total flag", _FLAG_TOTAL, _total_flag),
    Rule("GPUs-per-task flag", _FLAG_GPT, lambda m: []),  # read by the two task rules above
    Rule("nodes: N", _NODE_COUNT, _slots("nodes")),
    Rule("all GPUs of N nodes", _ALL_OF, _slots("nodes", "gpus_per_node=ALL")),
    Rule("N full nodes", _FULL_NODES, _slots("nodes", "gpus_per_node=ALL")),
    Rule("G GPUs on each of N nodes", _ON_EACH_OF, _slots("gpus_per_node", "nodes")),
    Rule("N nodes, each with G GPUs", _EACH_WITH, _slots("nodes", "gpus_per_node")),
    Rule("N nodes and G GPUs on each", _AND_ON_EACH, _slots("nodes", "gpus_per_node")),
    Rule("T GPUs across N nodes", _ACROSS, _slots("total", "nodes")),
    Rule("N nodes x G GPUs", _NODES_X_GPUS, _node_of_gpus),
    Rule("N nodes, G GPUs", _NODES_AND_GPUS, _nodes_and_gpus),
    Rule("half a node", _HALF_NODE, _slots("nodes=1", "gpus_per_node=HALF")),
    Rule("N G-GPU nodes", _N_GPU_NODES, _n_gpu_nodes),
    Rule("G GPUs per node", _RANKS_PER, _slots("gpus_per_node")),
    Rule("G GPUs each", _EACH, _slots("gpus_per_node")),
    Rule("each node has G GPUs", _NODE_HAS, _first("gpus_per_node")),
    Rule("G per node", _PER_NODE, _slots("gpus_per_node")),
    Rule("NxG", _X_FORM, _slots("nodes", "gpus_per_node")),
    Rule("N nodes", _NODES, _slots("nodes")),
    Rule("a node", _ONE_NODE, _slots("nodes=1")),
    Rule("T GPUs", _GPUS, _slots("total")),
    Rule("a GPU", _SINGLE_GPU, _slots("total=1")),
)


def scan_sizes(scan: Scan) -> None:
    """Record nodes, gpus_per_node (ALL for 'all GPUs', HALF for 'half a node'), total GPUs
    and gpus_either (a count said next to the nodes: per node or in total) found in ``scan``,
    reading the phrases of ``RULES`` in their order of precedence."""
    for pattern, replacement in _SHORTHANDS:
        scan.text = pattern.sub(replacement, scan.text)
    if not (_FLAG_TASKS.search(scan.text) or _TASK_COUNT.search(scan.text)):
        # no task count: Slurm starts one task a node, which holds --gpus-per-task GPUs
        scan.text = _FLAG_GPT.sub(r"--gpus-per-node=\1", scan.text)
    # "one rank per GPU" says how, not how many: set aside before the count rules read it
    for m in scan.matches(_ONE_PER_GPU):
        scan.ignore(m.group(0), "one rank per GPU is how every template lays out ranks")
    def on_image_size(m: re.Match[str]) -> bool:
        if _image_size(m):
            scan.ignore(m.group(0), "an image or grid size, not nodes x GPUs")
        return _image_size(m)

    scan.apply(_IMAGE_SIZE, on_image_size)
    for m in scan.matches(_COMPARED):
        scan.ignore(m.group(0), "a size compared with, not the size asked for")
    for m in scan.matches(VAGUE):
        scan.add("vague_size", m.group(0), m.group(0))
    for rule in RULES:
        for m in scan.matches(rule.pattern):
            for slot, value in rule.read(m):
                scan.add(slot, value, m.group(0))
