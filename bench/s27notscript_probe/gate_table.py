"""What each gate on similarity's script fixes costs and saves on the released real-log sets.

Run: PYTHONPATH=$PWD /work/main/.venv/bin/python bench/s27notscript_probe/gate_table.py BASE_DIR
BASE_DIR holds <set>.json of a sweep of the code measured (/work/wt/log_sweep.sh, --show-heldout).
Only the cases whose first diagnoses hold a similarity match that would change the script
(``/sim/script``) can change under a gate that only narrows ``evidence_gate.may_act``; they are
run again under each gate (``classify.may_act`` replaced) and their outcomes compared with the
sweep's. A gate's cost: right script fixes lost; its saving: invented, wrong or wrong-family
fixes no longer proposed. Prints a markdown table, one row a gate.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "reallogs"))
sys.path.insert(0, str(ROOT))

import importlib  # noqa: E402

import run as reallogs  # noqa: E402

from maple_flow.repair import evidence_gate as gate  # noqa: E402

ORIGINAL = gate.may_act
#: the module (``maple_flow.repair.classify`` the attribute is the function of that name)
classify = importlib.import_module("maple_flow.repair.classify")
Check = Callable[..., bool]


def _never(record: Any, log: str, messages: str, kb: Any, cosine: float) -> bool:
    return False


def _key(record: Any, log: str, messages: str, kb: Any, cosine: float) -> bool:
    return gate.carries_key_evidence(record, log, kb)


def _anchored(record: Any, log: str, messages: str, kb: Any, cosine: float) -> bool:
    return gate.anchored(record, log, gate.SCRIPT_COVERAGE)


def _key_and_anchored(record: Any, log: str, messages: str, kb: Any, cosine: float) -> bool:
    return _key(record, log, messages, kb, cosine) and _anchored(record, log, messages, kb, cosine)


def _cos70(record: Any, log: str, messages: str, kb: Any, cosine: float) -> bool:
    return cosine >= 0.70


#: The gates measured: each is an extra condition a script record's similarity match must meet.
GATES: dict[str, Check | None] = {
    "current (may_act)": None,
    "never (similarity never edits)": _never,
    "+ key word of the record in the log": _key,
    "+ anchors (>= 40 % of a signature's words)": _anchored,
    "+ key word and anchors": _key_and_anchored,
    "+ cosine >= 0.70": _cos70,
}


def _with(extra: Check | None) -> Check:
    def may_act(record: Any, log: str, messages: str, kb: Any, cosine: float = 1.0) -> bool:
        ok = ORIGINAL(record, log, messages, kb, cosine)
        if ok and extra is not None and record.script_problem:
            return extra(record, log, messages, kb, cosine)
        return ok
    return may_act


def _cases(base: Path) -> list[tuple[str, dict[str, Any], str, tuple[Path, ...]]]:
    """(set, case, base outcome, script dirs) of every case whose base diagnoses hold a
    similarity match that would change the script."""
    out = []
    for f in sorted(base.glob("*.json")):
        data = json.loads(f.read_text())
        cases_path = ROOT / data["cases_file"]
        if not cases_path.is_file():
            continue
        cases = {c["id"]: c for c in yaml.safe_load(cases_path.read_text())["cases"]}
        dirs = tuple(dict.fromkeys((cases_path.parent / "scripts", reallogs.HERE / "scripts")))
        for row in data["cases"]:
            similar = any(d.endswith("/sim/script") for d in row.get("diagnoses", []))
            if similar and row["id"] in cases:
                out.append((f.stem, cases[row["id"]], row["outcome"], dirs))
    return out


GOOD = {"right", "recognised"}
BAD = {"invented", "wrong_fix", "right_family_wrong_fix"}


def main() -> None:
    base = Path(sys.argv[1])
    cases = _cases(base)
    print(f"{len(cases)} cases with a similarity match that would change the script\n")
    print("| gate | right fixes lost | right gained | bad fixes saved | bad added | "
          "outcomes after |")
    print("|---|---|---|---|---|---|")
    for name, extra in GATES.items():
        classify.may_act = _with(extra)  # type: ignore[assignment]
        print(f"## {name}", file=sys.stderr)
        lost = gained = saved = added = 0
        after: Counter[str] = Counter()
        changed = []
        for set_name, case, before, dirs in cases:
            now = reallogs.run_case(case, dirs)["outcome"]
            after[now] += 1
            lost += before == "right" and now != "right"
            gained += before != "right" and now == "right"
            saved += before in BAD and now not in BAD
            added += before not in BAD and now in BAD
            if now != before:
                changed.append(f"{set_name}/{case['id']}: {before} -> {now}")
        print(f"| {name} | {lost} | {gained} | {saved} | {added} | {dict(sorted(after.items()))} |")
        for line in changed:
            print(f"  - {line}", file=sys.stderr)
    classify.may_act = ORIGINAL  # type: ignore[assignment]


if __name__ == "__main__":
    main()
