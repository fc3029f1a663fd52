"""Where the template store lives: ``$MAPLE_STORE``, else ``~/.local/share/maple_flow/store.db``.

Kept free of SQLite imports so commands can check for a store without paying for them.
"""

from __future__ import annotations

import os
from pathlib import Path

from maple_flow.store.errors import StoreError

STORE_ENV = "MAPLE_STORE"


def default_path() -> Path:
    """The store file named by ``$MAPLE_STORE``, else the per-user default."""
    named = os.environ.get(STORE_ENV)
    if named:
        return Path(named).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "maple_flow" / "store.db"


def existing_store(path: Path | None = None) -> Path | None:
    """The store file at ``path`` (default ``default_path()``) when it exists, None when
    nothing is there; StoreError when something that is not a file is there (a directory
    named by ``$MAPLE_STORE`` is never silently ignored)."""
    where = path or default_path()
    if not where.exists():
        return None
    if not where.is_file():
        kind = "a directory" if where.is_dir() else "not a regular file"
        raise StoreError(f"the template store {where} is {kind}; ${STORE_ENV} must name a "
                         f"store file, e.g. {where / 'store.db'}")
    return where
