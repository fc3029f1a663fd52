"""Cold vs warm twin verification of matrix rows, interleaved under the same load.

    .venv/bin/python bench/warm_compare.py [--clusters perlmutter,aurora] [--setups ddp,...]
        [--rounds 1] [--first-round 0] [--append] [--timeout 600]
        [--out bench/out/warm_compare.json]
    .venv/bin/python bench/warm_compare.py --matrix warm [--clusters ...]  # every cell at once

For each round and cluster, the row's cells (cluster x setup, 2 nodes, every GPU) run
together as in the matrix (same rank budget), once cold and once warm, the order alternating
per round (even rounds cold first; `--first-round 1 --append` adds a warm-first round to
the file). ``--matrix MODE`` instead runs every cell of the given clusters at once, as
`bench/verify_matrix.py` does, in one mode. Each cell goes through the verifier's own steps
(mini-app swap, twin submission, `decide`), but the twin is not (re)started here: it must
be up. Prints and writes JSON with
per-cell status and seconds and the row's wall time per mode.

Before the PBS front end that forwards the switch runs in the twin (a `maple twin up` from
this code), a PBS job gets the warm variables as export lines after its #PBS directives
(`injected: true` in the output); Slurm personalities carry them in sbatch's environment.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from maple_flow.models import SETUPS
from maple_flow.twin import Twin
from maple_flow.twin.warm import forwarded, warm_env, warm_mode
from maple_flow.verify.decide import decide
from maple_flow.verify.jobs import run_job
from maple_flow.verify.prepare import Prepared
from maple_flow.verify.session import prepare_target, twin_account
from maple_flow.workflows.scale import matrix_targets

SETUP_NAMES = {"ddp": SETUPS[0], "fsdp": SETUPS[1], "zero3": SETUPS[2], "accelerate": SETUPS[3]}


def qsub_forwards(twin: Twin, cluster: str) -> bool:
    """Whether the running twin's qsub passes the warm switch into PBS jobs."""
    shim = (twin.layout(cluster).bin / "qsub").read_text()
    root = shim.split("sys.path.insert(0, ", 1)[1].split(")", 1)[0].strip("'\"")
    pbs = Path(root) / "maple_flow" / "twin" / "pbs.py"
    return pbs.is_file() and "forwarded(os.environ)" in pbs.read_text()


def inject(script: str, env: dict[str, str]) -> str:
    """``script`` with the warm variables exported right after its directive block."""
    lines = script.splitlines(keepends=True)
    at = 1
    while at < len(lines) and (lines[at].startswith("#") or not lines[at].strip()):
        at += 1
    exports = "".join(f"export {k}='{v}'\n" for k, v in env.items())
    return "".join([*lines[:at], exports, *lines[at:]])


def run_cell(job: Prepared, timeout_s: float) -> dict[str, Any]:
    start = time.monotonic()
    result = run_job("twin", job.cluster, job.scheduler, job.script, job.files, timeout_s, None,
                     job.expected.world_size)
    report = decide(job.cluster, "twin", result, job.expected, job.script)
    return {"setup": job.expected.setup, "status": report.status,
            "seconds": round(time.monotonic() - start, 1), "ranks": job.expected.world_size,
            "reasons": report.reasons[:3]}


def run_row(twin: Twin, clusters: list[str], setups: list[Any], warm: bool,
            timeout_s: float) -> dict[str, Any]:
    """Every cell of ``clusters`` x ``setups`` at once (under the twin's rank budget)."""
    jobs = [replace(p, script=twin_account(p.script, p.cluster))
            for p in map(prepare_target, matrix_targets(clusters, setups))]
    injected = []
    for i, job in enumerate(jobs):
        if warm and job.scheduler == "pbs" and not qsub_forwards(twin, job.cluster):
            jobs[i] = replace(job, script=inject(job.script, forwarded(warm_env(twin.state_dir))))
            injected.append(job.cluster)
    start = time.monotonic()
    with warm_mode(warm), concurrent.futures.ThreadPoolExecutor(len(jobs)) as pool:
        cells = list(pool.map(lambda j: run_cell(j, timeout_s), jobs))
    for job, cell in zip(jobs, cells, strict=True):
        cell["cluster"] = job.cluster
    return {"cluster": ",".join(clusters), "mode": "warm" if warm else "cold",
            "injected": sorted(set(injected)), "wall_s": round(time.monotonic() - start, 1),
            "verified": sum(c["status"] == "verified" for c in cells), "cells": cells,
            "load_after": os.getloadavg()[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clusters", default="perlmutter,aurora")
    parser.add_argument("--setups", default=",".join(SETUP_NAMES))
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--first-round", type=int, default=0)
    parser.add_argument("--append", action="store_true", help="add to the rows in --out")
    parser.add_argument("--matrix", choices=("cold", "warm"),
                        help="every cell of --clusters at once, in this mode")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--out", default="bench/out/warm_compare.json")
    a = parser.parse_args()
    twin = Twin()
    setups = [SETUP_NAMES[s] for s in a.setups.split(",") if s]
    out = Path(a.out)
    rows = json.loads(out.read_text())["rows"] if a.append and out.is_file() else []
    clusters = [c for c in a.clusters.split(",") if c]
    if a.matrix:
        row = run_row(twin, clusters, setups, a.matrix == "warm", a.timeout)
        rows.append({"round": "matrix", **row})
    for rnd in range(a.first_round, a.first_round + (0 if a.matrix else a.rounds)):
        for cluster in clusters:
            for warm in ((False, True) if rnd % 2 == 0 else (True, False)):
                row = run_row(twin, [cluster], setups, warm, a.timeout)
                print(json.dumps(row), file=sys.stderr, flush=True)
                rows.append({"round": rnd, **row})
    result = {"cores": os.cpu_count(), "rows": rows}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    json.dump(result, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
