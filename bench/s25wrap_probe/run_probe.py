"""s25wrap probe: port each script of /work/cache/s25wrap_probe to its targets.

The overrides give the size the plain run scripts do not state. Prints the status, the launch-ish
lines and the wrapper/export notes, for judging by hand.
Usage: PYTHONPATH=<code> python bench/s25wrap_probe/run_probe.py [CACHE]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from maple_flow.errors import MapleError
from maple_flow.port.api import port

ONE: dict[str, Any] = {"ranks": 1, "gpus_per_node": 1}
CASES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("niaf-spark-gres1-defaults-bare-export-wandb-branch-export-srun-array",
     ["polaris", "lonestar6"], {}),
    ("bevdet-torch-home-bash-dist-wrapper-py-positional", ["polaris", "stampede3"], ONE),
    ("grounding-dino-cvd8-bash-dist-wrapper-py-positional", ["polaris", "stampede3"],
     {"ranks": 1, "gpus_per_node": 8}),
    ("oln-box-round1-train-then-test-dist-wrappers", ["polaris", "stampede3"],
     {"ranks": 1, "gpus_per_node": 4}),
]
LINES = ("dist_", "WANDB", "TRAIN_CMD", "python", "TORCH_HOME", "CUDA_VISIBLE")
NOTES = ("wrapper", "not a Python", "WANDB", "not in the port", "export")


def show(src: str, target: str, overrides: dict[str, Any]) -> None:
    """Port ``src`` to ``target`` (with the overrides, then without) and print what is judged."""
    for attempt in (overrides, {}):
        try:
            r = port(src, [target], **attempt)[target]
        except MapleError as e:
            print("  REFUSED/ASK", type(e).__name__, str(e)[:500])
            continue
        print("  status", r.status, "overrides", attempt)
        for line in r.script.split("\n"):
            if any(k in line for k in LINES):
                print("   |", line)
        for n in r.notes:
            if any(k in n for k in NOTES):
                print("   -", n[:300])
        return


def main() -> None:
    cache = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/cache/s25wrap_probe")
    for name, targets, overrides in CASES:
        src = (cache / f"{name}.sh").read_text()
        for t in targets:
            print(f"## {name}.sh -> {t}")
            show(src, t, overrides)


if __name__ == "__main__":
    main()
