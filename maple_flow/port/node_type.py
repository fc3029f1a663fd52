"""Stage "plan": which of the target's GPU nodes a port runs on. A source that asks for a GPU
model or GPU memory (``--gres=gpu:a100_80gb:4``, ``-C gpu80``, ``--constraint=h100``,
``-p gpuA40x4``, ``ngpus=4:gpu_model=a100``) that the target profile's own nodes do not have
lands on the target's other node type that has it (``ClusterProfile.node_types``: Delta's
gpuA40x4/gpuA100x8/gpuH200x8, Perlmutter's hbm80g nodes, Lonestar6's gpu-h100, Stampede3's
h100, Bridges-2's h100-80 ...), when the job fits its queues; else the port stays on the
profile's nodes and its notes say which nodes would have the GPUs and why they were not
taken. The node types and their preference order are data (``templates/clusters``)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from maple_flow.knowledge.directives import Directive
from maple_flow.knowledge.gpu_models import model_of_profile
from maple_flow.models import ClusterProfile
from maple_flow.models.profile import Gpu, NodeType
from maple_flow.port.gpu_memory import AskedGpu, asked_gpu


@dataclass(frozen=True)
class NodeChoice:
    """The node type a port runs on (None: the profile's own nodes) and what it says."""

    type_id: str | None
    notes: tuple[str, ...] = ()


def _vendor_of(asked: AskedGpu) -> str | None:
    return asked.model.name.split()[0].lower() if asked.model else None


def _has(gpu: Gpu, asked: AskedGpu) -> bool:
    """Whether ``gpu`` is what the source asks for: its model (when named) with at least
    the memory asked (when stated)."""
    if asked.model_id and model_of_profile(gpu.model) != asked.model_id:
        return False
    return not (asked.memory_gb and gpu.memory_gb < asked.memory_gb)


def _will_do(gpu: Gpu, asked: AskedGpu) -> bool:
    """Whether ``gpu`` runs what was written for the asked GPUs: the same maker's, with at
    least the memory the source's GPUs had (another model of it)."""
    vendor = _vendor_of(asked)
    least = asked.least_memory
    return (vendor is None or vendor == gpu.vendor) and not (least and gpu.memory_gb < least)


def _fits(t: NodeType, ranks: int) -> tuple[bool, str]:
    nodes = max(1, math.ceil(ranks / t.gpu.per_node))
    takes = [q for q in t.queues.items if q.auto and q.max_nodes >= nodes
             and (q.max_gpus is None or q.max_gpus >= ranks)]
    if takes:
        return True, ""
    most = max((q.max_nodes for q in t.queues.items if q.auto), default=0)
    return False, (f"the job's {ranks} GPU(s) need {nodes} of these {t.gpu.per_node}-GPU nodes"
                   f", and their queues take at most {most} node(s) a job")


def _what(asked: AskedGpu) -> str:
    if asked.memory_gb:
        return f"{asked.memory_gb} GB GPUs" + (f" ({asked.model.name})" if asked.model else "")
    return f"{asked.model.name} GPUs" if asked.model else "GPUs"


def _where(t: NodeType) -> str:
    queue = t.queues.default_queue
    names = ", ".join(q.name for q in t.queues.items if q.auto)
    kind = "QOS" if queue.kind == "qos" else queue.kind
    how = f"-C {t.constraint}" if t.constraint else (
        f"{kind}s {names}" if "," in names else f"{kind} {names}")
    return (f"its {t.id} nodes ({t.gpu.per_node} x {t.gpu.model}, {t.gpu.memory_gb} GB each; "
            f"{how})")


def _by_memory(profile: ClusterProfile, ranks: int, host: tuple[float, str]) -> NodeChoice:
    """The node type whose nodes hold the host memory a source node asked (``host``: MB and
    the directive as written) that the profile's own nodes do not, with the profile's own GPU
    model (the same GPUs, more memory: Delta's gpuA100x8 beside its gpuA100x4), the job
    fitting its queues; else the profile's own nodes (the memory stage then says why)."""
    mb, written = host
    if mb <= profile.node.memory_gb * 1024.0:
        return NodeChoice(None)
    own = model_of_profile(profile.gpu.model)
    for t in profile.node_types:
        if (not t.auto or model_of_profile(t.gpu.model) != own or t.node is None
                or t.node.memory_gb * 1024.0 < mb or not _fits(t, ranks)[0]):
            continue
        return NodeChoice(t.id, (
            f"memory: the source asks `{written}` a node, more than {profile.name}'s default "
            f"GPU nodes have ({profile.node.memory_gb} GB): the port runs on {_where(t)}, "
            f"{t.node.memory_gb} GB a node" + (f"; {t.notes}" if t.notes else ""),))
    return NodeChoice(None)


#: GPU makers as their names are written.
_MAKERS = {"nvidia": "NVIDIA", "amd": "AMD", "intel": "Intel"}


def _by_vendor(profile: ClusterProfile, ranks: int, vendor: str | None,
               per_node: int | None = None) -> NodeChoice:
    """The node type the site gives programs of the source's GPU maker (``NodeType.takes_vendor``:
    Stampede3's h100 queue for NVIDIA programs) where the profile's own GPUs are another maker's
    and the job fits its queues; else the profile's own nodes, saying why where such a type is
    there but the job does not fit it (its queues, or the GPUs a node the user gave,
    ``per_node``)."""
    if not vendor or vendor == profile.gpu.vendor:
        return NodeChoice(None)
    left: list[str] = []
    for t in profile.node_types:
        if not t.auto or t.takes_vendor != vendor:
            continue
        fits, why = _fits(t, ranks)
        if per_node and per_node > t.gpu.per_node:
            fits, why = False, (f"you gave {per_node} GPUs a node and these nodes have "
                                f"{t.gpu.per_node}")
        if fits:
            return NodeChoice(t.id, (
                f"GPU nodes: the source runs on {_MAKERS.get(vendor, vendor)} GPUs; "
                f"{profile.name}'s default nodes have {profile.gpu.model} "
                f"({_MAKERS.get(profile.gpu.vendor, profile.gpu.vendor)}): the port runs on "
                f"{_where(t)}, which the site gives such programs"
                + (f"; {t.notes}" if t.notes else ""),))
        left.append(f"{profile.name} runs programs for {_MAKERS.get(vendor, vendor)} GPUs on "
                    f"{_where(t)}, but {why}: "
                    f"the port stays on its {profile.gpu.model} nodes (shrink the job to fit "
                    "them, or change the program for these GPUs)")
    return NodeChoice(None, tuple(left))


def choose_node_type(directives: list[Directive], profile: ClusterProfile, ranks: int,
                     queue: str | None = None,
                     host: tuple[float, str] | None = None,
                     vendor: str | None = None, per_node: int | None = None) -> NodeChoice:
    """The node type of ``profile`` a job of ``ranks`` GPUs asking for ``directives``' GPUs
    runs on: a queue the user named picks its type; else, where the profile's own GPUs are
    not what the source asks for, the first type (in the profile's order) with the asked
    model and memory, else the one of the same maker with the least memory that is enough
    (the closest fit), that the job fits; where the GPUs asked are the profile's own, a host
    memory request (``host``) above its nodes' picks a node type with the same GPUs that holds
    it (``_by_memory``), else a source whose GPUs are another maker's than the profile's own
    (``vendor``) lands on the type the site gives that maker's programs (``_by_vendor``),
    where the GPUs a node the user gave (``per_node``) fit it.
    """
    if queue:  # a queue of the profile's own nodes keeps them
        named = None if profile.queues.get(queue) else next(
            (t for t in profile.node_types if t.queues.get(queue)), None)
        return NodeChoice(named.id if named else None)
    asked = asked_gpu(directives)
    if asked is None or not profile.node_types or _has(profile.gpu, asked):
        # the GPUs are the default nodes': a host memory request above theirs may still pick
        # a node type (``host``: what a source node asked, MB and as written)
        by_memory = _by_memory(profile, ranks, host) if host and profile.node_types else \
            NodeChoice(None)
        return by_memory if by_memory.type_id else _by_vendor(profile, ranks, vendor,
                                                              per_node)
    exact = [t for t in profile.node_types if _has(t.gpu, asked)]
    base_will_do = _will_do(profile.gpu, asked)
    near = [] if exact or base_will_do else sorted(  # the closest fit: least memory first
        (t for t in profile.node_types if _will_do(t.gpu, asked)), key=lambda t: t.gpu.memory_gb)
    left: list[str] = []
    for t in exact or near:
        has = _what(asked) if t in exact else f"GPUs with at least {asked.least_memory} GB"
        if not t.auto:
            left.append(f"{profile.name} has {has} on {_where(t)}, not chosen by the port: "
                        f"{t.notes}")
            continue
        fits, why = _fits(t, ranks)
        if fits:
            kind = "" if t in exact else (f" (another model, with at least the "
                                          f"{asked.least_memory} GB a GPU the source's had)")
            return NodeChoice(t.id, (
                f"GPU nodes: the source asks for {_what(asked)} (`{asked.raw}`); {profile.name}"
                f"'s default nodes have {profile.gpu.model} ({profile.gpu.memory_gb} GB): the "
                f"port runs on {_where(t)}{kind}" + (f"; {t.notes}" if t.notes else ""),))
        left.append(f"{profile.name} has {has} on {_where(t)}, but {why}: the port "
                    f"stays on its {profile.gpu.model} nodes (shrink the job to fit them, or "
                    "keep it and check it fits the GPUs it runs on)")
    return NodeChoice(None, tuple(left))


__all__ = ["NodeChoice", "choose_node_type"]
