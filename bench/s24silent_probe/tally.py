"""Tally a hand judgement of bench/s24silent_probe (``judged:`` rows of case/target/hand).

    python bench/s24silent_probe/tally.py bench/s24silent_probe/hand_judged_first.yaml
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import yaml

ORDER = ("correct", "refused_right", "refused_other", "wrong_noted", "wrong_silent")


def main(argv: list[str]) -> int:
    for name in argv:
        rows = yaml.safe_load(Path(name).read_text(encoding="utf-8"))["judged"]
        counts = Counter(r["hand"] for r in rows)
        total, good = len(rows), counts["correct"] + counts["refused_right"]
        parts = ", ".join(f"{k} {counts[k]}" for k in ORDER if counts[k])
        print(f"{name}: {total} ports: {parts}; correct or rightly refused {good}/{total} = "
              f"{100 * good / total:.1f} %; silent {counts['wrong_silent']}/{total} = "
              f"{100 * counts['wrong_silent'] / total:.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
