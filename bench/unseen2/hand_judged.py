"""Tally a run of bench/unseen2 with the hand judgement of hand_judged.yaml applied.

    python bench/unseen2/hand_judged.py [bench/unseen2/first_run.json [OVERRIDES.yaml]]

An override applies only where the run's automatic verdict is still the one it was written
for (and, with ``evidence``, the port's refusal or notes still say it); the others are listed,
to be read again by hand.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ORDER = ("correct", "refused_right", "refused_other", "wrong_noted", "wrong_silent", "missing")


def verdict(outcome: dict) -> str:
    """run.py's judged() on an outcome read back from JSON."""
    if outcome["status"] == "refused":
        return "refused_right" if outcome["right_refusal"] else "refused_other"
    if outcome["status"] == "wrong":
        return "wrong_silent" if outcome["silent"] else "wrong_noted"
    return str(outcome["status"])


def tally(counts: Counter[str]) -> str:
    total = sum(counts.values())
    good = counts["correct"] + counts["refused_right"]
    parts = [f"{k} {counts[k]}" for k in ORDER if counts[k]]
    return (f"{total} ports: " + ", ".join(parts) + f"; correct or rightly refused {good}/{total}"
            f" = {100 * good / total:.1f} %; silent {counts['wrong_silent']}/{total}"
            f" = {100 * counts['wrong_silent'] / total:.1f} %")


def main(argv: list[str]) -> int:
    run = Path(argv[0]) if argv else HERE / "first_run.json"
    outcomes = json.loads(run.read_text(encoding="utf-8"))["outcomes"]
    overrides = Path(argv[1]) if len(argv) > 1 else HERE / "hand_judged.yaml"
    rules = yaml.safe_load(overrides.read_text(encoding="utf-8"))["overrides"]
    by_port = {(r["case"], r["target"]): r for r in rules}
    harness: Counter[str] = Counter()
    hand: Counter[str] = Counter()
    stale = []
    for o in outcomes:
        auto = verdict(o)
        harness[auto] += 1
        rule = by_port.get((o["case"], o["target"]))
        said = "\n".join([o.get("reason") or "", *o.get("notes", [])])
        if rule is not None and rule.get("evidence", "") not in said:
            rule = None  # written for another port than this run's (its evidence is gone)
        if rule is not None and rule["harness"] != auto:
            stale.append(f"{o['case']} / {o['target']}: now {auto}, override written for "
                         f"{rule['harness']}: read it again")
        hand[rule["hand"] if rule is not None and rule["harness"] == auto else auto] += 1
    print("harness:", tally(harness))
    print("by hand:", tally(hand))
    for line in stale:
        print("stale override:", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
