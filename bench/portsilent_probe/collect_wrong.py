"""List the ports judged wrong (by hand where a judgement exists) in the tune halves of
bench/unseen..unseen6 and in the port probe sets, for causes.md.

    python bench/portsilent_probe/collect_wrong.py > /tmp/wrong.txt

Held-out cases (``split: heldout``) are skipped before their outcome is read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

BENCH = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BENCH / "unseen2"))

from hand_judged import verdict  # noqa: E402

# (set, run json, hand judgement yaml or "") : the first run and the latest judged run on main
RUNS = [
    ("unseen", "first_run.json", ""), ("unseen", "main-a8f32ab.json", ""),
    ("unseen2", "first_run.json", "hand_judged.yaml"),
    ("unseen2", "main-a8f32ab.json", "hand_judged.yaml"),
    ("unseen3", "first_run.json", "hand_judged.yaml"),
    ("unseen3", "main-a8f32ab.json", "hand_judged.yaml"),
    ("unseen4", "first_run.json", "hand_judged.yaml"),
    ("unseen4", "main-a8f32ab.json", "hand_judged_after.yaml"),
    ("unseen5", "first_run.json", "hand_judged.yaml"),
    ("unseen5", "on_main4.json", "hand_judged_on_main4.yaml"),
    ("unseen6", "first_run.json", "hand_judged.yaml"),
    ("unseen6", "on_main_c57ddef.json", "hand_judged_on_main.yaml"),
    *[(p, "first_run.json", "hand_judged_first.yaml") for p in
      ("portcmd_probe", "portcont_probe", "portfix2_probe", "portres_probe", "portshapes_probe")],
    ("portfix_probe", "first_run_all.json", "hand_judged.yaml"),
    *[(p, "after.json", "hand_judged.yaml") for p in
      ("portcmd_probe", "portcont_probe", "portfix2_probe", "portres_probe", "portshapes_probe",
       "portfix_probe")],
]


def tune_cases(name: str) -> set[str]:
    """Case ids not held out."""
    data = yaml.safe_load((BENCH / name / "cases.yaml").read_text(encoding="utf-8"))
    cases = data["cases"] if isinstance(data, dict) else data
    return {c["id"] for c in cases if c.get("split") != "heldout"}


def parse_rules(doc: dict) -> dict[tuple[str, str], dict]:
    """Overrides keyed by (case, target); portcont's per-case form becomes unconditional rules."""
    if "overrides" in doc:
        return {(r["case"], r["target"]): r for r in doc["overrides"]}
    rules = {}
    for case, per in doc.items():
        for target, hand in per.items():
            if target != "why":
                rules[(case, target)] = {"hand": hand, "why": per.get("why", ""), "any": True}
    return rules


def main() -> int:
    for name, run, hand in RUNS:
        path = BENCH / name / run
        if not path.exists():
            continue
        keep = tune_cases(name)
        rules = {}
        if hand and (BENCH / name / hand).exists():
            doc = yaml.safe_load((BENCH / name / hand).read_text(encoding="utf-8"))
            rules = parse_rules(doc)
        for o in json.loads(path.read_text(encoding="utf-8"))["outcomes"]:
            if o["case"] not in keep:
                continue
            auto = verdict(o)
            rule = rules.get((o["case"], o["target"]))
            said = "\n".join([o.get("reason") or "", *o.get("notes", [])])
            why = ""
            if rule and rule.get("any"):
                auto, why = rule["hand"], rule["why"]
            elif rule and rule.get("evidence", "") in said and rule["harness"] == auto:
                auto, why = rule["hand"], rule.get("why", "")
            if auto.startswith("wrong"):
                fails = "; ".join(f"{k}: {v}" for k, v in (o.get("failures") or {}).items())
                print(f"{name}/{run} | {o['case']} -> {o['target']} | {auto}\n"
                      f"   why: {why[:400]}\n   harness: {fails[:400]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
