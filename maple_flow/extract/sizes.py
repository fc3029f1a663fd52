"""Phrase rules for the size of a job: nodes, GPUs per node and total GPUs (ranks)."""

from __future__ import annotations

import re

from maple_flow.extract.scan import Scan

ALL = -1  # "all GPUs of a node": filled from the cluster profile later
HALF = -2  # "half a node": half the GPUs of a node, from the cluster profile later

_MODEL = r"(?:a100|h100|h200|gh200|v100|a40|l40s?|pvc|max\s?1550|tesla)(?:[-\w]*)"
#: A GPU model name ("A100", "H100-SXM", "GH200").
GPU_MODEL = _MODEL
GPU = (
    rf"(?:(?:nvidia|intel|amd)\s+)?(?:{_MODEL}(?:\s+(?:gpus?|cards?|devices?|tiles?))?"
    r"|gpu[\s-]+tiles?|gpu[\s-]+ranks?|gpus?|tiles?|graphics\s+cards?|cards?|devices?"
    r"|accelerators?|xpus?|ranks?|processes|procs|workers?|gcds?)(?![\w-])"
)
NODE = r"(?:(?:compute|gpu|whole|full|entire)\s+)?(?:nodes?|servers?|machines?|hosts?|boxes|box)\b"
_N = r"(?<![\w.:/-])(\d+)"
_PER = r"(?:per|/|a|an|on\s+each|on\s+every|in\s+each|each|for\s+each|on\s+all)"

_F = re.IGNORECASE
_FLAG_NODES = re.compile(
    r"(?<![\w-])(?:--nodes|--nnodes|--num[_-]nodes|--num[_-]machines|-N|nodes|nnodes|select)"
    r"(?:=|\s+)(\d+)(?![\w:])"
)
_FLAG_GPN = re.compile(
    r"(?<![\w-])(?:--nproc[_-]per[_-]node|--gpus[_-]per[_-]node|--ntasks[_-]per[_-]node"
    r"|--ppn|-ppn|--num[_-]gpus|ppn|ngpus|nproc_per_node)(?:=|\s+|:)(\d+)(?!\w)"
)
#: "gpus per node=4", "GPUs/node: 4", "gpus_per_node = 4" (read before "node=4" is).
_SAID_GPN = re.compile(r"\bgpus?(?:'s)?[\s_-]*(?:per[\s_-]*|/\s*)node\s*[:=]\s*(\d+)(?!\w)", _F)
_FLAG_TOTAL = re.compile(
    r"(?<![\w-])(?:--ntasks|-n|-np|--np|--num[_-]processes|--gpus|-G|world[_ ]size)"
    r"(?:=|\s+)(\d+)(?!\w)"
)
_ACROSS = re.compile(
    rf"{_N}\s*(?:x\s*)?{GPU}(?:\s+in\s+total|\s+total)?(?:\s*,)?\s*(?:spread\s+|split\s+"
    rf"|distributed\s+"
    rf"|evenly\s+|divided\s+)*(?:across|over|on|onto|in|from|using|with|over\s+the)\s+(?:the\s+)?"
    rf"{_N}\s+{NODE}",
    _F,
)
_RANKS_PER = re.compile(rf"{_N}\s*(?:x\s*)?{GPU}\s*{_PER}\s*{NODE}", _F)
_EACH = re.compile(rf"{_N}\s*(?:x\s*)?{GPU}\s+(?:each|apiece)\b", _F)
_PER_NODE = re.compile(rf"{_N}\s+{_PER}\s*{NODE}", _F)
_NODES_X_GPUS = re.compile(rf"{_N}\s+{NODE}\s*(?:x|×|\*|of|each\s+with)\s*{_N}\s*{GPU}", _F)
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
#: Shorthands rewritten before the rules run: "2N" (nodes), "x4 nodes", "-N2".
_SHORTHANDS = (
    (re.compile(r"(?<![\w.:/-])(\d+)N(?![\w-])"), r"\1 nodes"),
    (re.compile(r"(?<![\w-])[xX](\d+)(?=\s+nodes?\b)"), r"\1"),
    (re.compile(r"(?<![\w-])-N(\d+)(?!\w)"), r"-N \1"),
)
_X_FORM = re.compile(r"(?<![\w.])(\d+)\s*[x×]\s*(\d+)(?![\w.:])", _F)
_N_GPU_NODES = re.compile(rf"(?:{_N}\s+)?(?:a\s+|an\s+)?{_N}[\s-]*{GPU}\s+{NODE}", _F)
_ALL_OF = re.compile(
    rf"(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?{GPU}\s+(?:of|on|in|from)\s+(?:the\s+)?"
    rf"(?:{_N}|both|all)\s+(?:of\s+the\s+)?{NODE}",
    _F,
)
_NODE_COUNT = re.compile(
    rf"(?:nodes?|node[\s_-]count|number\s+of\s+nodes|num[\s_-]nodes)(?:\s*(?:is|of))?(?:\s*[:=])?"
    rf"\s*{_N}(?!\s*(?:gpus?|x\b))",
    _F,
)
_FULL_NODES = re.compile(rf"{_N}\s+(?:full|whole|entire|complete)\s+{NODE}", _F)
_NODES = re.compile(rf"{_N}(?:\s+|\s*-\s*){NODE}", _F)
_ONE_NODE = re.compile(rf"\b(?:a|an|one|1)\s+(?:single\s+)?{NODE}", _F)
_GPUS = re.compile(rf"{_N}\s*(?:x\s*)?{GPU}", _F)
#: "1 rank per GPU", "a process on each GPU": the layout every template has, not a count.
_ONE_PER_GPU = re.compile(
    r"\b(?:1|a|an|one)\s+(?:ranks?|process(?:es)?|procs?|workers?|tasks?|python)\s+"
    r"(?:per|for\s+each|on\s+each|on\s+every|each|/)\s*(?:gpus?|devices?|tiles?|cards?)\b",
    _F,
)
_SINGLE_GPU = re.compile(rf"\b(?:a|an)\s+(?:single\s+)?{GPU}(?!\s+{NODE})", _F)


def _int(text: str) -> int:
    """A count; absurdly long digit strings become a value the JobSpec rejects."""
    return int(text) if len(text) <= 7 else 10**7


def _flags(scan: Scan) -> None:
    for m in scan.matches(_FLAG_NODES):
        scan.add("nodes", _int(m.group(1)), m.group(0))
    for pattern in (_FLAG_GPN, _SAID_GPN):
        for m in scan.matches(pattern):
            scan.add("gpus_per_node", _int(m.group(1)), m.group(0))
    for m in scan.matches(_FLAG_TOTAL):
        scan.add("total", _int(m.group(1)), m.group(0))


def _combined(scan: Scan) -> None:
    for m in scan.matches(_NODE_COUNT):
        scan.add("nodes", _int(m.group(1)), m.group(0))
    for m in scan.matches(_ALL_OF):
        nodes = m.group(1)
        if nodes:
            scan.add("nodes", _int(nodes), m.group(0))
        scan.add("gpus_per_node", ALL, m.group(0))
    for m in scan.matches(_FULL_NODES):
        scan.add("nodes", _int(m.group(1)), m.group(0))
        scan.add("gpus_per_node", ALL, m.group(0))
    for m in scan.matches(_ACROSS):
        scan.add("total", _int(m.group(1)), m.group(0))
        scan.add("nodes", _int(m.group(2)), m.group(0))
    for m in scan.matches(_NODES_X_GPUS):
        scan.add("nodes", _int(m.group(1)), m.group(0))
        scan.add("gpus_per_node", _int(m.group(2)), m.group(0))
    for m in scan.matches(_NODES_AND_GPUS):
        scan.add("nodes", _int(m.group(1)), m.group(0))
        scan.add("total" if m.group(3) else "gpus_either", _int(m.group(2)), m.group(0))
    for m in scan.matches(_HALF_NODE):
        scan.add("nodes", 1, m.group(0))
        scan.add("gpus_per_node", HALF, m.group(0))
    for m in scan.matches(_N_GPU_NODES):
        _n_gpu_nodes(scan, m)


def _n_gpu_nodes(scan: Scan, m: re.Match[str]) -> None:
    """"two 4-GPU nodes", "an 8 GPU node", "4-GPU nodes": GPUs per node; "4 GPU nodes",
    "32 GH200 nodes" (no count or article before, no hyphen): that many nodes of that kind."""
    hyphen = m.string[m.end(2):m.end(2) + 1] == "-"
    article = re.match(r"(?:a|an)\s", m.group(0), _F) is not None
    if not (m.group(1) or article or hyphen):
        scan.add("nodes", _int(m.group(2)), m.group(0))
        return
    if m.group(1):
        scan.add("nodes", _int(m.group(1)), m.group(0))
    elif article:
        scan.add("nodes", 1, m.group(0))
    scan.add("gpus_per_node", _int(m.group(2)), m.group(0))


def _per_node(scan: Scan) -> None:
    for pattern in (_RANKS_PER, _EACH, _PER_NODE):
        for m in scan.matches(pattern):
            scan.add("gpus_per_node", _int(m.group(1)), m.group(0))


def _x_form(scan: Scan) -> None:
    """'2x4' (nodes x GPUs per node, as TorchX writes it)."""
    for m in scan.matches(_X_FORM):
        scan.add("nodes", _int(m.group(1)), m.group(0))
        scan.add("gpus_per_node", _int(m.group(2)), m.group(0))


def _singles(scan: Scan) -> None:
    for m in scan.matches(_NODES):
        scan.add("nodes", _int(m.group(1)), m.group(0))
    for m in scan.matches(_ONE_NODE):
        scan.add("nodes", 1, m.group(0))
    for m in scan.matches(_GPUS):
        scan.add("total", _int(m.group(1)), m.group(0))
    for m in scan.matches(_SINGLE_GPU):
        scan.add("total", 1, m.group(0))


def scan_sizes(scan: Scan) -> None:
    """Record nodes, gpus_per_node (ALL for 'all GPUs', HALF for 'half a node'), total GPUs
    and gpus_either (a count said next to the nodes: per node or in total) found in ``scan``."""
    for pattern, replacement in _SHORTHANDS:
        scan.text = pattern.sub(replacement, scan.text)
    # "one rank per GPU" says how, not how many: set aside before the count rules read it
    scan.blank_spans([m.span() for m in _ONE_PER_GPU.finditer(scan.text)])
    _flags(scan)
    _combined(scan)
    _per_node(scan)
    _x_form(scan)
    _singles(scan)
