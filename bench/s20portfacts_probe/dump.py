"""Dump each port of the probe (status, scheduler header, launch lines, notes) for judging by
hand: PYTHONPATH=<code> python bench/s20portfacts_probe/dump.py CASES CACHE OUT [--split tune]"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "realport"))

from rp_cases import load_cases

from maple_flow import port
from maple_flow.errors import MapleError


def main() -> None:
    cases, cache, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else None
    out.mkdir(parents=True, exist_ok=True)
    for case in load_cases(cases):
        if split and case.split != split:
            continue
        text = (cache / f"{case.id}.sh").read_text(encoding="utf-8")
        for target in case.targets:
            lines = [f"# {case.id} -> {target} ({case.split})"]
            try:
                r = port(text, target)[target]
                lines.append(f"status: {r.status}")
                body = r.script.splitlines()
                lines += [x for x in body if x.startswith(("#SBATCH", "#PBS"))]
                lines += ["--- launch/body (non-comment lines after set-up):"]
                lines += [x for x in body if x and not x.startswith("#")][-12:]
                lines += ["--- notes:"] + [f"- {n}" for n in r.notes]
            except MapleError as exc:
                lines.append(f"error: {type(exc).__name__}: {exc}")
            (out / f"{case.id}__{target}.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
