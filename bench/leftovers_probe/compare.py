"""Per-port label changes between two bench/realport/run.py results, and how many ports of the
second carry each note of s15-leftovers (MIG slice, GPU visibility, arguments as written).

    python bench/leftovers_probe/compare.py BEFORE.json AFTER.json
"""

from __future__ import annotations

import json
import sys
from typing import Any

NOTES = {"mig": "MIG slice", "visible": "gives the job whole nodes (",
         "positional": "own arguments are passed exactly as written"}


def _rows(path: str) -> dict[tuple[str, str], dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {(r["case"], r["target"]): r for r in data["outcomes"]}


def label(row: dict[str, Any]) -> str:
    """The harness's five-way label of one port."""
    if row["status"] == "wrong":
        return "wrong_silent" if row.get("silent") else "wrong_noted"
    if row["status"] == "refused":
        return "refused_right" if row.get("right_refusal") else "refused_other"
    return str(row["status"])


def main(before: str, after: str) -> None:
    a, b = _rows(before), _rows(after)
    changed = [(k, label(a[k]), label(b[k])) for k in sorted(set(a) & set(b))
               if label(a[k]) != label(b[k])]
    for (case, target), was, now in changed:
        print(f"{case} {target}: {was} -> {now}")
    counts = {k: sum(text in " ".join(r.get("notes") or []) for r in b.values())
              for k, text in NOTES.items()}
    print(json.dumps({"ports": len(b), "labels_changed": len(changed), "notes": counts}))


if __name__ == "__main__":
    main(*sys.argv[1:3])
