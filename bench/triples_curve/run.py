"""The triples throughput curve: TASKS copies of a small training task run with
`maple triples --on local` at NPPN tasks at once, for each NPPN (issue 18).

    .venv/bin/python bench/triples_curve/run.py --tasks 24 --nppn 1,2,4,8,12,24 \\
        [--gpus N] [--epochs 3 --batches 100] [-o bench/triples_curve/results-DEVICE.json]

For each NPPN the TASKS tasks run in waves of NPPN (one `maple triples --on local --ppn NPPN`
per wave, task ids continuing), and the result gives the wall time, tasks per hour, the
speed-up over NPPN=1 and each task's own training time. It also runs `maple triples
--measure` on one task and records its proposal beside the best measured NPPN. The device is
named in the output (nvidia-smi's GPU name, or the CPU): commit results per device.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MAPLE = [sys.executable, "-m", "maple_flow.cli"]


def device_name() -> str:
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=10, check=True).stdout
        names = [n.strip() for n in out.splitlines() if n.strip()]
        return f"{len(names)}x {names[0]}" if names else "CPU"
    except (OSError, subprocess.SubprocessError):
        return f"CPU ({platform.machine()}, no GPU)"


def task_cmd(args: argparse.Namespace) -> list[str]:
    return [sys.executable, str(HERE / "lenet_task.py"), "--epochs", str(args.epochs),
            "--batches", str(args.batches), "--seed", "{task}"]


def wave(args: argparse.Namespace, nppn: int, logs: Path) -> dict[str, Any]:
    gpus = ["--gpus", str(args.gpus)] if args.gpus else []
    done = subprocess.run([*MAPLE, "triples", "--on", "local", "--ppn", str(nppn), *gpus,
                           "--json", "--logs", str(logs), "--", *task_cmd(args)],
                          capture_output=True, text=True, check=False)
    try:
        result: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        result = {"error": (done.stdout + done.stderr).strip()[-2000:] or f"exit {done.returncode}"}
    if "error" in result:
        raise SystemExit(f"maple triples --on local --ppn {nppn} failed: {result['error']}")
    return result


def curve_point(args: argparse.Namespace, nppn: int, work: Path) -> dict[str, Any]:
    start, train, ok = time.perf_counter(), [], True
    for w in range(-(-args.tasks // nppn)):
        logs = work / f"nppn{nppn}-wave{w}"
        result = wave(args, min(nppn, args.tasks - w * nppn), logs)
        ok = ok and result["ok"]
        for t in result["tasks"]:
            lines = Path(t["log"]).read_text().strip().splitlines()
            train.append(json.loads(lines[-1])["train_s"] if t["exit_code"] == 0 else None)
    wall = time.perf_counter() - start
    return {"nppn": nppn, "ok": ok, "wall_s": round(wall, 2),
            "tasks_per_hour": round(args.tasks / wall * 3600, 1), "task_train_s": train}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", type=int, default=24)
    parser.add_argument("--nppn", default="1,2,4,8,12,24")
    parser.add_argument("--gpus", type=int, default=None)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batches", type=int, default=100)
    parser.add_argument("-o", "--out", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        points = [curve_point(args, int(n), Path(tmp)) for n in args.nppn.split(",")]
    base = points[0]["wall_s"]
    for p in points:
        p["speedup"] = round(base / p["wall_s"], 2)
    gpus = ["--gpus", str(args.gpus)] if args.gpus else []
    measured = subprocess.run([*MAPLE, "triples", "--on", "local", *gpus, "--measure",
                               "--json", "--", *task_cmd(args)],
                              capture_output=True, text=True, check=False)
    best = max(points, key=lambda p: p["tasks_per_hour"])
    result = {"device": device_name(), "tasks": args.tasks, "epochs": args.epochs,
              "batches": args.batches, "curve": points, "best_nppn": best["nppn"],
              "measure": json.loads(measured.stdout) if measured.returncode == 0 else
              {"error": measured.stderr.strip()}}
    out = args.out or HERE / "results.json"
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "curve"}, indent=2))
    for p in points:
        print(f"NPPN {p['nppn']:>3}: {p['wall_s']:8.1f} s, {p['tasks_per_hour']:9.1f} tasks/h, "
              f"speed-up {p['speedup']}")


if __name__ == "__main__":
    main()
