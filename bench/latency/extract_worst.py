"""Worst-case latency of extract() over the fuzz corpus: long random, repeated-word and
adversarial requests up to the 8 KiB limit (tests/fuzz_corpus.py). Every input must return
a JobSpec or raise a MapleError; the aim is a worst case under 0.5 s.

Run:  .venv/bin/python bench/latency/extract_worst.py [--out FILE]
Writes JSON (default bench/latency/extract_worst.json): cases, worst, p50/p95, the slowest
inputs (shortened) and the load average while measuring.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import fuzz_corpus  # noqa: E402

from maple_flow.errors import MapleError  # noqa: E402
from maple_flow.extract import extract  # noqa: E402


def measure() -> dict[str, object]:
    extract("train.py on 2 nodes of polaris")  # load profiles once
    load_before = os.getloadavg()
    times: list[tuple[float, str]] = []
    outcomes: Counter[str] = Counter()
    for text in fuzz_corpus.corpus():
        start = time.perf_counter()
        try:
            extract(text)
            outcomes["JobSpec"] += 1
        except MapleError as exc:
            outcomes[type(exc).__name__] += 1
        times.append((time.perf_counter() - start, text))
    values = sorted(t for t, _ in times)
    slowest = sorted(times, reverse=True)[:5]
    return {
        "cases": len(values),
        "worst_s": round(values[-1], 4),
        "p50_s": round(statistics.median(values), 4),
        "p95_s": round(statistics.quantiles(values, n=100, method="inclusive")[94], 4),
        "aim_worst_s": 0.5,
        "outcomes": dict(outcomes),
        "slowest": [{"s": round(t, 4), "length": len(x), "starts": x[:60]} for t, x in slowest],
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("extract_worst.json"))
    args = parser.parse_args()
    data = {"date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **measure()}
    args.out.write_text(json.dumps(data, indent=2) + "\n")
    print(json.dumps(data, indent=2))


if __name__ == "__main__":
    main()
