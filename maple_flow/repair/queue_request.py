"""What a script asks of its queue, and whether a queue takes it (pure; shared by resolve.py and
resolve_longer.py without an import cycle)."""

from __future__ import annotations

from typing import NamedTuple

from maple_flow.knowledge.directives import parse_directives
from maple_flow.knowledge.policy import request_from_directives
from maple_flow.models import ClusterProfile, Queue


class QueueRequest(NamedTuple):
    """The script's nodes (1 when unsaid, as the schedulers do), walltime and GPUs a node
    (None: unsaid) and the queue it names (else the site's default)."""

    nodes: int
    seconds: int | None
    gpus: int | None
    queue: Queue


def script_request(profile: ClusterProfile, script: str) -> QueueRequest:
    """What ``script``'s directives ask of ``profile``'s queues."""
    req = request_from_directives(parse_directives(script, profile.scheduler))
    queue = (profile.queues.get(req.queue) if req.queue else None) or profile.queues.default_queue
    return QueueRequest(req.nodes or 1, req.walltime_s, req.gpus_per_node, queue)


def queue_takes(queue: Queue, nodes: int, seconds: int | None, gpus: int | None = None) -> bool:
    """Whether ``queue`` takes a job of ``nodes`` nodes for ``seconds`` (None: unsaid) using
    ``gpus`` GPUs a node (None: unsaid; a queue for part of a node caps a job's GPUs)."""
    return queue.min_nodes <= nodes <= queue.max_nodes and (
        (seconds or 0) <= queue.max_walltime_seconds) and (
        queue.max_gpus is None or not gpus or gpus * nodes <= queue.max_gpus)
