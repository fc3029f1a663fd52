"""Tally a run of bench/unseen3 per half (tune / heldout), by the harness and by hand.

    python bench/unseen3/split_tally.py bench/unseen3/first_run.json [OVERRIDES.yaml]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "unseen2"))

from hand_judged import tally, verdict  # noqa: E402


def main(argv: list[str]) -> int:
    run = Path(argv[0])
    overrides = Path(argv[1]) if len(argv) > 1 else HERE / "hand_judged.yaml"
    cases = yaml.safe_load((HERE / "cases.yaml").read_text(encoding="utf-8"))["cases"]
    split = {c["id"]: c["split"] for c in cases}
    rules = {(r["case"], r["target"]): r
             for r in yaml.safe_load(overrides.read_text(encoding="utf-8"))["overrides"]}
    outcomes = json.loads(run.read_text(encoding="utf-8"))["outcomes"]
    for half in ("tune", "heldout"):
        harness: Counter[str] = Counter()
        hand: Counter[str] = Counter()
        for o in (o for o in outcomes if split[o["case"]] == half):
            auto = verdict(o)
            harness[auto] += 1
            rule = rules.get((o["case"], o["target"]))
            said = "\n".join([o.get("reason") or "", *o.get("notes", [])])
            ok = rule is not None and rule.get("evidence", "") in said and rule["harness"] == auto
            hand[rule["hand"] if ok else auto] += 1
        if harness:
            print(f"{half} harness: {tally(harness)}")
            print(f"{half} by hand: {tally(hand)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
