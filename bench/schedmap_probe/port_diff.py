"""Port every script of some caches to four targets and save status, script and notes (JSON), so
two checkouts can be compared: run it with PYTHONPATH set to each, then diff the two files.

    PYTHONPATH=/tmp/base python bench/schedmap_probe/port_diff.py /tmp/base.json DIR...
    PYTHONPATH=$PWD      python bench/schedmap_probe/port_diff.py /tmp/new.json DIR...
    python bench/schedmap_probe/port_diff.py --compare /tmp/base.json /tmp/new.json
"""

from __future__ import annotations

import glob
import json
import sys
from pathlib import Path

TARGETS = ("perlmutter", "polaris", "delta", "aurora")


def ports(out: str, dirs: list[str]) -> None:
    from maple_flow import port
    from maple_flow.errors import MapleError

    found: dict[str, list[object]] = {}
    for path in sorted(f for d in dirs for f in glob.glob(f"{d}/*.sh")):
        text = Path(path).read_text(encoding="utf-8")
        for target in TARGETS:
            try:
                r = port(text, [target])[target]
                found[f"{path}|{target}"] = [r.status, r.script, r.notes]
            except MapleError as exc:
                found[f"{path}|{target}"] = ["error", str(exc), []]
    Path(out).write_text(json.dumps(found), encoding="utf-8")


def compare(before: str, after: str) -> None:
    a, b = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (before, after))
    changed = [k for k in a if a[k] != b.get(k)]
    for k in changed:
        what = "status" if a[k][0] != b[k][0] else "script" if a[k][1] != b[k][1] else "notes"
        print(f"{k}: {what} {a[k][0]} -> {b[k][0]}")
    print(f"{len(a)} ports, {len(changed)} changed")


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        compare(sys.argv[2], sys.argv[3])
    else:
        ports(sys.argv[1], sys.argv[2:])
