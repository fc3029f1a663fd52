"""Run the s24remedy probe: each cached script to each target, status + reason/notes + script.

usage: WT=<worktree> python run_probe.py OUTDIR
"""

import glob
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.environ.get("WT", "/work/wt/s24remedy"))
from maple_flow import port

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
targets = ["anvil", "polaris", "perlmutter"]
summary = {}
for f in sorted(glob.glob("/work/cache/s24remedy_probe/*.sh")):
    case = os.path.basename(f)[:-3]
    try:
        res = port(Path(f).read_text(), targets)
    except Exception as e:  # whole-source refusal
        for t in targets:
            summary[f"{case}__{t}"] = ("refused", f"{type(e).__name__}: {e}")
            with open(f"{out}/{case}__{t}.txt", "w") as fh:
                fh.write(f"REFUSED {type(e).__name__}: {e}\n")
        continue
    for t, r in res.items():
        first = r.notes[0] if r.status == "refused" and r.notes else ""
        summary[f"{case}__{t}"] = (r.status, first)
        with open(f"{out}/{case}__{t}.txt", "w") as fh:
            notes = "\n".join(r.notes)
            fh.write(f"STATUS {r.status}\n{r.script}\n----NOTES\n{notes}\n")
with open(f"{out}/summary.json", "w") as fh:
    json.dump(summary, fh, indent=1)
for k, (s, why) in summary.items():
    print(f"{k:45s} {s:9s} {why[:300]}")
