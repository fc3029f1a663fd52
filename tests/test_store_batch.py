"""The history of batch runs, and revalidation runs with their drift."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maple_flow.reports.matrix import Cell
from maple_flow.store import TemplateStore
from maple_flow.store.errors import StoreError


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TemplateStore]:
    with TemplateStore.open(tmp_path / "store.db") as opened:
        yield opened


def test_a_batch_keeps_the_history_of_its_pairs(store: TemplateStore) -> None:
    pairs = [(f"jobs/{n}.sbatch", f"sha-{n}", c) for n in ("a", "b") for c in ("polaris", "vista")]
    run = store.start_batch(pairs + pairs[:1], {"verify": True})
    assert [i.status for i in store.batch_items(run)] == ["pending"] * 4
    store.mark_item(run, "jobs/a.sbatch", "polaris", "verified", "out/a/polaris.sh")
    store.mark_item(run, "jobs/b.sbatch", "polaris", "failed", "out/b/polaris.sh")
    store.mark_item(run, "jobs/b.sbatch", "polaris", "failed")  # the output is kept
    kept = [(i.script_path, i.target, i.status, i.output_path) for i in store.batch_items(run)]
    assert kept == [("jobs/a.sbatch", "polaris", "verified", "out/a/polaris.sh"),
                    ("jobs/a.sbatch", "vista", "pending", None),
                    ("jobs/b.sbatch", "polaris", "failed", "out/b/polaris.sh"),
                    ("jobs/b.sbatch", "vista", "pending", None)]
    with pytest.raises(StoreError):
        store.mark_item(run, "jobs/c.sbatch", "polaris", "verified")
    with pytest.raises(StoreError):
        store.mark_item(run, "jobs/a.sbatch", "polaris", "done")  # type: ignore[arg-type]


def test_the_store_has_no_resume_state_of_its_own() -> None:
    """One batch-resume mechanism: the output folder's manifest; the store's batch rows are
    its history (derived from the manifest), never a second answer to 'what is left'."""
    assert not hasattr(TemplateStore, "unfinished")
    assert not hasattr(TemplateStore, "unfinished_runs")


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
