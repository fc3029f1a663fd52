"""Latency of a diagnosis that falls back to similarity (`maple repair --log`, no signature
matches), each call a fresh process, before/after side by side.

Run:  PYTHONPATH=$PWD .venv/bin/python bench/latency/diagnose.py [--reps 5]
          [--before DIR] [--out bench/latency/diagnose.json]

``--before DIR``: a checkout of the code to compare with (e.g. `git archive` of an older
commit), run the same way, interleaved. The first call of each side builds its caches (the
knowledge base's vectors on disk) and is reported apart as ``first``. Wall and CPU seconds
(user + system of the child) are recorded with the load average: on a busy machine the CPU
time is the figure to compare. Writes JSON.

``--bytecode``: each side's children may write and read compiled bytecode (in a folder of
their own under the temporary folder, ``PYTHONPYCACHEPREFIX``), as an installed package has;
without it they run with the caller's environment (in the project's sessions
``PYTHONDONTWRITEBYTECODE=1`` and checkouts without ``__pycache__``: every call compiles
the maple_flow sources it imports, ~1.3 MB at s39's code, ~0.8 MB since s40).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCRIPT = """#!/bin/bash
#SBATCH -N 1
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 00:30:00
#SBATCH --gpus-per-node=4
#SBATCH -A m1234
module load pytorch/2.6.0
srun --ntasks-per-node=1 torchrun --nproc_per_node=4 train.py
"""
#: Logs no signature recognises (so the diagnosis ranks records by similarity).
LOGS = (
    "rank 3 stopped answering the collective after a while and the job made no progress",
    "the training loop slowed to a crawl when the second node joined the process group",
    "workers on node 2 could not see each other's GPUs through the launcher",
)


def _call(code_dir: Path, script: Path, log: Path, cache: Path,
          pycache: Path | None = None) -> tuple[float, float, bool]:
    env = dict(os.environ, PYTHONPATH=str(code_dir), MAPLE_FLOW_CACHE=str(cache))
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "maple_flow.cli", "repair", str(script),
                           "--on", "perlmutter", "--log", str(log), "--json", "--no-store"],
                          env=env, capture_output=True, text=True, check=False, cwd=code_dir)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    similar = '"similarity"' in proc.stdout
    return wall, cpu, similar and proc.returncode in (0, 1)


def _summary(rows: list[tuple[float, float, bool]]) -> dict[str, object]:
    walls = [r[0] for r in rows]
    cpus = [r[1] for r in rows]
    return {"calls": len(rows), "wall_p50_s": round(statistics.median(walls), 3),
            "wall_max_s": round(max(walls), 3), "cpu_p50_s": round(statistics.median(cpus), 3),
            "cpu_max_s": round(max(cpus), 3), "all_by_similarity": all(r[2] for r in rows)}


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--before", default="")
    p.add_argument("--out", default=str(HERE / "diagnose.json"))
    p.add_argument("--bytecode", action="store_true",
                   help="let the children keep compiled bytecode (as an installed package)")
    a = p.parse_args()
    sides = {"after": ROOT} | ({"before": Path(a.before)} if a.before else {})
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "job.sh"
        script.write_text(SCRIPT, encoding="utf-8")
        logs = []
        for i, text in enumerate(LOGS):
            logs.append(Path(tmp) / f"log{i}.txt")
            logs[-1].write_text(text + "\n", encoding="utf-8")
        caches = {name: Path(tmp) / f"cache-{name}" for name in sides}
        pyc = {name: Path(tmp) / f"pyc-{name}" if a.bytecode else None for name in sides}
        first = {name: _call(code, script, logs[0], caches[name], pyc[name])
                 for name, code in sides.items()}
        rows: dict[str, list[tuple[float, float, bool]]] = {name: [] for name in sides}
        for rep in range(a.reps):
            for name, code in sides.items():
                rows[name].append(_call(code, script, logs[rep % len(logs)], caches[name],
                                        pyc[name]))
        for name in sides:
            results[name] = {"first": {"wall_s": round(first[name][0], 3),
                                       "cpu_s": round(first[name][1], 3),
                                       "by_similarity": first[name][2]},
                             "later": _summary(rows[name])}
    results["load_average"] = os.getloadavg()
    results["bytecode"] = a.bytecode
    results["command"] = "python bench/latency/diagnose.py " + " ".join(sys.argv[1:])
    Path(a.out).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    json.dump(results, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
