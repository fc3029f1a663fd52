"""Data kept on disk between processes so that a fresh `maple` does not redo work: validated
cluster profiles and templates (pickles keyed by their files' stats and the model code) and
compiled Jinja templates.

Everything here is a cache: a missing, stale, torn or unwritable entry only costs the time to
rebuild it. Entries run code when loaded (a pickle, Jinja bytecode), so one rule decides
what is trusted (``trusted``): a file or folder this user owns that nobody else can write,
not a symbolic link; cache folders are made (or set) 0700, and an untrusted folder turns
that cache off. ``$MAPLE_FLOW_CACHE`` (else ``$XDG_CACHE_HOME``, else ``~/.cache``) chooses the
folder; ``MAPLE_FLOW_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

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


def trusted(st: os.stat_result) -> bool:
    """Whether a cache file or folder may be used: this user owns it and nobody else can
    write it (its content runs code when loaded). ``st`` is an lstat/fstat result."""
    return st.st_uid == os.getuid() and not st.st_mode & 0o022 and not stat.S_ISLNK(st.st_mode)


def private_folder(folder: Path) -> bool:
    """Make ``folder`` (and the maple_flow folder above it) a 0700 folder of this user's;
    False when that is impossible or a folder there belongs to someone else (then the cache
    is not used)."""
    try:
        for path in (folder.parent, folder):
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
            st = os.lstat(path)
            if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
                return False
            if st.st_mode & 0o077:
                os.chmod(path, 0o700)
        return trusted(os.lstat(folder))
    except OSError:
        return False


def _store(folder: Path, name: str, kind: str, value: Any) -> None:
    """Write the pickle atomically and drop older entries of the same kind."""
    if not private_folder(folder):
        return
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
        with _open_trusted(folder / name) as handle:
            if handle is not None:
                return pickle.load(handle)  # type: ignore[no-any-return]
    except FileNotFoundError:
        pass
    except Exception:  # a torn or incompatible entry is rebuilt
        pass
    value = build()
    with contextlib.suppress(OSError):
        _store(folder, name, kind, value)
    return value


@contextlib.contextmanager
def _open_trusted(path: Path) -> Iterator[BinaryIO | None]:
    """``path`` open for reading when it is a trusted file (see ``trusted``), else None;
    FileNotFoundError when it is missing. A symbolic link is never followed."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        yield handle if stat.S_ISREG(st.st_mode) and trusted(st) else None


def jinja_bytecode_cache() -> Any:
    """A Jinja bytecode cache in the cache folder (None when caching is off, impossible, or
    the folder is not trusted); it loads only trusted files (bytecode runs when loaded)."""
    if not enabled():
        return None
    import jinja2

    class _Trusting(jinja2.FileSystemBytecodeCache):
        """Loads only trusted entries; ignores a cache folder that cannot be written."""

        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            with contextlib.suppress(OSError), \
                    _open_trusted(Path(self._get_cache_filename(bucket))) as handle:
                if handle is not None:
                    bucket.load_bytecode(handle)

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            with contextlib.suppress(OSError):
                super().dump_bytecode(bucket)

    folder = cache_dir() / "jinja"
    if not private_folder(folder):
        return None
    return _Trusting(str(folder))
