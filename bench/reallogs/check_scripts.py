"""Check that every case's job script can be built and parses (`bash -n`), without running maple.

Run: python bench/reallogs/check_scripts.py --cases bench/SET/cases.yaml
Builds each script as bench/reallogs/run.py does (base file from `scripts/` beside the case file,
then bench/reallogs/scripts/; `directives` after line 1; `replace` pairs that must all match),
checks the split against sha256(id) parity (sha256(source) with --split-key source, as
reallogs33 on splits whole sources), that every ask label has `ask_for`, and prints any failure.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import yaml

SHARED = Path(__file__).resolve().parent / "scripts"


def build(case: dict[str, Any], dirs: tuple[Path, ...]) -> str:
    """The case's job script text; raises ValueError when a file or replace target is missing."""
    base = next((d / case["script"] for d in dirs if (d / case["script"]).is_file()), None)
    if base is None:
        raise ValueError(f"script {case['script']} not found")
    lines = base.read_text(encoding="utf-8").splitlines()
    lines[1:1] = case.get("directives", [])
    text = "\n".join(lines) + "\n"
    for old, new in case.get("replace", []):
        if old not in text:
            raise ValueError(f"replace target not found: {old!r}")
        text = text.replace(old, new)
    return text


def split_of(case_id: str) -> str:
    """`tune` when sha256(id) is even, else `heldout`."""
    return "tune" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def ask_problems(case: dict[str, Any]) -> list[str]:
    """An ask label (`expect.ask`) must name the missing value(s): `ask_for`, a list of need
    names (run.py scores a question for another value `wrong_question`)."""
    expect = case.get("expect") or {}
    if not expect.get("ask"):
        return ["ask_for without ask: true"] if "ask_for" in expect else []
    wanted = expect.get("ask_for")
    if not (isinstance(wanted, list) and wanted and all(isinstance(n, str) for n in wanted)):
        return ["ask label without ask_for (a list of need names)"]
    return []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", required=True, help="a log set's cases.yaml")
    parser.add_argument("--split-key", choices=("id", "source"), default="id",
                        help="the field whose sha256 parity fixed the split")
    args = parser.parse_args()
    path = Path(args.cases)
    dirs = (path.parent / "scripts", SHARED)
    cases = yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]
    bad = 0
    for case in cases:
        problems = []
        try:
            text = build(case, dirs)
            with tempfile.NamedTemporaryFile("w", suffix=".sh") as tmp:
                tmp.write(text)
                tmp.flush()
                res = subprocess.run(["bash", "-n", tmp.name], capture_output=True, text=True)
            if res.returncode:
                problems.append(f"bash -n: {res.stderr.strip()}")
        except ValueError as exc:
            problems.append(str(exc))
        want = split_of(case[args.split_key])
        if case["split"] != want:
            problems.append(f"split {case['split']} != {want}")
        if case["kind"] == "not_script" and case.get("expect"):
            problems.append("not_script case with an expectation")
        problems += ask_problems(case)
        for problem in problems:
            bad += 1
            print(f"{case['id']}: {problem}")
    print(f"{bad} problems in {len(cases)} cases")


if __name__ == "__main__":
    main()
