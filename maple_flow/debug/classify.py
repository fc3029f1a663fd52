"""Classify a failed job against the knowledge base: signatures first, then similarity.

Signatures are regular expressions over the job's logs, the submission message and the
verifier's reasons; every matching record is a candidate, ranked by how specific its
signature is (literal text, plus each condition on state, exit code, scheduler or script).
Only when no signature matches are the records ranked by similarity of their cause and
examples to the log's error lines: all-MiniLM-L6-v2 offline when the ``embed`` extra is
installed, BM25 otherwise. No network, no clock; the model is imported on first use.
"""

from __future__ import annotations

import re
from functools import cache

from maple_flow.debug.kb import load_knowledge_base
from maple_flow.debug.models import (
    Diagnosis,
    FailureEvidence,
    FailureRecord,
    Fix,
    KnowledgeBase,
    Signature,
)
from maple_flow.debug.resolve import Context, resolve_fix
from maple_flow.directives import detect_scheduler
from maple_flow.errors import MapleError
from maple_flow.models import ClusterProfile
from maple_flow.verify.report import log_excerpt

_META = re.compile(r"\\[dDsSwWbB]|\\.|\(\?P<\w+>|\(\?[:=!]|[\[\](){}?*+|^$.]")
#: Similarity scores below these are not offered (no record resembles the log).
MIN_SIMILARITY = {"embedding": 0.30, "lexical": 1.0}
MAX_SIMILAR = 3
MAX_EVIDENCE = 5


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.M)


def specificity(signature: Signature) -> float:
    """How specific a signature is: its literal characters, plus 10 per condition."""
    literal = len(_META.sub("", signature.pattern))
    conditions = sum(bool(c) for c in (signature.job_states, signature.exit_codes,
                                       signature.scheduler, signature.script,
                                       signature.script_lacks))
    return float(literal + 10 * conditions) + signature.weight


def _parts(ev: FailureEvidence) -> dict[str, str]:
    return {
        "stdout": ev.stdout, "stderr": ev.stderr, "submit": ev.submit_message,
        "reasons": "\n".join(ev.reasons), "log": f"{ev.stdout}\n{ev.stderr}",
    }


def _scheduler(ev: FailureEvidence, profile: ClusterProfile | None) -> str | None:
    if ev.scheduler:
        return ev.scheduler
    if profile is not None:
        return profile.scheduler
    return detect_scheduler(ev.script) if ev.script else None


def _conditions_hold(sig: Signature, ev: FailureEvidence, scheduler: str | None) -> bool:
    if sig.job_states and (ev.job_state or "").upper() not in sig.job_states:
        return False
    if sig.exit_codes and ev.exit_code not in sig.exit_codes:
        return False
    if sig.scheduler and sig.scheduler != scheduler:
        return False
    if sig.script and not _compiled(sig.script).search(ev.script):
        return False
    return not (sig.script_lacks and _compiled(sig.script_lacks).search(ev.script))


def _lines_of(text: str, match: re.Match[str]) -> list[str]:
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    block = text[start:] if end < 0 else text[start:end]
    return [ln.strip() for ln in block.splitlines() if ln.strip()][:MAX_EVIDENCE]


def match_signature(
    sig: Signature, ev: FailureEvidence, scheduler: str | None = None
) -> tuple[re.Match[str], list[str]] | None:
    """The first match of ``sig`` in ``ev`` and the lines it covers, or None."""
    if not _conditions_hold(sig, ev, scheduler):
        return None
    parts = _parts(ev)
    for where in sig.where:
        text = parts[where]
        found = _compiled(sig.pattern).search(text)
        if found:
            return found, _lines_of(text, found)
    return None


def _diagnosis(record: FailureRecord, score: float, method: str, evidence: list[str],
               ctx: Context) -> Diagnosis:
    ops, needs, unresolved = resolve_fix(record.fix, ctx)
    fix = Fix(record_id=record.id, cause=record.cause, ops=ops, references=record.references)
    return Diagnosis(record_id=record.id, score=round(score, 4), method=method,  # type: ignore[arg-type]
                     evidence=evidence, fix=fix, needs=needs, unresolved=unresolved)


def _by_signature(records: list[FailureRecord], ev: FailureEvidence,
                  profile: ClusterProfile | None) -> list[Diagnosis]:
    scheduler = _scheduler(ev, profile)
    found: list[Diagnosis] = []
    for record in records:
        best: tuple[float, re.Match[str], list[str]] | None = None
        for sig in record.signatures:
            hit = match_signature(sig, ev, scheduler)
            if hit and (best is None or specificity(sig) > best[0]):
                best = (specificity(sig), *hit)
        if best is not None:
            score, match, lines = best
            ctx = Context(match.groupdict(), profile, ev.script)
            found.append(_diagnosis(record, score, "signature", lines, ctx))
    return sorted(found, key=lambda d: -d.score)


def record_text(record: FailureRecord) -> str:
    """What similarity compares a log with: the record's cause and example lines."""
    return " ".join([record.cause, *record.examples])


def evidence_text(ev: FailureEvidence) -> str:
    """The error-looking lines of the evidence, with the reasons and the submit message."""
    lines = [ev.submit_message, *ev.reasons, *log_excerpt(ev.stdout, ev.stderr)]
    return "\n".join(ln for ln in lines if ln.strip())


def _similarity_scores(query: str, docs: list[str]) -> tuple[str, list[float]]:
    from maple_flow import retrieve

    if retrieve.embedding_available():
        try:
            return "embedding", retrieve.embedding_scores(query, docs)
        except (ImportError, OSError):
            pass  # a broken model install falls back to BM25
    return "lexical", retrieve.bm25_scores(query, docs)


def _by_similarity(records: list[FailureRecord], ev: FailureEvidence,
                   profile: ClusterProfile | None) -> list[Diagnosis]:
    query = evidence_text(ev)
    if not query.strip() or not records:
        return []
    method, scores = _similarity_scores(query, [record_text(r) for r in records])
    ranked = sorted(zip(scores, records, strict=True), key=lambda sr: -sr[0])
    evidence = [ln for ln in query.splitlines() if ln.strip()][-MAX_EVIDENCE:]
    return [
        _diagnosis(record, score, "similarity", evidence, Context({}, profile, ev.script))
        for score, record in ranked[:MAX_SIMILAR] if score >= MIN_SIMILARITY[method]
    ]


def _profile_for(ev: FailureEvidence, profile: ClusterProfile | None) -> ClusterProfile | None:
    if profile is not None or not ev.cluster:
        return profile
    from maple_flow.clusters import get_profile

    try:
        return get_profile(ev.cluster)
    except MapleError:
        return None


def classify(
    evidence: FailureEvidence,
    kb: KnowledgeBase | None = None,
    profile: ClusterProfile | None = None,
) -> list[Diagnosis]:
    """Candidate diagnoses of a failed job, best first (empty when nothing fits).

    Records for other clusters are skipped. ``profile`` (default: the evidence's cluster's)
    fills profile facts into the fixes.
    """
    kb = kb or load_knowledge_base()
    profile = _profile_for(evidence, profile)
    cluster = profile.id if profile is not None else evidence.cluster
    records = [r for r in kb.records if r.applies_to(cluster)]
    return _by_signature(records, evidence, profile) or _by_similarity(records, evidence, profile)
