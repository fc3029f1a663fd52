"""Hand-judged tally of a run by split, publisher and source, with bench/unseen2's override rules.

    python bench/unseen6/split_tally.py bench/unseen6/first_run.json \
        bench/unseen6/hand_judged.yaml bench/unseen6/cases.yaml
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen2"))

from hand_judged import tally, verdict

TEN = ("perlmutter", "polaris", "aurora", "lonestar6", "stampede3",
       "vista", "delta", "deltaai", "anvil", "bridges2")
GROUPS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "tune": lambda c: c["split"] == "tune",
    "heldout": lambda c: c["split"] == "heldout",
    "users' own": lambda c: c["publisher"] == "user",
    "sources on the ten clusters": lambda c: c["source_cluster"] in TEN,
}


def hand_verdict(outcome: dict[str, Any], rules: dict[tuple[str, str], dict[str, Any]]) -> str:
    """The harness verdict, or the override written for it (hand_judged.py's rule)."""
    auto = verdict(outcome)
    rule = rules.get((outcome["case"], outcome["target"]))
    said = "\n".join([outcome.get("reason") or "", *outcome.get("notes", [])])
    if rule is None or rule.get("evidence", "") not in said or rule["harness"] != auto:
        return auto
    return str(rule["hand"])


def main(argv: list[str]) -> int:
    run, overrides, case_file = (Path(a) for a in argv[:3])
    outcomes = json.loads(run.read_text(encoding="utf-8"))["outcomes"]
    rules = {(r["case"], r["target"]): r
             for r in yaml.safe_load(overrides.read_text(encoding="utf-8"))["overrides"]}
    cases = {c["id"]: c for c in yaml.safe_load(case_file.read_text(encoding="utf-8"))["cases"]}
    for name, keep in GROUPS.items():
        mine = [o for o in outcomes if keep(cases[o["case"]])]
        if not mine:
            print(f"{name}: no ports")
            continue
        print(f"{name}: harness: {tally(Counter(verdict(o) for o in mine))}")
        print(f"{name}: by hand: {tally(Counter(hand_verdict(o, rules) for o in mine))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
