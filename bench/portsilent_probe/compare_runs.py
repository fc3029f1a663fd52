"""Per set, the verdicts that changed and the mean notes per port between two directories of
run_all_sets.sh output (the unchanged code's and this branch's).

    python bench/portsilent_probe/compare_runs.py BEFORE_DIR AFTER_DIR
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _verdict(o: dict[str, Any]) -> str:
    if "judged" in o:
        return str(o["judged"])
    return str(o["status"])


def _by_port(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    return {(o["case"], o["target"]): o
            for o in json.loads(path.read_text(encoding="utf-8"))["outcomes"]}


def main(argv: list[str]) -> int:
    before, after = Path(argv[0]), Path(argv[1])
    for path in sorted(before.glob("*.json")):
        if not (after / path.name).exists():
            continue
        a, b = _by_port(path), _by_port(after / path.name)
        keys = [k for k in a if k in b]
        changed = [(k, _verdict(a[k]), _verdict(b[k])) for k in keys
                   if _verdict(a[k]) != _verdict(b[k])]
        other = [k for k in keys if any(a[k].get(f) != b[k].get(f)
                                         for f in ("notes", "reason", "script"))]
        mean_a = sum(len(o.get("notes", [])) for o in a.values()) / len(a)
        mean_b = sum(len(o.get("notes", [])) for o in b.values()) / len(b)
        print(f"{path.name}: {len(changed)} verdict changes, {len(other)} ports with other "
              f"notes/text; notes/port {mean_a:.2f} -> {mean_b:.2f}")
        for key, was, now in changed:
            print("   ", key, was, "->", now)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
