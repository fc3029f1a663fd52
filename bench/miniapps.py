"""Time each verification mini-app: 2 ranks on this host's CPU via torchrun, end to end and per
phase (the slowest rank's import/init/collectives/step from its report). Prints JSON.

    .venv/bin/python bench/miniapps.py [--repeat 3] [--apps ddp fsdp zero3 accelerate_ddp]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from maple_flow.verify.miniapp_report import assess, parse_output  # noqa: E402

APPS = ("ddp", "fsdp", "zero3", "accelerate_ddp")
PHASES = ("import_s", "init_s", "collectives_s", "step_s", "total_s")
DROP = ("RANK", "LOCAL_RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT", "CUDA_VISIBLE_DEVICES")


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_once(app: str) -> dict[str, Any]:
    """One 2-rank torchrun of ``app``: wall time, verdict, slowest rank per phase."""
    env = {k: v for k, v in os.environ.items() if k not in DROP}
    env.update(OMP_NUM_THREADS="1", MAPLE_TWIN_GPUS_PER_NODE="2", PYTHONWARNINGS="ignore",
               TRANSFORMERS_VERBOSITY="error")
    cmd = [sys.executable, "-m", "torch.distributed.run", "--nnodes", "1", "--nproc_per_node",
           "2", "--master_addr", "127.0.0.1", "--master_port", str(_port()),
           str(ROOT / "miniapps" / f"{app}.py")]
    t = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    wall = time.perf_counter() - t
    parsed = parse_output(proc.stdout + proc.stderr)
    verdict = assess(parsed.reports, 2, 2, 1, expected_setup=app)
    return {"wall_s": round(wall, 3), "rc": proc.returncode, "ok": verdict.ok,
            "reasons": verdict.reasons, "phases_max_s": verdict.timings_max}


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Median wall time and per-phase medians over the runs."""
    phases = {p: round(statistics.median(r["phases_max_s"].get(p, float("nan")) for r in runs), 4)
              for p in PHASES}
    return {"runs": len(runs), "all_ok": all(r["ok"] for r in runs),
            "wall_s_median": round(statistics.median(r["wall_s"] for r in runs), 3),
            "phases_median_s": phases, "detail": runs}


def main() -> None:
    """Run the benchmark and print JSON to stdout."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--apps", nargs="+", choices=APPS, default=list(APPS))
    args = parser.parse_args()
    results = {app: summarise([run_once(app) for _ in range(args.repeat)]) for app in args.apps}
    meta = {"host": platform.node(), "cpus": os.cpu_count(), "python": platform.python_version(),
            "ranks": 2, "device": "cpu", "backend": "gloo"}
    print(json.dumps({"meta": meta, "miniapps": results}, indent=2))


if __name__ == "__main__":
    main()
