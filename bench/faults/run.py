"""Fault-injection benchmark of the repair loop, on the twin.

    .venv/bin/python bench/faults/run.py [--catalog templates|users] [--only ID,ID|--clusters a,b]
        [--max-attempts 5] [--timeout 600] [--ranks 6] [--out bench/out/faults]
        [--reproduce-only] [--check-base]

``--catalog users``: faults injected into bench/realport users' scripts (bench/faults/users.py;
the scripts come from the realport cache), with held-out figures for the cases never tuned on.

Each fault of ``bench/faults/catalog.py`` is a known-good script rendered at small size with
one injected fault (or a twin personality option). The broken script is verified on its
cluster's twin (the fault must show: rejected at submission, the job failing, or the
mini-app reporting a wrong layout), then repaired by ``maple_flow.repair.loop`` (classify ->
typed fix -> verify again, at most --max-attempts fixes). All faults run concurrently in
rounds, at most --ranks twin ranks at a time. Writes faults.json and faults.md to --out and
prints the summary as JSON: reproduced, pass@1, pass@5, mean attempts, wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def _args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--catalog", choices=("templates", "users"), default="templates",
                   help="templates: maple's rendered scripts; users: bench/realport scripts")
    p.add_argument("--only", default="", help="comma-separated fault ids")
    p.add_argument("--clusters", default="", help="comma-separated clusters")
    p.add_argument("--cases", default="", help="comma-separated realport cases (users)")
    p.add_argument("--kinds", default="", help="comma-separated fault kinds (users)")
    p.add_argument("--split", choices=("all", "tune", "heldout"), default="all",
                   help="users: only the tuning part, or only the held-out part")
    p.add_argument("--max-attempts", type=int, default=5)
    p.add_argument("--timeout", type=float, default=600.0, help="seconds per verify job")
    p.add_argument("--ranks", type=int, default=6, help="twin ranks running at once")
    p.add_argument("--out", default=str(HERE.parent / "out" / "faults"))
    p.add_argument("--reproduce-only", action="store_true",
                   help="only verify the broken scripts (is each fault reproduced?)")
    p.add_argument("--check-base", action="store_true",
                   help="also verify the known-good base scripts; in a repair run, first verify "
                        "each base unfaulted and leave out the faults of bases that do not run "
                        "(listed in faults.json as bases_not_running)")
    p.add_argument("--bases-only", action="store_true",
                   help="with --reproduce-only: verify the selected faults' bases, no fault")
    p.add_argument("--store", default="", help="template store path (default: under --out)")
    p.add_argument("--originals", action="store_true",
                   help="users: run every original script on its own cluster's twin, unfaulted "
                        "(which can be a base as the user wrote it, and why not)")
    return p.parse_args()


def _select(a: argparse.Namespace) -> list[Any]:
    if a.catalog == "users":
        from users import catalogue
    else:
        from catalog import catalogue

    faults = catalogue()
    if a.only:
        wanted = set(a.only.split(","))
        faults = [f for f in faults if f.id in wanted]
    if a.clusters:
        clusters = set(a.clusters.split(","))
        faults = [f for f in faults if f.base.cluster in clusters]
    if a.cases:
        faults = [f for f in faults if getattr(f.base, "case", "") in set(a.cases.split(","))]
    if a.kinds:
        from users import kind_of

        faults = [f for f in faults if kind_of(f) in set(a.kinds.split(","))]
    if a.split != "all":
        faults = [f for f in faults if _held_out(getattr(f.base, "case", "")) == (
            a.split == "heldout")]
    return faults


def _target(script: str, fault: Any) -> Any:
    if hasattr(fault.base, "target"):  # users' bases: an original or a port
        return fault.base.target(script)
    from maple_flow.verify.run import VerifyTarget

    return VerifyTarget.from_spec(script, fault.base.spec())


def _verify(targets: list[Any], timeout: float) -> list[Any]:
    from maple_flow.verify import verify_many
    from maple_flow.verify.progress import progress_printer

    return verify_many(targets, timeout_s=timeout, progress=progress_printer(len(targets)))


def _store(a: argparse.Namespace, out: Path) -> Any:
    from maple_flow.cli.repair import open_store

    return open_store(Path(a.store) if a.store else out / "store.sqlite")


def reproduce(faults: list[Any], a: argparse.Namespace) -> dict[str, Any]:
    """Verify each broken script (and with --check-base the good ones); no repair."""
    faults_run = [] if a.bases_only else faults
    targets = [_target(f.script(), f) for f in faults_run]
    bases = {}
    if a.check_base or a.bases_only:
        for f in faults:
            bases.setdefault(f.base, _target(f.base.script(), f))
    reports = _verify(targets + list(bases.values()), a.timeout)
    rows = [{"fault": f.id, "kind": f.kind, "status": r.status, "state": r.state,
             "reproduced": r.status == "failed", "reasons": r.reasons[:4],
             "elapsed_s": r.elapsed_s} for f, r in zip(faults_run, reports, strict=False)]
    base_rows = [{"base": f"{b.cluster} {b.nodes}x{b.gpus_per_node}",
                  "case": getattr(b, "case", ""), "origin": getattr(b, "origin", "template"),
                  "status": r.status,
                  "reasons": r.reasons[:4], "elapsed_s": r.elapsed_s}
                 for b, r in zip(bases, reports[len(faults_run):], strict=True)]
    return {"faults": rows, "bases": base_rows,
            "reproduced": sum(r["reproduced"] for r in rows), "total": len(rows)}


def running_bases(faults: list[Any], a: argparse.Namespace,
                  ) -> tuple[list[Any], list[dict[str, Any]]]:
    """The faults whose base runs unfaulted on the twin, and the bases that do not, with why
    (a fault on a base that fails by itself measures the twin, not the repair)."""
    bases: dict[Any, Any] = {}
    for f in faults:
        bases.setdefault(f.base, _target(f.base.script(), f))
    reports = dict(zip(bases, _verify(list(bases.values()), a.timeout), strict=True))
    broken = {b for b, r in reports.items() if r.status != "verified"}
    dropped = [{"base": f"{b.cluster} {b.nodes}x{b.gpus_per_node}",
                "case": getattr(b, "case", ""), "status": reports[b].status,
                "reasons": reports[b].reasons[:4],
                "faults": [f.id for f in faults if f.base == b]} for b in broken]
    return [f for f in faults if f.base not in broken], dropped


def originals(a: argparse.Namespace) -> dict[str, Any]:
    """Each user's original, as submitted (the account given), verified on its cluster's twin
    with no fault: verified ones can be bases; the others say why not."""
    from users import OriginalBase, original_cases

    from maple_flow.errors import MapleError
    from maple_flow.verify.run import _prepare

    rows: list[dict[str, Any]] = []
    targets, ran = [], []
    for case, cluster in original_cases():
        base = OriginalBase(case, cluster)
        try:
            target = base.target(base.script())
            _prepare(target)
        except MapleError as exc:  # the harness cannot even swap the program in
            rows.append({"case": case, "cluster": cluster, "status": "not run",
                         "reasons": [str(exc)[:300]]})
            continue
        targets.append(target)
        ran.append((case, cluster))
    for (case, cluster), r in zip(ran, _verify(targets, a.timeout), strict=True):
        rows.append({"case": case, "cluster": cluster, "status": r.status,
                     "reasons": [x[:300] for x in r.reasons[:3]],
                     "log_tail": (r.stderr or r.stdout)[-600:]})
    return {"originals": rows, "verified": sum(r["status"] == "verified" for r in rows),
            "total": len(rows)}


def _row(fault: Any, result: Any) -> dict[str, Any]:
    return {
        "fault": fault.id, "cluster": fault.base.cluster, "kind": fault.kind,
        "case": getattr(fault.base, "case", ""),
        "origin": getattr(fault.base, "origin", "template"),
        "tags": list(fault.tags), "ranks": fault.base.ranks,
        "description": fault.description, "status": result.status,
        "reproduced": result.initial_status == "failed",
        "attempts": len(result.attempts),
        "records": [x.record_id for x in result.attempts],
        "ops": [x.ops for x in result.attempts],
        "initial_reasons": result.initial_reasons[:3], "final_reasons": result.final_reasons[:3],
        "stop_reason": result.stop_reason, "variant_id": result.variant_id,
        "held_out": bool(getattr(fault.base, "case", "") and _held_out(fault.base.case)),
        "skipped": [f"{s.record_id}: {s.why}" for s in result.skipped][:4],
        "elapsed_s": result.elapsed_s,
    }


def _held_out(case: str) -> bool:
    from users import held_out

    return held_out(case)


def summarise(rows: list[dict[str, Any]], wall_s: float, max_attempts: int) -> dict[str, Any]:
    """pass@1 / pass@k over the reproduced faults; mean attempts over the repaired ones."""
    reproduced = [r for r in rows if r["reproduced"]]
    n = len(reproduced) or 1
    repaired = [r for r in reproduced if r["status"] == "verified" and r["attempts"]]
    at1 = [r for r in repaired if r["attempts"] == 1]
    asked = [r for r in repaired if "account" in r["tags"]]
    return {
        "faults": len(rows), "reproduced": len(reproduced),
        "not_reproduced": [r["fault"] for r in rows if not r["reproduced"]],
        "repaired": len(repaired), "pass@1": round(len(at1) / n, 4),
        f"pass@{max_attempts}": round(len(repaired) / n, 4),
        "repaired_with_user_answer": len(asked),
        f"pass@{max_attempts}_without_user_answers": round((len(repaired) - len(asked)) / n, 4),
        "mean_attempts_repaired": round(sum(r["attempts"] for r in repaired)
                                        / (len(repaired) or 1), 3),
        "mean_attempts_all": round(sum(r["attempts"] for r in reproduced) / n, 3),
        "unverified": [r["fault"] for r in rows if r["status"] == "unverified"],
        "failed": [r["fault"] for r in reproduced if r["status"] == "failed"],
        "wall_s": round(wall_s, 1),
    } | _held_out_figures(reproduced, max_attempts)


def _held_out_figures(reproduced: list[dict[str, Any]], k: int) -> dict[str, Any]:
    """pass@1 / pass@k of the held-out faults alone (users' catalogue)."""
    held = [r for r in reproduced if r.get("held_out")]
    if not held:
        return {}
    ok = [r for r in held if r["status"] == "verified" and r["attempts"]]
    return {"held_out_reproduced": len(held),
            "held_out_pass@1": round(sum(r["attempts"] == 1 for r in ok) / len(held), 4),
            f"held_out_pass@{k}": round(len(ok) / len(held), 4)}


def markdown(summary: dict[str, Any], rows: list[dict[str, Any]], command: str) -> str:
    """The report: summary figures and one row per fault."""
    k = next(key for key in summary if key.startswith("pass@") and key != "pass@1")
    lines = [
        "# Fault-injection benchmark of the repair loop (twin)", "",
        f"`{command}`", "",
        f"- faults: {summary['faults']}, reproduced by the twin: {summary['reproduced']}",
        f"- repaired: {summary['repaired']}; pass@1 {summary['pass@1']:.1%}, "
        f"{k} {summary[k]:.1%}",
        f"- of them repaired with a value the loop asked the user for (the account, given "
        f"as the profile's example): {summary['repaired_with_user_answer']}",
        f"- mean attempts (repaired): {summary['mean_attempts_repaired']}",
        f"- wall time: {summary['wall_s']} s", "",
        "| fault | kind | status | attempts | records | seconds | stop |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        mark = {"verified": "✔", "failed": "✘", "unverified": "?"}[r["status"]]
        lines.append(f"| {r['fault']} | {r['kind']} | {mark} {r['status']} | {r['attempts']} "
                     f"| {', '.join(r['records']) or '-'} | {r['elapsed_s']:.0f} "
                     f"| {r['stop_reason'][:90].replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    a = _args()
    os.environ["MAPLE_TWIN_MAX_RANKS"] = str(a.ranks)  # read when verification is imported
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    faults = _select(a)
    start = time.monotonic()
    if a.originals:
        result = originals(a)
        result["wall_s"] = round(time.monotonic() - start, 1)
        (out / "originals.json").write_text(json.dumps(result, indent=1))
        print(json.dumps({k: v for k, v in result.items() if k != "originals"}))
        return
    if a.reproduce_only:
        result = reproduce(faults, a)
        result["wall_s"] = round(time.monotonic() - start, 1)
        (out / "reproduce.json").write_text(json.dumps(result, indent=1))
        json.dump({k: v for k, v in result.items() if k != "faults"} | {
            "not_reproduced": [r for r in result["faults"] if not r["reproduced"]]},
            sys.stdout, indent=1)
        print()
        return
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.repair.loop import Loop, RepairJob, default_classifier, template_of

    dropped: list[dict[str, Any]] = []
    if a.check_base:
        faults, dropped = running_bases(faults, a)

    def progress(job: RepairJob, what: str) -> None:
        print(f"[{time.monotonic() - start:6.0f}s] {job.run_id.split('@')[0]}: {what}",
              file=sys.stderr,
              flush=True)

    jobs = []
    stamp = time.strftime("%Y%m%dT%H%M%S")
    for f in faults:
        script = f.script()
        account = get_profile(f.base.cluster).account.example  # what the user would type
        jobs.append(RepairJob(_target(script, f), template_id=template_of(script),
                              run_id=f"{f.id}@{stamp}", answers={"account": account}))
    loop = Loop(verify=lambda targets: _verify(targets, a.timeout),
                classify=default_classifier(), store=_store(a, out),
                max_attempts=a.max_attempts, progress=progress)
    results = loop.run(jobs)
    wall = time.monotonic() - start
    rows = [_row(f, r) for f, r in zip(faults, results, strict=True)]
    summary = summarise(rows, wall, a.max_attempts)
    if a.check_base:
        summary["bases_not_running"] = dropped
    command = "python bench/faults/run.py " + " ".join(sys.argv[1:])
    (out / "faults.json").write_text(json.dumps({"summary": summary, "command": command,
                                                 "rows": rows,
                                                 "results": [r.model_dump() for r in results]},
                                                indent=1))
    (out / "faults.md").write_text(markdown(summary, rows, command))
    json.dump(summary, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
