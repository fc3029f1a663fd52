"""Data kept on disk between processes so that a fresh `maple` does not redo work: validated
cluster profiles and templates (pickles keyed by their files' stats and the model code) and
compiled Jinja templates.

Everything here is a cache: a missing, stale, torn or unwritable entry only costs the time to
rebuild it. ``$MAPLE_FLOW_CACHE`` (else ``$XDG_CACHE_HOME``, else ``~/.cache``) chooses the
folder; ``MAPLE_FLOW_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def cache_dir() -> Path:
    """The folder of maple_flow's caches."""
    root = os.environ.get("MAPLE_FLOW_CACHE") or os.environ.get("XDG_CACHE_HOME")
    return Path(root or Path.home() / ".cache") / "maple_flow"


def enabled() -> bool:
    return os.environ.get("MAPLE_FLOW_NO_CACHE", "") in ("", "0")


def _stats(paths: list[Path]) -> list[tuple[str, int, int]]:
    out = []
    for path in paths:
        st = path.stat()
        out.append((str(path), st.st_mtime_ns, st.st_size))
    return out


def _key(kind: str, sources: list[Path]) -> str:
    """A digest of what the cached value depends on: the sources, the model code, versions."""
    import pydantic

    import maple_flow

    models = sorted((Path(maple_flow.__file__).parent / "models").glob("*.py"))
    parts = [kind, sys.version, pydantic.VERSION, maple_flow.__version__,
             repr(_stats(models)), repr(_stats(sources))]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()[:24]


def _store(folder: Path, name: str, kind: str, value: Any) -> None:
    """Write the pickle atomically and drop older entries of the same kind."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{kind}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, folder / name)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    for old in folder.glob(f"{kind}-*.pickle"):
        if old.name != name:
            with contextlib.suppress(OSError):
                old.unlink()


def _trusted(st: os.stat_result) -> bool:
    """Only a file this user owns and nobody else can write is unpickled (a pickle runs code)."""
    return st.st_uid == os.getuid() and not st.st_mode & 0o022


def load_cached(kind: str, sources: list[Path], build: Callable[[], T]) -> T:
    """``build()``, or the value it gave for the very same ``sources`` in an earlier process.

    ``build`` must be a pure function of the files ``sources`` (and of the model code). An
    error it raises is not cached.
    """
    if not enabled():
        return build()
    try:
        key = _key(kind, sources)
    except OSError:
        return build()
    folder, name = cache_dir() / "data", f"{kind}-{key}.pickle"
    try:
        with open(folder / name, "rb") as handle:
            if _trusted(os.fstat(handle.fileno())):
                return pickle.load(handle)  # type: ignore[no-any-return]
    except FileNotFoundError:
        pass
    except Exception:  # a torn or incompatible entry is rebuilt
        pass
    value = build()
    with contextlib.suppress(OSError):
        _store(folder, name, kind, value)
    return value


def jinja_bytecode_cache() -> Any:
    """A Jinja bytecode cache in the cache folder (None when caching is off or impossible)."""
    if not enabled():
        return None
    import jinja2

    class _Tolerant(jinja2.FileSystemBytecodeCache):
        """Ignores a cache folder that cannot be written."""

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            with contextlib.suppress(OSError):
                super().dump_bytecode(bucket)

    folder = cache_dir() / "jinja"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return _Tolerant(str(folder))
