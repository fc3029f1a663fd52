"""What porting keeps and what it reports: environment, paths, queues, rank arithmetic."""

from __future__ import annotations

import math
import re

from maple_flow.models import ClusterProfile, Queue, format_walltime

#: Environment variables that belong to a cluster (network, launcher, devices, rendezvous).
_CLUSTER_PREFIXES = (
    "NCCL_", "FI_", "CCL_", "ZE_", "ZEX_", "MPICH_", "PALS_", "SLURM_", "PBS_", "OMPI_", "UCX_",
    "I_MPI_", "CUDA_", "HSA_", "ROCR_", "NVIDIA_", "MASTER_", "LD_", "CXI_", "CRAY_", "PMI_",
    "CONDA_", "ONEAPI_", "SYCL_", "MPIR_", "HYDRA_", "OMP_", "KMP_", "GOMP_", "TORCH_NCCL_",
)
_CLUSTER_NAMES = frozenset({
    "CUDA_VISIBLE_DEVICES", "MASTER_ADDR", "MASTER_PORT", "WORLD_SIZE", "RANK", "LOCAL_RANK",
    "NODE_RANK", "LOCAL_WORLD_SIZE", "NNODES", "NGPUS", "NRANKS", "PATH", "PYTHONPATH",
    "VIRTUAL_ENV", "HOSTNAME", "TMPDIR", "HOME", "SCRATCH", "WORK", "PSCRATCH", "CFS", "GPUS",
    "NUM_NODES", "HEAD_NODE", "HEAD_NODE_IP", "NTOTRANKS", "NRANKS_PER_NODE", "NDEPTH",
})
_PATHISH = re.compile(r"(?:^|[=:,])(?:/|~/|\$\{?(?:HOME|SCRATCH|WORK|PSCRATCH|CFS|PROJECT)\b)")


def is_cluster_specific(name: str, value: str) -> bool:
    """Whether an exported variable belongs to the source cluster rather than to the program."""
    if name in _CLUSTER_NAMES or name.startswith(_CLUSTER_PREFIXES):
        return True
    return "$(" in value or "`" in value or "$SLURM" in value or "$PBS" in value


def is_path(value: str) -> bool:
    """Whether a value names a location on some filesystem (absolute, home or scratch)."""
    return bool(_PATHISH.search(value))


def split_env(env: dict[str, str]) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(kept, cluster-specific, paths) from a script's exported variables."""
    kept: dict[str, str] = {}
    specific: dict[str, str] = {}
    paths: dict[str, str] = {}
    for name, value in env.items():
        if is_cluster_specific(name, value):
            specific[name] = value
        elif is_path(value):
            paths[name] = value
        else:
            kept[name] = value
    return kept, specific, paths


def place_ranks(
    total: int, per_node: int, nodes: int | None = None, gpn: int | None = None
) -> tuple[int, int, str]:
    """Nodes and ranks per node on the target for ``total`` ranks, and a note when inexact."""
    if gpn is None and nodes is not None:
        gpn = min(per_node, math.ceil(total / nodes))
    gpn = gpn or (total if total < per_node else per_node)
    nodes = nodes or math.ceil(total / gpn)
    note = ""
    if nodes * gpn != total:
        note = (
            f"the source ran {total} ranks; {nodes} node(s) x {gpn} rank(s) per node gives "
            f"{nodes * gpn}: check the global batch size and learning rate"
        )
    return nodes, gpn, note


def _usable(queue: Queue, nodes: int) -> bool:
    special = any(w in queue.name.lower() for w in ("interactive", "preempt", "shared", "viz"))
    return queue.min_nodes <= nodes <= queue.max_nodes and (queue.default or not special)


def choose_queue(profile: ClusterProfile, nodes: int, seconds: int) -> tuple[str, int, str]:
    """(queue, walltime seconds, note): the default queue when it fits, else the best fit."""
    items = [q for q in profile.queues.items if _usable(q, nodes)] or list(profile.queues.items)
    default = profile.queues.default_queue
    if default in items and default.max_walltime_seconds >= seconds:
        return default.name, seconds, ""
    fits = [q for q in items if q.max_walltime_seconds >= seconds]
    if fits:
        best = min(fits, key=lambda q: q.max_walltime_seconds)
        return best.name, seconds, ""
    longest = max(items, key=lambda q: q.max_walltime_seconds)
    note = (
        f"walltime {format_walltime(seconds)} exceeds the {longest.name} limit on {profile.name}; "
        f"clamped to {longest.max_walltime}"
    )
    return longest.name, longest.max_walltime_seconds, note
