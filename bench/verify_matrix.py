"""The paper's Table II on the twin: every cluster x setup template, rendered and verified.

    .venv/bin/python bench/verify_matrix.py [--clusters a,b] [--setups ddp,zero3] [--out DIR]

Each cell renders the template for 2 nodes with every GPU of each node, swaps in the
mini-app and runs it on the cluster's twin (`maple_flow.workflows.revalidate`, the same code
as the nightly revalidation). Prints JSON (per cell status and seconds, total wall time) and
writes matrix.md, matrix.html and matrix.json to --out (default bench/out).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from maple_flow.clusters import all_profiles
from maple_flow.models import SETUPS
from maple_flow.reports.matrix import write_matrix
from maple_flow.verify.progress import progress_printer
from maple_flow.workflows import revalidate

SETUP_NAMES = {"ddp": SETUPS[0], "fsdp": SETUPS[1], "zero3": SETUPS[2], "accelerate": SETUPS[3]}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clusters", default=",".join(all_profiles()))
    parser.add_argument("--setups", default=",".join(SETUP_NAMES))
    parser.add_argument("--out", default="bench/out")
    parser.add_argument("--timeout", type=float, default=600)
    a = parser.parse_args()
    clusters = [c for c in a.clusters.split(",") if c]
    setups = [SETUP_NAMES[s] for s in a.setups.split(",") if s]
    start = time.monotonic()
    cells = revalidate(clusters, setups, timeout_s=a.timeout,
                       progress=progress_printer(len(clusters) * len(setups)))
    result = write_matrix(cells, Path(a.out), time.monotonic() - start)
    json.dump(result, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
