"""The store's schema and its migrations, versioned by ``PRAGMA user_version``.

``MIGRATIONS[n]`` takes a database at version ``n - 1`` to version ``n``; ``migrate`` runs
each pending step in its own transaction together with the version bump, so a crash leaves
the file at the old version or the new one, never in between.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from maple_flow.store.errors import StoreError

_V1 = """
CREATE TABLE templates (
  id TEXT PRIMARY KEY,
  cluster TEXT NOT NULL,
  framework TEXT NOT NULL,
  strategy TEXT NOT NULL,
  launch_model TEXT NOT NULL,
  scheduler TEXT NOT NULL,
  origin TEXT NOT NULL CHECK (origin IN ('seed', 'learned')),
  parent TEXT REFERENCES templates(id),
  fix_ops TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(fix_ops) AND json_type(fix_ops) = 'array'),
  ops_sha256 TEXT,
  causes TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(causes)),
  description TEXT NOT NULL,
  verified_at TEXT NOT NULL DEFAULT '{}'
    CHECK (json_valid(verified_at) AND json_type(verified_at) = 'object'),
  embedding BLOB,
  embedding_key TEXT,
  source_sha256 TEXT,
  created_at TEXT NOT NULL,
  CHECK ((origin = 'seed') = (parent IS NULL)),
  CHECK (origin = 'seed' OR json_array_length(fix_ops) > 0)
);
CREATE INDEX templates_setup ON templates (cluster, framework, strategy);
CREATE UNIQUE INDEX templates_lineage ON templates (parent, ops_sha256)
  WHERE parent IS NOT NULL;

CREATE TABLE revalidations (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  cells INTEGER NOT NULL
);

CREATE TABLE verifications (
  id INTEGER PRIMARY KEY,
  template_id TEXT NOT NULL REFERENCES templates(id),
  endpoint TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('verified', 'failed', 'unverified')),
  timings TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(timings)),
  report TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(report)),
  revalidation_id INTEGER REFERENCES revalidations(id),
  at TEXT NOT NULL
);
CREATE INDEX verifications_template ON verifications (template_id, at);
CREATE INDEX verifications_revalidation ON verifications (revalidation_id);

CREATE TABLE repair_attempts (
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL,
  attempt INTEGER NOT NULL CHECK (attempt >= 1),
  cluster TEXT NOT NULL,
  template_id TEXT REFERENCES templates(id),
  record_id TEXT,
  ops TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(ops) AND json_type(ops) = 'array'),
  diff TEXT NOT NULL DEFAULT '',
  log_excerpt TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status <> ''),
  at TEXT NOT NULL,
  UNIQUE (run_id, attempt)
);
CREATE INDEX repair_attempts_template ON repair_attempts (template_id);

CREATE TABLE batch_runs (
  id TEXT PRIMARY KEY,
  started TEXT NOT NULL,
  options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
  items INTEGER NOT NULL CHECK (items >= 0)
);

CREATE TABLE batch_items (
  run_id TEXT NOT NULL REFERENCES batch_runs(id),
  script_path TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  target TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'verified', 'failed',
                                         'unverified', 'generated', 'error')),
  output_path TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (run_id, script_path, target)
);
"""


def _v1(conn: sqlite3.Connection) -> None:
    for statement in _V1.split(";"):
        if statement.strip():
            conn.execute(statement)


def _v2(conn: sqlite3.Connection) -> None:
    """Where a learned variant applies: launch model, launcher stages, its seed's hash.
    Variants learned before have none, so they are not used until revalidated."""
    conn.execute("ALTER TABLE templates ADD COLUMN conditions TEXT NOT NULL DEFAULT '{}' "
                 "CHECK (json_valid(conditions) AND json_type(conditions) = 'object')")
    for statement in _V2_RUNS.split(";"):
        if statement.strip():
            conn.execute(statement)


#: Verifications of users' scripts (not templates): every step of every chain.
_V2_RUNS = """
CREATE TABLE script_verifications (
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL,
  step INTEGER NOT NULL CHECK (step >= 0),
  cluster TEXT NOT NULL,
  template_id TEXT,
  endpoint TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('verified', 'failed', 'unverified')),
  script_sha256 TEXT NOT NULL,
  reasons TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(reasons)),
  report TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(report)),
  elapsed_s REAL,
  at TEXT NOT NULL
);
CREATE INDEX script_verifications_run ON script_verifications (run_id, step)
"""


Migration = Callable[[sqlite3.Connection], None]
#: version -> the step that reaches it from the version before.
MIGRATIONS: dict[int, Migration] = {1: _v1, 2: _v2}


def schema_version() -> int:
    """The version this code writes."""
    return max(MIGRATIONS)


def user_version(conn: sqlite3.Connection) -> int:
    """The version recorded in the file."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def pending(conn: sqlite3.Connection) -> list[int]:
    """Versions still to apply; a file newer than this code is an error."""
    current, target = user_version(conn), schema_version()
    if current > target:
        raise StoreError(f"the store has schema version {current}, this maple_flow knows "
                         f"{target}: upgrade maple_flow or use another store ($MAPLE_STORE)")
    return list(range(current + 1, target + 1))


def migrate(conn: sqlite3.Connection) -> int:
    """Apply every pending migration, each in its own immediate transaction; the version."""
    for version in pending(conn):
        conn.execute("BEGIN IMMEDIATE")
        try:
            if user_version(conn) < version:  # another process may have just done it
                MIGRATIONS[version](conn)
                conn.execute(f"PRAGMA user_version = {int(version)}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return user_version(conn)
