"""Assign each probe case its split by the parity of sha256(id): even -> tune, odd -> heldout.

Run: python bench/repairrec_probe/split.py [--write]  (prints the split; --write sets `split:`)
The rule was fixed before the first run, so no case was placed after seeing its result.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

CASES = Path(__file__).resolve().parent / "cases.yaml"


def split_of(case_id: str) -> str:
    """tune when the last byte of sha256(case_id) is even, heldout when odd."""
    return "tune" if hashlib.sha256(case_id.encode()).digest()[-1] % 2 == 0 else "heldout"


def main() -> None:
    text = CASES.read_text(encoding="utf-8")
    out = []
    for line in text.splitlines():
        if re.match(r"\s+split: ", line):
            continue
        out.append(line)
        m = re.match(r"(\s+)- id: (\S+)$", line)
        if m:
            out.append(f"{m.group(1)}  split: {split_of(m.group(2))}")
            print(m.group(2), split_of(m.group(2)))
    if "--write" in sys.argv:
        CASES.write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
