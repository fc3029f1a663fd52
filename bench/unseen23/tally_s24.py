"""Hand tallies of bench/unseen23 and bench/unseen24 on the three runs of session s24.

usage: python bench/unseen23/tally_s24.py

Runs: `first_run_start` (c99b0a30, the session's starting code: every port judged by two
judges, `hand_judged_start_{A,B}.yaml`), `first_run_final1` (197f91d2, the first merge of fixes:
the ports whose text changed, `changed_start_to_final1.txt`, judged again,
`hand_judged_final1.yaml`) and `first_run_final2` (aec97053: the ports changed since,
`changed_final1_to_final2.txt`, `hand_judged_final2.yaml`). A port whose text did not change
keeps its previous verdict. Both sets were sealed until their start run was judged; then
only their tune halves were read by the second round of fixers, so the held-out halves are
first runs on all three codes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

BENCH = Path(__file__).resolve().parent.parent
Key = tuple[str, str]


def _verdicts(*paths: Path) -> dict[Key, str]:
    found: dict[Key, str] = {}
    for path in paths:
        if path.exists():
            for o in (yaml.safe_load(path.read_text()) or {}).get("overrides") or []:
                found[(o["case"], o["target"])] = o["hand"]
    return found


def _changed(path: Path) -> set[Key]:
    return {tuple(line.strip().split("__", 1)) for line in path.read_text().splitlines()
            if line.strip()}  # type: ignore[misc]


def _line(name: str, run: str, v: dict[Key, str], split: dict[str, str]) -> str:
    cells = []
    for part in ("all", "tune", "heldout"):
        keys = [k for k in v if part == "all" or split[k[0]] == part]
        c = Counter(v[k] for k in keys)
        good = c["correct"] + c["refused_right"]
        cells.append(f"{part} {good}/{len(keys)} ({100 * good / len(keys):.1f} %), silent "
                     f"{c['wrong_silent']} ({100 * c['wrong_silent'] / len(keys):.1f} %)")
    return f"{name} {run}: " + " | ".join(cells)


def main() -> None:
    for name in ("unseen23", "unseen24"):
        d = BENCH / name
        cases = yaml.safe_load((d / "cases.yaml").read_text())["cases"]
        split = {c["id"]: c["split"] for c in cases}
        start = _verdicts(d / "hand_judged_start_A.yaml", d / "hand_judged_start_B.yaml")
        one = _verdicts(d / "hand_judged_final1.yaml")
        two = _verdicts(d / "hand_judged_final2.yaml")
        ch1 = _changed(d / "changed_start_to_final1.txt")
        ch2 = _changed(d / "changed_final1_to_final2.txt")
        final1 = {k: one[k] if k in ch1 else v for k, v in start.items()}
        final2 = {k: two[k] if k in ch2 and k in two else v for k, v in final1.items()}
        missing = [k for k in ch1 if k not in one] + [k for k in ch2 if k not in two]
        for run, v in (("start c99b0a30", start), ("final1 197f91d2", final1),
                       ("final2 aec97053", final2)):
            print(_line(name, run, v, split))
        if missing:
            print(f"{name}: {len(missing)} changed ports not judged yet")


if __name__ == "__main__":
    main()
