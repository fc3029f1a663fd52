"""Hand tallies of bench/unseen31 on the runs of session s29.

usage: python bench/unseen31/tally_s29.py

Runs: `first_run_start` (port code dee2d6e6, main 3c421dfb: every port judged by hand,
`hand_judged_start.yaml`) and `first_run_final1` (the session's fixes merged, which read only
released sets and, in round 2, the tune half of unseen31: the ports whose text changed,
`changed_start_to_final1.txt`, judged again by an independent judge, `hand_judged_final1.yaml`).
A port whose text did not change keeps its previous verdict. The held-out half is a first run on
every code (no fixer read it).

The same as (bench/tally.py, the tally shared by the sessions)::

    python bench/tally.py unseen31 --start "start dee2d6e6" \
        --step "start:final1:final1 f7aad9d0"
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tally import main

ARGS = ["unseen31", "--start", "start dee2d6e6",
        "--step", "start:final1:final1 f7aad9d0"]

if __name__ == "__main__":
    main(ARGS)
