"""A batch ported in worker processes (issue 14, batch speed): the same ports, notes and
errors, in the same order, as in one process; the chunks keep their order."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from maple_flow.workflows import batchpool
from maple_flow.workflows.batchpool import guided_chunks, map_chunks, pool_size
from maple_flow.workflows.scale import BatchResult, batch_port, batch_to_dir

TESTS = Path(__file__).resolve().parent
#: Users' scripts (tests/data) and the example: refusals, errors and notes among their ports.
PATHS = sorted([*(TESTS / "data" / "repair_user").glob("*.sh"),
                *(TESTS / "data" / "lint_scope").glob("*.sh"),
                TESTS.parent / "examples" / "perlmutter_vit_ddp.sbatch"])
SCRIPTS = {p.stem: p.read_text() for p in PATHS}
SCRIPTS["no-launch"] = "#!/bin/bash\necho no launch here\n"
TARGETS = ["polaris", "aurora", "delta", "vista"]


def _flat(batch: BatchResult) -> list[tuple[str, str, str, list[str], str]]:
    """Every port (name, cluster, script, notes, status) and error, in the batch's order."""
    ported = [(name, c, r.script, r.notes, r.status)
              for name, per in batch.results.items() for c, r in per.items()]
    return ported + [(name, c, why, [], "error")
                     for name, per in batch.errors.items() for c, why in per.items()]


def _outputs(out: Path) -> dict[str, str]:
    """The ported files written under ``out`` (not its manifest), by relative path."""
    return {str(p.relative_to(out)): p.read_text() for p in out.rglob("*")
            if p.is_file() and p.suffix != ".json"}


def _pid(chunk: list[int]) -> tuple[list[int], int]:
    return chunk, os.getpid()


def test_workers_port_what_one_process_ports_in_its_order() -> None:
    alone = batch_port(SCRIPTS, TARGETS, workers=1)
    pooled = batch_port(SCRIPTS, TARGETS, workers=2)
    assert _flat(pooled) == _flat(alone)
    assert [r.spec for per in pooled.results.values() for r in per.values()] == [
        r.spec for per in alone.results.values() for r in per.values()]
    assert alone.errors and any(n.startswith("shellcheck:") for *_, notes, _ in _flat(alone)
                                for n in notes)  # the comparison covers errors and lint notes


def test_batch_to_dir_writes_the_same_files_with_workers(tmp_path: Path) -> None:
    one = batch_to_dir(PATHS, TARGETS, tmp_path / "one", workers=1)
    two = batch_to_dir(PATHS, TARGETS, tmp_path / "two", workers=2)
    assert _flat(two) == _flat(one)
    assert _outputs(tmp_path / "one") and _outputs(tmp_path / "two") == _outputs(tmp_path / "one")
    again = batch_to_dir(PATHS, TARGETS, tmp_path / "two", workers=2)  # resumed: nothing redone
    assert not again.results and sum(map(len, again.resumed.values())) == sum(
        map(len, one.results.values()))


def test_chunks_run_in_other_processes_and_come_back_in_order() -> None:
    items = list(range(23))
    done = list(map_chunks(_pid, items, 2))
    assert [x for chunk, _ in done for x in chunk] == items
    assert all(chunk == got for chunk, (got, _) in done)
    pids = {pid for _, (_, pid) in done}
    assert pids and os.getpid() not in pids  # done by the workers (how many: the pool says)
    assert [pid for _, (_, pid) in map_chunks(_pid, items, 1)] == [os.getpid()]


def test_guided_chunks_keep_order_and_shrink_to_one_item() -> None:
    """The chunks shrink, so the workers' last chunks (done while the others finish) are of
    one item each, not a quarter of a worker's share."""
    sizes = [len(c) for c in guided_chunks(list(range(100)), 2)]
    assert sizes == [25, 19, 14, 11, 8, 6, 5, 3, 3, 2, 1, 1, 1, 1]
    assert [x for c in guided_chunks(list(range(100)), 2) for x in c] == list(range(100))
    assert guided_chunks([1, 2], 8) == [[1], [2]] and guided_chunks([], 2) == []


def test_pool_size_is_one_for_a_small_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batchpool, "cores", lambda: 2)
    assert pool_size(batchpool.MIN_PARALLEL_UNITS - 1) == 1
    assert pool_size(batchpool.MIN_PARALLEL_UNITS) == 2
    assert pool_size(5, workers=3) == 3 and pool_size(900, workers=1) == 1


def test_workers_read_the_template_store_from_its_path(tmp_path: Path) -> None:
    from maple_flow.store import TemplateStore

    store = TemplateStore.open(tmp_path / "store.db")
    try:
        pooled = batch_port(SCRIPTS, TARGETS, workers=2, store=store)
        assert _flat(pooled) == _flat(batch_port(SCRIPTS, TARGETS, workers=1, store=store))
    finally:
        store.close()


def _fail_first(chunk: list[int]) -> list[int]:
    if chunk[0] == 0:
        raise ValueError("the first chunk fails")
    return chunk


def test_a_failing_chunk_raises_here_and_stops_the_pool() -> None:
    with pytest.raises(ValueError, match="first chunk"):
        list(map_chunks(_fail_first, list(range(40)), 2))
