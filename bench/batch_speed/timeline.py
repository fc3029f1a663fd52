"""Where a batch's wall time goes (issue 14): a timeline of bench/batch_speed/run.py's batch.

    PYTHONPATH=$PWD python bench/batch_speed/timeline.py [--scripts 100] [--out FILE]

Method: the batch (100 scripts x 9 targets, ``batch_port``, one worker per core) is run once
with a few of maple_flow's functions wrapped (before the pool forks, so the workers run the
wrapped ones too); each wrapper appends a record (process id, event, start and end on the
machine's monotonic clock - the same clock in every process -, and the process's CPU seconds
at both ends) to a file of JSON lines. Wrapped: each worker's chunk (``_port_jobs``), its
ports (``_port_script``, per script), its ``LintAhead.finish`` (waiting for shellcheck), its
lint notes (``_add_lint_notes``), each shellcheck run (started, reaped), each ``bash -n``
answer of the parsing session (``_Reader.error``: the time the worker waits for bash), and in
the parent the pool's start, each chunk's result received (and merged) and the end. The
wrappers cost some microseconds each; the figures are this run's, on this machine's load.

Summary printed and written as JSON: the batch's wall; per worker, the busy span (first
chunk start to last chunk end) and the CPU seconds; the gaps before the first chunk (fork and
start), after the last (imbalance: one worker done, the other still porting); the time per
chunk in ports, shellcheck waits and bash -n waits. On a shared machine the wall figures
depend on the others' load; ``idle_model`` is the load-free part: each chunk's CPU seconds (its
worker's and the shellcheck and bash processes it reaped) laid in order on the worker that is
free first, as the pool hands chunks out on idle cores - its wall, the ideal (all CPU spread
evenly) and the tail (one worker idle while the other finishes).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

LOG: Path = Path("/tmp/maple-timeline.jsonl")


def _kids() -> float:
    """CPU seconds of this process's reaped children (shellcheck runs, the bash -n reader)."""
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return kids.ru_utime + kids.ru_stime


def _stamp(event: str, t0: float, c0: float, k0: float = 0.0, **extra: Any) -> None:
    rec = {"pid": os.getpid(), "event": event, "t0": t0, "t1": time.monotonic(),
           "c0": c0, "c1": time.process_time(), "kids": _kids() - k0, **extra}
    with LOG.open("a", encoding="utf-8") as f:
        f.write(json.dumps(rec) + "\n")


def _wrap(owner: Any, name: str, event: str,
          extra: Callable[..., dict[str, Any]] | None = None) -> None:
    inner = getattr(owner, name)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        t0, c0, k0 = time.monotonic(), time.process_time(), _kids()
        try:
            return inner(*args, **kwargs)
        finally:
            _stamp(event, t0, c0, k0, **(extra(*args, **kwargs) if extra else {}))

    setattr(owner, name, wrapped)


def instrument() -> None:
    """Wrap the batch's stages (see the module's docstring)."""
    from maple_flow import lint
    from maple_flow.port import shell_check
    from maple_flow.workflows import batchpool, scale

    _wrap(scale, "_port_jobs", "chunk", lambda jobs, *a, **k: {
        "ports": sum(len(c) for _, _, c in jobs)})
    _wrap(scale, "_port_script", "script")
    _wrap(scale, "_add_lint_notes", "lint_notes")
    _wrap(lint.LintAhead, "finish", "lint_finish")
    _wrap(lint.LintAhead, "_start", "sc_start", lambda self: {"files": len(self._queued)})
    _wrap(lint.LintAhead, "_wait", "sc_wait")
    _wrap(shell_check._Reader, "error", "bash_n")
    if hasattr(shell_check, "_Batcher"):
        _wrap(shell_check._Batcher, "flush", "bash_n_flush")
    _wrap(batchpool, "map_chunks", "map_chunks_call")


def summarise(records: list[dict[str, Any]], start: float, end: float,
              parent: int) -> dict[str, Any]:
    """The timeline's figures (seconds from the batch's start)."""
    chunks = [r for r in records if r["event"] == "chunk"]
    workers: dict[int, dict[str, Any]] = {}
    for r in sorted(chunks, key=lambda r: r["t0"]):
        w = workers.setdefault(r["pid"], {"chunks": []})
        w["chunks"].append({"start": round(r["t0"] - start, 3), "end": round(r["t1"] - start, 3),
                            "cpu": round(r["c1"] - r["c0"], 3), "kids_cpu": round(r["kids"], 3),
                            "ports": r["ports"]})

    def total(event: str, pid: int | None = None) -> float:
        return round(sum(r["t1"] - r["t0"] for r in records
                         if r["event"] == event and (pid is None or r["pid"] == pid)), 3)

    def count(event: str) -> int:
        return sum(r["event"] == event for r in records)

    for pid, w in workers.items():
        w["first_start"] = w["chunks"][0]["start"]
        w["last_end"] = w["chunks"][-1]["end"]
        w["chunk_wall_s"] = round(sum(c["end"] - c["start"] for c in w["chunks"]), 3)
        w["chunk_cpu_s"] = round(sum(c["cpu"] for c in w["chunks"]), 3)
        w["ports"] = sum(c["ports"] for c in w["chunks"])
        w["in_port_script_s"] = total("script", pid)
        w["bash_n_wait_s"] = total("bash_n", pid) + total("bash_n_flush", pid)
        w["lint_finish_s"] = total("lint_finish", pid)
        w["lint_notes_s"] = total("lint_notes", pid)
        w["sc_start_s"] = total("sc_start", pid)
        w["idle_after_s"] = round(end - start - w["last_end"], 3)
    wall = end - start
    costs = [r["c1"] - r["c0"] + r["kids"] for r in sorted(chunks, key=lambda r: r["t0"])]
    free = [0.0] * max(1, len(workers))
    for cost in costs:  # each chunk, in order, to the worker free first (as the pool does)
        free[free.index(min(free))] += cost
    return {
        "chunk_cpu_s": round(sum(costs), 3),
        "idle_model": {"how": "each chunk's CPU (the worker's and its reaped children's) laid, in "
                              "order, on the worker free first, as on idle cores",
                       "wall_s": round(max(free), 3), "ideal_s": round(sum(costs) / len(free), 3),
                       "tail_s": round(max(free) - min(free), 3)},
        "wall_s": round(wall, 3),
        "ports": sum(w["ports"] for w in workers.values()),
        "bash_n_calls": count("bash_n"), "bash_n_flushes": count("bash_n_flush"),
        "shellcheck_runs": count("sc_start"),
        "parent_before_first_chunk_s": round(min(w["first_start"] for w in workers.values()), 3)
        if workers else None,
        "parent_after_last_chunk_s": round(wall - max(w["last_end"] for w in workers.values()), 3)
        if workers else None,
        "worker_idle_s": round(sum(wall - w["chunk_wall_s"] for w in workers.values()), 3),
        "workers": {str(pid): w for pid, w in workers.items()},
        "parent_pid": parent,
    }


def main(argv: list[str] | None = None) -> int:
    global LOG
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scripts", type=int, default=100)
    ap.add_argument("--log", default=str(LOG))
    ap.add_argument("--out", default=None)
    ap.add_argument("--brief", action="store_true", help="print the totals, not each chunk")
    args = ap.parse_args(argv)
    LOG = Path(args.log)
    from run import batch, corpus

    from maple_flow.knowledge.clusters import all_profiles

    scripts = corpus(args.scripts)
    targets = [c for c in sorted(all_profiles()) if c != "bridges2"]
    batch(dict(list(scripts.items())[:2]), targets[:2])  # imports and caches warm, as run.py
    instrument()
    LOG.unlink(missing_ok=True)
    load = os.getloadavg()[0]
    start, c0 = time.monotonic(), time.process_time()
    batch(scripts, targets)
    end = time.monotonic()
    _stamp("batch", start, c0)
    records = [json.loads(line) for line in LOG.read_text(encoding="utf-8").splitlines()]
    out = summarise(records, start, end, os.getpid())
    out["load_before"], out["load_after"] = round(load, 2), round(os.getloadavg()[0], 2)
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    if args.brief:
        for w in out["workers"].values():
            w["chunks"] = [(c["start"], c["end"], c["ports"]) for c in w["chunks"]]
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
