"""kill -9 at any moment leaves the store whole: no partial logical record, integrity ok.

Each iteration starts a writer process that opens the store (creating, migrating and seeding
it on the first open) and then makes multi-row writes in a loop: a learned variant with its
verification, a revalidation of several cells, a batch with its pairs, a repair attempt. It
prints a line after each commit. The writer is killed with SIGKILL at a random moment, either
during start-up and open or during the loop. Afterwards every logical record must be whole,
every commit the writer reported must be there, and SQLite's integrity check must pass.
``MAPLE_CRASH_ITERATIONS`` sets the number of iterations (default 20).
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from maple_flow.library import all_templates
from maple_flow.store import TemplateStore

ROOT = Path(__file__).resolve().parents[1]
ITERATIONS = int(os.environ.get("MAPLE_CRASH_ITERATIONS", "20"))

WRITER = r"""
import sys
from maple_flow.reports.matrix import Cell
from maple_flow.store import TemplateStore

path, child = sys.argv[1], int(sys.argv[2])
store = TemplateStore.open(path)
print("ready", flush=True)
seeds = [t.id for t in store.templates(origin="seed")]
i = 0
while True:
    i += 1
    ops = [{"op": "export_env", "name": f"C{child}_{i}", "value": str(i)},
           {"op": "add_module", "name": f"mod{i}"}]
    store.add_variant(seeds[i % len(seeds)], ops, f"crash test child {child} write {i}", "twin",
                      {"child": child, "write": i}, causes=[f"cause {i}"])
    print("variant", i, flush=True)
    cells = [Cell(c, ("pytorch", "ddp"), "verified" if (i + j) % 3 else "failed", 1.0, 4, "")
             for j, c in enumerate(("polaris", "vista", "delta", "anvil", "aurora"))]
    store.record_matrix(cells, endpoint_of=lambda c: "twin")
    print("matrix", i, flush=True)
    run = store.start_batch([(f"s{k}.sh", "sha", t) for k in range(i % 7 + 1)
                             for t in ("polaris", "vista")], {"child": child, "write": i})
    print("batch", i, flush=True)
    store.record_repair_attempt(f"c{child}", i, "polaris", "kb-record", ops, "diff",
                                "log", "failed")
    print("repair", i, flush=True)
"""


def _start(path: Path, child: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(child)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def _wait_ready(proc: subprocess.Popen[str], limit_s: float) -> bool:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], limit_s)
    return bool(ready) and proc.stdout.readline().strip() == "ready"


def _kill_at_random(proc: subprocess.Popen[str], rng: random.Random) -> tuple[str, list[str]]:
    """SIGKILL ``proc`` during start-up (a third of the time) or during its writes."""
    if rng.random() < 1 / 3:
        time.sleep(rng.uniform(0.0, 1.5))
        when = "start-up"
    else:
        if not _wait_ready(proc, 120):
            when = "start-up (slow)"
        else:
            time.sleep(rng.uniform(0.0, 0.4))
            when = "writes"
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL, f"writer ended on its own: {proc.returncode}"
    return when, [ln for ln in out.splitlines() if ln and ln != "ready"]


def _rows(conn: sqlite3.Connection, sql: str) -> list[tuple[object, ...]]:
    return list(conn.execute(sql).fetchall())


def _check_whole(path: Path, reported: dict[int, list[str]]) -> None:
    conn = sqlite3.connect(path)
    assert _rows(conn, "PRAGMA integrity_check") == [("ok",)]
    assert _rows(conn, "PRAGMA foreign_key_check") == []
    if conn.execute("PRAGMA user_version").fetchone()[0] == 0:
        assert _rows(conn, "SELECT name FROM sqlite_master WHERE type = 'table'") == []
        return
    seeds = _rows(conn, "SELECT count(*) FROM templates WHERE origin = 'seed'")[0][0]
    assert seeds in (0, len(all_templates()))
    for vid, ops, verified_at, description in _rows(
            conn, "SELECT id, fix_ops, verified_at, description FROM templates "
                  "WHERE origin = 'learned'"):
        write = int(str(description).rsplit(" ", 1)[1])
        assert len(json.loads(str(ops))) == 2 and f"_{write}" in str(ops)
        assert "twin" in json.loads(str(verified_at))
        reports = _rows(conn, f"SELECT report FROM verifications WHERE template_id = '{vid}' "
                              "AND revalidation_id IS NULL")
        assert [json.loads(str(r[0]))["write"] for r in reports] == [write]
    assert _rows(conn, "SELECT r.id FROM revalidations r WHERE r.cells != (SELECT count(*) "
                       "FROM verifications v WHERE v.revalidation_id = r.id)") == []
    assert _rows(conn, "SELECT r.id FROM batch_runs r WHERE r.items != (SELECT count(*) "
                       "FROM batch_items i WHERE i.run_id = r.id)") == []
    for child, lines in reported.items():
        for kind, table in (("variant", "templates WHERE description LIKE "
                             f"'crash test child {child} write %'"),
                            ("repair", f"repair_attempts WHERE run_id = 'c{child}'")):
            done = sum(ln.startswith(kind) for ln in lines)
            found = _rows(conn, f"SELECT count(*) FROM {table}")[0][0]
            assert found in (done, done + 1), (child, kind, done, found)  # +1: killed
            # between the commit and its line
    conn.close()


def test_sigkill_at_random_moments_leaves_no_partial_record(tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("MAPLE_CRASH_SEED", "9")))
    path = tmp_path / "store.db"
    reported: dict[int, list[str]] = {}
    phases: dict[str, int] = {}
    for child in range(ITERATIONS):
        when, reported[child] = _kill_at_random(_start(path, child), rng)
        phases[when] = phases.get(when, 0) + 1
        _check_whole(path, reported)
    commits = sum(len(lines) for lines in reported.values())
    print(f"{ITERATIONS} kills {phases}, {commits} commits reported")
    with TemplateStore.open(path) as store:  # usable after all of it
        assert store.add_variant("polaris-pytorch-ddp", [{"op": "add_module", "name": "x"}],
                                 "after the crashes", "twin")
    if ITERATIONS >= 10:
        assert phases.get("writes", 0) >= 1 and commits > 0


@pytest.mark.parametrize("n", [3])
def test_writers_in_parallel_do_not_corrupt_each_other(tmp_path: Path, n: int) -> None:
    path = tmp_path / "store.db"
    TemplateStore.open(path).close()
    procs = [_start(path, child) for child in range(n)]
    for proc in procs:
        assert _wait_ready(proc, 120)
    time.sleep(1.0)
    reported = {}
    assert [proc.poll() for proc in procs] == [None] * n  # none died of a lock error
    for child, proc in enumerate(procs):
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=60)
        reported[child] = [ln for ln in out.splitlines() if ln and ln != "ready"]
    _check_whole(path, reported)
