"""Batch runs that resume, and revalidation runs with their drift."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.reports.matrix import Cell
from maple_flow.store import TemplateStore
from maple_flow.store.errors import StoreError


@pytest.fixture
def store(tmp_path: Path) -> TemplateStore:
    with TemplateStore.open(tmp_path / "store.db") as opened:
        yield opened


def test_an_interrupted_batch_lists_the_pairs_not_finished(store: TemplateStore) -> None:
    pairs = [(f"jobs/{n}.sbatch", f"sha-{n}", c) for n in ("a", "b") for c in ("polaris", "vista")]
    run = store.start_batch(pairs + pairs[:1], {"verify": True})
    assert len(store.batch_items(run)) == 4
    store.mark_item(run, "jobs/a.sbatch", "polaris", "verified", "out/a/polaris.sh")
    store.mark_item(run, "jobs/a.sbatch", "vista", "running")
    store.mark_item(run, "jobs/b.sbatch", "polaris", "failed", "out/b/polaris.sh")
    left = [(i.script_path, i.target, i.status) for i in store.unfinished(run)]
    assert left == [("jobs/a.sbatch", "vista", "running"), ("jobs/b.sbatch", "vista", "pending")]
    assert store.unfinished_runs() == [run]
    changed = store.unfinished(run, {"jobs/a.sbatch": "sha-a2", "jobs/b.sbatch": "sha-b"})
    assert [(i.script_path, i.target) for i in changed] == [
        ("jobs/a.sbatch", "polaris"), ("jobs/a.sbatch", "vista"), ("jobs/b.sbatch", "vista")]
    for item in store.unfinished(run):
        store.mark_item(run, item.script_path, item.target, "generated")
    assert store.unfinished(run) == [] and store.unfinished_runs() == []
    with pytest.raises(StoreError):
        store.mark_item(run, "jobs/c.sbatch", "polaris", "verified")
    with pytest.raises(StoreError):
        store.mark_item(run, "jobs/a.sbatch", "polaris", "done")  # type: ignore[arg-type]


def _cells(statuses: dict[tuple[str, str, str], str]) -> list[Cell]:
    return [Cell(c, (f, s), status, 30.0, 8, "" if status == "verified" else "boom")
            for (c, f, s), status in statuses.items()]


def test_revalidation_records_every_cell_and_reports_drift(store: TemplateStore) -> None:
    first = {("polaris", "pytorch", "ddp"): "verified", ("vista", "deepspeed", "zero3"): "verified"}
    assert store.last_revalidation() is None
    assert store.drift(_cells(first)) == []
    run = store.record_matrix(_cells(first), endpoint_of=lambda c: "twin")
    last = store.last_revalidation()
    assert last is not None and last.id == run and last.cells == first
    second = {**first, ("vista", "deepspeed", "zero3"): "failed",
              ("aurora", "pytorch", "fsdp"): "verified"}
    drift = store.drift(_cells(second))
    assert [str(d) for d in drift] == ["vista deepspeed/zero3: verified -> failed",
                                      "aurora pytorch/fsdp: new -> verified"]
    store.record_matrix(_cells(second), endpoint_of=lambda c: "twin")
    assert store.drift(_cells(second)) == []
    history = store.history("vista-deepspeed-zero3")
    assert [(e.status, e.detail) for e in history[1:]] == [
        ("verified", f"revalidation #{run}, 30.0 s"),
        ("failed", f"revalidation #{run + 1}, 30.0 s")]


def test_a_matrix_cell_without_a_seed_writes_nothing(store: TemplateStore) -> None:
    cells = _cells({("polaris", "pytorch", "ddp"): "verified", ("nowhere", "pytorch", "ddp"):
                    "failed"})
    with pytest.raises(StoreError, match="nowhere"):
        store.record_matrix(cells, endpoint_of=lambda c: "twin")
    assert store.last_revalidation() is None
    assert store.verifications("polaris-pytorch-ddp") == []
