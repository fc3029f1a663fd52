"""MiniLM vectors of the knowledge base's records, computed once and kept on disk.

The file lives in maple_flow's cache folder (``diskcache.cache_dir()``), in a folder only
the user can enter, written atomically with mode 0600; it is read back only when the user
owns it and nobody else can read or write it (else it is rebuilt). It holds each text's
vector under the text's digest, one file a model (its name carries a digest of the model file):
a record that is edited or added, or a subset of the records, encodes only the texts never seen.
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


def _model_key(model_dir: str) -> str:
    st = (Path(model_dir) / "model.safetensors").stat()
    return hashlib.sha256(f"{model_dir}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()[:16]


def _text_key(text: str) -> bytes:
    return hashlib.sha256(text.encode()).hexdigest()[:32].encode()


#: A store past this many texts is started afresh (old knowledge bases' texts pile up in it).
_MAX_TEXTS = 20000


def owner_only(st: os.stat_result) -> bool:
    """Only a file of this user that no one else can read or write is trusted."""
    return st.st_uid == os.getuid() and not st.st_mode & 0o077


def _load(path: Path) -> dict[bytes, Any]:
    """The stored vectors by text digest; empty when there is no file or it is not trusted."""
    import numpy as np

    try:
        with open(path, "rb") as handle:
            if not owner_only(os.fstat(handle.fileno())):
                return {}
            with np.load(handle, allow_pickle=False) as stored:
                keys, vectors = stored["keys"], stored["vectors"]
    except (OSError, ValueError, KeyError):
        return {}
    if len(keys) != len(vectors):
        return {}
    return {bytes(k): v for k, v in zip(keys, vectors, strict=True)}


def _store(path: Path, rows: dict[bytes, Any]) -> None:
    import numpy as np

    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(path.parent, 0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".kb-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, keys=np.array(list(rows), dtype="S32"),
                     vectors=np.stack(list(rows.values())))
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def cache_path(texts: list[str] | None = None) -> Path:
    """The store of this model's text vectors (one file for every knowledge base and every
    subset of it: a text is encoded once, whatever records it is ranked with)."""
    return diskcache.cache_dir() / "kb" / f"kb-text-vectors-{_model_key(_model_dir())}.npz"


def record_vectors(texts: list[str]) -> Any:
    """Unit vectors of ``texts`` (the records' texts), in order: those stored on disk read back,
    only the texts never seen encoded (and added to the store)."""
    import numpy as np

    from maple_flow.retrieve.minilm import encode

    path = cache_path()
    rows = _load(path) if diskcache.enabled() else {}
    keys = [_text_key(text) for text in texts]
    missing = list(dict.fromkeys(text for text, key in zip(texts, keys, strict=True)
                                 if key not in rows))
    if missing:
        if len(rows) + len(missing) > _MAX_TEXTS:
            rows = {}
            missing = list(dict.fromkeys(texts))
        fresh = encode(_model_dir(), missing)
        rows.update(zip((_text_key(text) for text in missing), fresh, strict=True))
        if diskcache.enabled():
            with contextlib.suppress(OSError):
                _store(path, rows)
    return np.stack([rows[key] for key in keys]) if keys else np.zeros((0, 0), dtype=np.float32)


def cosine_scores(query: str, texts: list[str]) -> list[float]:
    """Cosine similarity of ``query`` to each text."""
    from maple_flow.retrieve.minilm import encode

    vectors = record_vectors(texts)
    q = encode(_model_dir(), [query])[0]
    return [float(x) for x in vectors @ q]
