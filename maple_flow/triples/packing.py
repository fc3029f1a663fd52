"""How many tasks to pack per node and GPU, from one task's measured use (triples, issue 18).

Pure. The triples seed chooses NPPN from a task's GPU memory and GPU load, and NTPP from its
CPU load (LLload). The rules, each a bound on the tasks per GPU or per node:

- GPU memory: ``floor(MEMORY_HEADROOM * GPU memory / peak task GPU memory)`` per GPU (the
  seed's 48-task run failed with out-of-memory once the tasks' memory exceeded the GPUs');
- GPU load: ``floor(GPU_LOAD_TARGET / task utilisation)`` per GPU: tasks are added until
  their kernels would keep the GPU busy all the time;
- CPU: NTPP is the whole number of cores nearest to what one task keeps busy (at least 1),
  and ``floor(cores / NTPP)`` tasks per node (a task keeping 1.14 cores busy, most of it its
  start-up, is one core: on an H200 node of 16 cores 12 such tasks ran best of 1, 3, 6 and 12,
  where rounding up had proposed 8);
- host memory: ``floor(MEMORY_HEADROOM * node memory / peak task RSS)`` per node.

NPPN is the smallest bound (per-GPU bounds times the node's GPUs); the reasoning names every
bound and the one that decided. Without a GPU measurement (no ``nvidia-smi``) no NPPN is
proposed: the GPU's share is not guessed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MEMORY_HEADROOM = 0.9
GPU_LOAD_TARGET = 100.0


@dataclass(frozen=True)
class TaskUse:
    """One task's measured use: peaks and means over its sampled run."""

    seconds: float
    cpu_cores: float  # mean CPU use, in cores
    peak_rss_mb: float
    peak_gpu_mem_mb: float | None = None
    gpu_util_pct: float | None = None
    exit_code: int | None = None
    finished: bool = False


@dataclass(frozen=True)
class NodeCapacity:
    """What one node offers the tasks."""

    gpus: int
    gpu_mem_mb: float | None
    cores: int
    mem_mb: float | None


@dataclass(frozen=True)
class Proposal:
    """The proposed NPPN (None when it cannot be told) and NTPP, with the reasoning."""

    ppn: int | None
    tpp: int
    reasons: list[str]


def _per_gpu_bounds(use: TaskUse, node: NodeCapacity) -> dict[str, int]:
    bounds: dict[str, int] = {}
    if use.peak_gpu_mem_mb and node.gpu_mem_mb:
        bounds["GPU memory"] = max(1, math.floor(MEMORY_HEADROOM * node.gpu_mem_mb
                                                 / use.peak_gpu_mem_mb))
    if use.gpu_util_pct is not None:
        bounds["GPU load"] = max(1, math.floor(GPU_LOAD_TARGET / max(use.gpu_util_pct, 1.0)))
    return bounds


def propose(use: TaskUse, node: NodeCapacity) -> Proposal:
    """NPPN and NTPP for tasks like the measured one on ``node``, and why."""
    tpp = max(1, math.floor(use.cpu_cores + 0.5))
    reasons = [f"a task kept {use.cpu_cores:.2f} cores busy: NTPP {tpp}"]
    per_node = {"CPU": max(1, node.cores // tpp)}
    if use.peak_rss_mb and node.mem_mb:
        per_node["host memory"] = max(1, math.floor(MEMORY_HEADROOM * node.mem_mb
                                                    / use.peak_rss_mb))
    per_gpu = _per_gpu_bounds(use, node)
    if use.peak_gpu_mem_mb is not None and node.gpu_mem_mb:
        reasons.append(f"GPU memory: a task peaked at {use.peak_gpu_mem_mb:.0f} MB of "
                       f"{node.gpu_mem_mb:.0f} MB: {per_gpu['GPU memory']} per GPU "
                       f"({MEMORY_HEADROOM:.0%} of the GPU)")
    if use.gpu_util_pct is not None:
        reasons.append(f"GPU load: a task kept the GPU {use.gpu_util_pct:.0f} % busy: "
                       f"{per_gpu['GPU load']} per GPU to reach {GPU_LOAD_TARGET:.0f} %")
    reasons.append(f"CPU: {node.cores} cores / NTPP {tpp}: {per_node['CPU']} per node")
    if "host memory" in per_node:
        reasons.append(f"host memory: a task peaked at {use.peak_rss_mb:.0f} MB of "
                       f"{node.mem_mb:.0f} MB: {per_node['host memory']} per node")
    if "GPU memory" not in per_gpu or "GPU load" not in per_gpu:
        reasons.append("no NPPN proposed: the task's GPU memory and load were not both "
                       "measured (no NVIDIA GPU or nvidia-smi where it ran); measure it "
                       "on a GPU node")
        return Proposal(ppn=None, tpp=tpp, reasons=reasons)
    bounds = {**{k: v * node.gpus for k, v in per_gpu.items()}, **per_node}
    decided = min(bounds, key=lambda k: bounds[k])
    ppn = bounds[decided]
    reasons.append(f"NPPN {ppn}: the smallest bound, set by {decided} "
                   f"({ppn / node.gpus:.1f} tasks per GPU on {node.gpus} GPUs)")
    return Proposal(ppn=ppn, tpp=tpp, reasons=reasons)
