"""Batch speed (issue 14): `maple batch` of 100 scripts x 9 targets, ports per second.

    PYTHONPATH=$PWD python bench/batch_speed/run.py [--scripts 100] [--out FILE]

The 100 source scripts are maple_flow's own renders (every cluster x setup, 1-3 nodes, a
different program and arguments each), ported to the nine clusters other than Bridges-2 by
``batch_port`` (in worker processes, one per core: maple_flow.workflows.batchpool; each
worker's ports linted in a few shellcheck runs, in the background: maple_flow.lint.LintAhead),
each port linted for only what it does not share with its template rendered alone
(maple_flow.lint_scope: the same findings, bench/batch_speed/lint_equiv.py); for comparison
in the same process and load, by ``batch_port`` in this one process (``batch_serial``) and by
one ``port()`` per pair (one shellcheck process per port, the whole port). Wall and CPU
seconds (this process, and its children: the worker processes and shellcheck runs) and the
load average are recorded: on a shared machine wall figures depend on the load.
Writes JSON (default bench/batch_speed/results.json).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def corpus(n: int) -> dict[str, str]:
    """``n`` source scripts rendered by maple_flow for the ten clusters and four setups."""
    from maple_flow.generate import generate_from_spec
    from maple_flow.knowledge.clusters import all_profiles
    from maple_flow.models import SETUPS, JobSpec

    profiles = all_profiles()
    clusters = sorted(profiles)
    scripts: dict[str, str] = {}
    i = 0
    while len(scripts) < n:
        cluster = clusters[i % len(clusters)]
        framework, strategy = SETUPS[(i // len(clusters)) % len(SETUPS)]
        spec = JobSpec.model_validate({
            "cluster": cluster, "framework": framework, "strategy": strategy,
            "nodes": 1 + i % 3, "gpus_per_node": profiles[cluster].gpu.per_node,
            "entrypoint": f"train_{i}.py", "args": ["--epochs", str(1 + i % 7), "--seed", str(i)],
        })
        scripts[f"s{i:03d}-{cluster}"] = generate_from_spec(spec, strict=False).script
        i += 1
    return scripts


def _cpu() -> tuple[float, float]:
    """CPU seconds of this process and of its children (the shellcheck runs)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def timed(run: Callable[[], int]) -> dict[str, Any]:
    load, (me0, kids0), start = os.getloadavg()[0], _cpu(), time.perf_counter()
    ports = run()
    wall, (me1, kids1) = time.perf_counter() - start, _cpu()
    cpu = (me1 - me0) + (kids1 - kids0)
    return {"ports": ports, "wall_s": round(wall, 2), "ports_per_s": round(ports / wall, 1),
            "cpu_s": round(cpu, 2), "cpu_ms_per_port": round(1000 * cpu / ports, 1),
            "self_cpu_ms_per_port": round(1000 * (me1 - me0) / ports, 1),
            "children_cpu_ms_per_port": round(1000 * (kids1 - kids0) / ports, 1),
            "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2)}


def batch(scripts: dict[str, str], targets: list[str], workers: int | None = None) -> int:
    """Ports (and errors) of ``batch_port``, ``workers`` processes (default: one per core)."""
    from maple_flow.workflows.scale import batch_port

    b = batch_port(scripts, targets, workers=workers)
    return sum(map(len, b.results.values())) + sum(map(len, b.errors.values()))


def per_port(scripts: dict[str, str], targets: list[str]) -> int:
    from maple_flow import port
    from maple_flow.errors import MapleError

    n = 0
    for text in scripts.values():
        for target in targets:
            with contextlib.suppress(MapleError):
                port(text, [target])
            n += 1
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scripts", type=int, default=100)
    ap.add_argument("--out", default=str(HERE / "results.json"))
    ap.add_argument("--skip-per-port", action="store_true",
                    help="time the batch only (not batch_serial, per_port)")
    args = ap.parse_args(argv)
    from maple_flow.knowledge.clusters import all_profiles

    scripts = corpus(args.scripts)
    targets = [c for c in sorted(all_profiles()) if c != "bridges2"]
    batch(dict(list(scripts.items())[:2]), targets[:2])  # imports and caches warm
    result: dict[str, Any] = {
        "command": "PYTHONPATH=$PWD python bench/batch_speed/run.py",
        "scripts": len(scripts), "targets": targets, "cores": os.cpu_count(),
        "python": platform.python_version(), "batch": timed(lambda: batch(scripts, targets)),
    }
    if not args.skip_per_port:
        result["batch_serial"] = timed(lambda: batch(scripts, targets, workers=1))
        result["per_port"] = timed(lambda: per_port(scripts, targets))
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    json.dump(result, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
