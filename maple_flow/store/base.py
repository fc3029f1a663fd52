"""The connection under the store: WAL mode, foreign keys, and one way to write.

Reads use the standard library only; sqlite-utils is imported on the first write, so a
command that only reads the store (``maple generate``) does not pay for it.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from maple_flow.store.errors import StoreError

BUSY_TIMEOUT_S = 30.0


def now() -> str:
    """The current UTC time, ISO 8601 with milliseconds (sorts as text)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def to_json(value: Any) -> str:
    """``value`` as compact JSON text; NaN and non-JSON values are a StoreError."""
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"not storable as JSON: {exc}") from exc


def connect(path: Path, *, readonly: bool = False) -> sqlite3.Connection:
    """A connection in WAL mode with foreign keys on; autocommit outside explicit BEGINs.
    ``readonly``: the existing file opened read-only (nothing is created or changed)."""
    if path.is_dir():
        raise StoreError(f"the template store {path} is a directory; $MAPLE_STORE must name "
                         f"a store file, e.g. {path / 'store.db'}")
    try:
        if readonly:
            return _connect_readonly(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None,
                               check_same_thread=False)
        _check_ours(conn, path)  # before anything changes the file
        conn.execute("PRAGMA foreign_keys = ON")
        if conn.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
            raise StoreError(f"{path}: cannot switch the store to WAL mode")
        conn.execute("PRAGMA synchronous = NORMAL")  # durable across process crashes in WAL
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(f"cannot open the template store {path}: {exc}") from exc
    return conn


def _connect_readonly(path: Path) -> sqlite3.Connection:
    """``path`` opened read-only. A store in WAL mode needs its ``-shm`` file; where that is
    missing and cannot be made (a folder this user cannot write) the file is opened as
    immutable: it is then read without locks, so a writer with more rights changing it at
    that very moment is not seen (or reads as an error, never as a change)."""
    uri = path.resolve().as_uri()
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S,
                           isolation_level=None, check_same_thread=False)
    try:
        _check_ours(conn, path)
        return conn
    except sqlite3.OperationalError as exc:
        conn.close()
        if "readonly" not in str(exc):
            raise
    conn = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None,
                           check_same_thread=False)
    _check_ours(conn, path)
    return conn


def _check_ours(conn: sqlite3.Connection, path: Path) -> None:
    """StoreError unless the file is a maple_flow store or an empty file to make one (an
    SQLite file with tables and no schema version belongs to something else)."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    tables = sorted(r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
    if version == 0 and tables:
        conn.close()
        raise StoreError(f"{path} is not a maple_flow template store (an SQLite file with "
                         f"tables {', '.join(tables[:6])}); set $MAPLE_STORE to another file")


class Connected:
    """Holds the connection; ``_rows`` reads, ``_write`` is the only way to change data.

    One store object may be shared by threads (Parsl callbacks): a lock serialises them, and
    a transaction holds it from BEGIN to COMMIT.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self._utils: Any = None
        self._lock = threading.RLock()

    def _rows(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[dict[str, Any]]:
        with self._lock:
            try:
                cursor = self._conn.execute(sql, params)
                names = [d[0] for d in cursor.description]
                return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: {exc}") from exc

    @contextmanager
    def _write(self) -> Iterator[Any]:
        """One immediate transaction (a sqlite_utils.Database on it): all of it or nothing."""
        with self._lock, self._transaction() as db:
            yield db

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        if self._utils is None:
            import sqlite_utils

            self._utils = sqlite_utils.Database(self._conn, execute_plugins=False)
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot write: {exc}") from exc
        try:
            yield self._utils
            self._conn.execute("COMMIT")
        except BaseException as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.IntegrityError):
                raise StoreError(f"{self.path}: refused: {exc}") from exc
            if isinstance(exc, sqlite3.Error):
                raise StoreError(f"{self.path}: {exc}") from exc
            raise

    def _insert_verification(self, db: Any, template_id: str, endpoint: str, status: str,
                             timings: dict[str, Any], report: dict[str, Any],
                             revalidation_id: int | None, at: str) -> None:
        db["verifications"].insert({
            "template_id": template_id, "endpoint": endpoint, "status": status,
            "timings": to_json(timings), "report": to_json(report),
            "revalidation_id": revalidation_id, "at": at})
        if status == "verified":
            sql = "UPDATE templates SET verified_at = json_set(verified_at, '$.' || ?, ?) "
            self._conn.execute(sql + "WHERE id = ?", (f'"{endpoint}"', at, template_id))
        elif status == "failed":
            sql = "UPDATE templates SET verified_at = json_remove(verified_at, '$.' || ?) "
            self._conn.execute(sql + "WHERE id = ?", (f'"{endpoint}"', template_id))

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()
