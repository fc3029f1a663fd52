"""Extraction benchmark: field accuracy, exact match (all / dev / held-out) and latency.

Run: .venv/bin/python bench/extraction/run.py [--failures] [--out results.json]
Prints one JSON object (and the failing cases with --failures).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from maple_flow.errors import MapleError
from maple_flow.extract import extract
from maple_flow.models.job import DEFAULT_WALLTIME
from maple_flow.scriptparse import script_to_spec

CASES = Path(__file__).with_name("cases.jsonl")
FIELDS = (
    "cluster",
    "framework",
    "strategy",
    "nodes",
    "gpus_per_node",
    "entrypoint",
    "module",
    "args",
    "walltime",
    "account",
    "queue",
)


def _expected(case: dict[str, Any]) -> dict[str, Any]:
    exp = dict(case["expected"])
    if "error" in exp:
        return exp
    exp.setdefault("account", None)
    exp.setdefault("queue", None)
    exp.setdefault("walltime", DEFAULT_WALLTIME)
    return exp


def _run(case: dict[str, Any]) -> tuple[dict[str, Any], float]:
    start = time.perf_counter()
    try:
        spec = extract(case["input"]) if case["kind"] == "text" else script_to_spec(case["input"])
        got: dict[str, Any] = spec.model_dump(include=set(FIELDS))
    except MapleError as exc:
        got = {"error": type(exc).__name__, "message": str(exc)}
    return got, (time.perf_counter() - start) * 1000


def _score(exp: dict[str, Any], got: dict[str, Any]) -> dict[str, bool]:
    if "error" in exp:
        return {"error": got.get("error") == exp["error"]}
    return {f: got.get(f) == exp[f] for f in FIELDS}


def _pct(hits: int, total: int) -> float:
    return round(100 * hits / total, 2) if total else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--failures", action="store_true")
    parser.add_argument("--out", type=Path)
    opts = parser.parse_args()
    cases = [json.loads(line) for line in CASES.read_text().splitlines() if line.strip()]
    for case in cases:  # warm-up: profiles loaded, regexes compiled
        _run(case)
    rows, times = [], []
    for case in cases:
        got, ms = _run(case)
        times.append(ms)
        rows.append((case, got, _score(_expected(case), got)))
    report = _report(rows, times)
    text = json.dumps(report, indent=2)
    print(text)
    if opts.out:
        opts.out.write_text(text + "\n")
    if opts.failures:
        for case, got, score in rows:
            if not all(score.values()):
                bad = [f for f, ok in score.items() if not ok]
                exp = _expected(case)
                print(
                    f"\n{case['id']} {case['style']}{' HELD-OUT' if case['heldout'] else ''}: {bad}"
                )
                print("  input:", case["input"][:300].replace("\n", " | "))
                for f in bad:
                    print(f"  {f}: expected {exp.get(f)!r} got {got.get(f)!r}")
                if "message" in got:
                    print("  message:", got["message"][:200])


def _report(rows: list[Any], times: list[float]) -> dict[str, Any]:
    def subset(pred: Any) -> dict[str, Any]:
        chosen = [r for r in rows if pred(r[0])]
        fields = [ok for _, _, s in chosen for ok in s.values()]
        exact = [all(s.values()) for _, _, s in chosen]
        return {
            "cases": len(chosen),
            "field_accuracy": _pct(sum(fields), len(fields)),
            "exact_match": _pct(sum(exact), len(exact)),
        }

    qs = statistics.quantiles(times, n=100)
    text_times = [t for (c, _, _), t in zip(rows, times, strict=True) if c["kind"] == "text"]
    script_times = [t for (c, _, _), t in zip(rows, times, strict=True) if c["kind"] == "script"]
    return {
        "overall": subset(lambda c: True),
        "dev": subset(lambda c: not c["heldout"]),
        "heldout": subset(lambda c: c["heldout"]),
        "text": subset(lambda c: c["kind"] == "text"),
        "script": subset(lambda c: c["kind"] == "script"),
        "styles": len({c["style"] for c, _, _ in rows}),
        "latency_ms": {
            "p50": round(qs[49], 3),
            "p95": round(qs[94], 3),
            "text_p50": round(statistics.median(text_times), 3),
            "script_p50": round(statistics.median(script_times), 3),
        },
    }


if __name__ == "__main__":
    main()
