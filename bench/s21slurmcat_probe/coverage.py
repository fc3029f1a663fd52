"""Coverage of the Slurm message catalogue: each message's case (catalogue.yaml) diagnosed as
bench/reallogs/run.py does (`diagnose_log`), judged as
  right_fix (a fix whose diff matches `expect.fix`), asks (no fix, a question, when `ask` is
  expected), advice_ok (no fix when only the site can change it), no_fix, wrong (any other fix,
  or a fix where only advice is right).
Run: PYTHONPATH=$PWD python bench/s21slurmcat_probe/coverage.py --name first_run
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
#: MAPLE_CODE_ROOT: run another checkout's code (main) on this catalogue.
CODE = Path(os.environ.get("MAPLE_CODE_ROOT", ROOT))
sys.path.insert(0, str(CODE))
sys.path.insert(0, str(CODE / "bench" / "reallogs"))

import run as reallogs  # noqa: E402

DIRS = (ROOT / "bench" / "reallogs13" / "scripts", ROOT / "bench" / "reallogs" / "scripts")


def judge(entry: dict, data: dict) -> str:
    proposed = data.get("proposed")
    expect = entry["expect"]
    if "advice" in expect:
        return "advice_ok" if proposed is None else "wrong"
    if "ask" in expect:
        if proposed is None:
            return "asks" if any(d.get("needs") for d in data.get("diagnoses", [])) else "no_fix"
        return "wrong"
    if proposed is None:
        return "asks" if any(d.get("needs") for d in data.get("diagnoses", [])) else "no_fix"
    return "right_fix" if re.search(expect["fix"], proposed.get("diff", "")) else "wrong"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    args = ap.parse_args()
    cat = yaml.safe_load((HERE / "catalogue.yaml").read_text(encoding="utf-8"))
    rows = []
    for e in cat["messages"]:
        case = {"id": e["id"], "log": e["message"] + "\n", **e["case"]}
        try:
            data = reallogs.diagnose_log(reallogs.script_text(case, DIRS), case["log"],
                                         case["cluster"], None, False)
            outcome = judge(e, data)
        except Exception as exc:
            data, outcome = {"diagnoses": []}, f"error {type(exc).__name__}: {exc}"[:120]
        p = data.get("proposed")
        rows.append({"id": e["id"], "expect": next(iter(e["expect"])), "outcome": outcome,
                     "proposed": p["record_id"] if p else None,
                     "diff": (p or {}).get("diff", ""),
                     "first": [f"{d['record_id']}/{d.get('verdict', '-')}"
                               f"{'/needs' if d.get('needs') else ''}"
                               for d in data.get("diagnoses", [])][:2]})
    counts = Counter(r["outcome"].split()[0] for r in rows)
    good = counts["right_fix"] + counts["advice_ok"] + sum(
        1 for r in rows if r["outcome"] == "asks" and r["expect"] == "ask")
    lines = [f"# Slurm catalogue coverage: {args.name}", "",
             f"{len(rows)} messages; right (fix / ask where asked / advice where site-only): "
             f"{good}; outcomes {dict(counts)}", "",
             "| message | expect | outcome | proposed | first diagnoses |", "|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['id']} | {r['expect']} | {r['outcome']} | {r['proposed'] or '-'} | "
                     f"{', '.join(r['first']) or '-'} |")
    (HERE / f"{args.name}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (HERE / f"{args.name}.json").write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print("\n".join(lines[:3]))


if __name__ == "__main__":
    main()
