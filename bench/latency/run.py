"""Latency of generate(): warm in-process p50/p95, and `maple generate` as a fresh process side
by side with TorchX's Slurm dry run of the same job (2 nodes x 4 GPUs), interleaved.

Run:  .venv/bin/python bench/latency/run.py [--reps 20] [--torchx PATH] [--torchx-site DIR]
                                             [--out FILE]

TorchX is looked for at --torchx, $TORCHX, next to this interpreter, then on $PATH; its
command is `torchx run --dryrun -s slurm dist.ddp -j 2x4 --gpu 4 --script train.py` in a
scratch folder holding a train.py. With --torchx-site DIR (the site-packages of a venv where
torchx is installed) TorchX is also run by this very interpreter with DIR first on its path,
i.e. in the same (large) environment as maple_flow: TorchX scans every installed package's
entry points at start, so its time depends on the environment it runs in.

Both commands run with byte code compiled (maple_flow is compiled first;
PYTHONDONTWRITEBYTECODE is dropped from their environment), one after the other in
alternating order, so load changes hit both alike; wall and CPU (user + system) seconds are
recorded, with the load average: wall figures mean little on a busy machine.
Writes JSON (default bench/latency/results.json).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = [
    "train.py --epochs 3 with torchrun on 8 GPUs across 2 nodes on Polaris for 1 hour",
    "FSDP on 2 nodes of Perlmutter, project m1234, regular QOS: `python -m pkg.train --lr 3e-4`",
    "DeepSpeed ZeRO-3 on one node of Aurora: pretrain_gpt.py --num-layers 24",
    "HF Accelerate on 4 nodes of Vista, run_image_classification.py --dataset_name cifar10",
    "torchrun on all GPUs of 2 nodes on delta ai, main.py --arch resnet50",
]
#: The job both tools describe: DDP with torchrun, 2 nodes x 4 GPUs, on a Slurm cluster.
MAPLE_REQUEST = "train.py with torchrun on 2 nodes with 4 GPUs each on Perlmutter"
TORCHX_ARGS = ["run", "--dryrun", "-s", "slurm", "dist.ddp", "-j", "2x4", "--gpu", "4",
               "--script", "train.py"]


def _quantiles(values: list[float], digits: int = 3) -> dict[str, float]:
    qs = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": round(statistics.median(values), digits), "p95": round(qs[94], digits),
            "min": round(min(values), digits), "max": round(max(values), digits)}


def warm() -> dict[str, float]:
    """generate() in this process, after one call per request (milliseconds)."""
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


def find_torchx(given: str | None) -> str | None:
    """The torchx executable to compare with, or None."""
    for candidate in (given, os.environ.get("TORCHX"),
                      str(Path(sys.executable).with_name("torchx"))):
        if candidate and Path(candidate).is_file():
            return candidate
    return shutil.which("torchx")


def _timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, the process and its children)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err,
                                stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            raise SystemExit(f"{cmd[:3]} failed ({proc.returncode}): {err.read()[-2000:]!r}")
    return elapsed, usage.ru_utime + usage.ru_stime


def side_by_side(torchx: list[str] | None, reps: int,
                 torchx_path: str = "") -> dict[str, object]:
    """Fresh `maple generate` (as ``python -m maple_flow.cli`` and, when this interpreter's
    environment has it, as the `maple` console script) and (when given) the torchx command's
    dry run, interleaved."""
    compileall.compile_dir(ROOT / "maple_flow", quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    maple = [sys.executable, "-m", "maple_flow.cli", "generate", MAPLE_REQUEST]
    commands = {"maple_generate": maple}
    console = Path(sys.executable).with_name("maple")
    if console.is_file():
        commands["maple_console_script"] = [str(console), "generate", MAPLE_REQUEST]
    envs = dict.fromkeys(commands, env)
    if torchx:
        commands["torchx_dryrun"] = [*torchx, *TORCHX_ARGS]
        envs["torchx_dryrun"] = {**env, "PYTHONPATH": torchx_path} if torchx_path else env
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as scratch:
        cwd = Path(scratch)
        (cwd / "train.py").write_text("print('train')\n")
        # maple's own cache folder, filled by the warm-up run: other maple_flow checkouts on
        # the machine (another version of the models) would otherwise replace its entries.
        for name in commands:
            if name.startswith("maple"):
                envs[name] = {**envs[name], "MAPLE_FLOW_CACHE": str(cwd / "cache")}
        for name, cmd in commands.items():  # warm the file cache once
            _timed(cmd, cwd, envs[name])
        for i in range(reps):
            order = list(commands) if i % 2 == 0 else list(reversed(commands))
            for name in order:
                wall, used = _timed(commands[name], cwd, envs[name])
                times[name].append(wall)
                cpu[name].append(used)
    result: dict[str, object] = {
        "reps_each": reps,
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "commands": {name: " ".join(cmd) for name, cmd in commands.items()},
    }
    for name, values in times.items():
        result[name + "_wall_s"] = _quantiles(values)
        result[name + "_cpu_s"] = _quantiles(cpu[name])
    if torchx:
        for what, data in (("wall", times), ("cpu", cpu)):
            other = data["torchx_dryrun"]
            for name, label in (("maple_generate", "maple"),
                                ("maple_console_script", "maple_console_script")):
                if name not in data:
                    continue
                maple = data[name]
                result[f"ratio_{what}_median_{label}_over_torchx"] = round(
                    statistics.median(maple) / statistics.median(other), 3)
                result[f"ratio_{what}_p95_{label}_over_torchx"] = round(
                    statistics.quantiles(maple, n=100, method="inclusive")[94]
                    / statistics.quantiles(other, n=100, method="inclusive")[94], 3)
    else:
        result["torchx"] = "not found: pass --torchx PATH or set $TORCHX"
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=20, help="runs of each command")
    parser.add_argument("--torchx", help="the torchx executable")
    parser.add_argument("--torchx-site", help="site-packages holding torchx, to run it with "
                        "this interpreter too")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results.json"))
    parser.add_argument("--no-warm", action="store_true", help="skip the in-process figure")
    args = parser.parse_args()
    data: dict[str, object] = {
        "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": f"{platform.node()} ({os.cpu_count()} CPUs), Python {platform.python_version()}",
        "request": MAPLE_REQUEST,
    }
    torchx = find_torchx(args.torchx)
    data["fresh_process"] = side_by_side([torchx] if torchx else None, args.reps)
    if args.torchx_site:
        data["fresh_process_torchx_same_interpreter"] = side_by_side(
            [sys.executable, "-c", "import sys; from torchx.cli.main import main; "
             "sys.argv[0] = 'torchx'; main()"], args.reps, args.torchx_site)
    if not args.no_warm:
        data["warm_generate_ms"] = warm()
    args.out.write_text(json.dumps(data, indent=2) + "\n")
    print(json.dumps(data, indent=2))


if __name__ == "__main__":
    main()
