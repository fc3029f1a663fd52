"""Hand tallies of bench/unseen30 on the runs of session s28.

usage: python bench/unseen30/tally_s28.py

Runs: `first_run_start` (port code d6a3b361, main 3c421dfb: every port judged by hand,
`hand_judged_start.yaml`) and `first_run_final1` (the session's fixes merged, which read only
released sets and, in round 2, the tune half of unseen30: the ports whose text changed,
`changed_start_to_final1.txt`, judged again by an independent judge, `hand_judged_final1.yaml`).
A port whose text did not change keeps its previous verdict. The held-out half is a first run on
every code (no fixer read it).

The same as (bench/tally.py, the tally shared by the sessions)::

    python bench/tally.py unseen30 --start "start d6a3b361" \
        --step "start:final1:final1 7d72e3ce"
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tally import main

ARGS = ["unseen30", "--start", "start d6a3b361",
        "--step", "start:final1:final1 7d72e3ce"]

if __name__ == "__main__":
    main(ARGS)
