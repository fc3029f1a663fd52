"""List log lines of a real-log case file that repeat, word for word, a line of the cited sets.

Run: python bench/reallogs6/check_lines.py [--cases PATH] [--min-chars N]
A case's excerpt must be new text, not only a new URL: every log line of at least N characters
(default 30, after stripping; Python's traceback header excepted) is looked up among the lines
of templates/failures/ and of the other bench/reallogs*/ and bench/*_probe/ case files
(bench/reallogs2/check_new.py's set).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "reallogs2"))

from check_new import cited_text  # noqa: E402


def known_lines(checked: Path) -> set[str]:
    """Stripped lines of the cited text, with YAML quoting and list dashes removed."""
    lines = set()
    for raw in cited_text(checked).splitlines():
        text = raw.strip().lstrip("-").strip().strip("'\"")
        if text:
            lines.add(text)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=str(HERE / "cases.yaml"))
    parser.add_argument("--min-chars", type=int, default=30)
    args = parser.parse_args()
    checked = Path(args.cases)
    known = known_lines(checked)
    cases = yaml.safe_load(checked.read_text(encoding="utf-8"))["cases"]
    generic = {"Traceback (most recent call last):"}
    repeats = 0
    for case in cases:
        for line in case["log"].splitlines():
            text = line.strip()
            if len(text) >= args.min_chars and text in known and text not in generic:
                repeats += 1
                print(f"repeats: {case['id']}: {text}")
    print(f"{repeats} repeated lines in {len(cases)} cases")


if __name__ == "__main__":
    main()
