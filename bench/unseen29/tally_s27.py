"""Hand tallies of bench/unseen29 on the runs of session s27.

usage: python bench/unseen29/tally_s27.py

Runs: `first_run_start` (port code cc4e8850, main ba0cc028: every port judged by hand,
`hand_judged_start.yaml`) and `first_run_final1` (the session's fixes merged, which read only
released sets and, in round 2, the tune half of unseen29: the ports whose text changed,
`changed_start_to_final1.txt`, judged again by an independent judge, `hand_judged_final1.yaml`).
A port whose text did not change keeps its previous verdict. The held-out half is a first run on
every code (no fixer read it).

The same as (bench/tally.py, the tally shared by the sessions)::

    python bench/tally.py unseen29 --start "start cc4e8850" \
        --step "start:final1:final1 3ba8651f"
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tally import main

ARGS = ["unseen29", "--start", "start cc4e8850",
        "--step", "start:final1:final1 3ba8651f"]

if __name__ == "__main__":
    main(ARGS)
