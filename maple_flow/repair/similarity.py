"""Rank knowledge-base records by similarity to a log, for logs no signature recognises.

With the ``embed`` extra, all-MiniLM-L6-v2 (the records' vectors computed once and kept on
disk by maple_flow.repair.kb_vectors, the query encoded in numpy: no torch import) and BM25
rankings are fused by reciprocal rank, so a record must be close in meaning and share words
with the log to come first; a record qualifies only when its cosine similarity reaches
MIN_COSINE. Without the extra (or with
``MAPLE_FLOW_RANKER=lexical``), BM25 alone ranks, and a record qualifies with a positive
BM25 score of at least MIN_BM25.

A qualifying record is only a hint unless the match is *confident*: with MiniLM, a cosine of
at least APPLY_COSINE. Calibrated with bench/reallogs/calibrate.py: the lowest cosine of a
right first answer on the paraphrased dev fixtures is 0.59; on the tuning part of the real logs
(CUDA/NCCL text left out, as classify never acts on it) the highest wrong first answer was 0.43
with the knowledge base before its not-script records (none is wrong since); 0.50 lies between.
BM25 alone is never confident (no calibration supports a floor for it), so without the model
similarity gives hints, never fixes.
"""

from __future__ import annotations

from typing import Literal

from maple_flow.repair.kb_vectors import cosine_scores

Method = Literal["embedding", "lexical"]
MIN_COSINE = 0.30
MIN_BM25 = 1.0
APPLY_COSINE = 0.50
RRF_K = 60
#: (document index, fused score, cosine) best first; the cosine is 0.0 when BM25 alone ranks
#: (never confident). A match is confident when its cosine reaches APPLY_COSINE.
Ranked = tuple[int, float, float]


def confident(cosine: float) -> bool:
    """Whether a match of this cosine is close enough to act on."""
    return cosine >= APPLY_COSINE


def _ranks(scores: list[float]) -> list[int]:
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    ranks = [0] * len(scores)
    for rank, index in enumerate(order, start=1):
        ranks[index] = rank
    return ranks


def _fused(cosine: list[float], bm25: list[float]) -> list[float]:
    """Reciprocal-rank fusion of two rankings, scaled so that first in both is 1.0."""
    best = 2 / (RRF_K + 1)
    return [(1 / (RRF_K + a) + 1 / (RRF_K + b)) / best
            for a, b in zip(_ranks(cosine), _ranks(bm25), strict=True)]


def rank_documents(query: str, docs: list[str]) -> tuple[Method, list[Ranked]]:
    """(method, [(document index, score, cosine)]) best first, only documents that
    qualify; a cosine of APPLY_COSINE or more is close enough to act on (``confident``)."""
    from maple_flow.retrieve import rank as retrieve

    bm25 = retrieve.bm25_scores(query, docs)
    if retrieve.embedding_available():
        try:
            cosine = cosine_scores(query, docs)
        except (ImportError, OSError):
            cosine = []  # a broken model install falls back to BM25
        if cosine:
            fused = _fused(cosine, bm25)
            keep = [i for i, c in enumerate(cosine) if c >= MIN_COSINE]
            ranked = [(i, fused[i], cosine[i]) for i in keep]
            return "embedding", sorted(ranked, key=lambda p: -p[1])
    keep = [i for i, s in enumerate(bm25) if s >= MIN_BM25]
    return "lexical", sorted(((i, bm25[i], 0.0) for i in keep), key=lambda p: -p[1])
