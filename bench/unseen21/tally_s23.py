"""Hand tallies of bench/unseen21 and bench/unseen22 on the three runs of session s23.

usage: python bench/unseen21/tally_s23.py

Runs: `first_run_start` (26ef1159, the session's starting code: every port judged,
`hand_judged_start.yaml`), `first_run_final` (91480d41: the ports whose dump changed,
`changed_start_to_final.txt`, judged again, `hand_judged_final_{A,B}.yaml`) and
`first_run_final2` (da70785a: the ports changed since, `changed_final_to_final2.txt`,
`hand_judged_final2.yaml`). A port whose dump did not change keeps its previous verdict."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import yaml

BENCH = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BENCH / "unseen2"))
from hand_judged import verdict  # noqa: E402

Key = tuple[str, str]


def _rules(paths: list[Path]) -> dict[Key, str]:
    found: dict[Key, str] = {}
    for path in paths:
        for o in (yaml.safe_load(path.read_text()) or {}).get("overrides") or []:
            found[(o["case"], o["target"])] = o["hand"]
    return found


def _verdicts(run: Path, rules: dict[Key, str]) -> dict[Key, str]:
    outcomes = json.loads(run.read_text())["outcomes"]
    return {(o["case"], o["target"]): rules.get((o["case"], o["target"])) or verdict(o)
            for o in outcomes}


def _changed(path: Path) -> set[Key]:
    return {tuple(line.strip().split("__", 1)) for line in path.read_text().splitlines()
            if line.strip()}  # type: ignore[misc]


def main() -> None:
    for name in ("unseen21", "unseen22"):
        d = BENCH / name
        cases = yaml.safe_load((d / "cases.yaml").read_text())["cases"]
        split = {c["id"]: c["split"] for c in cases}
        start = _verdicts(d / "first_run_start.json", _rules([d / "hand_judged_start.yaml"]))
        one = _verdicts(d / "first_run_final.json",
                        _rules([d / "hand_judged_final_A.yaml", d / "hand_judged_final_B.yaml"]))
        two = _verdicts(d / "first_run_final2.json", _rules([d / "hand_judged_final2.yaml"]))
        ch1 = _changed(d / "changed_start_to_final.txt")
        ch2 = _changed(d / "changed_final_to_final2.txt")
        final = {k: one[k] if k in ch1 else v for k, v in start.items()}
        final2 = {k: two[k] if k in ch2 else v for k, v in final.items()}
        runs = (("start 26ef1159", start), ("final 91480d41", final), ("final da70785a", final2))
        for run, v in runs:
            cells = []
            for part in ("all", "tune", "heldout"):
                keys = [k for k in v if part == "all" or split[k[0]] == part]
                c = Counter(v[k] for k in keys)
                good = c["correct"] + c["refused_right"]
                silent = c["wrong_silent"]
                cells.append(f"{part} {good}/{len(keys)} ({100 * good / len(keys):.1f} %), "
                             f"silent {silent} ({100 * silent / len(keys):.1f} %)")
            print(f"{name} {run}: " + " | ".join(cells))


if __name__ == "__main__":
    main()
