"""Performance probes of a verification run: per-rank step time, all-reduce bus bandwidth and
the CPU cores each rank may run on. The verifier turns them into findings
(maple_flow/verify/perf.py): a slow rank or node, a slow link, ranks sharing cores.

- Step time: forward and backward of the tiny GPT-2 on the rank's own device, no collective
  inside, so a slow rank cannot hide behind its peers' waits: the median of ``STEP_SAMPLES``
  samples after ``STEP_WARMUP`` untimed steps. On GPUs every rank measures at once (each has its own
  device); on CPUs (the twin) the nodes take turns, all ranks of one node at once, so the
  ranks of different nodes do not compete for the same cores while ranks of one node do, as
  they would on that node.
- All-reduce: float32 tensors of a few sizes, timed after a warm-up; bus bandwidth as
  nccl-tests defines it: algbw = bytes / time, busbw = algbw * 2 (n - 1) / n.
- Cores: ``os.sched_getaffinity`` of the rank and the node's CPU count.

Set MAPLE_MINIAPP_PERF=0 to skip the probes.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

from _common import bus_bandwidth_gbs, cpu_list_text

#: Untimed steps, timed samples and steps per sample (a sample of a few steps outlasts the
#: clock's and the scheduler's noise; the median of the samples outlasts a stray pause).
STEP_WARMUP, STEP_SAMPLES = 2, 7
GPU_STEPS_PER_SAMPLE, CPU_STEPS_PER_SAMPLE = 3, 10
#: All-reduce sizes in bytes and timed iterations, for GPU and CPU (gloo) runs.
GPU_SIZES, GPU_ITERS = (8 << 20, 64 << 20, 256 << 20), 10
CPU_SIZES, CPU_ITERS = (256 << 10, 4 << 20), 3


def enabled() -> bool:
    """Whether the probes run (MAPLE_MINIAPP_PERF is not 0)."""
    return os.environ.get("MAPLE_MINIAPP_PERF", "1") != "0"


def _sync(ctx: Any) -> None:
    import torch

    if ctx.gpu:
        api = getattr(torch, ctx.device.type)
        api.synchronize(ctx.device)


def _step_samples(ctx: Any, model: Any, tokens: Any) -> list[float]:
    steps = GPU_STEPS_PER_SAMPLE if ctx.gpu else CPU_STEPS_PER_SAMPLE

    def one() -> float:
        t = time.perf_counter()
        for _ in range(steps):
            loss = model(input_ids=tokens, labels=tokens).loss
            loss.backward()
        _sync(ctx)
        return (time.perf_counter() - t) / steps

    for _ in range(STEP_WARMUP):
        one()
    return [round(one(), 6) for _ in range(STEP_SAMPLES)]


def step_times(ctx: Any, hosts: list[str]) -> tuple[list[float], str]:
    """This rank's timed steps, and how the ranks took turns ('concurrent' or 'by node')."""
    import torch
    import torch.distributed as dist
    from _runtime import batch, tiny_gpt2

    model, tokens = tiny_gpt2().to(ctx.device), batch(ctx)
    if ctx.gpu:
        dist.barrier()
        return _step_samples(ctx, model, tokens), "concurrent"
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # one core per rank, as a rank bound to its GPU's cores would use
    samples: list[float] = []
    try:
        for host in dict.fromkeys(hosts):
            dist.barrier()
            if host == hosts[ctx.info.rank]:
                samples = _step_samples(ctx, model, tokens)
        dist.barrier()
    finally:
        torch.set_num_threads(threads)
    return samples, "by node"


def allreduce_bandwidth(ctx: Any) -> list[dict[str, float]]:
    """Time and bus bandwidth of an all-reduce per size (none for a single rank)."""
    import torch
    import torch.distributed as dist

    n = ctx.info.world_size
    if n < 2:
        return []
    sizes, iters = (GPU_SIZES, GPU_ITERS) if ctx.gpu else (CPU_SIZES, CPU_ITERS)
    out: list[dict[str, float]] = []
    for size in sizes:
        t = torch.ones(size // 4, dtype=torch.float32, device=ctx.device)
        dist.all_reduce(t)  # warm-up: connections and buffers
        _sync(ctx)
        dist.barrier()
        start = time.perf_counter()
        for _ in range(iters):
            dist.all_reduce(t)
        _sync(ctx)
        seconds = (time.perf_counter() - start) / iters
        out.append({"bytes": size, "time_s": round(seconds, 6),
                    "busbw_gbs": round(bus_bandwidth_gbs(size, seconds, n), 4)})
        del t
    return out


def measure(ctx: Any, hosts: list[str]) -> dict[str, Any]:
    """Every probe for this rank, as the report's ``perf`` part."""
    samples, turns = step_times(ctx, hosts)
    return {
        "step_s": round(statistics.median(samples), 6) if samples else None,
        "step_samples": samples,
        "turns": turns,
        "allreduce": allreduce_bandwidth(ctx),
        "affinity": cpu_list_text(sorted(os.sched_getaffinity(0))),
        "cpus": os.cpu_count(),
    }
