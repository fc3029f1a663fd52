"""Score many real-log case files in one process (the knowledge base and model load once).

Run: PYTHONPATH=$PWD .venv/bin/python bench/reallogs/sweep.py OUTDIR [--exclude NAME ...]
    [--sets NAME ...]
Scores every bench/*/cases.yaml holding `log:` cases (or only --sets), held-out rows shown,
and writes OUTDIR/NAME.json and OUTDIR/NAME.md as run.py does, then OUTDIR/DONE. A sealed set
is left out with --exclude (its held-out rows must not be read before its final run).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import ROOT, run_set, write_result  # noqa: E402


def log_sets(bench: Path) -> list[str]:
    """Names of the bench folders whose cases.yaml holds real-log cases."""
    return sorted(p.parent.name for p in bench.glob("*/cases.yaml")
                  if any(line.lstrip().startswith("log:")
                         for line in p.read_text(encoding="utf-8").splitlines()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", help="folder for NAME.json / NAME.md per set")
    parser.add_argument("--exclude", nargs="*", default=[], help="sets left out (sealed)")
    parser.add_argument("--sets", nargs="*", help="only these sets")
    args = parser.parse_args()
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "DONE").unlink(missing_ok=True)
    names = [n for n in (args.sets or log_sets(ROOT / "bench")) if n not in args.exclude]
    for i, name in enumerate(names, 1):
        result, rows = run_set(ROOT / "bench" / name / "cases.yaml", name, None, True)
        write_result(out / name, result, rows, True)
        print(f"[{i}/{len(names)}] {name}: {len(rows)} cases", flush=True)
    (out / "DONE").write_text(f"{len(names)} sets\n", encoding="utf-8")


if __name__ == "__main__":
    main()
