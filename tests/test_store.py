"""The template store on a real SQLite file: seeding, variants, verifications, history."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from maple_flow.knowledge.library import all_templates
from maple_flow.store import TemplateStore, default_path, open_existing
from maple_flow.store.errors import StoreError
from maple_flow.store.schema import schema_version

NCCL_SOCKET = [{"op": "export_env", "name": "NCCL_NET", "value": "Socket"}]
ADD_MODULE = [{"op": "add_module", "name": "cudatoolkit/12.4"}]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TemplateStore]:
    with TemplateStore.open(tmp_path / "store.db") as opened:
        yield opened


def test_first_open_seeds_the_library_once(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "store.db"
    with TemplateStore.open(path) as store:
        seeds = store.templates(origin="seed")
        assert {t.id for t in seeds} == set(all_templates())
        assert store.seed() == 0  # idempotent
    with TemplateStore.open(path) as again:
        assert len(again.templates()) == len(all_templates())
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema_version()


def test_a_changed_library_template_reseeds_its_row(store: TemplateStore) -> None:
    store._conn.execute("UPDATE templates SET description = 'stale text here', "
                        "source_sha256 = 'old' WHERE id = 'vista-pytorch-ddp'")
    assert store.seed() == 1
    assert store.get("vista-pytorch-ddp").description == \
        all_templates()["vista-pytorch-ddp"].description


def test_add_variant_records_lineage_ops_and_verification(store: TemplateStore) -> None:
    vid = store.add_variant("polaris-pytorch-ddp", NCCL_SOCKET, "Polaris DDP over TCP sockets",
                            "twin", {"status": "verified"}, causes=["no libfabric plugin"])
    variant = store.get(vid)
    assert vid == "polaris-pytorch-ddp.v1"
    assert (variant.origin, variant.parent, variant.cluster) == (
        "learned", "polaris-pytorch-ddp", "polaris")
    assert variant.fix_ops == NCCL_SOCKET and variant.causes == ["no libfabric plugin"]
    assert set(variant.verified_at) == {"twin"}
    assert [v.status for v in store.verifications(vid)] == ["verified"]
    assert store.variants("polaris", "pytorch", "ddp") == [variant]
    assert store.variants("polaris", "pytorch", "fsdp") == []


def test_same_fix_twice_is_one_variant_and_a_new_fix_another(store: TemplateStore) -> None:
    first = store.add_variant("delta-pytorch-ddp", NCCL_SOCKET, "Delta DDP over sockets", "twin")
    again = store.add_variant("delta-pytorch-ddp", NCCL_SOCKET, "Delta DDP over sockets", "twin")
    other = store.add_variant("delta-pytorch-ddp", ADD_MODULE, "Delta DDP with the CUDA module",
                              "twin")
    child = store.add_variant(first, ADD_MODULE, "Delta DDP over sockets with CUDA", "twin")
    assert first == again and other != first
    assert child == "delta-pytorch-ddp.v3"
    assert [t.id for t in store.lineage(child)] == ["delta-pytorch-ddp", first, child]
    assert len(store.verifications(first)) == 2


def test_failure_clears_verified_at_and_unreachable_keeps_it(store: TemplateStore) -> None:
    vid = store.add_variant("anvil-pytorch-ddp", NCCL_SOCKET, "Anvil DDP over sockets", "twin")
    store.record_verification(vid, "twin", "unverified", {}, {"reasons": ["no endpoint"]})
    assert store.get(vid).verified
    store.record_verification(vid, "twin", "failed", {"elapsed_s": 12.5}, {"reasons": ["x"]})
    assert not store.get(vid).verified
    assert store.variants("anvil", "pytorch", "ddp")[0].id == vid


@pytest.mark.parametrize("ops", [[], [{"name": "x"}], "export_env", [{"op": "Bad Op"}],
                                 [{"op": "export_env", "value": float("nan")}]])
def test_bad_fix_ops_are_refused_and_nothing_is_written(store: TemplateStore,
                                                        ops: object) -> None:
    with pytest.raises(StoreError):
        store.add_variant("polaris-pytorch-ddp", ops, "a variant with bad ops", "twin")  # type: ignore[arg-type]
    assert store.templates(origin="learned") == []


def test_unknown_parent_rolls_back_and_names_close_ids(store: TemplateStore) -> None:
    with pytest.raises(StoreError, match="polaris-pytorch-ddp"):
        store.add_variant("polaris-pytorch-dd", NCCL_SOCKET, "a variant of nothing", "twin")
    with pytest.raises(StoreError, match="endpoint"):
        store.record_verification("polaris-pytorch-ddp", "twin\n", "verified", {}, {})
    with pytest.raises(StoreError, match="status"):
        store.record_verification("polaris-pytorch-ddp", "twin", "passed", {}, {})
    assert store._rows("SELECT count(*) AS n FROM verifications")[0]["n"] == 0


def test_history_lists_creation_verifications_repairs_and_children(
        store: TemplateStore) -> None:
    store.record_repair_attempt("run1", 1, "polaris", "nccl-net-plugin", NCCL_SOCKET,
                                "--- a\n+++ b\n", ["NCCL WARN NET/OFI"], "verified",
                                template_id="polaris-pytorch-ddp")
    vid = store.add_variant("polaris-pytorch-ddp", NCCL_SOCKET, "Polaris DDP over sockets",
                            "twin", timings={"elapsed_s": 40.0})
    events = store.history("polaris-pytorch-ddp")
    assert [e.event for e in events] == ["seeded", "repair attempt 1", "variant learned"]
    assert events[1].fixes == "export_env NCCL_NET=Socket" and events[1].status == "verified"
    mine = store.history(vid)
    assert [(e.event, e.endpoint, e.status) for e in mine] == [
        ("learned", "", ""), ("verification", "twin", "verified")]
    assert mine[1].detail == "40.0 s"
    assert store.repair_attempts(run_id="run1")[0].log_excerpt == "NCCL WARN NET/OFI"
    with pytest.raises(StoreError):
        store.record_repair_attempt("run1", 1, "polaris", None, [], "", "", "failed")


def test_default_path_and_open_existing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MAPLE_STORE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert default_path() == tmp_path / ".local/share/maple_flow/store.db"
    monkeypatch.setenv("MAPLE_STORE", str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db"
    assert open_existing() is None and not (tmp_path / "mine.db").exists()
    TemplateStore.open().close()
    opened = open_existing()
    assert opened is not None and opened.path == tmp_path / "mine.db"
    opened.close()


def test_a_file_that_is_not_a_store_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "notes.db"
    bad.write_text("not sqlite at all " * 100)
    with pytest.raises(StoreError, match=r"notes\.db"):
        TemplateStore.open(bad)


def test_threads_may_share_one_store(store: TemplateStore) -> None:
    from concurrent.futures import ThreadPoolExecutor

    def learn(i: int) -> str:
        ops = [{"op": "export_env", "name": f"VAR_{i}", "value": str(i)}]
        vid = store.add_variant("delta-pytorch-ddp", ops, f"Delta DDP with VAR_{i} set", "twin")
        store.record_verification(vid, "twin", "verified", {}, {"i": i})
        return vid

    with ThreadPoolExecutor(max_workers=8) as pool:
        ids = list(pool.map(learn, range(40)))
    assert len(set(ids)) == 40
    assert all(len(store.verifications(vid)) == 2 for vid in ids)
