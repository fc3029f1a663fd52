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
held-out halves are first runs on every code.

The same as (bench/tally.py, the tally shared by the sessions)::

    python bench/tally.py unseen27 unseen28 --start "start 62d0dea7" \
        --step "start:final1:final1 7b879cd7" \
        --step "final1:final2:final2 (round 2)"
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tally import main

ARGS = ["unseen27", "unseen28", "--start", "start 62d0dea7",
        "--step", "start:final1:final1 7b879cd7",
        "--step", "final1:final2:final2 (round 2)"]

if __name__ == "__main__":
    main(ARGS)
