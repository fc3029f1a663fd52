"""all-MiniLM-L6-v2 sentence embeddings in plain numpy: the same weights and tokenizer as
sentence-transformers (BERT, 6 layers, mean pooling, unit length), without importing torch.

A query is encoded in milliseconds once the weights are read (memory-mapped safetensors;
only the word-embedding rows of the query's tokens are read), so a fresh ``maple`` process
can rank by similarity in well under a second. ``tests/test_minilm.py`` checks the vectors
against sentence-transformers.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

HEADS = 12
MAX_TOKENS = 256
EPS = 1e-12


@cache
def _tokenizer(model_dir: str) -> Any:
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(Path(model_dir) / "tokenizer.json"))
    tok.enable_truncation(MAX_TOKENS)
    tok.no_padding()
    return tok


@cache
def _weights(model_dir: str) -> tuple[Any, dict[str, Any]]:
    """(safetensors handle for word rows, every other tensor)."""
    from safetensors import safe_open

    handle: Any = safe_open(str(Path(model_dir) / "model.safetensors"), framework="numpy")
    tensors = {k: handle.get_tensor(k) for k in handle.keys()  # noqa: SIM118
               if k != "embeddings.word_embeddings.weight"}
    return handle, tensors


def _layer_norm(x: Any, w: Any, b: Any) -> Any:
    import numpy as np

    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + EPS) * w + b


def _erf(x: Any) -> Any:
    """erf by Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7)."""
    import numpy as np

    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (
        -1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(x: Any) -> Any:
    return 0.5 * x * (1.0 + _erf(x / 1.4142135623730951))


def _layer(x: Any, t: dict[str, Any], i: int) -> Any:
    import numpy as np

    p = f"encoder.layer.{i}."

    def dense(name: str, v: Any) -> Any:
        return v @ t[p + name + ".weight"].T + t[p + name + ".bias"]

    n, d = x.shape
    q, k, v = (dense(f"attention.self.{m}", x).reshape(n, HEADS, d // HEADS).transpose(1, 0, 2)
               for m in ("query", "key", "value"))
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(d // HEADS)
    scores = np.exp(scores - scores.max(-1, keepdims=True))
    context = (scores / scores.sum(-1, keepdims=True)) @ v
    context = context.transpose(1, 0, 2).reshape(n, d)
    x = _layer_norm(dense("attention.output.dense", context) + x,
                    t[p + "attention.output.LayerNorm.weight"],
                    t[p + "attention.output.LayerNorm.bias"])
    hidden = _gelu(dense("intermediate.dense", x))
    return _layer_norm(dense("output.dense", hidden) + x, t[p + "output.LayerNorm.weight"],
                       t[p + "output.LayerNorm.bias"])


def _encode_one(model_dir: str, text: str) -> Any:
    import numpy as np

    ids = _tokenizer(model_dir).encode(text).ids
    handle, t = _weights(model_dir)
    rows = handle.get_slice("embeddings.word_embeddings.weight")
    words = np.stack([rows[i:i + 1][0] for i in ids])
    x = (words + t["embeddings.position_embeddings.weight"][: len(ids)]
         + t["embeddings.token_type_embeddings.weight"][0])
    x = _layer_norm(x, t["embeddings.LayerNorm.weight"], t["embeddings.LayerNorm.bias"])
    layers = 1 + max(int(k.split(".")[2]) for k in t if k.startswith("encoder.layer."))
    for i in range(layers):
        x = _layer(x, t, i)
    pooled = x.mean(0)
    return (pooled / max(float(np.linalg.norm(pooled)), EPS)).astype(np.float32)


def encode(model_dir: str, texts: list[str]) -> Any:
    """Unit-length embeddings of ``texts`` (one row each). BLAS runs on one thread: the
    matrices of one sentence are small, and spinning threads cost more than they give."""
    import numpy as np
    from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

    with threadpool_limits(limits=1, user_api="blas"):
        return np.stack([_encode_one(model_dir, text) for text in texts])
