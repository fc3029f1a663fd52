"""Real-script porting benchmark (issue 8): port every public script of cases.yaml to its
targets with maple_flow.port and check each port against what the script means.

    PYTHONPATH=$PWD python bench/realport/run.py [--cache DIR] [--only ID ...] [--verify]
    PYTHONPATH=$PWD python bench/realport/run.py --cases bench/unseen/cases.yaml \
        --cache /work/cache/unseen --out bench/unseen --name first_run

Writes bench/realport/results.json and results.md (or --out DIR, --name); with --verify also runs
every correct port on the twin (rp_verify.py) and writes verify.json and verify.md. Each
port is `correct`, `refused` (with the reason) or `wrong` (with every failed check). A case
whose size the script does not fix must first be refused/asked with an error naming how to
give the size; the harness then reruns it with the size its source page gives (known_ranks),
if any.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rp_cases import CASES_FILE, HERE, Case, cache_dir, load_cases, read_script, validate
from rp_checks import Ported, run_checks
from rp_verify import full_nodes, run_verify

from maple_flow import port
from maple_flow.errors import MapleError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.directives import parse_directives
from maple_flow.knowledge.policy import check_script, node_type_profile
from maple_flow.lint import shellcheck
from maple_flow.port.api import PortResult
from maple_flow.port.rules import place_ranks

ROOT = HERE.parent.parent
ASKS_FOR_SIZE = re.compile(r"\branks=|--ranks\b|\bnodes=|--nodes\b")


@dataclass
class Outcome:
    """One case x target."""

    case: str
    target: str
    status: str  # correct | refused | wrong | missing
    reason: str = ""
    failures: dict[str, list[str]] = field(default_factory=dict)
    asked_for_size: bool | None = None
    rerun_with: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: refused: whether the reason is the right, actionable one; wrong: whether no note says so.
    right_refusal: bool | None = None
    silent: bool | None = None


def target_knowledge(target: str) -> str:
    """The target's profile and launch templates as text (a value found there is the target's)."""
    files = [ROOT / "templates" / "clusters" / f"{target}.yaml"]
    files += sorted((ROOT / "templates" / "launch" / target).glob("*.yaml"))
    return "\n".join(f.read_text(encoding="utf-8") for f in files if f.is_file())


def _error_kinds(script: str) -> set[str]:
    """Shellcheck's error-level findings of ``script``, without their line numbers."""
    return {re.sub(r"^line \d+: ", "", str(f)) for f in shellcheck(script) if f.severity == "error"}


def ported_record(result: PortResult, source: str = "") -> Ported:
    """What the checks need from one PortResult (policy and shellcheck run here); a shellcheck
    error the source script already has (a user line kept verbatim) is not the port's."""
    base = get_profile(result.cluster)  # as seen on the nodes the port runs on
    profile = node_type_profile(parse_directives(result.script, base.scheduler), base)
    placeholder = "REPLACE_WITH" in result.script
    problems = [
        str(p) for p in check_script(result.script, profile)
        if not (placeholder and p.code.startswith("account"))
    ]
    errors = [str(f) for f in shellcheck(result.script) if f.severity == "error"]
    if errors and source:
        inherited = _error_kinds(source)
        errors = [e for e in errors if re.sub(r"^line \d+: ", "", e) not in inherited]
    return Ported(
        target=result.cluster,
        text=result.script,
        notes=list(result.notes),
        nodes=result.spec.nodes,
        gpus_per_node=result.spec.gpus_per_node,
        vendor=profile.gpu.vendor,
        strategy=result.spec.strategy,
        local_rank_arg=result.spec.local_rank_arg,
        target_modules=tuple(profile.software.modules),
        target_knowledge=target_knowledge(result.cluster),
        policy_problems=problems,
        shellcheck_errors=errors,
    )


def size_overrides(case: Case, target: str) -> tuple[dict[str, int], bool]:
    """Overrides that give the port the known size: ranks= when port() takes it, else the
    target placement of that many ranks (nodes, gpus_per_node). Second value: ranks= used."""
    assert case.known_ranks is not None
    total = case.known_ranks.total
    try:
        port("#!/bin/bash\nsrun python x.py\n", [target], ranks=total, gpus_per_node=1)
        return {"ranks": total}, True
    except TypeError:
        pass
    except MapleError:
        return {"ranks": total}, True
    nodes, gpn, _ = place_ranks(total, get_profile(target).gpu.per_node)
    return {"nodes": nodes, "gpus_per_node": gpn}, False


class Crash(Exception):
    """port() failed with something other than a MapleError (a traceback, not a refusal)."""


def attempt(script: str, target: str, **overrides: Any) -> PortResult | str:
    """The port of ``script`` to ``target``, or the reason it was refused (Crash otherwise)."""
    try:
        result = port(script, [target], **overrides)[target]
    except MapleError as exc:
        return f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # a traceback is a defect to report, not a refusal
        raise Crash(f"{type(exc).__name__}: {exc}") from exc
    if getattr(result, "status", "") == "refused":  # a target whose rules the port breaks
        return "refused by the target's rules: " + "; ".join(
            n for n in result.notes if n.startswith("refused")
        )
    return result


_QUOTED = re.compile(r"`([^`]+)`|'([^']+)'")


def is_silent(failures: dict[str, list[str]], notes: list[str]) -> bool:
    """A wrong port is silent when one of its failures names nothing that a note names."""
    low = [n.lower() for n in notes]
    for name, messages in failures.items():
        if name == "crash":
            continue
        for message in messages:
            tokens = [a or b for a, b in _QUOTED.findall(message)] or [name]
            if not any(t.lower() in n for t in tokens if len(t) > 2 for n in low):
                return True
    return False


_ASSUMED = re.compile(r"\bassum\w*\b", re.I)


def size_assumed_silently(notes: list[str]) -> bool:
    """A port that chose a size the script does not fix is silent unless a note says it
    assumed one."""
    return not any(_ASSUMED.search(n) for n in notes)


_ARRAY_DIRECTIVE = re.compile(r"^#(?:SBATCH\s+(?:--array|-a)\b|PBS\s+-J\b|BSUB\s+-J\s+\S+\[)", re.M)


def right_refusal(case: Case, target: str, reason: str, script: str = "") -> bool:
    """A refusal is right when it names what the case says stops a port, a job array the
    target cannot take as one, or (one process driving more GPUs than a target node has) the
    GPU shortage."""
    low = reason.lower()
    if case.refuse_words and any(w.lower() in low for w in case.refuse_words):
        return True
    if "array" in low and _ARRAY_DIRECTIVE.search(script):
        return True
    too_big = case.gpus_per_rank > get_profile(target).gpu.per_node
    # a refusal that asks for a size (``ranks=``) names no GPU shortage, whatever it says
    return too_big and "gpu" in low and not ASKS_FOR_SIZE.search(reason)


def classify(case: Case, target: str, script: str, result: PortResult | str) -> Outcome:
    if isinstance(result, str):
        return Outcome(case.id, target, "refused", reason=result,
                       right_refusal=right_refusal(case, target, result, script))
    record = ported_record(result, script)
    failures = {k: v for k, v in run_checks(case, record, script).items() if v}
    if case.expect == "refuse":
        failures["expected_refusal"] = [
            f"refusal: the script cannot be ported as is ({case.assumptions[0]}); the port runs "
            f"'{case.program}' without saying so"]
    status = "wrong" if failures else "correct"
    silent = is_silent(failures, list(result.notes)) if failures else None
    return Outcome(case.id, target, status, failures=failures, notes=list(result.notes),
                   silent=silent)


def port_unknown_size(case: Case, target: str, script: str) -> Outcome:
    """A script that does not fix its size: the port must ask; then rerun with known_ranks,
    or, when nobody states the size, with two full target nodes (a user's answer) and judged
    by every check but ``ranks``."""
    first = attempt(script, target)
    if not isinstance(first, str):
        out = classify(case, target, script, first)
        guess = first.spec.nodes * first.spec.gpus_per_node
        out.failures["size"] = [
            f"size: the script does not fix the number of ranks; the port assumed {guess} "
            "without asking"
        ]
        out.status, out.asked_for_size = "wrong", False
        out.silent = size_assumed_silently(out.notes) or bool(
            is_silent({k: v for k, v in out.failures.items() if k != "size"}, out.notes))
        return out
    asked = bool(ASKS_FOR_SIZE.search(first))
    if not asked:
        return Outcome(case.id, target, "refused", reason=first, asked_for_size=False,
                       right_refusal=right_refusal(case, target, first, script))
    if case.known_ranks is None:  # nobody states it: answered as a user would, ranks not judged
        overrides = full_nodes(2, target)
    else:
        overrides, _ = size_overrides(case, target)
    out = classify(case, target, script, attempt(script, target, **overrides))
    if case.known_ranks is None:
        out.failures.pop("ranks", None)
        if out.status == "wrong" and not out.failures:
            out.status = "correct"
    out.asked_for_size, out.rerun_with = True, overrides
    out.reason = f"asked: {first}" if not out.reason else out.reason
    return out


def run_case(case: Case, target: str, script: str | None) -> Outcome:
    if script is None:
        return Outcome(case.id, target, "missing", reason="script not in the cache")
    try:
        if not case.size_known:
            return port_unknown_size(case, target, script)
        return classify(case, target, script, attempt(script, target))
    except Crash as exc:
        return Outcome(case.id, target, "wrong", failures={"crash": [f"port() crashed: {exc}"]})


def tally(outcomes: list[Outcome], key: Any) -> dict[str, dict[str, int]]:
    """Counts of each status per key(outcome) (a key may return several groups)."""
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for o in outcomes:
        for group in key(o):
            table[group][o.status] += 1
    return {g: dict(c) for g, c in sorted(table.items())}


def judged(o: Outcome) -> str:
    """correct | refused_right | refused_other | wrong_noted | wrong_silent | missing."""
    if o.status == "refused":
        return "refused_right" if o.right_refusal else "refused_other"
    if o.status == "wrong":
        return "wrong_silent" if o.silent else "wrong_noted"
    return o.status


def tally_judged(outcomes: list[Outcome], key: Any) -> dict[str, dict[str, int]]:
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for o in outcomes:
        for group in key(o):
            table[group][judged(o)] += 1
    return {g: dict(c) for g, c in sorted(table.items())}


def _why(o: Outcome) -> list[str]:
    if o.status == "refused":
        return ["refused: " + o.reason.split(":")[0]]
    return sorted(o.failures)


def pattern_reasons(cases: list[Case], outcomes: list[Outcome]) -> dict[str, dict[str, int]]:
    """Per pattern: how often each failed check (or refusal kind) occurs among its ports."""
    by_id = {c.id: c for c in cases}
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for o in outcomes:
        for pattern in by_id[o.case].patterns:
            table[pattern].update(_why(o))
    return {p: dict(c.most_common()) for p, c in sorted(table.items())}


def summary(cases: list[Case], outcomes: list[Outcome]) -> dict[str, Any]:
    by_id = {c.id: c for c in cases}
    failed_checks = Counter(name for o in outcomes for name in o.failures)
    refusals = Counter(" ".join(o.reason.split())[:120] for o in outcomes if o.status == "refused")
    return {
        "scripts": len(cases),
        "centres": sorted({c.centre for c in cases}),
        "ports": len(outcomes),
        "status": dict(Counter(o.status for o in outcomes)),
        "judged": dict(Counter(judged(o) for o in outcomes)),
        "judged_by_split": tally_judged(outcomes, lambda o: [by_id[o.case].split]),
        "judged_by_pattern": tally_judged(outcomes, lambda o: by_id[o.case].patterns),
        "by_pattern": tally(outcomes, lambda o: by_id[o.case].patterns),
        "by_target": tally(outcomes, lambda o: [o.target]),
        "by_centre": tally(outcomes, lambda o: [by_id[o.case].centre]),
        "failed_checks": dict(failed_checks.most_common()),
        "refusals": dict(refusals.most_common()),
        "pattern_reasons": pattern_reasons(cases, outcomes),
    }


def _cell(o: Outcome) -> str:
    if o.status == "refused":
        how = "refused (right reason)" if o.right_refusal else "refused"
        return f"{how}: " + " ".join(o.reason.split())[:160].replace("|", "/")
    if o.status == "wrong":
        how = "wrong, silently" if o.silent else "wrong"
        return f"{how}: " + "; ".join(sorted(o.failures)).replace("|", "/")
    extra = " (asked for size)" if o.asked_for_size else ""
    return o.status + extra


def markdown(cases: list[Case], outcomes: list[Outcome], summ: dict[str, Any]) -> str:
    """The results as a Markdown page: totals, per case x target, per pattern, checks."""
    st = summ["status"]
    lines = [
        "# Real-script porting benchmark",
        "",
        f"{summ['scripts']} scripts from {len(summ['centres'])} centres, {summ['ports']} ports: "
        f"**{st.get('correct', 0)} correct**, {st.get('refused', 0)} refused, "
        f"{st.get('wrong', 0)} wrong" + (f", {st['missing']} missing" if "missing" in st else ""),
        "",
        "Judged: " + ", ".join(f"{k} {v}" for k, v in sorted(summ["judged"].items())),
        "",
        *[f"- {split}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items()))
          for split, c in summ["judged_by_split"].items()],
        "",
        "| case | centre | target | result |",
        "|---|---|---|---|",
    ]
    by_id = {c.id: c for c in cases}
    lines += [f"| {o.case} | {by_id[o.case].centre} | {o.target} | {_cell(o)} |" for o in outcomes]
    lines += ["", "## Per pattern", "", "| pattern | correct | refused | wrong | why |"]
    lines.append("|---|---|---|---|---|")
    for pattern, counts in summ["by_pattern"].items():
        why = ", ".join(f"{k} {n}" for k, n in summ["pattern_reasons"][pattern].items())
        lines.append(
            f"| {pattern} | {counts.get('correct', 0)} | {counts.get('refused', 0)} | "
            f"{counts.get('wrong', 0)} | {why} |"
        )
    issue = {p: c for p, c in summ["judged_by_pattern"].items() if p.startswith("issue14-")}
    if issue:
        lines += ["", "## Per issue-14 pattern, judged", "",
                  "| pattern | correct | refused, right reason | refused, other | wrong (noted) "
                  "| wrong, silently |", "|---|---|---|---|---|---|"]
        lines += [f"| {p} | {c.get('correct', 0)} | {c.get('refused_right', 0)} | "
                  f"{c.get('refused_other', 0)} | {c.get('wrong_noted', 0)} | "
                  f"{c.get('wrong_silent', 0)} |" for p, c in issue.items()]
    lines += ["", "## Per pattern, judged", "",
              "| pattern | correct | refused, right reason | refused, other | wrong (noted) "
              "| wrong, silently |", "|---|---|---|---|---|---|"]
    for pattern, c in summ["judged_by_pattern"].items():
        lines.append(f"| {pattern} | {c.get('correct', 0)} | {c.get('refused_right', 0)} | "
                     f"{c.get('refused_other', 0)} | {c.get('wrong_noted', 0)} | "
                     f"{c.get('wrong_silent', 0)} |")
    lines += ["", "## Failed checks (ports failing each)", ""]
    lines += [f"- {name}: {n}" for name, n in summ["failed_checks"].items()]
    lines += ["", "## Refusals", ""]
    lines += [f"- {n} x {reason}" for reason, n in summ["refusals"].items()]
    if summ.get("case_errors"):
        lines += ["", "## Case file errors", ""] + [f"- {e}" for e in summ["case_errors"]]
    return "\n".join(lines) + "\n"


def judged_port(cases: dict[str, Case]) -> Any:
    """port-and-check for the --verify pass: ``(case id, target, script, **overrides)`` ->
    the PortResult when the checks pass, else why not (refused, or the failed checks)."""

    def judged(case_id: str, target: str, script: str, **overrides: Any) -> PortResult | str:
        try:
            result = attempt(script, target, **overrides)
        except Crash as exc:
            return f"port() crashed: {exc}"
        if isinstance(result, str):
            return f"refused at this size: {result}"
        failures = classify(cases[case_id], target, script, result).failures
        if overrides.keys() & {"nodes", "gpus_per_node"}:  # a size changed on purpose
            failures.pop("ranks", None)
        if not failures:
            return result
        return "the port is wrong at this size: " + "; ".join(
            v[0] for _, v in sorted(failures.items()))

    return judged


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", help="script cache (default $MAPLE_REALPORT_CACHE or .cache/)")
    ap.add_argument("--out", default=str(HERE), help="where results.json/.md go")
    ap.add_argument("--cases", default=str(CASES_FILE), help="the case file (default cases.yaml)")
    ap.add_argument("--name", default="results", help="output file stem (results.json/.md)")
    ap.add_argument("--split", choices=["dev", "tune", "heldout"],
                    help="only the cases of this split")
    ap.add_argument("--only", action="append", help="run only this case id (repeatable)")
    ap.add_argument("--check-cache", action="store_true", help="list missing scripts and exit")
    ap.add_argument("--verify", action="store_true",
                    help="also run every correct port on the twin (verify.json/.md)")
    ap.add_argument("--warm", action="store_true", help="twin jobs in warm mode")
    ap.add_argument("--chunk", type=int, default=8, help="ports per verify_many batch")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per twin job")
    ap.add_argument("--resume", action="store_true", help="keep verify.json's outcomes")
    args = ap.parse_args(argv)
    cases = [c for c in load_cases(Path(args.cases)) if (not args.only or c.id in args.only)
             and (not args.split or c.split == args.split)]
    cache = cache_dir(args.cache)
    scripts = {c.id: read_script(cache, c) for c in cases}
    if args.check_cache:
        missing = [i for i, s in scripts.items() if s is None]
        print("\n".join(missing) or f"all {len(cases)} scripts are in {cache}")
        return 1 if missing else 0
    case_errors = [e for c in cases if scripts[c.id] for e in validate(c, scripts[c.id] or "")]
    for error in case_errors:
        print("case file:", error, file=sys.stderr)
    outcomes = [run_case(c, t, scripts[c.id]) for c in cases for t in c.targets]
    summ = summary(cases, outcomes) | {"case_errors": case_errors}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    payload = {"summary": summ, "outcomes": [asdict(o) for o in outcomes]}
    (out / f"{args.name}.json").write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    (out / f"{args.name}.md").write_text(markdown(cases, outcomes, summ), encoding="utf-8")
    print(json.dumps(summ["judged"]), "->", out / f"{args.name}.md")
    if args.verify:
        vsumm = run_verify(outcomes, scripts, args, judged_port({c.id: c for c in cases}))
        print(json.dumps({at: vsumm[at]["status"] for at in ("port", "twin size")}),
              f"in {vsumm['wall_s']:.0f} s ->", out / "verify.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
