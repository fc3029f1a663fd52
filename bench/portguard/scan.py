"""Issue 14 safety net, measured: port every case of the repository's port benchmarks (as
bench/realport/run.py does, size asked then given) and list the ports that still run a
launcher, scheduler command or scheduler variable of another site (maple_flow.port.foreign).

    PYTHONPATH=$PWD python bench/portguard/scan.py --name first_run

Writes bench/portguard/<name>.json: per set, the ports with a leftover (refusal-kind: a
launcher the target lacks; note-kind: a query or variable), and every port's outcome
(generated + the port's sha256 head / refused + reason head), to compare verdicts port by
port between runs.
bench/unseen6 is sealed and not scanned; of bench/unseen5 only the tune split.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "bench" / "realport"))

from rp_cases import load_cases, read_script  # noqa: E402
from rp_verify import full_nodes  # noqa: E402
from run import ASKS_FOR_SIZE, Crash, attempt, size_overrides  # noqa: E402

from maple_flow.knowledge.clusters import get_profile  # noqa: E402
from maple_flow.port.api import PortResult  # noqa: E402
from maple_flow.port.foreign import leftovers  # noqa: E402

CACHE = Path("/work/cache")
#: (set name, case file, cache folder, split or None)
SETS = [
    ("realport", "realport/cases.yaml", "realport", None),
    ("unseen", "unseen/cases.yaml", "unseen", None),
    ("unseen2", "unseen2/cases.yaml", "unseen2", None),
    ("unseen3", "unseen3/cases.yaml", "unseen3", None),
    ("unseen4", "unseen4/cases.yaml", "unseen4", None),
    ("unseen5-tune", "unseen5/cases.yaml", "unseen5", "tune"),
    ("portfix", "portfix_probe/cases.yaml", "portfix_probe", None),
    ("portfix2", "portfix2_probe/cases.yaml", "portfix2", None),
    ("portcmd", "portcmd_probe/cases.yaml", "portcmd", None),
    ("portcmd-heldout", "portcmd_probe/cases_heldout.yaml", "portcmd", None),
    ("portres", "portres_probe/cases.yaml", "portres", None),
    ("portshapes", "portshapes_probe/cases.yaml", "portshapes", None),
    ("portcont", "portcont_probe/cases.yaml", "portcont", None),
]


def final_port(case: Any, target: str, script: str) -> PortResult | str:
    """The port the benchmark judges: asked for its size first when the script does not fix
    it, then given the size (as bench/realport/run.py does)."""
    first = attempt(script, target)
    if case.size_known or not isinstance(first, str) or not ASKS_FOR_SIZE.search(first):
        return first
    overrides = (full_nodes(2, target) if case.known_ranks is None
                 else size_overrides(case, target)[0])
    return attempt(script, target, **overrides)


def scan_set(name: str, cases_file: str, cache: str, split: str | None) -> dict[str, Any]:
    cases = [c for c in load_cases(ROOT / "bench" / cases_file)
             if split is None or c.split == split]
    ports, found = {}, []
    for case in cases:
        script = read_script(CACHE / cache, case)
        for target in case.targets:
            key = f"{case.id} -> {target}"
            if script is None:
                ports[key] = "missing"
                continue
            try:
                result = final_port(case, target, script)
            except Crash as exc:
                ports[key] = f"crash: {exc}"
                continue
            if isinstance(result, str):
                ports[key] = "refused: " + " ".join(result.split())[:300]
                continue
            ports[key] = "generated " + hashlib.sha256(result.script.encode()).hexdigest()[:12]
            left = leftovers(result.script, get_profile(target), script)
            if left.refusals or left.notes:
                found.append({"port": key, "refusals": left.refusals, "notes": left.notes})
    return {"ports": len(ports), "with_launcher_left": sum(bool(f["refusals"]) for f in found),
            "with_note_left": sum(bool(f["notes"]) and not f["refusals"] for f in found),
            "found": found, "outcomes": ports}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", default="results")
    ap.add_argument("--only", action="append", help="only this set (repeatable)")
    args = ap.parse_args(argv)
    sets = {n: scan_set(n, f, c, s) for n, f, c, s in SETS if not args.only or n in args.only}
    total = {k: sum(s[k] for s in sets.values())
             for k in ("ports", "with_launcher_left", "with_note_left")}
    out = HERE / f"{args.name}.json"
    out.write_text(json.dumps({"total": total, "sets": sets}, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(total), {n: (s["with_launcher_left"], s["with_note_left"])
                              for n, s in sets.items()}, "->", out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
