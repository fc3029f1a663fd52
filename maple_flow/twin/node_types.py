"""A personality's nodes serve every node type of its profile: the twin's nodes carry the GPUs,
features, cores and modules of all of them, and each node type's own queues exist, so a port
that chose another node type (``maple_flow.port.node_type``) is submitted and run, not refused
at submission. Which node type a job reached is the submit filter's business
(``maple_flow.knowledge.policy.node_type_profile``: GPUs per node, limits); the twin's Slurm
only has to hold every request the filter lets through. Pure."""

from __future__ import annotations

from maple_flow.models import ClusterProfile


def seen_as(profile: ClusterProfile) -> list[ClusterProfile]:
    """``profile`` and ``profile`` as seen on each of its node types."""
    return [profile, *(profile.on_node_type(t.id) for t in profile.node_types)]


def gpu_kinds(profile: ClusterProfile) -> list[tuple[str, int]]:
    """(GRES type, GPUs a node) of the twin's nodes: one entry per typed GPU (the site asks
    typed GPUs), else one untyped entry as large as the largest node type's."""
    views = seen_as(profile)
    if not profile.directives.gpu_type:
        return [("", max(p.gpu.per_node for p in views))]
    kinds: dict[str, int] = {}
    for p in views:
        gtype = p.directives.gpu_type or profile.directives.gpu_type
        kinds[gtype] = max(kinds.get(gtype, 0), p.gpu.per_node)
    return list(kinds.items())


def twin_modules(profile: ClusterProfile) -> ClusterProfile:
    """``profile`` whose module tree also holds the modules of its node types' own software."""
    names = [m for p in seen_as(profile) for m in p.software.available_modules]
    software = profile.software.model_copy(update={"available_modules": list(dict.fromkeys(names))})
    return profile.model_copy(update={"software": software})


def largest_node(profile: ClusterProfile) -> ClusterProfile:
    """The view (default nodes or a node type) whose nodes have the most CPUs (then memory):
    the twin's nodes advertise those, so no node type's request is too large for them."""
    return max(seen_as(profile), key=lambda p: (p.node.cpus, p.node.memory_gb))
