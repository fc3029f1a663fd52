"""Hostile logs for `maple repair --log`: time and peak RSS of the real command per shape.

Each shape is written to a temporary file and `python -m maple_flow.cli repair SCRIPT --on
perlmutter --log FILE --json` runs on it in a child process; its wall time and peak RSS
(``wait4``) are reported. ``tiny`` (one real error line) is the baseline: interpreter start,
imports and the knowledge base, the cost of any log. Shapes (deterministic):

- ``big_50mb``: 50 MB of training progress lines, a real NCCL error at the end.
- ``one_line_2mb``: 2 MB without a newline ("error " repeated).
- ``error_lines_1mb``: 1 MB of short lines that all look like errors.
- ``unknown_module_run_1mb``: 1.5 MB of one signature's prefix repeated on one line.
- ``blank_1mb``: 1 MB of spaces and tabs, then a real error line.
- ``binary_5mb``: 5 MB of random bytes (seed 0).

Usage: python bench/hostile/run.py [--shapes a,b] [--ranker lexical] [--warm] > out.json
(``--warm``: one process, model loaded once, each call timed alone; the baseline of the
version before the fix has no ``read_log``, so ``--warm`` measures this version only.)
Aim (issue 19): every shape < 2 s over ``tiny`` and < 300 MB peak RSS.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "perlmutter_vit_ddp.sbatch"
ERROR = ("RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1275, unhandled system error, "
         "NCCL version 2.18.1")
MB = 1 << 20


def _progress(size: int) -> bytes:
    line = b"epoch 3 step 12345/99999 loss 2.3456 lr 1.0e-04 throughput 812.3 samples/s\n"
    return line * (size // len(line)) + ERROR.encode() + b"\n"


SHAPES: dict[str, Callable[[], bytes]] = {
    "tiny": lambda: ERROR.encode() + b"\n",
    "big_50mb": lambda: _progress(50 * MB),
    "one_line_2mb": lambda: b"error " * (2 * MB // 6),
    "error_lines_1mb": lambda: b"error: cannot open\n" * (MB // 19),
    "unknown_module_run_1mb": lambda: b"The following module(s) are unknown: " * (
        3 * MB // 2 // 37),
    "blank_1mb": lambda: b" \t" * (MB // 2) + b"\n" + ERROR.encode() + b"\n",
    "binary_5mb": lambda: random.Random(0).randbytes(5 * MB),
}


def run_shape(name: str, folder: Path, env: dict[str, str], timeout: float) -> dict[str, object]:
    """Run the command on one shape; its time and peak RSS (``wait4`` of the child)."""
    log = folder / f"{name}.log"
    # written by a child: this process stays small, so the children it forks (whose peak RSS
    # counts the parent's pages until exec) measure only themselves
    subprocess.run([sys.executable, __file__, "--write", name, str(log)], check=True)
    cmd = [sys.executable, "-m", "maple_flow.cli", "repair", str(SCRIPT), "--on",
           "perlmutter", "--log", str(log), "--json"]
    out_path, err_path = folder / "out", folder / "err"
    with out_path.open("wb") as out, err_path.open("wb") as err:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env, cwd=ROOT)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.monotonic() - start
        timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    result: dict[str, object] = {"shape": name, "bytes": log.stat().st_size,
                                 "seconds": round(elapsed, 2),
                                 "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
                                 "exit": proc.returncode}
    if elapsed >= timeout:
        result["timed_out"] = True
    stdout, stderr = out_path.read_bytes(), err_path.read_text(errors="replace")
    try:
        proposed = (json.loads(stdout).get("proposed") or {}).get("record_id")
    except ValueError:
        proposed = None
    result.update(traceback="Traceback" in stderr, proposed=proposed,
                  stdout_bytes=len(stdout))
    return result


def warm_calls(names: list[str], folder: Path) -> list[dict[str, object]]:
    """In this process, the model and knowledge base loaded once (by ``tiny``): the time and
    the peak of Python allocations (tracemalloc) of reading and diagnosing each shape."""
    import tracemalloc

    from maple_flow.cli.repair import diagnose_log
    from maple_flow.repair.logtext import read_log

    script = SCRIPT.read_text()
    results = []
    for name in ["tiny", *names]:
        log = folder / f"{name}.log"
        subprocess.run([sys.executable, __file__, "--write", name, str(log)], check=True)
        tracemalloc.start()
        start = time.monotonic()
        data = diagnose_log(script, read_log(log), "perlmutter", None, False)
        elapsed = time.monotonic() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        results.append({"shape": name, "bytes": log.stat().st_size,
                        "seconds": round(elapsed, 3), "peak_alloc_mb": round(peak / MB, 1),
                        "proposed": (data["proposed"] or {}).get("record_id")})
        log.unlink()
    return results[1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--ranker", choices=["default", "lexical"], default="default")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--warm", action="store_true",
                        help="time each call in this process after a warm-up (no start-up)")
    parser.add_argument("--write", nargs=2, metavar=("SHAPE", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:
        Path(args.write[1]).write_bytes(SHAPES[args.write[0]]())
        return
    env = dict(os.environ)
    if args.ranker == "lexical":
        env["MAPLE_FLOW_RANKER"] = "lexical"
    results = []
    if args.warm:
        os.environ.update(env)
        with tempfile.TemporaryDirectory() as tmp:
            results = warm_calls(args.shapes.split(","), Path(tmp))
        json.dump({"ranker": args.ranker, "mode": "warm", "results": results}, sys.stdout,
                  indent=2)
        print()
        return
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.shapes.split(","):
            results.append(run_shape(name, Path(tmp), env, args.timeout))
            print(json.dumps(results[-1]), file=sys.stderr)
    json.dump({"ranker": args.ranker, "python": sys.version.split()[0],
               "results": results}, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
