"""Rerun a real-log set's rows against a baseline JSON of bench/reallogs/run.py; list changes.

Run: PYTHONPATH=$PWD .venv/bin/python bench/repairnot_probe/regress.py BASELINE.json [...]
    [--out PATH] [--all]
Held-out rows are always all rerun (their baseline rows carry no outcome; the split's counts
are compared). A tune row is rerun when a change can touch it (or with --all): its baseline
diagnoses used similarity, a record of templates/failures/notscript_recog.yaml matches its
log, or its log ends in an exception of the program (repair.program_error); the other tune
rows keep their baseline outcome. Prints, per set, tune rows whose outcome changed, and the
held-out counts before and after.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "reallogs"))

from run import HERE as REALLOGS  # noqa: E402
from run import run_case, summary  # noqa: E402

from maple_flow.repair.classify import unprefixed_lines  # noqa: E402
from maple_flow.repair.kb import load_file  # noqa: E402
from maple_flow.repair.program_error import program_failure  # noqa: E402

RECORDS = load_file(ROOT / "templates" / "failures" / "notscript_recog.yaml")


def touched(row: dict[str, Any], log: str) -> bool:
    """Whether the change can alter this row's outcome (see the module docstring)."""
    plain = unprefixed_lines(log)
    if program_failure(plain) or any("/sim/" in d for d in row.get("diagnoses", [])):
        return True
    return any(re.search(s.pattern, text, re.M | re.I)
               for r in RECORDS for s in r.signatures for text in (log, plain))


def regress(baseline: Path, rerun_all: bool) -> dict[str, Any]:
    """The changed tune rows and the held-out counts of one set."""
    base = json.loads(baseline.read_text(encoding="utf-8"))
    cases_path = ROOT / base["cases_file"]
    cases = {c["id"]: c for c in yaml.safe_load(cases_path.read_text(encoding="utf-8"))["cases"]}
    dirs = tuple(dict.fromkeys((cases_path.parent / "scripts", REALLOGS / "scripts")))
    changed, held, tune = [], [], []
    for row in base["cases"]:
        case = cases[row["id"]]
        if row["split"] == "heldout":
            held.append(run_case(case, dirs))
        elif rerun_all or "outcome" not in row or touched(row, case["log"]):
            new = run_case(case, dirs)
            tune.append(new)
            if new["outcome"] != row.get("outcome"):
                changed.append({"id": row["id"], "before": row.get("outcome"),
                                "after": new["outcome"], "proposed": new["proposed"],
                                "diagnoses": new["diagnoses"][:3]})
        else:
            tune.append(row)
    return {"benchmark": base["benchmark"], "tune_changed": changed,
            "tune_before": base["splits"].get("tune"), "tune_after": summary(tune),
            "heldout_before": base["splits"].get("heldout"), "heldout_after": summary(held),
            "tune_outcomes_after": dict(Counter(r["outcome"] for r in tune))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baselines", nargs="+")
    parser.add_argument("--out", help="write the comparison as JSON here")
    parser.add_argument("--all", action="store_true", help="rerun every tune row")
    args = parser.parse_args()
    results = [regress(Path(b), args.all) for b in args.baselines]
    keys = ("script_right", "not_script_recognised", "invented_fixes",
            "wrong_fixes_on_script_cases")
    for res in results:
        hb, ha = res["heldout_before"] or {}, res["heldout_after"]
        tb, ta = res["tune_before"] or {}, res["tune_after"]
        print(res["benchmark"], "heldout", {k: (hb.get(k), ha[k]) for k in keys},
              "tune", {k: (tb.get(k), ta[k]) for k in keys})
        for c in res["tune_changed"]:
            print("  changed:", c)
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
