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

from maple_flow.knowledge.library import all_templates
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


class Writer:
    """A writer process and its output, read straight from the pipe (no hidden buffer)."""

    def __init__(self, path: Path, child: int) -> None:
        env = {**os.environ,
               "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        self.proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(child)],
                                     env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        assert self.proc.stdout is not None
        self._fd = self.proc.stdout.fileno()
        self._seen = b""

    def wait_line(self, limit_s: float) -> str:
        """The next line of output ('' when none comes within ``limit_s``)."""
        deadline = time.monotonic() + limit_s
        while b"\n" not in self._seen:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._fd], [], [], left)[0]:
                return ""
            chunk = os.read(self._fd, 65536)
            if not chunk:
                return ""
            self._seen += chunk
        line, self._seen = self._seen.split(b"\n", 1)
        return line.decode()

    def kill(self) -> list[str]:
        """SIGKILL it; every line it wrote after those already read."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=60)
        assert self.proc.returncode == -signal.SIGKILL, f"ended on its own: {self.proc.returncode}"
        while chunk := os.read(self._fd, 65536):
            self._seen += chunk
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        return [ln for ln in self._seen.decode().splitlines() if ln and ln != "ready"]


def _kill_at_random(writer: Writer, rng: random.Random) -> tuple[str, list[str]]:
    """SIGKILL ``writer`` during start-up (a third of the time) or during its writes (after
    its first commit, so a loaded machine still gets kills in the middle of the loop)."""
    first = ""
    if rng.random() < 1 / 3:
        time.sleep(rng.uniform(0.0, 1.5))
        when = "start-up"
    else:
        first = writer.wait_line(120) if writer.wait_line(120) == "ready" else ""
        if not first:
            when = "start-up (slow)"
        else:  # writes are under way: kill at a random moment of the loop
            time.sleep(rng.uniform(0.0, 0.4))
            when = "writes"
    return when, [ln for ln in [first, *writer.kill()] if ln and ln != "ready"]


def _rows(conn: sqlite3.Connection, sql: str) -> list[tuple[object, ...]]:
    return list(conn.execute(sql).fetchall())


def _count(conn: sqlite3.Connection, sql: str, params: tuple[object, ...] = ()) -> int:
    return int(conn.execute(sql, params).fetchone()[0])


_BROKEN_VARIANTS = """
SELECT count(*) FROM templates t WHERE t.origin = 'learned' AND (
  json_array_length(t.fix_ops) != 2
  OR json_extract(t.verified_at, '$.twin') IS NULL
  OR json_array_length(t.causes) != 1
  OR (SELECT count(*) FROM verifications v WHERE v.template_id = t.id
      AND v.revalidation_id IS NULL AND v.status = 'verified'
      AND t.description = 'crash test child ' || json_extract(v.report, '$.child')
                          || ' write ' || json_extract(v.report, '$.write')) != 1)
"""
_BROKEN_RUNS = """
SELECT (SELECT count(*) FROM revalidations r WHERE r.cells != (SELECT count(*)
          FROM verifications v WHERE v.revalidation_id = r.id))
     + (SELECT count(*) FROM batch_runs r WHERE r.items != (SELECT count(*)
          FROM batch_items i WHERE i.run_id = r.id))
"""


def _check_whole(path: Path, child: int, lines: list[str]) -> None:
    """Every logical record whole, every reported commit of ``child`` there, integrity ok."""
    conn = sqlite3.connect(path)
    assert _rows(conn, "PRAGMA integrity_check") == [("ok",)]
    assert _rows(conn, "PRAGMA foreign_key_check") == []
    if _count(conn, "PRAGMA user_version") == 0:
        assert _rows(conn, "SELECT name FROM sqlite_master WHERE type = 'table'") == []
        return
    seeds = _count(conn, "SELECT count(*) FROM templates WHERE origin = 'seed'")
    assert seeds in (0, len(all_templates()))
    assert _count(conn, _BROKEN_VARIANTS) == 0
    assert _count(conn, _BROKEN_RUNS) == 0
    prefix = f"crash test child {child} write "
    for kind, sql, param in (
            ("variant", "SELECT count(*) FROM templates WHERE substr(description, 1, ?) = ?",
             (len(prefix), prefix)),
            ("repair", "SELECT count(*) FROM repair_attempts WHERE run_id = ?", (f"c{child}",))):
        done = sum(ln.startswith(kind) for ln in lines)
        found = _count(conn, sql, param)
        assert found in (done, done + 1), (child, kind, done, found)  # +1: killed between
        # the commit and the line that reports it
    conn.close()


@pytest.mark.slow
def test_sigkill_at_random_moments_leaves_no_partial_record(tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("MAPLE_CRASH_SEED", "9")))
    path = tmp_path / "store.db"
    reported: dict[int, list[str]] = {}
    phases: dict[str, int] = {}
    for child in range(ITERATIONS):
        when, reported[child] = _kill_at_random(Writer(path, child), rng)
        phases[when] = phases.get(when, 0) + 1
        _check_whole(path, child, reported[child])
    commits = sum(len(lines) for lines in reported.values())
    print(f"{ITERATIONS} kills {phases}, {commits} commits reported")
    with TemplateStore.open(path) as store:  # usable after all of it
        assert store.add_variant("polaris-pytorch-ddp", [{"op": "add_module", "name": "x"}],
                                 "after the crashes", "twin")
    if ITERATIONS >= 10:
        assert phases.get("writes", 0) >= 1 and commits > 0


@pytest.mark.slow
@pytest.mark.parametrize("n", [3])
def test_writers_in_parallel_do_not_corrupt_each_other(tmp_path: Path, n: int) -> None:
    path = tmp_path / "store.db"
    TemplateStore.open(path).close()
    writers = [Writer(path, child) for child in range(n)]
    for writer in writers:
        assert writer.wait_line(120) == "ready"
    time.sleep(1.0)
    assert [w.proc.poll() for w in writers] == [None] * n  # none died of a lock error
    for child, writer in enumerate(writers):
        _check_whole(path, child, writer.kill())
