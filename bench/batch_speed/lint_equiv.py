"""Batch lint findings = whole-port lint findings, on real scripts (issue 14).

    PYTHONPATH=$PWD python bench/batch_speed/lint_equiv.py --set NAME=DIR [--set ...] [--out F]

Each DIR holds source scripts (*.sh; the real-script caches of bench/realport, bench/unseen,
bench/unseen2 and the held-out bench/unseen3 set: see their fetch.md). Every script is ported
to the nine clusters other than Bridges-2 by ``batch_port`` (the batch lint: only what a port
does not share with its template rendered alone, maple_flow.lint_scope); each port's
shellcheck notes are compared with those of shellcheck on the whole port (what ``port()``
gives alone). Also counted: ports answered from a reduced text, ports the batch linted whole
(the reduction refused or could not answer), and the shellcheck CPU of both ways.
Writes JSON (default bench/batch_speed/lint_equiv.json).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _whole(scripts: list[str]) -> tuple[list[list[str]], float]:
    """Each script's shellcheck notes (info and worse) from shellcheck on the whole script."""
    from maple_flow.lint import _by_file, shellcheck_binary

    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for k, text in enumerate(scripts):
            paths.append(Path(tmp) / f"p{k:05d}.sh")
            paths[-1].write_text(text, encoding="utf-8")
        start = _children_cpu()
        out = subprocess.run([shellcheck_binary(), "-f", "json1", "-s", "bash",
                              *map(str, paths)], capture_output=True, text=True, check=False)
        cpu = _children_cpu() - start
        found = _by_file(out.stdout)
    return [[f"shellcheck: {f}" for f in found.get(str(p), []) if f.at_least("info")]
            for p in paths], cpu


def run_set(folder: Path, targets: list[str]) -> dict[str, Any]:
    from maple_flow import lint, lint_scope
    from maple_flow.workflows.scale import batch_port

    counts = {"reduced": 0, "whole_refused": 0, "whole_unanswered": 0}
    reduce, answer = lint_scope.reduce_for_lint, lint_scope.findings_on_script

    def counting_reduce(script: str, template: str) -> Any:
        found = reduce(script, template)
        counts["reduced" if found is not None else "whole_refused"] += 1
        return found

    def counting_answer(found: Any, reduction: Any) -> Any:
        mapped = answer(found, reduction)
        counts["whole_unanswered"] += mapped is None
        return mapped

    lint_scope.reduce_for_lint = counting_reduce  # type: ignore[assignment]
    lint_scope.findings_on_script = counting_answer  # type: ignore[assignment]
    scripts = {p.stem: p.read_text(encoding="utf-8", errors="replace")
               for p in sorted(folder.glob("*.sh"))}
    try:
        start = _children_cpu()
        batch = batch_port(scripts, targets)
        batch_cpu = _children_cpu() - start
    finally:
        lint_scope.reduce_for_lint, lint_scope.findings_on_script = reduce, answer
    assert lint._AHEAD is None
    ports = [(name, cluster, r) for name, per in batch.results.items()
             for cluster, r in per.items()]
    whole, whole_cpu = _whole([r.script for _, _, r in ports])
    differing = [f"{name} -> {cluster}" for (name, cluster, r), want in zip(ports, whole,
                                                                           strict=True)
                 if [n for n in r.notes if n.startswith("shellcheck")] != want]
    return {"scripts": len(scripts), "ports": len(ports),
            "ports_with_findings": sum(bool(w) for w in whole),
            "findings": sum(map(len, whole)), "equal": len(ports) - len(differing),
            "differing": differing, **counts,
            "shellcheck_cpu_s": {"batch": round(batch_cpu, 2), "whole": round(whole_cpu, 2)}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", required=True, metavar="NAME=DIR")
    ap.add_argument("--out", default=str(HERE / "lint_equiv.json"))
    args = ap.parse_args(argv)
    from maple_flow.knowledge.clusters import all_profiles

    targets = [c for c in sorted(all_profiles()) if c != "bridges2"]
    result: dict[str, Any] = {
        "command": "PYTHONPATH=$PWD python bench/batch_speed/lint_equiv.py "
                   + " ".join(f"--set {s}" for s in args.set),
        "targets": targets, "sets": {}}
    for item in args.set:
        name, _, folder = item.partition("=")
        result["sets"][name] = run_set(Path(folder), targets)
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    json.dump(result, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
