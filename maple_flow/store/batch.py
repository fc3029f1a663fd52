"""Batch runs: the history of every script x target pair of each `maple batch` run.

A batch resumes from its output folder's manifest (``maple_flow.workflows.batchdir``), the one
resume mechanism: it alone can tell that an output file is still there, whole. These rows
are derived from it (``maple_flow.workflows.batchlog``: each pair's outcome is written to the
manifest and mirrored here), for queries across runs and folders."""

from __future__ import annotations

import uuid
from typing import Any

from maple_flow.store.base import Connected, now, to_json
from maple_flow.store.errors import StoreError
from maple_flow.store.records import BatchItem, BatchStatus

Pair = tuple[str, str, str]  # script path, its sha256, target cluster
_STATUSES = ("pending", "running", "verified", "failed", "unverified", "generated", "error")


class BatchLog(Connected):
    """The ``batch_runs`` and ``batch_items`` tables."""

    def start_batch(self, pairs: list[Pair], options: dict[str, Any] | None = None) -> str:
        """Record a batch and all its pairs as pending, in one transaction; its run id."""
        run_id, at = uuid.uuid4().hex[:16], now()
        unique = list(dict.fromkeys(pairs))
        with self._write() as db:
            db["batch_runs"].insert({"id": run_id, "started": at,
                                     "options": to_json(options or {}), "items": len(unique)})
            db["batch_items"].insert_all(
                {"run_id": run_id, "script_path": path, "sha256": sha, "target": target,
                 "status": "pending", "output_path": None, "updated_at": at}
                for path, sha, target in unique)
        return run_id

    def mark_item(self, run_id: str, script_path: str, target: str, status: BatchStatus,
                  output_path: str | None = None) -> None:
        """Set the status (and output) of one pair of a batch."""
        if status not in _STATUSES:
            raise StoreError(f"batch status {status!r} is not one of {', '.join(_STATUSES)}")
        with self._write():
            changed = self._conn.execute(
                "UPDATE batch_items SET status = ?, output_path = coalesce(?, output_path), "
                "updated_at = ? WHERE run_id = ? AND script_path = ? AND target = ?",
                (status, output_path, now(), run_id, script_path, target)).rowcount
            if changed != 1:
                raise StoreError(f"batch {run_id} has no pair {script_path} -> {target}")

    def batch_items(self, run_id: str) -> list[BatchItem]:
        """Every pair of a batch, in the order they were added."""
        rows = self._rows("SELECT * FROM batch_items WHERE run_id = ? ORDER BY rowid", (run_id,))
        return [BatchItem.model_validate(r) for r in rows]
