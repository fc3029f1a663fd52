"""Write every port of a run (its script and notes, or the refusal) to files, for judging by hand.

    PYTHONPATH=$PWD python bench/unseen6/dump_ports.py bench/unseen6/first_run.json \
        --cases bench/unseen6/cases.yaml --cache /work/cache/unseen6 --out /tmp/unseen6_ports

Each port is redone exactly as run.py did it (with the run's ``rerun_with`` size, if any) and
written as ``<out>/<case>__<target>.txt``: harness verdict, failures, notes, then the script.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "realport"))

from rp_cases import load_cases, read_script
from run import attempt


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run")
    ap.add_argument("--cases", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    cases = {c.id: c for c in load_cases(Path(args.cases))}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for o in json.loads(Path(args.run).read_text(encoding="utf-8"))["outcomes"]:
        script = read_script(Path(args.cache), cases[o["case"]]) or ""
        result = attempt(script, o["target"], **o.get("rerun_with", {}))
        head = [f"harness: {o['status']} right_refusal={o['right_refusal']} silent={o['silent']}",
                f"rerun_with: {o.get('rerun_with')}", f"reason: {o['reason']}",
                *[f"FAIL {k}: {m}" for k, v in o["failures"].items() for m in v]]
        body = result if isinstance(result, str) else "\n".join(
            ["NOTES:", *[f"- {n}" for n in result.notes], "SCRIPT:", result.script])
        (out / f"{o['case']}__{o['target']}.txt").write_text(
            "\n".join(head) + "\n" + body + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
