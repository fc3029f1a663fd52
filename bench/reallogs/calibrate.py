"""Calibrate the similarity floor (maple_flow.repair.similarity.APPLY_COSINE).

Run: PYTHONPATH=$PWD .venv/bin/python bench/reallogs/calibrate.py  (needs the ``embed`` extra)

For every case no signature recognises, the MiniLM cosine of the record similarity ranks first
(MiniLM and BM25 fused, as classify ranks):
- the paraphrased fixtures of tests/data/debug_cases.yaml (method: similarity; written so that
  similarity must find the record): right answers, the floor must stay below them;
- the tuning part of the real logs (bench/reallogs/cases.yaml, split tune; never the held-out
  part) whose log has no CUDA/NCCL text (such text is never acted on by similarity): the
  record ranked first is judged against the case's expected families.
Prints one JSON object: the lowest right cosine, the highest wrong one, and their midpoint.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(HERE)]

from debug_cases import load_cases  # noqa: E402
from run import script_text  # noqa: E402

from maple_flow.repair import FailureEvidence, load_knowledge_base  # noqa: E402
from maple_flow.repair.classify import (  # noqa: E402
    GPU_RUNTIME_TEXT,
    _by_signature,
    _profile_for,
    evidence_text,
    record_text,
)
from maple_flow.repair.similarity import rank_documents  # noqa: E402
from maple_flow.retrieve import rank as retrieve  # noqa: E402


def first_by_cosine(ev: FailureEvidence) -> tuple[str, float] | None:
    """(record id, cosine) of the closest record, or None when a signature matches."""
    kb = load_knowledge_base()
    profile = _profile_for(ev, None)
    records = [r for r in kb.records if r.applies_to(profile.id if profile else ev.cluster)]
    if _by_signature(records, ev, profile):
        return None
    query = evidence_text(ev)
    docs = [record_text(r) for r in records]
    _, ranked = rank_documents(query, docs)
    if not ranked:
        return None
    cosine = retrieve.embedding_scores(query, docs)
    best = ranked[0][0]
    return records[best].id, round(cosine[best], 3)


def main() -> None:
    if not retrieve.embedding_available():
        raise SystemExit("the embed extra (MiniLM) is not installed: nothing to calibrate")
    kb = load_knowledge_base()
    right: list[dict[str, Any]] = []
    wrong: list[dict[str, Any]] = []
    for case in load_cases():
        if case.method != "similarity":
            continue
        hit = first_by_cosine(case.evidence)
        if hit:
            (right if hit[0] == case.expect else wrong).append(
                {"case": case.name, "record": hit[0], "cosine": hit[1]})
    cases = yaml.safe_load((HERE / "cases.yaml").read_text(encoding="utf-8"))["cases"]
    for c in cases:
        if c["split"] != "tune" or GPU_RUNTIME_TEXT.search(c["log"]):
            continue
        ev = FailureEvidence(cluster=c["cluster"], stderr=c["log"], submit_message=c["log"],
                             script=script_text(c))
        hit = first_by_cosine(ev)
        if not hit:
            continue
        ok = c["kind"] == "script" and kb.get(hit[0]).family in c["expect"].get("families", [])
        (right if ok else wrong).append({"case": c["id"], "record": hit[0], "cosine": hit[1]})
    low = min((r["cosine"] for r in right), default=None)
    high = max((w["cosine"] for w in wrong), default=None)
    mid = round((low + high) / 2, 3) if low is not None and high is not None else None
    print(json.dumps({"lowest_right": low, "highest_wrong": high, "midpoint": mid,
                      "right": right, "wrong": wrong}, indent=2))


if __name__ == "__main__":
    main()
