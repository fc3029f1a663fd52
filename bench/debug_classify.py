"""Failure classification: accuracy on the fixture logs and per-call latency.

Run: .venv/bin/python bench/debug_classify.py  (prints one JSON object, also written to
bench/out/debug_classify.json). Cases: tests/data/debug_cases.yaml (dev: written while the
knowledge base and the classifier were built) and tests/data/debug_cases_heldout.yaml
(held-out: written after they were frozen, never used to tune them). Each case is classified
twice: similarity by BM25 only (MAPLE_FLOW_RANKER=lexical) and by MiniLM + BM25 fusion.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from debug_cases import Case, _case, load_cases  # noqa: E402

from maple_flow.repair import apply_fix, classify, load_knowledge_base  # noqa: E402
from maple_flow.repair.models import KnowledgeBase  # noqa: E402

HELDOUT = ROOT / "tests" / "data" / "debug_cases_heldout.yaml"
OUT = ROOT / "bench" / "out" / "debug_classify.json"
REPEAT = 20


def _heldout() -> list[Case]:
    data = yaml.safe_load(HELDOUT.read_text(encoding="utf-8"))
    return [_case(raw) for raw in data["cases"]]


def _ms(values: list[float]) -> dict[str, float]:
    qs = statistics.quantiles(values, n=100) if len(values) > 1 else values * 99
    return {"p50_ms": round(qs[49] * 1000, 3), "p95_ms": round(qs[94] * 1000, 3)}


def _accuracy(cases: list[Case], kb: KnowledgeBase) -> dict[str, Any]:
    rows: dict[str, dict[str, int]] = {}
    misses = []
    for case in cases:
        diagnoses = classify(case.evidence, kb)
        ids = [d.record_id for d in diagnoses]
        row = rows.setdefault(case.method, {"cases": 0, "top1": 0, "top3": 0, "method_ok": 0})
        row["cases"] += 1
        row["top1"] += bool(ids) and ids[0] == case.expect
        row["top3"] += case.expect in ids[:3]
        row["method_ok"] += bool(diagnoses) and diagnoses[0].method == case.method
        if not ids or ids[0] != case.expect:
            misses.append({"case": case.name, "expect": case.expect, "got": ids[:3]})
    total = {k: sum(r[k] for r in rows.values()) for k in ("cases", "top1", "top3")}
    for row in [*rows.values(), total]:
        row["top1_pct"] = round(100 * row["top1"] / row["cases"], 2)  # type: ignore[assignment]
    return {"by_method": rows, "all": total, "misses": misses}


def _latency(cases: list[Case], kb: KnowledgeBase) -> dict[str, Any]:
    by_method: dict[str, list[float]] = {}
    for case in cases:
        classify(case.evidence, kb)  # warm: model, embeddings, compiled patterns
        for _ in range(REPEAT):
            start = time.perf_counter()
            classify(case.evidence, kb)
            by_method.setdefault(case.method, []).append(time.perf_counter() - start)
    return {m: {**_ms(v), "calls": len(v)} for m, v in by_method.items()}


def _patch(cases: list[Case], kb: KnowledgeBase) -> dict[str, Any]:
    """apply_fix latency on the top diagnosis of every case, and repairs of broken scripts."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.knowledge.policy import check_script
    from maple_flow.repair import FixNotApplicable

    times: list[float] = []
    counts = {"applied": 0, "not_applicable": 0, "no_ops": 0, "broken": 0,
              "broken_changed": 0, "rejected": 0, "rejected_now_accepted": 0}
    for case in cases:
        top = classify(case.evidence, kb)[0]
        counts["broken"] += case.broken
        if not top.fix.ops:
            counts["no_ops"] += 1
            continue
        profile = get_profile(case.evidence.cluster or "")
        try:
            start = time.perf_counter()
            patched = apply_fix(case.evidence.script, top.fix, profile)
            times.append(time.perf_counter() - start)
        except FixNotApplicable:
            counts["not_applicable"] += 1
            continue
        counts["applied"] += 1
        if case.broken:
            counts["broken_changed"] += patched != case.evidence.script
            if case.evidence.job_state == "REJECTED":
                counts["rejected"] += 1
                left = {p.code for p in check_script(patched, profile)} - {"account.format"}
                counts["rejected_now_accepted"] += not left
    return {**_ms(times), **counts}


def _run(ranker: str | None) -> dict[str, Any]:
    if ranker:
        os.environ["MAPLE_FLOW_RANKER"] = ranker
    else:
        os.environ.pop("MAPLE_FLOW_RANKER", None)
    kb = load_knowledge_base()
    dev, held = list(load_cases()), _heldout()
    return {"dev": _accuracy(dev, kb), "heldout": _accuracy(held, kb),
            "latency": _latency(dev + held, kb)}


def main() -> None:
    kb = load_knowledge_base()
    result = {
        "records": len(kb.records),
        "cases": {"dev": len(load_cases()), "heldout": len(_heldout())},
        "bm25": _run("lexical"),
        "minilm_bm25": _run(None),
        "apply_fix": _patch(list(load_cases()), kb),
        "cpu_count": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
