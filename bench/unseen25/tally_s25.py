"""Hand tallies of bench/unseen25 and bench/unseen26 on the runs of session s25.

usage: python bench/unseen25/tally_s25.py

Runs: `first_run_start` (d76c0eec, the session's starting code: every port judged by hand,
`hand_judged_start.yaml`), `first_run_final1` (a1479187, the first merge of fixes, which read
only released sets: the ports whose text changed, `changed_start_to_final1.txt`, judged again
by an independent judge, `hand_judged_final1.yaml`), `first_run_final2` (91660116, round 2, which
read the tune halves: the ports changed since, `changed_final1_to_final2.txt`,
`hand_judged_final2.yaml`) and `first_run_final3` (c634f68f, round 3, tune halves again:
`changed_final2_to_final3.txt`, `hand_judged_final3.yaml`). A port
whose text did not change keeps its previous verdict. Both sets were sealed until their start
run was judged; then only their tune halves were read by the second round of fixers, so the
held-out halves are first runs on every code.

The same as (bench/tally.py, the tally shared by the sessions)::

    python bench/tally.py unseen25 unseen26 --start "start d76c0eec" \
        --step "start:final1:final1 a1479187" \
        --step "final1:final2:final2 91660116" \
        --step "final2:final3:final3 c634f68f" \
        --unjudged keep
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tally import main

ARGS = ["unseen25", "unseen26", "--start", "start d76c0eec",
        "--step", "start:final1:final1 a1479187",
        "--step", "final1:final2:final2 91660116",
        "--step", "final2:final3:final3 c634f68f",
        "--unjudged", "keep"]

if __name__ == "__main__":
    main(ARGS)
