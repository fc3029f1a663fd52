"""Whether a GPU job's missing partition is the only thing Slurm's bare refusal can mean (s38).

"Requested node configuration is not available" names no resource: no node of the partition
the job lands in has everything asked at once (slurm/src/slurmctld/job_mgr.c answers
``ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE`` for a request no node's configuration meets). A
GPU job that names no partition lands in the site's default one, which may have no GPUs: a
GPU partition then cures it. That is the cure only when nothing else in the request can be
what no node has; each of these is another candidate, and the fix is then a guess:

- more than one node (a partition with fewer usable nodes - autoscaled, down - refuses
  the count with the same message: aws/aws-parallelcluster#282);
- more GPUs per node than a node of the site has (mlcommons/training#824: 8 on 4);
- a per-GPU or per-node size beside the GPU count (``--cpus-per-gpu``, ``--mem-per-gpu``,
  ``--mem`` above a node's memory, CPUs per node above its cores: interTwin-eu/itwinai#415);
- a node feature or a named node (``--constraint``, ``--nodelist``), a typed GPU
  (``--gres=gpu:TYPE:N``: a type the partition's nodes lack gives the same message);
- a walltime above the site's longest partition (find_string 19221621251: a time above what
  the partition's nodes take).
"""

from __future__ import annotations

from maple_flow.knowledge.directives import (
    Directive,
    cpus_per_node,
    directives_once,
    last_value,
)
from maple_flow.knowledge.policy import request_from_directives
from maple_flow.models import ClusterProfile
from maple_flow.units import size_mb

#: Options any one of which is a candidate of its own for a node that has not everything asked.
_OTHER_CANDIDATES = ("cpus-per-gpu", "mem-per-gpu", "constraint", "nodelist")


def _one_node(ds: list[Directive]) -> bool:
    nodes = last_value(ds, "nodes")
    return nodes is None or nodes.strip() in ("1", "1-1")


def _typed_gpu(ds: list[Directive]) -> bool:
    gres = last_value(ds, "gres") or ""
    gpus = last_value(ds, "gpus-per-node", "gpus") or ""
    return gres.count(":") >= 2 or ":" in gpus


def _above_node(ds: list[Directive], profile: ClusterProfile) -> bool:
    """A size of the request above one node of the site's (GPUs, memory, cores) or a walltime
    above every queue of the site."""
    mem = size_mb(last_value(ds, "mem"), "slurm")
    cpus = cpus_per_node(ds)
    request = request_from_directives(ds)
    seconds = request.walltime_s
    longest = max((q.max_walltime_seconds for q in profile.queues.items), default=0)
    return bool((request.gpus_per_node and request.gpus_per_node > profile.gpu.per_node)
                or (mem and mem > profile.node.memory_gb * 1024)
                or (cpus and cpus > profile.node.cpus)
                or (seconds and longest and seconds > longest))


def partition_sole_candidate(script: str, profile: ClusterProfile | None) -> bool:
    """Whether the Slurm ``script`` names no partition and asks nothing, besides its GPUs,
    that a node of the site could lack (one node, no per-GPU size, no feature, node name or
    GPU type, sizes and time within the site's): the default partition is then the one
    candidate left (False without a profile)."""
    if profile is None or profile.scheduler != "slurm":
        return False
    ds = directives_once(script, "slurm")
    if last_value(ds, "partition") is not None or not _one_node(ds):
        return False
    if any(last_value(ds, o) is not None for o in _OTHER_CANDIDATES):
        return False
    return not _typed_gpu(ds) and not _above_node(ds, profile)
