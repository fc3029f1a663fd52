"""The twin's marked blocks in /etc/hosts: one per personality, added on up, removed on down."""

from __future__ import annotations

import fcntl
from pathlib import Path

HOSTS = Path("/etc/hosts")


def _marks(cluster: str) -> tuple[str, str]:
    return f"# BEGIN maple-twin {cluster}", f"# END maple-twin {cluster}"


def without_block(text: str, cluster: str) -> str:
    """``text`` with ``cluster``'s marked block removed (nothing else touched)."""
    begin, end = _marks(cluster)
    out: list[str] = []
    inside = False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped == begin:
            inside = True
        elif stripped == end and inside:
            inside = False
        elif not inside:
            out.append(line)
    return "".join(out)


def with_block(text: str, cluster: str, entries: list[tuple[str, list[str]]]) -> str:
    """``text`` with ``cluster``'s block replaced by ``entries`` (address, names)."""
    begin, end = _marks(cluster)
    body = without_block(text, cluster)
    if body and not body.endswith("\n"):
        body += "\n"
    lines = [begin, *(f"{addr}\t{' '.join(names)}" for addr, names in entries), end]
    return body + "\n".join(lines) + "\n"


def _rewrite(path: Path, change: str, cluster: str,
             entries: list[tuple[str, list[str]]] | None = None) -> None:
    # Rewritten in place (not renamed): /etc/hosts is often a bind mount in containers.
    with path.open("r+", encoding="utf-8") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        text = fh.read()
        new = with_block(text, cluster, entries or []) if change == "add" else without_block(
            text, cluster)
        if new != text:
            fh.seek(0)
            fh.write(new)
            fh.truncate()


def add_block(cluster: str, entries: list[tuple[str, list[str]]], path: Path = HOSTS) -> None:
    """Add (or replace) ``cluster``'s block of host entries."""
    _rewrite(path, "add", cluster, entries)


def remove_block(cluster: str, path: Path = HOSTS) -> None:
    """Remove ``cluster``'s block, if present."""
    _rewrite(path, "remove", cluster)


def blocks(path: Path = HOSTS) -> list[str]:
    """Clusters that have a block in ``path``."""
    prefix = "# BEGIN maple-twin "
    return [line.strip()[len(prefix):] for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip().startswith(prefix)]
