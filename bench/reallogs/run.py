"""Real failure logs: how `maple repair JOB --on C --log LOG` answers public users' failures.

Run: PYTHONPATH=$PWD .venv/bin/python bench/reallogs/run.py [--out PREFIX] [--show-heldout]
    [--cases PATH] [--name NAME]
Writes PREFIX.json and PREFIX.md (default bench/out/reallogs) and prints the summary.
`--cases` scores another case file of the same format (e.g. bench/reallogs2/cases.yaml); its
scripts are looked up in the `scripts/` folder beside it first, then in this folder's.

Cases (cases.yaml) are excerpts of real logs from public issue threads, each with the job
script (scripts/, edited as the case says) and what is right:
- script problems: a fix is proposed by a record of a right family and its diff matches the
  case's pattern ("right"); or, for a value only the user has, the answer asks for it (the
  answer's verdict is "ask" and its question comes from a record of a right family, and its
  `needs` hold one of the label's `ask_for`, the missing value's names, e.g. `expect:
  {families: [scheduler], ask: true, ask_for: [account]}`); a question of a right family for
  another value is "wrong_question" (neither right nor a fix; every ask label has `ask_for`,
  checked by check_scripts.py);
- not-script problems (hardware, fabric, hangs after many good collectives, bugs in the
  user's program or a library): no fix is proposed and the first diagnosis is a record of a
  not-script family, given as the answer, not as a hint of a "not recognised" answer
  ("recognised"); no fix and no such record is "abstained"; any proposed
  fix is "invented".
Figures are given per split: `heldout` (never tuned on; its per-case rows are hidden unless
--show-heldout) and `tune`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from maple_flow.cli.repair import diagnose_log  # noqa: E402
from maple_flow.repair import load_knowledge_base  # noqa: E402
from maple_flow.repair import models as repair_models  # noqa: E402

#: Record families that say "not the launch script" (defined by the knowledge base once it
#: has such records; before that no record can be one).
NOT_SCRIPT = frozenset(getattr(repair_models, "NOT_SCRIPT_FAMILIES", ()))


def script_path(name: str, dirs: tuple[Path, ...] = (HERE / "scripts",)) -> Path:
    """The first of `dirs` that holds the base script `name`."""
    for folder in dirs:
        if (folder / name).is_file():
            return folder / name
    raise SystemExit(f"script {name!r} is in none of {[str(d) for d in dirs]}")


def script_text(case: dict[str, Any], dirs: tuple[Path, ...] = (HERE / "scripts",)) -> str:
    """The case's job script: the base file with its directives and replacements."""
    lines = script_path(case["script"], dirs).read_text(encoding="utf-8").splitlines()
    lines[1:1] = case.get("directives", [])
    text = "\n".join(lines) + "\n"
    for old, new in case.get("replace", []):
        if old not in text:
            raise SystemExit(f"{case['id']}: replace target not in {case['script']}: {old!r}")
        text = text.replace(old, new)
    return text


def _family(record_id: str | None) -> str | None:
    if not record_id:
        return None
    try:
        return str(load_knowledge_base().get(record_id).family)
    except KeyError:
        return None


def judge(case: dict[str, Any], data: dict[str, Any]) -> str:
    """The outcome of one case (see the module docstring)."""
    proposed = data.get("proposed")
    diagnoses = data.get("diagnoses") or []
    if case["kind"] == "not_script":
        if proposed is not None:
            return "invented"
        first = diagnoses[0] if diagnoses else None
        if first is None or first.get("verdict") == "hint":  # "not recognised": hints only
            return "abstained"
        return "recognised" if _family(first["record_id"]) in NOT_SCRIPT else "abstained"
    expect = case["expect"]
    families = set(expect.get("families", []))
    if expect.get("ask"):
        # the question the answer puts to the user (verdict "ask"), not a record that merely
        # carries `needs` among the hints of a "not recognised" answer (s34: that was scored
        # right before)
        question = data.get("question") if data.get("verdict") == "ask" else None
        if proposed is None and question and _family(question["record_id"]) in families:
            return "right" if _asks_for(question, expect) else "wrong_question"
        return "no_fix" if proposed is None else "wrong_fix"
    if proposed is None:
        return "no_fix"
    family_ok = _family(proposed["record_id"]) in families
    diff_ok = bool(re.search(expect["fix"], proposed.get("diff", "")))
    if family_ok and diff_ok:
        return "right"
    return "right_family_wrong_fix" if family_ok else "wrong_fix"


def _asks_for(question: dict[str, Any], expect: dict[str, Any]) -> bool:
    """Whether the question asks a value the label accepts (`ask_for`; any when absent)."""
    wanted = expect.get("ask_for")
    return wanted is None or bool(set(question.get("needs") or ()) & set(wanted))


def run_case(case: dict[str, Any],
             dirs: tuple[Path, ...] = (HERE / "scripts",)) -> dict[str, Any]:
    """Diagnose one case as `maple repair --log` does; its outcome and what was proposed."""
    start = time.perf_counter()
    try:
        data = diagnose_log(script_text(case, dirs), case["log"], case["cluster"], None, False)
        error = None
    except Exception as exc:  # a traceback is itself a finding: record it, go on
        data, error = {"diagnoses": [], "proposed": None}, f"{type(exc).__name__}: {exc}"
    seconds = time.perf_counter() - start
    proposed = data.get("proposed")
    outcome = "error" if error else judge(case, data)
    return {
        "id": case["id"], "split": case["split"], "kind": case["kind"],
        "cluster": case["cluster"], "outcome": outcome, "seconds": round(seconds, 3),
        "diagnoses": [f"{d['record_id']}/{d['method'][:3]}/{d.get('verdict', '-')}"
                      for d in data.get("diagnoses", [])][:5],
        "proposed": proposed["record_id"] if proposed else None,
        "diff": proposed.get("diff", "") if proposed else "",
        "why_none": data.get("why_none"), "error": error,
        "verdict": data.get("verdict"),
        "asked": list((data.get("question") or {}).get("needs") or []),
    }


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts and rates of one split."""
    script = [r for r in rows if r["kind"] == "script"]
    other = [r for r in rows if r["kind"] == "not_script"]
    s_out, o_out = Counter(r["outcome"] for r in script), Counter(r["outcome"] for r in other)
    invented = o_out["invented"]
    return {
        "cases": len(rows), "script_cases": len(script), "not_script_cases": len(other),
        "script_right": s_out["right"],
        "script_right_pct": round(100 * s_out["right"] / len(script), 1) if script else None,
        "script_outcomes": dict(s_out),
        "not_script_recognised": o_out["recognised"],
        "not_script_recognised_pct":
            round(100 * o_out["recognised"] / len(other), 1) if other else None,
        "not_script_outcomes": dict(o_out),
        "invented_fixes": invented,
        "wrong_fixes_on_script_cases": s_out["wrong_fix"],
        "wrong_questions_on_script_cases": s_out["wrong_question"],
        "errors": s_out["error"] + o_out["error"],
        "mean_seconds": round(sum(r["seconds"] for r in rows) / len(rows), 3) if rows else None,
    }


def markdown(result: dict[str, Any], show_heldout: bool) -> str:
    """The figures per split, and the per-case rows of the splits shown."""
    lines = ["# Real failure logs: `maple repair --log`", ""]
    for split, s in result["splits"].items():
        lines += [f"## {split}: {s['cases']} cases", "",
                  f"- script problems fully right: {s['script_right']}/{s['script_cases']} "
                  f"({s['script_right_pct']} %) {s['script_outcomes']}",
                  f"- not-script recognised: {s['not_script_recognised']}/"
                  f"{s['not_script_cases']} ({s['not_script_recognised_pct']} %) "
                  f"{s['not_script_outcomes']}",
                  f"- invented fixes (not-script cases given a fix): {s['invented_fixes']}",
                  f"- wrong fixes on script cases: {s['wrong_fixes_on_script_cases']}",
                  f"- questions for another value (wrong_question): "
                  f"{s.get('wrong_questions_on_script_cases', 0)}",
                  f"- errors (tracebacks): {s['errors']}; mean {s['mean_seconds']} s a case", ""]
    lines += ["| case | split | outcome | proposed | first diagnoses |", "|---|---|---|---|---|"]
    for r in result["cases"]:
        if r["split"] == "heldout" and not show_heldout:
            continue
        lines.append(f"| {r['id']} | {r['split']} | {r['outcome']} | {r['proposed'] or '-'} "
                     f"| {', '.join(r['diagnoses'][:3]) or '-'} |")
    return "\n".join(lines) + "\n"


def run_set(cases_path: Path, name: str, split: str | None = None,
            show_heldout: bool = False) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Score one case file: the JSON result (held-out rows hidden unless asked) and all rows."""
    cases_path = cases_path.resolve()
    dirs = tuple(dict.fromkeys((cases_path.parent / "scripts", HERE / "scripts")))
    cases = yaml.safe_load(cases_path.read_text(encoding="utf-8"))["cases"]
    rows = [run_case(c, dirs) for c in cases if split in (None, c["split"])]
    names = [split] if split else ["heldout", "tune"]
    splits = {s: summary([r for r in rows if r["split"] == s]) for s in names}
    if not split:
        splits["all"] = summary(rows)
    shown = [r if show_heldout or r["split"] != "heldout"
             else {k: r[k] for k in ("id", "split", "kind")} for r in rows]
    result = {"benchmark": name, "cases_file": str(cases_path.relative_to(ROOT))
              if cases_path.is_relative_to(ROOT) else str(cases_path),
              "splits": splits, "cases": shown}
    return result, rows


def write_result(out: Path, result: dict[str, Any], rows: list[dict[str, Any]],
                 show_heldout: bool) -> None:
    """OUT.json (the result) and OUT.md (figures and the rows shown)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    text = markdown({"splits": result["splits"], "cases": rows}, show_heldout)
    out.with_suffix(".md").write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "bench" / "out" / "reallogs"),
                        help="output prefix (PREFIX.json, PREFIX.md)")
    parser.add_argument("--show-heldout", action="store_true",
                        help="also print the held-out cases one by one")
    parser.add_argument("--split", choices=("heldout", "tune"),
                        help="run only this split (default: both)")
    parser.add_argument("--cases", default=str(HERE / "cases.yaml"),
                        help="case file (default: this folder's cases.yaml)")
    parser.add_argument("--name", default="reallogs", help="benchmark name in the JSON")
    args = parser.parse_args()
    result, rows = run_set(Path(args.cases), args.name, args.split, args.show_heldout)
    write_result(Path(args.out), result, rows, args.show_heldout)
    print(json.dumps(result["splits"], indent=2))


if __name__ == "__main__":
    main()
