"""Compare two outputs of /tmp/run_logsets.sh (folders of run.py JSON files): the rows whose
outcome or proposed record changed, and the totals of script-right, invented and recognised.

Run: python bench/s20repairnot_probe/compare_logsets.py BASE_DIR NEW_DIR
"""

from __future__ import annotations

import json
import os
import sys

OUTCOMES = (("right", "right"), ("inv", "invented"), ("rec", "recognised"))


def main(base: str, new: str) -> None:
    totals = {f"{side}_{key}": 0 for side in ("b", "n") for key, _ in OUTCOMES}
    for name in sorted(os.listdir(new)):
        if not name.endswith(".json"):
            continue
        if not os.path.exists(os.path.join(base, name)):
            print("no base", name)
            continue
        with open(os.path.join(base, name), encoding="utf-8") as fh:
            before = {r["id"]: r for r in json.load(fh)["cases"]}
        with open(os.path.join(new, name), encoding="utf-8") as fh:
            after = {r["id"]: r for r in json.load(fh)["cases"]}
        for case_id, row in after.items():
            old = before.get(case_id)
            if not old:
                continue
            for key, outcome in OUTCOMES:
                totals[f"b_{key}"] += old["outcome"] == outcome
                totals[f"n_{key}"] += row["outcome"] == outcome
            if old["outcome"] != row["outcome"] or old.get("proposed") != row.get("proposed"):
                print(name[:-5], case_id, row["split"], row["kind"], old["outcome"], "->",
                      row["outcome"], old.get("proposed"), "->", row.get("proposed"),
                      row["diagnoses"][:2])
    print(totals)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
