"""Write cases.yaml from src_list.yaml: the split by hash of the id (even -> tune, odd -> heldout).

    python bench/s22notscript_probe/make_cases.py
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
HEADER = (HERE / "header.txt").read_text()


def split_of(case_id: str) -> str:
    return "tune" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def main() -> None:
    cases = yaml.safe_load((HERE / "src_list.yaml").read_text())
    out = []
    for case in cases:
        row = {"id": case["id"], "split": split_of(case["id"])}
        row.update({k: v for k, v in case.items() if k != "id"})
        out.append(row)
    text = yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True,
                          width=100)
    (HERE / "cases.yaml").write_text(HEADER + text)


if __name__ == "__main__":
    main()
