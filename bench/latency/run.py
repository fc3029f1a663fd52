"""Latency of generate(): warm in-process p50/p95, and `maple generate` as a fresh process.

Run: .venv/bin/python bench/latency/run.py  (prints one JSON object)
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REQUESTS = [
    "train.py --epochs 3 with torchrun on 8 GPUs across 2 nodes on Polaris for 1 hour",
    "FSDP on 2 nodes of Perlmutter, project m1234, regular QOS: `python -m pkg.train --lr 3e-4`",
    "DeepSpeed ZeRO-3 on one node of Aurora: pretrain_gpt.py --num-layers 24",
    "HF Accelerate on 4 nodes of Vista, run_image_classification.py --dataset_name cifar10",
    "torchrun on all GPUs of 2 nodes on delta ai, main.py --arch resnet50",
]
MAPLE = Path(sys.executable).with_name("maple")


def _quantiles(values: list[float]) -> dict[str, float]:
    qs = statistics.quantiles(values, n=100)
    return {"p50": round(qs[49], 3), "p95": round(qs[94], 3)}


def warm() -> dict[str, float]:
    from maple_flow import generate

    for r in REQUESTS:
        generate(r, strict=False)
    times = []
    for _ in range(60):
        for r in REQUESTS:
            start = time.perf_counter()
            generate(r, strict=False)
            times.append((time.perf_counter() - start) * 1000)
    return _quantiles(times)


def fresh(runs: int = 10) -> dict[str, float]:
    times = []
    for i in range(runs):
        start = time.perf_counter()
        subprocess.run([str(MAPLE), "generate", REQUESTS[i % len(REQUESTS)]], check=True,
                       capture_output=True, stdin=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return {"p50_s": round(statistics.median(times), 3), "max_s": round(max(times), 3)}


if __name__ == "__main__":
    print(json.dumps({"warm_generate_ms": warm(), "fresh_maple_generate": fresh()}, indent=2))
