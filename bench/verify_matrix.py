"""The paper's Table II on the twin: every cluster x setup template, rendered and verified.

    .venv/bin/python bench/verify_matrix.py [--clusters a,b] [--setups ddp,zero3] [--out DIR]
        [--warm | --both]

Each cell renders the template for 2 nodes with every GPU of each node, swaps in the
mini-app and runs it on the cluster's twin (`maple_flow.workflows.revalidate.revalidate_all`,
the pipeline of the nightly `maple revalidate`, with a store of its own in a temporary folder,
so only the seed templates run and the user's store is not touched). Prints JSON (per cell
status and seconds, total wall time) and writes matrix.md, matrix.html and matrix.json to
--out (default bench/out).

``--warm`` runs the twin jobs in warm mode (docs/twin.md), ``--both`` runs cold, then warm.
matrix.json keeps the latest run at its top level and each mode's latest run under
``runs.cold`` / ``runs.warm`` (a run of one mode keeps the other's figures);
matrix-<mode>.md/.html are written beside. The zygotes of a warm run are stopped at its end.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.models import SETUPS
from maple_flow.reports.matrix import Cell, write_matrix
from maple_flow.store import TemplateStore
from maple_flow.twin import Twin
from maple_flow.twin.warm import stop_zygotes, warm_mode
from maple_flow.verify.progress import progress_printer
from maple_flow.workflows.revalidate import revalidate_all
from maple_flow.workflows.scale import matrix_targets


def revalidate(clusters: list[str], setups: list[Any], *, timeout_s: float, warm: bool,
               progress: Any) -> list[Cell]:
    """The seed matrix through the revalidation pipeline, in a store of its own."""
    with tempfile.TemporaryDirectory(prefix="maple-matrix-") as tmp, \
            TemplateStore.open(Path(tmp) / "store.db") as store, warm_mode(warm):
        return revalidate_all(matrix_targets(clusters, setups), store, timeout_s=timeout_s,
                              progress=progress).cells

SETUP_NAMES = {"ddp": SETUPS[0], "fsdp": SETUPS[1], "zero3": SETUPS[2], "accelerate": SETUPS[3]}


def _runs(out: Path) -> dict[str, Any]:
    """The per-mode figures already in matrix.json (an older file's run counts as cold)."""
    try:
        old = json.loads((out / "matrix.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if "runs" in old:
        return dict(old["runs"])
    return {"cold": old} if "per_cell" in old else {}


def run_mode(clusters: list[str], setups: list[Any], out: Path, timeout: float,
             warm: bool) -> dict[str, Any]:
    """One matrix run; writes matrix.* and matrix-<mode>.*, returns its JSON data."""
    mode = "warm" if warm else "cold"
    start = time.monotonic()
    cells = revalidate(clusters, setups, timeout_s=timeout, warm=warm,
                       progress=progress_printer(len(clusters) * len(setups)))
    data = write_matrix(cells, out, time.monotonic() - start)
    for ext in ("md", "html"):
        shutil.copyfile(out / f"matrix.{ext}", out / f"matrix-{mode}.{ext}")
    if warm:
        stop_zygotes(Twin().state_dir)
    return {"mode": mode, **data}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clusters", default=",".join(all_profiles()))
    parser.add_argument("--setups", default=",".join(SETUP_NAMES))
    parser.add_argument("--out", default="bench/out")
    parser.add_argument("--timeout", type=float, default=600)
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--warm", action="store_true", help="twin jobs in warm mode")
    modes.add_argument("--both", action="store_true", help="cold, then warm")
    a = parser.parse_args()
    clusters = [c for c in a.clusters.split(",") if c]
    setups = [SETUP_NAMES[s] for s in a.setups.split(",") if s]
    out = Path(a.out)
    runs = _runs(out)
    data: dict[str, Any] = {}
    for warm in ((False, True) if a.both else (a.warm,)):
        data = run_mode(clusters, setups, out, a.timeout, warm)
        runs[data["mode"]] = data
    result = {**data, "runs": runs}
    (out / "matrix.json").write_text(json.dumps(result, indent=2), encoding="utf-8")
    json.dump(result, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
