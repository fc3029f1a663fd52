"""List real-log cases whose source is already cited by the knowledge base or another log set.

Run: PYTHONPATH=$PWD .venv/bin/python bench/reallogs2/check_new.py [--cases PATH] [--drop-to PATH]
A case cited anywhere under templates/failures/ (or in another bench/reallogs*/ or bench/*_probe/
cases*.yaml) is
not new to the knowledge base and must be dropped before scoring; `--drop-to` writes the
remaining cases. `--cases` checks another case file (default: this folder's cases.yaml).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def cited_text(checked: Path = HERE / "cases.yaml") -> str:
    """All text that may cite a thread: the failure records and the other real-log sets."""
    files = sorted((ROOT / "templates" / "failures").rglob("*.yaml"))
    bench = ROOT / "bench"
    sets = [*bench.glob("reallogs*/cases*.yaml"), *bench.glob("*_probe/cases*.yaml")]
    files += [f for f in sorted(sets)
              if f.resolve() != checked.resolve() and "-new" not in f.name]
    return "\n".join(f.read_text(encoding="utf-8") for f in files if f.is_file())


def thread_key(url: str) -> str:
    """owner/repo/(issues|pull)/N of a GitHub URL (the URL itself otherwise)."""
    m = re.match(r"https://github\.com/([^/]+/[^/]+/(?:issues|pull)/\d+)", url)
    return m.group(1) if m else url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drop-to", help="write the cases that are still new to this file")
    parser.add_argument("--cases", default=str(HERE / "cases.yaml"), help="case file to check")
    args = parser.parse_args()
    checked = Path(args.cases)
    data = yaml.safe_load(checked.read_text(encoding="utf-8"))
    text = cited_text(checked)
    cited = [c for c in data["cases"]
             if re.search(re.escape(thread_key(c["source"])) + r"(?!\d)", text)]
    for case in cited:
        print(f"cited already: {case['id']} {case['source']}")
    print(f"{len(cited)} of {len(data['cases'])} cases cited already")
    if args.drop_to:
        keep = [c for c in data["cases"] if c not in cited]
        Path(args.drop_to).write_text(yaml.safe_dump({"schema": 1, "cases": keep},
                                                     sort_keys=False), encoding="utf-8")


if __name__ == "__main__":
    main()
