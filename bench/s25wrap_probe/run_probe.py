"""s25wrap probe: port each script of /work/cache/s25wrap_probe to its targets (the overrides give the size the
plain run scripts do not state); prints status, the launch-ish lines and the wrapper/export notes, for judging by
hand. Usage: PYTHONPATH=<code> python bench/s25wrap_probe/run_probe.py [CACHE]"""
from __future__ import annotations

import sys

from maple_flow.port.api import port
from maple_flow.errors import MapleError
C = (sys.argv[1] if len(sys.argv) > 1 else "/work/cache/s25wrap_probe") + "/"
CASES = [
 ("niaf-spark-gres1-defaults-bare-export-wandb-branch-export-srun-array.sh", ["polaris", "lonestar6"], {}),
 ("bevdet-torch-home-bash-dist-wrapper-py-positional.sh", ["polaris", "stampede3"], {"ranks": 1, "gpus_per_node": 1}),
 ("grounding-dino-cvd8-bash-dist-wrapper-py-positional.sh", ["polaris", "stampede3"], {"ranks": 1, "gpus_per_node": 8}),
 ("oln-box-round1-train-then-test-dist-wrappers.sh", ["polaris", "stampede3"], {"ranks": 1, "gpus_per_node": 4}),
]
for name, targets, ov in CASES:
    src = open(C + name).read()
    for t in targets:
        print(f"## {name} -> {t}")
        for attempt in (ov, {}):
            try:
                r = port(src, [t], **attempt)[t]
            except MapleError as e:
                print("  REFUSED/ASK", type(e).__name__, str(e)[:500]); continue
            print("  status", r.status, "overrides", attempt)
            for line in r.script.split("\n"):
                if any(k in line for k in ("dist_", "WANDB", "TRAIN_CMD", "python", "TORCH_HOME", "CUDA_VISIBLE")):
                    print("   |", line)
            for n in r.notes:
                if any(k in n for k in ("wrapper", "not a Python", "WANDB", "not in the port", "export")):
                    print("   -", n[:300])
            break
