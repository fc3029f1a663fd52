"""Schema versioning: user_version, migrations in transactions, a newer file refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from maple_flow.store import TemplateStore
from maple_flow.store import schema as schema_module
from maple_flow.store.errors import StoreError


def test_a_new_migration_runs_once_and_keeps_the_data(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "store.db"
    with TemplateStore.open(path) as store:
        vid = store.add_variant("vista-pytorch-ddp", [{"op": "add_module", "name": "nccl"}],
                                "Vista DDP with the NCCL module", "twin")
    calls: list[int] = []

    def v2(conn: sqlite3.Connection) -> None:
        calls.append(nxt)
        conn.execute("ALTER TABLE templates ADD COLUMN notes TEXT NOT NULL DEFAULT ''")

    nxt = schema_module.schema_version() + 1
    monkeypatch.setitem(schema_module.MIGRATIONS, nxt, v2)
    for _ in range(2):
        with TemplateStore.open(path) as store:
            [op] = store.get(vid).fix_ops
            assert (op["op"], op["name"]) == ("add_module", "nccl")
    assert calls == [nxt]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == nxt
    assert conn.execute("SELECT notes FROM templates WHERE id = ?", (vid,)).fetchone() == ("",)


def test_a_failing_migration_leaves_the_old_version(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "store.db"
    TemplateStore.open(path).close()

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE templates ADD COLUMN half TEXT")
        raise RuntimeError("disk on fire")

    current = schema_module.schema_version()
    monkeypatch.setitem(schema_module.MIGRATIONS, current + 1, broken)
    with pytest.raises(RuntimeError):
        TemplateStore.open(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == current
    columns = [row[1] for row in conn.execute("PRAGMA table_info(templates)")]
    assert "half" not in columns


def test_a_store_from_a_newer_maple_flow_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    TemplateStore.open(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(StoreError, match="schema version 99"):
        TemplateStore.open(path)


def test_constraints_hold_even_for_raw_writes(tmp_path: Path) -> None:
    with TemplateStore.open(tmp_path / "store.db") as store:
        conn = store._conn
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute("INSERT INTO verifications (template_id, endpoint, status, at) "
                         "VALUES ('no-such-template', 'twin', 'verified', 'now')")
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute("UPDATE templates SET fix_ops = '{not json' "
                         "WHERE id = 'delta-pytorch-ddp'")
        with pytest.raises(sqlite3.IntegrityError):  # a learned row needs a parent and ops
            conn.execute("UPDATE templates SET origin = 'learned' WHERE id = 'delta-pytorch-ddp'")
