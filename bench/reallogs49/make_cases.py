# ruff: noqa: E501
"""Write bench/reallogs49/cases.yaml from cases_src.py with the generator the log sets share
(bench/reallogs/make_cases.py), but split by sha256(SOURCE) parity (even -> tune, odd -> heldout),
so that all cases of one source fall in one half.

Run: /work/main/.venv/bin/python bench/reallogs49/make_cases.py
"""

import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "reallogs"))

import make_cases  # noqa: E402


def parity_split(text: str) -> str:
    """`tune` when sha256(text) is even, else `heldout`."""
    return "tune" if int(hashlib.sha256(text.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def source_of() -> dict[str, str]:
    """Case id -> source, read from cases_src.py."""
    cases: list[dict] = []
    namespace = {"case": lambda **kw: cases.append(kw)}
    exec(compile((HERE / "cases_src.py").read_text(encoding="utf-8"), "cases_src.py", "exec"), namespace)
    return {str(c["id"]): str(c["source"]) for c in cases}


if __name__ == "__main__":
    sources = source_of()
    make_cases.split_of = lambda case_id: parity_split(sources[case_id])  # split by source, not id
    make_cases.HEADER = make_cases.HEADER.replace(
        "by a hash of the id, not by content: sha256(id) even", "by a hash of the source, not by content: sha256(source) even"
    )
    make_cases.write(HERE, "forty-ninth", format_of="reallogs13")
