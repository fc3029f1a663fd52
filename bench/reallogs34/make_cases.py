# ruff: noqa: E501
"""Write bench/reallogs34/cases.yaml from cases_src.py with the generator the log sets share
(bench/reallogs/make_cases.py), split by sha256(SOURCE) parity (even -> tune, odd -> heldout), so
that all cases of one source fall in the same half (as reallogs33 did).

Run: /work/main/.venv/bin/python bench/reallogs34/make_cases.py
Check: bench/reallogs/check_scripts.py --cases bench/reallogs34/cases.yaml --split-key source
"""

import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "reallogs"))

import make_cases  # noqa: E402


def split_of_source(source: str) -> str:
    """`tune` when sha256(source) is even, else `heldout`."""
    return "tune" if int(hashlib.sha256(source.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def main() -> None:
    cases: list[dict] = []
    namespace = {"case": lambda **kw: cases.append(kw)}
    exec(compile((HERE / "cases_src.py").read_text(encoding="utf-8"), "cases_src.py", "exec"), namespace)
    source_of = {str(c["id"]): str(c["source"]) for c in cases}
    make_cases.split_of = lambda case_id: split_of_source(source_of[case_id])
    text = make_cases.render(cases, HERE.name, "thirty-fourth", "reallogs13")
    text = text.replace(
        "# Split, fixed before the first run by a hash of the id, not by content: sha256(id) even ->",
        "# Split, fixed before the first run by a hash of the SOURCE, not by content (all cases of one\n"
        "# source in one half): sha256(source) even ->",
    )
    (HERE / "cases.yaml").write_text(text, encoding="utf-8")
    n_s = sum(c["kind"] == "script" for c in cases)
    print(f"{len(cases)} cases: {n_s} script, {len(cases) - n_s} not_script")


if __name__ == "__main__":
    main()
