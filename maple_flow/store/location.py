"""Where the template store lives: ``$MAPLE_STORE``, else ``~/.local/share/maple_flow/store.db``.

Kept free of SQLite imports so commands can check for a store without paying for them.
"""

from __future__ import annotations

import os
from pathlib import Path

STORE_ENV = "MAPLE_STORE"


def default_path() -> Path:
    """The store file named by ``$MAPLE_STORE``, else the per-user default."""
    named = os.environ.get(STORE_ENV)
    if named:
        return Path(named).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "maple_flow" / "store.db"
