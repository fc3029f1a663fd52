"""Hand tallies of bench/unseen27 and bench/unseen28 on the runs of session s26.

usage: python bench/unseen27/tally_s26.py

Runs: `first_run_start` (62d0dea7, the session's starting code: every port judged by hand,
`hand_judged_start.yaml`), `first_run_final1` (7b879cd7, the first merge of fixes, which read
only released sets: the ports whose text changed, `changed_start_to_final1.txt`, judged again
by an independent judge, `hand_judged_final1.yaml`) and `first_run_final2` (round 2, which
read the tune halves: the ports changed since, `changed_final1_to_final2.txt`,
`hand_judged_final2.yaml`). A port
whose text did not change keeps its previous verdict. Both sets were sealed until their start
run was judged; then only their tune halves were read by the second round of fixers, so the
held-out halves are first runs on every code."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import yaml

BENCH = Path(__file__).resolve().parent.parent
FINAL2 = "final2 (round 2)"
_SPEC = importlib.util.spec_from_file_location("tally_s25", BENCH / "unseen25" / "tally_s25.py")
assert _SPEC is not None and _SPEC.loader is not None
_S25 = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_S25)
_verdicts, _changed, _line = _S25._verdicts, _S25._changed, _S25._line


def main() -> None:
    for name in ("unseen27", "unseen28"):
        d = BENCH / name
        split = {c["id"]: c["split"]
                 for c in yaml.safe_load((d / "cases.yaml").read_text())["cases"]}
        start = _verdicts(d / "hand_judged_start.yaml")
        runs = [("start 62d0dea7", start)]
        now = start
        steps = (("start", "final1", "final1 7b879cd7"), ("final1", "final2", FINAL2))
        for previous, step, label in steps:
            changed = _changed(d / f"changed_{previous}_to_{step}.txt")
            again = _verdicts(d / f"hand_judged_{step}.yaml")
            if not changed and not again:
                continue
            missing = [k for k in changed if k not in again]
            if missing:  # no tally for a run whose changed ports are not all judged
                print(f"{name} {step}: {len(missing)} changed ports not judged by hand: no tally")
                break
            now = {k: again.get(k, v) if k in changed else v for k, v in now.items()}
            runs.append((label, now))
        for run, v in runs:
            print(_line(name, run, v, split))


if __name__ == "__main__":
    main()
