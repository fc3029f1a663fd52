"""The paper's Table II on the twin: every cluster x setup template, rendered and verified.

    .venv/bin/python bench/verify_matrix.py [--clusters a,b] [--setups ddp,zero3] [--out DIR]

Each cell renders the template for 2 nodes with every GPU of each node, swaps in the
mini-app and runs it on the cluster's twin. Prints JSON (per cell status and seconds, total
wall time) and writes matrix.md, matrix.html and matrix.json to --out (default bench/out).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

from maple_flow.clusters import all_profiles
from maple_flow.generate import generate_from_spec
from maple_flow.models import SETUPS, JobSpec
from maple_flow.reports.matrix import Cell, html_page, markdown
from maple_flow.verify import VerifyTarget, verify_many
from maple_flow.verify.progress import progress_printer

SETUP_NAMES = {"ddp": SETUPS[0], "fsdp": SETUPS[1], "zero3": SETUPS[2], "accelerate": SETUPS[3]}


def targets(clusters: list[str], setups: list[tuple[str, str]]) -> list[VerifyTarget]:
    out = []
    for cluster in clusters:
        profile = all_profiles()[cluster]
        for framework, strategy in setups:
            spec = JobSpec(cluster=cluster, framework=framework, strategy=strategy,  # type: ignore[arg-type]
                           nodes=2, gpus_per_node=profile.gpu.per_node, entrypoint="train.py",
                           args=["--epochs", "1"], walltime="00:10:00")
            result = generate_from_spec(spec)
            out.append(VerifyTarget.from_spec(result.script, spec))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clusters", default=",".join(all_profiles()))
    parser.add_argument("--setups", default=",".join(SETUP_NAMES))
    parser.add_argument("--out", default="bench/out")
    parser.add_argument("--timeout", type=float, default=600)
    a = parser.parse_args()
    clusters = [c for c in a.clusters.split(",") if c]
    setups = [SETUP_NAMES[s] for s in a.setups.split(",") if s]
    todo = targets(clusters, setups)
    start = time.monotonic()
    reports = verify_many(todo, timeout_s=a.timeout, progress=progress_printer(len(todo)))
    wall = time.monotonic() - start
    cells = [Cell(t.cluster, (t.framework, t.strategy), r.status, r.elapsed_s,
                  t.spec.ranks if t.spec else 0, "; ".join(r.reasons)[:300])
             for t, r in zip(todo, reports, strict=True)]
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    footer = (f"{sum(c.status == 'verified' for c in cells)}/{len(cells)} verified; wall time "
              f"{wall:.0f} s on {os.cpu_count()} cores ({platform.node()}), "
              f"{os.environ.get('MAPLE_TWIN_MAX_JOBS', '2')} jobs at a time")
    (out / "matrix.md").write_text(markdown(cells) + f"\n{footer}\n")
    (out / "matrix.html").write_text(html_page(cells, "maple_flow verification matrix (twin)",
                                               footer))
    result = {"wall_s": round(wall, 1), "cores": os.cpu_count(),
              "verified": sum(c.status == "verified" for c in cells), "cells": len(cells),
              "per_cell": [{"cluster": c.cluster, "setup": "/".join(c.setup),
                            "status": c.status, "seconds": round(c.seconds, 1),
                            "ranks": c.ranks, "reason": c.reason} for c in cells]}
    (out / "matrix.json").write_text(json.dumps(result, indent=2))
    json.dump(result, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
