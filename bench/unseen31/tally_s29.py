"""Hand tallies of bench/unseen31 on the runs of session s29.

usage: python bench/unseen31/tally_s28.py

Runs: `first_run_start` (port code dee2d6e6, main 3c421dfb: every port judged by hand,
`hand_judged_start.yaml`) and `first_run_final1` (the session's fixes merged, which read only
released sets and, in round 2, the tune half of unseen31: the ports whose text changed,
`changed_start_to_final1.txt`, judged again by an independent judge, `hand_judged_final1.yaml`).
A port whose text did not change keeps its previous verdict. The held-out half is a first run on
every code (no fixer read it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import yaml

BENCH = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("tally_s25", BENCH / "unseen25" / "tally_s25.py")
assert _SPEC is not None and _SPEC.loader is not None
_S25 = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_S25)
_verdicts, _changed, _line = _S25._verdicts, _S25._changed, _S25._line


def main() -> None:
    d = BENCH / "unseen31"
    split = {c["id"]: c["split"] for c in yaml.safe_load((d / "cases.yaml").read_text())["cases"]}
    now = _verdicts(d / "hand_judged_start.yaml")
    runs = [("start dee2d6e6", now)]
    changed_file = d / "changed_start_to_final1.txt"
    if changed_file.exists():
        changed, again = _changed(changed_file), _verdicts(d / "hand_judged_final1.yaml")
        missing = [k for k in changed if k not in again]
        if missing:  # no tally for a run whose changed ports are not all judged
            print(f"unseen31 final1: {len(missing)} changed ports not judged by hand: no tally")
        else:
            runs.append(("final1 f7aad9d0", {k: again.get(k, v) if k in changed else v
                                    for k, v in now.items()}))
    for run, v in runs:
        print(_line("unseen31", run, v, split))


if __name__ == "__main__":
    main()
