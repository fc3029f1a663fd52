"""Extraction benchmark: field accuracy, exact match (all / dev / held-out) and latency.

Run: .venv/bin/python bench/extraction/run.py [--failures] [--out results.json]
     .venv/bin/python bench/extraction/run.py --cases bench/extraction/phrasings.jsonl \
         --policy --split dev [--failures] [--out phrasings_results.json]
Prints one JSON object (and the failing cases with --failures). ``--cases`` reads another case
file; ``--policy`` also checks each extracted spec against its cluster's rules as ``generate``
does (a refused request scores as PolicyViolation); ``--split`` keeps one split (dev,
heldout, heldout2).
An expected error may be one class name or a list of acceptable ones, and ``missing`` names the
field a MissingInformation must ask for; ``modules`` is compared when a case expects it.
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
from maple_flow.models import JobSpec
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


def _run(case: dict[str, Any], policy: bool = False) -> tuple[dict[str, Any], float]:
    start = time.perf_counter()
    try:
        spec = extract(case["input"]) if case["kind"] == "text" else script_to_spec(case["input"])
        got: dict[str, Any] = spec.model_dump(include={*FIELDS, "modules"})
        if policy:
            _check_policy(spec)
    except MapleError as exc:
        got = {"error": type(exc).__name__, "message": str(exc)}
        got["missing"] = sorted(getattr(exc, "missing", {}))
    return got, (time.perf_counter() - start) * 1000


def _check_policy(spec: JobSpec) -> None:
    """Raise PolicyViolation where ``generate`` would refuse ``spec`` on its cluster."""
    from maple_flow.errors import PolicyViolation
    from maple_flow.generate import with_fitting_queue
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.knowledge.policy import check_spec

    profile = get_profile(spec.cluster)
    problems = check_spec(with_fitting_queue(spec, profile), profile)
    if problems:
        raise PolicyViolation(profile.id, problems)


def _score(exp: dict[str, Any], got: dict[str, Any]) -> dict[str, bool]:
    if "error" in exp:
        allowed = exp["error"] if isinstance(exp["error"], list) else [exp["error"]]
        score = {"error": got.get("error") in allowed}
        if "missing" in exp:
            score["missing"] = exp["missing"] in got.get("missing", [])
        return score
    return {f: got.get(f) == exp[f] for f in (*FIELDS, "modules") if f in exp or f != "modules"}


def _split(case: dict[str, Any]) -> str:
    """A case's split: its ``split`` field, else heldout or dev from its ``heldout`` flag."""
    return str(case.get("split") or ("heldout" if case["heldout"] else "dev"))


def _pct(hits: int, total: int) -> float:
    return round(100 * hits / total, 2) if total else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--failures", action="store_true")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--cases", type=Path, default=CASES)
    parser.add_argument("--policy", action="store_true")
    parser.add_argument("--split", default="all", help="dev, heldout, heldout2 (a case's split)")
    opts = parser.parse_args()
    cases = [json.loads(line) for line in opts.cases.read_text().splitlines() if line.strip()]
    if opts.split != "all":
        cases = [c for c in cases if _split(c) == opts.split]
    for case in cases:  # warm-up: profiles loaded, regexes compiled
        _run(case, opts.policy)
    rows, times = [], []
    for case in cases:
        got, ms = _run(case, opts.policy)
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
        misses = [(c, g) for c, g, s in chosen if not all(s.values())]
        return {
            "cases": len(chosen),
            "field_accuracy": _pct(sum(fields), len(fields)),
            "exact_match": _pct(sum(exact), len(exact)),
            # a miss that is a job (no error): the user would get a wrong script unwarned
            "silently_wrong": sum("error" not in g for _, g in misses),
            # a miss that is an error or a question where a job was expected
            "errors": sum("error" in g for _, g in misses),
        }

    qs = statistics.quantiles(times, n=100)
    text_times = [t for (c, _, _), t in zip(rows, times, strict=True) if c["kind"] == "text"]
    script_times = [t for (c, _, _), t in zip(rows, times, strict=True) if c["kind"] == "script"]
    script_times = script_times or [0.0]
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
