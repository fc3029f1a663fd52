"""Time each verification mini-app via torchrun, end to end and per phase (the slowest rank's
import/init/collectives/step from its report), with its performance probes and the findings
verification would give. Prints JSON.

    .venv/bin/python bench/miniapps.py [--repeat 3] [--apps ddp fsdp zero3 accelerate_ddp] \
        [--ranks 2] [-o FILE]

On a machine with CUDA GPUs the ranks use them (NCCL; one rank per GPU, so --ranks is at most
the GPU count); without, they run on the CPU (gloo) with a modelled GPU per rank.
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
from maple_flow.verify.perf import perf_findings  # noqa: E402

APPS = ("ddp", "fsdp", "zero3", "accelerate_ddp")
PHASES = ("import_s", "init_s", "collectives_s", "step_s", "total_s")
DROP = ("RANK", "LOCAL_RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT", "CUDA_VISIBLE_DEVICES")


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def gpu_names() -> list[str]:
    """The CUDA GPUs this host shows (nvidia-smi), none without one."""
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [n.strip() for n in out.splitlines() if n.strip()]


def run_once(app: str, ranks: int, gpu: bool) -> dict[str, Any]:
    """One torchrun of ``app`` on one node: wall time, verdict, slowest rank per phase, probes."""
    env = {k: v for k, v in os.environ.items() if k not in DROP}
    env.update(OMP_NUM_THREADS="1", PYTHONWARNINGS="ignore", TRANSFORMERS_VERBOSITY="error")
    if not gpu:
        env["MAPLE_TWIN_GPUS_PER_NODE"] = str(ranks)
    cmd = [sys.executable, "-m", "torch.distributed.run", "--nnodes", "1", "--nproc_per_node",
           str(ranks), "--master_addr", "127.0.0.1", "--master_port", str(_port()),
           str(ROOT / "miniapps" / f"{app}.py")]
    t = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    wall = time.perf_counter() - t
    parsed = parse_output(proc.stdout + proc.stderr)
    verdict = assess(parsed.reports, ranks, ranks, 1, expected_setup=app)
    probes = [r.perf.model_dump() if r.perf else None for r in parsed.reports]
    return {"wall_s": round(wall, 3), "rc": proc.returncode, "ok": verdict.ok,
            "reasons": verdict.reasons, "phases_max_s": verdict.timings_max,
            "devices": [r.device for r in parsed.reports], "backend": sorted(
                {r.backend or "" for r in parsed.reports}), "perf": probes,
            "findings": [f.message for f in perf_findings(parsed.reports)],
            "output_tail": "" if verdict.ok else (proc.stdout + proc.stderr)[-3000:]}


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
    parser.add_argument("--ranks", type=int, default=None,
                        help="ranks on this host (default: the GPU count, or 2 without GPUs)")
    parser.add_argument("-o", "--out", type=Path, default=None, help="also write the JSON here")
    args = parser.parse_args()
    gpus = gpu_names()
    ranks = args.ranks or len(gpus) or 2
    if gpus and ranks > len(gpus):
        parser.error(f"--ranks {ranks} is more than the {len(gpus)} GPU(s) here (one rank per GPU)")
    results = {app: summarise([run_once(app, ranks, bool(gpus)) for _ in range(args.repeat)])
               for app in args.apps}
    meta = {"host": platform.node(), "cpus": os.cpu_count(), "python": platform.python_version(),
            "ranks": ranks, "device": f"{len(gpus)}x {gpus[0]}" if gpus else "cpu",
            "backend": "nccl" if gpus else "gloo", "torch": _torch_version()}
    text = json.dumps({"meta": meta, "miniapps": results}, indent=2)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)


def _torch_version() -> str:
    import torch

    return str(torch.__version__)


if __name__ == "__main__":
    main()
