"""Evidence floor measurement: on the released log sets, which proposed fixes come from a
similarity-only match (no signature hit), and how they are judged.

Run: PYTHONPATH=$PWD .venv/bin/python bench/repair10_probe/evidence_floor.py --out PREFIX
Writes PREFIX.json (one row per case: set, id, split, kind, outcome, proposed record, the
method of the proposed record's diagnosis, its score) and prints the tallies per split.
The sealed sets (reallogs8, reallogs9) are never read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "reallogs"))

import run as reallogs  # noqa: E402

from maple_flow.cli.repair import diagnose_log  # noqa: E402

RELEASED = ["reallogs", *(f"reallogs{i}" for i in range(2, 8)),
            "repair7_probe", "repair8_probe", "repair9_probe", "repairapply_probe",
            "repaircal_probe", "repairfix_probe", "repairlaunch2_probe", "repairlaunch_probe",
            "repairnot_probe", "repairops_probe", "repairrec2_probe", "repairrec_probe",
            "repairsched_probe", "notscript2_probe"]


def rows_of(name: str) -> list[dict[str, object]]:
    path = ROOT / "bench" / name / "cases.yaml"
    dirs = tuple(dict.fromkeys((path.parent / "scripts", reallogs.HERE / "scripts")))
    cases = yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]
    out = []
    for case in cases:
        try:
            data = diagnose_log(reallogs.script_text(case, dirs), case["log"], case["cluster"],
                                None, False)
            outcome = reallogs.judge(case, data)
        except Exception as exc:
            data, outcome = {"diagnoses": [], "proposed": None}, f"error {exc!r}"[:200]
        prop = data.get("proposed")
        method = score = None
        if prop:
            for d in data.get("diagnoses", []):
                if d["record_id"] == prop["record_id"]:
                    method, score = d["method"], d.get("score")
                    break
        out.append({"set": name, "id": case["id"], "split": case["split"], "kind": case["kind"],
                    "outcome": outcome, "proposed": prop["record_id"] if prop else None,
                    "method": method, "score": score,
                    "first": [f"{d['record_id']}/{d['method'][:3]}/{d.get('verdict')}"
                              for d in data.get("diagnoses", [])][:3]})
    return out


def tally(rows: list[dict[str, object]]) -> dict[str, object]:
    script = [r for r in rows if r["kind"] == "script"]
    other = [r for r in rows if r["kind"] != "script"]
    sim = [r for r in rows if r["method"] == "similarity"]
    return {
        "cases": len(rows), "script": len(script), "not_script": len(other),
        "script_right": sum(r["outcome"] == "right" for r in script),
        "not_script_recognised": sum(r["outcome"] == "recognised" for r in other),
        "invented": sum(r["outcome"] == "invented" for r in other),
        "wrong_fix": sum(r["outcome"] == "wrong_fix" for r in script),
        "right_family_wrong_fix": sum(r["outcome"] == "right_family_wrong_fix" for r in script),
        "sim_proposals": dict(Counter(str(r["outcome"]) for r in sim)),
        "errors": sum(str(r["outcome"]).startswith("error") for r in rows),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--sets", nargs="*", default=RELEASED)
    args = parser.parse_args()
    rows = [row for name in args.sets for row in rows_of(name)]
    result = {s: tally([r for r in rows if r["split"] == s]) for s in ("tune", "heldout")}
    result["all"] = tally(rows)
    Path(args.out).with_suffix(".json").write_text(
        json.dumps({"tallies": result, "rows": rows}, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
