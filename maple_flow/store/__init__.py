"""The template store: seed templates, learned variants and everything that happened to them.

One SQLite file (WAL mode, every write in one transaction) with the seed templates of the
library, the variants the debug loop learned (parent + typed fix operations), verifications,
repair attempts and batch runs. ``TemplateStore.open()`` is the entry point; names are
imported lazily so ``import maple_flow.store`` costs nothing until a store is used.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from maple_flow.store.location import STORE_ENV, default_path, existing_store

if TYPE_CHECKING:
    from maple_flow.store.db import TemplateStore
    from maple_flow.store.errors import StoreError
    from maple_flow.store.records import (
        BatchItem,
        Drift,
        HistoryEntry,
        RepairAttempt,
        Revalidation,
        StoredTemplate,
        Verification,
    )

_LAZY = {
    "TemplateStore": "maple_flow.store.db",
    "StoreError": "maple_flow.store.errors",
    "BatchItem": "maple_flow.store.records",
    "Drift": "maple_flow.store.records",
    "HistoryEntry": "maple_flow.store.records",
    "RepairAttempt": "maple_flow.store.records",
    "Revalidation": "maple_flow.store.records",
    "StoredTemplate": "maple_flow.store.records",
    "Verification": "maple_flow.store.records",
}

__all__ = [
    "STORE_ENV",
    "BatchItem",
    "Drift",
    "HistoryEntry",
    "RepairAttempt",
    "Revalidation",
    "StoreError",
    "StoredTemplate",
    "TemplateStore",
    "Verification",
    "default_path",
    "open_existing",
]


def open_existing(path: Path | None = None, *, readonly: bool = False) -> TemplateStore | None:
    """The store at ``path`` (default ``default_path()``) when its file exists, else None:
    nothing is created, so commands that only read stay as fast as without a store.
    ``readonly``: opened read-only (no seeding, no migration; a read-only file works)."""
    where = existing_store(path)
    if where is None:
        return None
    from maple_flow.store.db import TemplateStore

    return TemplateStore.open(where, readonly=readonly)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'maple_flow.store' has no attribute {name!r}")
