"""Outcome counts of bench/realport/run.py runs before and after, by status and split.

    python bench/nolaunch_probe/compare_runs.py rp unseen7 unseen8 unseen9

Reads /tmp/nlrun/<name>_before.json and <name>_after.json (written by before_after.sh); prints
only counts (held-out ports stay sealed)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

RUNS = Path("/tmp/nlrun")
BENCH = Path(__file__).resolve().parent.parent


def _load(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    data = json.loads(path.read_text())
    return {(r["case"], r["target"]): r for r in data["outcomes"]}


def _splits(name: str) -> dict[str, str]:
    cases = BENCH / name / "cases.yaml"
    if not cases.exists():
        return {}
    return {c["id"]: c.get("split", "dev") for c in yaml.safe_load(cases.read_text())["cases"]}


def main() -> None:
    for name in sys.argv[1:]:
        before, after = _load(RUNS / f"{name}_before.json"), _load(RUNS / f"{name}_after.json")
        split = _splits(name)
        changed = Counter(
            (split.get(k[0], "dev"), before[k]["status"], after[k]["status"])
            for k in before
            if before[k]["status"] != after[k]["status"]
            or before[k].get("reason") != after[k].get("reason"))
        print(name, dict(Counter(r["status"] for r in before.values())), "->",
              dict(Counter(r["status"] for r in after.values())), "changed:", dict(changed))


if __name__ == "__main__":
    main()
