"""The source's memory request per node beside what the port's target script gives: the port
re-chooses memory for the target, so a note names both and says when the target gives less.

Pure functions. The source is read in all four schedulers' spellings (Slurm ``--mem``,
``--mem-per-cpu``, ``--mem-per-gpu``; PBS ``select ...:mem=`` and ``-l mem=``; LSF ``-M`` and
``rusage[mem=]``; Grid Engine ``h_vmem``/``mem_free``/``mem_req``); the target's from its
rendered header, else the node's memory (whole nodes) or the site's unstated default share.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from maple_flow.knowledge.directives import (
    Directive,
    cpus_per_node,
    last_value,
    parse_directives,
)
from maple_flow.knowledge.policy import partial_node, request_from_directives
from maple_flow.models import ClusterProfile
from maple_flow.port.words import gpus as gpus_word
from maple_flow.scriptparse import lsf, sge
from maple_flow.units import size_mb

_RUSAGE_MEM = re.compile(r"rusage\s*\[[^\]]*?\bmem\s*=\s*([\d.]+\s*[kmgtKMGT]?[bB]?)")
_SGE_MEM = ("h_vmem", "mem_free", "mem_req", "s_vmem", "virtual_free")


@dataclass(frozen=True)
class Asked:
    """A memory request per node: ``mb`` (None: the whole node), as written, and how it was
    counted (``per CPU x 8 CPUs``), or why it could not be (``unknown``)."""

    mb: float | None
    written: str
    basis: str = ""
    unknown: str = ""


def _times(mb: float, written: str, what: str, count: int | None) -> Asked:
    if count is None:
        return Asked(None, written, unknown=f"per {what}, and the source's {what}s per node "
                                            "are not stated")
    return Asked(mb * count, written, basis=f"per {what} x {count} {what}(s) per node")


def _slurm(ds: list[Directive]) -> Asked | None:
    ds = [d for d in ds if d.scheduler == "slurm" and d.raw.lstrip().startswith("#SBATCH")]
    for option in ("mem", "mem-per-gpu", "mem-per-cpu"):
        value = last_value(ds, option)
        if value is None:
            continue
        written = f"--{option}={value}"
        mb = size_mb(value, "slurm")
        if mb is None:
            return Asked(None, written, unknown="not a size the port reads")
        if mb == 0:
            return Asked(None, written, basis="the whole node")
        if option == "mem":
            return Asked(mb, written)
        if option == "mem-per-gpu":
            return _times(mb, written, "GPU", request_from_directives(ds).gpus_per_node)
        return _times(mb, written, "CPU", cpus_per_node(ds))
    return None


def _pbs(ds: list[Directive]) -> Asked | None:
    ds = [d for d in ds if d.scheduler == "pbs"]
    select = last_value(ds, "select")
    chunk = dict(p.partition("=")[::2] for p in (select or "").split(":")[1:])
    if "mem" in chunk:
        mb = size_mb(chunk["mem"], "pbs")
        return Asked(mb, f"select ...:mem={chunk['mem']}",
                     unknown="" if mb is not None else "not a size the port reads")
    total = last_value(ds, "mem")
    if total is None:
        return None
    mb, nodes = size_mb(total, "pbs"), (select or "1").split(":")[0]
    if mb is None or not nodes.isdigit() or int(nodes) < 1:
        return Asked(None, f"-l mem={total}", unknown="not a size per node the port reads")
    return Asked(mb / int(nodes), f"-l mem={total}",
                 basis=f"for the job, over {nodes} node(s)" if int(nodes) > 1 else "")


def _lsf(lines: list[str], ds: list[Directive]) -> Asked | None:
    words = lsf.directive_words("\n".join(lines))
    pairs = list(zip(words[::2], words[1::2], strict=False))
    limit = [v for k, v in pairs if k == "-M"]
    rusage = [m.group(1) for k, v in pairs if k == "-R" for m in [_RUSAGE_MEM.search(v)] if m]
    value, written = (limit[-1], f"-M {limit[-1]}") if limit else (
        (rusage[-1], f"rusage[mem={rusage[-1]}]") if rusage else ("", ""))
    if not written:
        return None
    mb = size_mb(value, "lsf")
    if mb is None:
        return Asked(None, written, unknown="not a size the port reads")
    tasks = last_value([d for d in ds if d.spelled == "-R"], "ntasks-per-node")
    unit = "" if re.search(r"[a-zA-Z]", value) else ", read as MB (LSF_UNIT_FOR_LIMITS)"
    if not (tasks and tasks.isdigit()):
        return Asked(mb, written, basis=f"per task{unit}, tasks per host unstated")
    asked = _times(mb, written, "task", int(tasks))
    return Asked(asked.mb, written, basis=asked.basis + unit)


def _sge(lines: list[str]) -> Asked | None:
    words = sge.directive_words("\n".join(lines))
    found: list[tuple[str, str]] = []
    slots: int | None = None
    for i, word in enumerate(words[:-1]):
        if word == "-l":
            found += [(n.strip(), v) for n, _, v in (x.partition("=") for x in words[i + 1]
                                                       .split(",")) if n.strip() in _SGE_MEM]
        if word == "-pe" and i + 2 < len(words) and words[i + 2].isdigit():
            slots = int(words[i + 2])
    if not found:
        return None
    name, value = found[-1]
    mb = size_mb(value, "sge")
    if mb is None:
        return Asked(None, f"{name}={value}", unknown="not a size the port reads")
    return _times(mb, f"-l {name}={value}", "slot", slots or 1)


def source_memory(lines: list[str], ds: list[Directive]) -> Asked | None:
    """The source's memory request per node, in any of the four schedulers' spellings."""
    return _source_memory(tuple(lines), tuple(ds))


@lru_cache(maxsize=256)
def _source_memory(lines: tuple[str, ...], ds: tuple[Directive, ...]) -> Asked | None:
    """:func:`source_memory`, kept per source (asked again for every target)."""
    return _slurm(list(ds)) or _pbs(list(ds)) or _lsf(list(lines), list(ds)) or _sge(list(lines))


def target_memory(script: str, profile: ClusterProfile, gpus_per_node: int) -> Asked:
    """What the port's target script gives per node: its header's request, else the node's
    memory (whole nodes), else the site's default share (not stated in the profile)."""
    node_mb = profile.node.memory_gb * 1024.0
    ds = parse_directives(script, profile.scheduler)
    asked = _slurm(ds) if profile.scheduler == "slurm" else _pbs(ds)
    if asked is not None and asked.mb is None and asked.basis == "the whole node":
        return Asked(node_mb, asked.written, basis="the whole node")
    if asked is not None and asked.mb is not None:
        return asked
    if not _partial(ds, profile, gpus_per_node):
        return Asked(node_mb, "", basis="the whole node")
    return Asked(None, "", unknown="sets no memory, so the job gets the site's default for part "
                                   "of a node (not stated in the profile)")


def _partial(ds: list[Directive], profile: ClusterProfile, gpus_per_node: int) -> bool:
    """Whether the target job takes part of a node: its queue's rule, else its GPU count on a
    site that shares nodes (a profile with a per-GPU share); other sites give whole nodes."""
    if profile.directives.partial_share is None:
        return False
    name = last_value(ds, "qos", "partition", "queue")
    queue = profile.queues.get(name) if name else None
    if queue is not None and queue.node_use != "any":
        return queue.node_use == "partial"
    return partial_node(gpus_per_node, profile)


def _gb(mb: float) -> str:
    return f"{mb / 1024:.0f} GB" if mb >= 1024 else f"{mb:.0f} MB"


def _said(asked: Asked) -> str:
    how = f" ({asked.basis})" if asked.basis and asked.mb is not None else ""
    size = f", {_gb(asked.mb)} per node" if asked.mb is not None and asked.basis else ""
    if not asked.written:
        return f"{asked.basis} ({_gb(asked.mb)})" if asked.mb is not None else asked.basis
    return f"`{asked.written}`{size}{how}"


def memory_note(source: Asked | None, target: Asked, profile: ClusterProfile,
                gpus_per_node: int) -> list[str]:
    """A note naming the source's memory request and what the target gives per node; it says
    plainly when the target gives less, and what to do. No note when the source asks none."""
    if source is None:
        return []
    node_mb = profile.node.memory_gb * 1024.0
    head = f"memory: the source asks {_said(source)}; the port's {profile.name} script " + (
        f"gives {_said(target)}" if target.mb is not None else target.unknown)
    if source.mb is None and source.basis == "the whole node" and target.mb is not None:
        same = target.basis == "the whole node"
        return [f"{head}" + (": the whole node on both" if same else
                             f": LESS than a whole node ({profile.node.memory_gb} GB on "
                             f"{profile.name}), which the source asks; ask a whole node "
                             f"({gpus_word(profile.gpu.per_node)} per node) if the job needs it")]
    if source.mb is None:
        why = source.unknown or "the whole node"
        return [f"{head}; the source's request ({why}) is not carried: check the job fits "
                f"({profile.name}'s node has {profile.node.memory_gb} GB)"]
    if target.mb is not None and source.mb <= target.mb:
        return [f"{head}: enough"]
    more = (f"no {profile.name} node has that much ({profile.node.memory_gb} GB): spread the job "
            "over more nodes or lower its need" if source.mb > node_mb else
            f"ask a whole node ({gpus_word(profile.gpu.per_node)} per node, "
            f"{profile.node.memory_gb} GB) or more GPUs, or lower the need")
    if target.mb is None and source.mb <= node_mb:
        return [f"{head}, possibly less than the {_gb(source.mb)} the source asks: set the "
                f"memory by hand on {profile.name}, or {more}"]
    return [f"{head}: LESS than the {_gb(source.mb)} per node the source asks, so the job may "
            f"run out of memory; {more}"]


_MEM_LINE = re.compile(r"^#SBATCH --mem=\S+[ \t]*$", re.M)


@dataclass
class Fitted:
    """The target script with its memory request fitted to the source's, its notes, and a
    refusal when no node of the target holds what the source asks."""

    script: str
    notes: list[str]
    refusal: str = ""


def fit_memory(script: str, source: Asked | None, profile: ClusterProfile,
               gpus_per_node: int, ranks_per_node: float | None = None,
               ranks: int | None = None) -> Fitted:
    """Fit the target's memory request to the source's per node: a job on part of a shared node
    whose site documents a per-GPU memory share (``partial_share.memory_mb_per_gpu``) asks the
    source's memory when a node has it. A source asking more than a target node has never gets
    that request written (the target rejects it): the script keeps the most the target gives
    (its whole node, or the site's share), and the port refuses when no layout holds the job
    there: one process a node (``ranks_per_node`` of the source 1 or unknown: that process's
    need, which no layout splits), or one rank's share of the source node's request already
    above a target node. Else (the ranks' need per node follows the layout) the note of
    ``memory_note`` names the layout (``nodes=``, ``gpus_per_node=``) whose nodes hold it."""
    target = target_memory(script, profile, gpus_per_node)
    one_per_node = ranks_per_node is None or ranks_per_node <= 1
    per_rank = (source.mb / ranks_per_node if source is not None and source.mb is not None
                and ranks_per_node is not None and not one_per_node else None)
    asked = source  # as the source writes it (per source node), for the refusal
    if source is not None and per_rank is not None and gpus_per_node != ranks_per_node:
        source = Asked(per_rank * gpus_per_node, source.written, basis=(
            f"{_gb(per_rank)} for each of its {ranks_per_node:g} processes a node there, "
            f"x {gpus_per_node} a node on {profile.name}, if the need is per process"))
    if source is None or source.mb is None or (target.mb is not None and source.mb <= target.mb):
        return Fitted(script, memory_note(source, target, profile, gpus_per_node))
    node_mb = profile.node.memory_gb * 1024.0
    if source.mb > node_mb and not one_per_node and per_rank is not None and per_rank > node_mb:
        return Fitted(script, [], refusal=(
            f"memory: the source asks {_said(asked or source)} for {ranks_per_node:g} processes "
            f"a node, {_gb(per_rank)} for each, more than a whole {profile.name} GPU node has "
            f"({profile.node.memory_gb} GB): no layout holds even one of its processes on "
            f"{profile.name}; lower its need in the script, or port it to a site whose nodes "
            "have it"))
    if source.mb > node_mb and not one_per_node:  # its ranks' need per node follows the layout
        notes = memory_note(source, target, profile, gpus_per_node)
        return Fitted(script, notes + _spread(source, per_rank, profile, ranks))
    if source.mb > node_mb:
        return Fitted(script, [], refusal=(
            f"memory: the source asks {_said(source)}, more than a {profile.name} GPU node has "
            f"({profile.node.memory_gb} GB): the job cannot hold that memory on "
            f"{profile.name}; lower its need in the script, or port it to a site whose nodes "
            "have it"))
    share = profile.directives.partial_share
    ds = parse_directives(script, profile.scheduler)
    if (profile.scheduler != "slurm" or share is None or not share.memory_mb_per_gpu
            or not _partial(ds, profile, gpus_per_node)):
        return Fitted(script, memory_note(source, target, profile, gpus_per_node))
    gb = -(-int(source.mb) // 1024)  # whole GB, rounded up
    bound = schedulable_mb(profile)
    whole = source.mb > bound
    line = "#SBATCH --mem=0" if whole else f"#SBATCH --mem={gb}G"
    fitted = _MEM_LINE.sub(line, script, count=1) if _MEM_LINE.search(script) else None
    if fitted is None:
        return Fitted(script, memory_note(source, target, profile, gpus_per_node))
    given = share.memory_mb_per_gpu * gpus_per_node
    if whole:
        return Fitted(fitted, [_whole_memory_note(source, profile, bound, given,
                                                  gpus_per_node, gb)])
    return Fitted(fitted, [
        f"memory: the source asks {_said(source)}; the port asks `--mem={gb}G` on "
        f"{profile.name} (a node has {profile.node.memory_gb} GB), above the {_gb(given)} "
        f"({given}M) its {gpus_per_node} GPU(s) come with: {profile.name} may charge the "
        "job for the memory beyond its GPUs' share"])


def schedulable_mb(profile: ClusterProfile) -> float:
    """The most memory (MiB) a job may be sure to get written as a number on one of the
    target's GPU nodes. Slurm gives a job at most a node's configured memory (``RealMemory``),
    which sites set below the node's nominal memory (the operating system keeps part), and
    rejects a larger ``--mem`` ("Memory specification can not be satisfied"): so never the
    nominal memory itself; where the site documents a per-GPU share for these nodes
    (``partial_share.memory_mb_per_gpu``, its own, not one another node type lends), the
    shares of all the node's GPUs, the whole node as its accounting counts it.

    Sources: sbatch(1) --mem (https://slurm.schedmd.com/sbatch.html#OPT_mem: ``--mem=0``
    grants the job all the memory of each node); sites' own words that part of a node's memory
    is not allocatable by Slurm (FGCI, https://github.com/jm58660/docs/blob/main/slurm.rst:
    "some of the memory isn't allocatable by slurm ... scontrol show node | grep RealMemory";
    OSC's "max usable memory per node", https://www.osc.edu/node/6358); sbatch's answer to a
    larger request, "Memory specification can not be satisfied"
    (https://github.com/meta-pytorch/torchforge/issues/590)."""
    nominal = profile.node.memory_gb * 1024.0
    own = profile.node_type(profile.seen_on) if profile.seen_on else None
    share = (own.partial_share if own is not None else profile.directives.partial_share)
    if share is None or not share.memory_mb_per_gpu:
        return nominal - 1
    return min(nominal - 1, float(share.memory_mb_per_gpu * profile.gpu.per_node))


def _whole_memory_note(source: Asked, profile: ClusterProfile, bound: float, given: int,
                       gpus_per_node: int, gb: int) -> str:
    """The note on a request (``gb`` whole GB) at or near a whole target node's memory,
    written as ``--mem=0``."""
    nominal = profile.node.memory_gb
    counted = (f"; the site's accounting counts {_gb(bound)} ({bound:.0f}M) for a whole node, "
               f"{gpus_word(profile.gpu.per_node)} x its per-GPU share"
               if bound < nominal * 1024.0 - 1 else "")
    return (f"memory: the source asks {_said(source)}, about all the memory a whole "
            f"{profile.name} node has ({nominal} GB nominal){counted}: Slurm gives a job at "
            "most the memory it schedules on a node, less than the nominal (the operating "
            "system keeps part), and sbatch rejects a larger --mem ('Memory specification can "
            f"not be satisfied'), so the port does not write `--mem={gb}G`: it asks `--mem=0`, "
            "all the memory Slurm gives on the node (sbatch(1) --mem), possibly a little less "
            "than the source asks (lower the job's need if it does not fit); the job holds the "
            f"whole node's memory, above the {_gb(given)} ({given}M) its {gpus_per_node} GPU(s) "
            f"come with, and {profile.name} may charge it for the whole node")


def _spread(source: Asked, per_rank: float | None, profile: ClusterProfile,
            ranks: int | None) -> list[str]:
    """The layout whose target nodes hold the source's request when its need is per process:
    as many processes a node as a node's memory holds at the source's share each."""
    if per_rank is None or not ranks or per_rank <= 0:
        return []
    share = profile.directives.partial_share
    node_mb = (schedulable_mb(profile) if share is not None and share.memory_mb_per_gpu
               else profile.node.memory_gb * 1024.0)  # a node's shares where the site counts
    most = min(profile.gpu.per_node, int(node_mb // per_rank), ranks)
    per_node = max((k for k in range(1, most + 1) if ranks % k == 0), default=0)  # even nodes
    if per_node < 1:
        return []
    nodes = -(-ranks // per_node)
    return [f"memory: the port writes no request above a {profile.name} node's "
            f"{profile.node.memory_gb} GB (the scheduler would reject the job; the source's "
            f"`{source.written}` is not copied); if the job's need is {_gb(per_rank)} for each of "
            f"its processes, port it again with nodes={nodes} gpus_per_node={per_node} "
            f"(--nodes {nodes} --gpus-per-node {per_node}): {per_node} process(es) a node, "
            f"{_gb(per_rank * per_node)} a node"]
