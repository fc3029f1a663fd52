"""Port every case of bench/portsilent_probe to its targets and write each port for judging by hand.

    PYTHONPATH=$PWD python bench/portsilent_probe/run.py --cache /work/cache/portsilent \
        --out bench/portsilent_probe/first_run.json [--dump DIR]

Other probe sets of the same layout (s24silent_probe, s25gpus_probe, s25r3asks_probe) run this
``main`` on their own cases.yaml.

Each outcome: the case, the target, the split, and either the refusal / question (``refused``) or
the port's notes and script (``ported``). Judgements are in hand_judged_*.yaml, by hand.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "realport"))

from run import attempt

HERE = Path(__file__).resolve().parent


def main(here: Path = HERE) -> int:
    """Port the cases of ``here``/cases.yaml; the command line names the cache and outputs."""
    ap = argparse.ArgumentParser(description=f"Port every case of {here.name} to its targets")
    ap.add_argument("--cache", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--dump", help="also write <case>__<target>.txt files here")
    args = ap.parse_args()
    cases = yaml.safe_load((here / "cases.yaml").read_text(encoding="utf-8"))["cases"]
    outcomes = []
    for case in cases:
        text = (Path(args.cache) / f"{case['id']}.sh").read_text(encoding="utf-8")
        if hashlib.sha256(text.encode()).hexdigest() != case["sha256"]:
            raise SystemExit(f"{case['id']}: cached text differs from the recorded sha256")
        for target in case["targets"]:
            result = attempt(text, target)
            row = {"case": case["id"], "target": target, "split": case["split"]}
            if isinstance(result, str):
                row.update(status="refused", reason=result, notes=[], script="")
            else:
                row.update(status="ported", reason="", notes=result.notes, script=result.script)
            outcomes.append(row)
    Path(args.out).write_text(json.dumps({"outcomes": outcomes}, indent=1) + "\n",
                              encoding="utf-8")
    if args.dump:
        dump = Path(args.dump)
        dump.mkdir(parents=True, exist_ok=True)
        for o in outcomes:
            body = ["REFUSED: " + o["reason"]] if o["status"] == "refused" else [
                "NOTES:", *[f"- {n}" for n in o["notes"]], "SCRIPT:", o["script"]]
            (dump / f"{o['case']}__{o['target']}.txt").write_text("\n".join(body) + "\n",
                                                                  encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
