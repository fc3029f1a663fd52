"""Write every port of cases.yaml (script + notes, or the refusal) under <out>/<case>__<target>.txt,
for judging by hand (an asked size rerun with known_ranks):
PYTHONPATH=$PWD python bench/accelerate_probe/dump.py OUT [--split tune]."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from maple_flow import port
from maple_flow.errors import MapleError

HERE = Path(__file__).resolve().parent
CACHE = Path("/work/cache/accelerate")


def main() -> None:
    out = Path(sys.argv[1])
    split = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--split" else None
    out.mkdir(parents=True, exist_ok=True)
    for case in yaml.safe_load((HERE / "cases.yaml").read_text())["cases"]:
        if split and case["split"] != split:
            continue
        text = (CACHE / f"{case['id']}.sh").read_text()
        for target in case["targets"]:
            try:
                r = port(text, [target])[target]
                body = f"status: {r.status}\n" + "\n".join(f"NOTE: {n}" for n in r.notes)
                body += "\n----\n" + r.script
            except MapleError as exc:
                body = f"REFUSED ({type(exc).__name__}): {exc}\n"
                known = case.get("known_ranks")
                if known:  # the harness's second try: the size the source page gives
                    try:
                        r = port(text, [target], ranks=known["total"])[target]
                        body += f"\n==== rerun ranks={known['total']}\nstatus: {r.status}\n"
                        body += "\n".join(f"NOTE: {n}" for n in r.notes) + "\n----\n" + r.script
                    except MapleError as exc2:
                        body += f"\n==== rerun REFUSED: {exc2}\n"
            (out / f"{case['id']}__{target}.txt").write_text(body)


if __name__ == "__main__":
    main()
