"""MiniLM vectors of the knowledge base's records, computed once and kept on disk.

The file lives in maple_flow's cache folder (``diskcache.cache_dir()``), in a folder only
the user can enter, written atomically with mode 0600; it is read back only when the user
owns it and nobody else can read or write it (else it is rebuilt). Its name carries a digest
of the texts and of the model file, so an edited record or another model gives a new file.
Queries are encoded by ``maple_flow.retrieve.minilm`` (numpy, no torch import).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

from maple_flow import diskcache


def _model_dir() -> str:
    from maple_flow.retrieve.rank import _model_dir as model_dir

    return model_dir()


def _key(texts: list[str], model_dir: str) -> str:
    st = (Path(model_dir) / "model.safetensors").stat()
    parts = [*texts, f"{st.st_size}:{st.st_mtime_ns}"]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()[:32]


def owner_only(st: os.stat_result) -> bool:
    """Only a file of this user that no one else can read or write is trusted."""
    return st.st_uid == os.getuid() and not st.st_mode & 0o077


def _load(path: Path) -> Any:
    import numpy as np

    try:
        with open(path, "rb") as handle:
            if not owner_only(os.fstat(handle.fileno())):
                return None
            return np.load(handle, allow_pickle=False)
    except (OSError, ValueError):
        return None


def _store(path: Path, vectors: Any) -> None:
    import numpy as np

    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(path.parent, 0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".kb-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            np.save(handle, vectors, allow_pickle=False)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def cache_path(texts: list[str]) -> Path:
    model_dir = _model_dir()
    return diskcache.cache_dir() / "kb" / f"kb-vectors-{_key(texts, model_dir)}.npy"


def record_vectors(texts: list[str]) -> Any:
    """Unit vectors of ``texts`` (the records' texts): from disk, else encoded and saved."""
    from maple_flow.retrieve.minilm import encode

    path = cache_path(texts)
    vectors = _load(path) if diskcache.enabled() else None
    if vectors is None or len(vectors) != len(texts):
        vectors = encode(_model_dir(), texts)
        if diskcache.enabled():
            with contextlib.suppress(OSError):
                _store(path, vectors)
    return vectors


def cosine_scores(query: str, texts: list[str]) -> list[float]:
    """Cosine similarity of ``query`` to each text."""
    from maple_flow.retrieve.minilm import encode

    vectors = record_vectors(texts)
    q = encode(_model_dir(), [query])[0]
    return [float(x) for x in vectors @ q]
