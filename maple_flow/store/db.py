"""TemplateStore: seeds, learned variants, verifications and repair attempts in one file."""

from __future__ import annotations

import os
import re
import sqlite3
import warnings
from pathlib import Path
from typing import Any

from maple_flow.store import fixops
from maple_flow.store.base import connect, now, to_json
from maple_flow.store.batch import BatchLog
from maple_flow.store.errors import StoreError, StoreWarning
from maple_flow.store.history import history_of
from maple_flow.store.location import default_path
from maple_flow.store.matrix import MatrixLog
from maple_flow.store.records import (
    HistoryEntry,
    RepairAttempt,
    Status,
    StoredTemplate,
    Verification,
)
from maple_flow.store.rows import (
    TEMPLATE_COLUMNS,
    repair_attempt,
    seed_row,
    stored_template,
    verification,
)
from maple_flow.store.runs import RunLog
from maple_flow.store.schema import migrate, pending, schema_version, user_version

STATUSES = ("verified", "failed", "unverified")
_ENDPOINT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:@/-]{0,199}$")


def _endpoint(name: str) -> str:
    if not _ENDPOINT.fullmatch(name):
        raise StoreError(f"endpoint {name!r} is not a plain name (letters, digits, ._:@/-)")
    return name


def _status(status: str) -> Status:
    if status not in STATUSES:
        raise StoreError(f"status {status!r} is not one of {', '.join(STATUSES)}")
    return status  # type: ignore[return-value]


class TemplateStore(BatchLog, MatrixLog, RunLog):
    """The template store. Open with ``TemplateStore.open()``; every write is one transaction."""

    @classmethod
    def open(cls, path: str | Path | None = None, *, seed: bool = True,
             readonly: bool = False) -> TemplateStore:
        """Open (creating and migrating) the store at ``path``, default ``default_path()``;
        with ``seed`` the library's templates are added on first use (idempotent).
        ``readonly``: open an existing store for reading only (no migration, no seeding; a
        read-only file works); a write then raises StoreError. A store at an older schema
        is migrated first where this user may write it. A file that is not a maple_flow
        store is a StoreError, never changed."""
        where = Path(path).expanduser() if path is not None else default_path()
        store = cls(connect(where, readonly=readonly), where)
        try:
            if readonly and pending(store._conn):
                if os.access(where, os.W_OK) and os.access(where.parent, os.W_OK):
                    store.close()
                    cls.open(where, seed=seed).close()
                    return cls.open(where, readonly=True)
                raise StoreError(f"the template store {where} is at schema version "
                                 f"{user_version(store._conn)}, this maple_flow reads "
                                 f"{schema_version()}: open it once with write access "
                                 "(e.g. `maple batch`) to upgrade it")
            if not readonly:
                migrate(store._conn)
                if seed:
                    store.seed()
        except sqlite3.Error as exc:
            store.close()
            raise StoreError(f"cannot use the template store {where}: {exc}") from exc
        except BaseException:
            store.close()
            raise
        return store

    def __enter__(self) -> TemplateStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- seeds ------------------------------------------------------------------------------
    def _seed_rows(self) -> list[dict[str, Any]]:
        from maple_flow.knowledge.clusters import get_profile
        from maple_flow.knowledge.library import all_templates
        from maple_flow.store.rows import source_sha256

        have = {r["id"]: r["source_sha256"] for r in self._rows(
            "SELECT id, source_sha256 FROM templates WHERE origin = 'seed'")}
        at = now()
        return [seed_row(t, get_profile(t.cluster), at) for t in all_templates().values()
                if have.get(t.id) != source_sha256(t)]

    def seed(self) -> int:
        """Add the library's templates that are missing or changed; how many rows it wrote."""
        if not self._seed_rows():
            return 0
        with self._write() as db:
            rows = self._seed_rows()  # again, under the lock: another process may have seeded
            known = {r["id"] for r in self._rows("SELECT id FROM templates")}
            fresh = [r for r in rows if r["id"] not in known]
            db["templates"].insert_all(fresh)
            for row in (r for r in rows if r["id"] in known):
                keep = ("id", "created_at", "verified_at")
                db["templates"].update(row["id"], {k: v for k, v in row.items() if k not in keep})
        return len(rows)

    # -- reads ------------------------------------------------------------------------------
    def _templates(self, where: str, params: tuple[Any, ...] = (), *,
                   skip_invalid: bool = False) -> list[StoredTemplate]:
        """The rows that match as records. A row that does not validate (an edited or
        foreign row, a learned variant with unknown fix operations) is a StoreError naming
        it, or with ``skip_invalid`` left out with a StoreWarning."""
        rows = self._rows(f"SELECT {TEMPLATE_COLUMNS} FROM templates WHERE {where}", params)
        found = []
        for row in rows:
            try:
                found.append(self._valid(row))
            except StoreError as exc:
                if not skip_invalid:
                    raise
                warnings.warn(f"{exc}; skipped", StoreWarning, stacklevel=2)
        return found

    def _valid(self, row: dict[str, Any]) -> StoredTemplate:
        try:
            template = stored_template(row)
            if template.origin == "learned":
                fixops.validate_ops(template.fix_ops)
        except (ValueError, StoreError) as exc:
            why = str(exc).splitlines()[0][:200]
            raise StoreError(f"the template row {str(row.get('id'))[:80]!r} in {self.path} is "
                             f"invalid ({why}); delete or repair that row") from None
        return template

    def has(self, template_id: str) -> bool:
        """Whether ``template_id`` is in the store."""
        return bool(self._rows("SELECT 1 FROM templates WHERE id = ?", (template_id,)))

    def get(self, template_id: str) -> StoredTemplate:
        """The template ``template_id``; StoreError naming close ids when it is unknown."""
        found = self._templates("id = ?", (template_id,))
        if found:
            return found[0]
        prefix = template_id.split(".")[0]
        close = [r["id"] for r in self._rows(
            "SELECT id FROM templates WHERE id LIKE ? ORDER BY id LIMIT 8", (prefix + "%",))]
        hint = f"; similar: {', '.join(close)}" if close else ""
        raise StoreError(f"no template {template_id!r} in the store {self.path}{hint}")

    def templates(self, origin: str | None = None, cluster: str | None = None
                  ) -> list[StoredTemplate]:
        """Every stored template, optionally only seeds or learned ones, or one cluster's."""
        return self._templates("(? IS NULL OR origin = ?) AND (? IS NULL OR cluster = ?) "
                               "ORDER BY cluster, id", (origin, origin, cluster, cluster),
                               skip_invalid=True)

    def variants(self, cluster: str, framework: str, strategy: str) -> list[StoredTemplate]:
        """Learned variants for one cluster x setup: verified ones first, newest first."""
        found = self._templates("origin = 'learned' AND cluster = ? AND framework = ? AND "
                                "strategy = ? ORDER BY created_at DESC, id",
                                (cluster, framework, strategy), skip_invalid=True)
        return sorted(found, key=lambda t: not t.verified)

    def lineage(self, template_id: str) -> list[StoredTemplate]:
        """The seed ``template_id`` descends from, then each variant down to it."""
        chain = [self.get(template_id)]
        while chain[0].parent is not None:
            chain.insert(0, self.get(chain[0].parent))
        return chain

    def verifications(self, template_id: str) -> list[Verification]:
        """Every verification of ``template_id``, oldest first."""
        rows = self._rows("SELECT * FROM verifications WHERE template_id = ? ORDER BY at, id",
                          (template_id,))
        return [verification(r) for r in rows]

    def repair_attempts(self, run_id: str | None = None, template_id: str | None = None
                        ) -> list[RepairAttempt]:
        """Repair attempts of one debug run and/or one template, in order."""
        rows = self._rows("SELECT * FROM repair_attempts WHERE (? IS NULL OR run_id = ?) AND "
                          "(? IS NULL OR template_id = ?) ORDER BY at, run_id, attempt",
                          (run_id, run_id, template_id, template_id))
        return [repair_attempt(r) for r in rows]

    def history(self, template_id: str) -> list[HistoryEntry]:
        """What happened to ``template_id``: creation, verifications, repairs, variants."""
        template = self.get(template_id)
        children = self._templates("parent = ? ORDER BY created_at", (template_id,))
        return history_of(template, self.verifications(template_id),
                          self.repair_attempts(template_id=template_id), children)

    # -- writes -----------------------------------------------------------------------------
    def add_variant(self, parent_id: str, ops: list[dict[str, Any]], description: str,
                    verified_on: str, report: dict[str, Any] | None = None, *,
                    causes: list[str] | None = None, timings: dict[str, Any] | None = None,
                    conditions: dict[str, Any] | None = None) -> str:
        """Record a learned variant: ``parent_id`` with ``ops`` applied, verified on the
        endpoint ``verified_on``; its id. The same ops on the same parent are one variant
        (its id is returned and the verification recorded again). ``conditions`` say where
        it applies (launch_model, stages); the seed's content hash is added here."""
        checked = fixops.validate_ops(ops)
        if len(description.strip()) < 10:
            raise StoreError("a variant needs a description of at least 10 characters")
        endpoint, at = _endpoint(verified_on), now()
        with self._write() as db:
            parent = self.get(parent_id)
            sha = fixops.ops_sha256(checked)
            same = self._rows("SELECT id FROM templates WHERE parent = ? AND ops_sha256 = ?",
                              (parent_id, sha))
            variant_id = same[0]["id"] if same else self._next_id(parent)
            scope = {**(conditions or {}), "seed_sha256": self._seed_sha256(parent_id)}
            if not same:
                db["templates"].insert(self._variant_row(variant_id, parent, checked, sha,
                                                         description, causes or [], at))
            self._conn.execute("UPDATE templates SET conditions = ? WHERE id = ?",
                               (to_json(scope), variant_id))
            self._insert_verification(db, variant_id, endpoint, "verified", timings or {},
                                      report or {}, None, at)
        return variant_id

    def _seed_sha256(self, template_id: str) -> str | None:
        """The content hash of the seed ``template_id`` descends from."""
        return self.lineage(template_id)[0].source_sha256

    def _revalidated(self, template_id: str) -> None:
        """A learned variant that passed again holds for its seed as the seed is now."""
        row = self.get(template_id)
        if row.origin == "learned":
            scope = {**row.conditions, "seed_sha256": self._seed_sha256(template_id)}
            self._conn.execute("UPDATE templates SET conditions = ? WHERE id = ?",
                               (to_json(scope), template_id))

    def _next_id(self, parent: StoredTemplate) -> str:
        base = parent.id.split(".v")[0] if parent.origin == "learned" else parent.id
        taken = {r["id"] for r in self._rows("SELECT id FROM templates WHERE id LIKE ?",
                                             (base + ".v%",))}
        n = 1
        while f"{base}.v{n}" in taken:
            n += 1
        return f"{base}.v{n}"

    @staticmethod
    def _variant_row(variant_id: str, parent: StoredTemplate, ops: list[dict[str, Any]],
                     sha: str, description: str, causes: list[str], at: str
                     ) -> dict[str, Any]:
        return {
            "id": variant_id, "cluster": parent.cluster, "framework": parent.framework,
            "strategy": parent.strategy, "launch_model": parent.launch_model,
            "scheduler": parent.scheduler, "origin": "learned", "parent": parent.id,
            "fix_ops": fixops.canonical(ops), "ops_sha256": sha,
            "causes": to_json([str(c) for c in causes]), "description": description.strip(),
            "verified_at": "{}", "embedding": None, "embedding_key": None,
            "source_sha256": None, "created_at": at,
        }

    def record_verification(self, template_id: str, endpoint: str, status: str,
                            timings: dict[str, Any], report: dict[str, Any], *,
                            revalidation_id: int | None = None) -> None:
        """Record one run of ``template_id`` on ``endpoint``; a pass sets its verified_at
        there (and holds a learned variant valid for its seed as it is now), a failure
        clears it, ``unverified`` (endpoint unreachable) leaves it."""
        name, checked, at = _endpoint(endpoint), _status(status), now()
        with self._write() as db:
            self.get(template_id)
            self._insert_verification(db, template_id, name, checked, timings, report,
                                      revalidation_id, at)
            if checked == "verified":
                self._revalidated(template_id)

    def record_repair_attempt(self, run_id: str, attempt: int, cluster: str,
                              record_id: str | None, ops: list[dict[str, Any]], diff: str,
                              log_excerpt: str | list[str], status: str, *,
                              template_id: str | None = None) -> None:
        """Record one attempt of a debug run (``ops`` may be empty: no fix was found)."""
        checked = fixops.validate_ops(ops) if ops else []
        excerpt = "\n".join(log_excerpt) if isinstance(log_excerpt, list) else log_excerpt
        with self._write() as db:
            if template_id is not None:
                self.get(template_id)
            db["repair_attempts"].insert({
                "run_id": run_id, "attempt": attempt, "cluster": cluster,
                "template_id": template_id, "record_id": record_id,
                "ops": fixops.canonical(checked), "diff": diff, "log_excerpt": excerpt,
                "status": status, "at": now()})

    # -- embeddings -------------------------------------------------------------------------
    def embeddings(self, ids: list[str]) -> dict[str, tuple[str, bytes]]:
        """Stored (key, float32 blob) per template id, for those that have one."""
        marks = ",".join("?" * len(ids))
        rows = self._rows(f"SELECT id, embedding_key, embedding FROM templates WHERE id IN "
                          f"({marks}) AND embedding IS NOT NULL", ids)
        return {r["id"]: (r["embedding_key"], r["embedding"]) for r in rows}

    def set_embeddings(self, vectors: dict[str, tuple[str, bytes]]) -> None:
        """Keep MiniLM embeddings (key of the text embedded, float32 blob) per template."""
        with self._write():
            for template_id, (key, blob) in vectors.items():
                self._conn.execute("UPDATE templates SET embedding = ?, embedding_key = ? "
                                   "WHERE id = ?", (blob, key, template_id))
