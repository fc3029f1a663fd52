"""How well verification names a slow node on the twin (issue 18).

Runs a 2-node x 4-GPU Perlmutter DDP job on the twin RUNS times with the personality option
``slow-node`` (the last node's tasks bound to one core) and RUNS times without, and records
per run: the findings, the ratio of the nodes' median step times, and whether the slow node
was named for its step time (``slow_node``) and for its binding (``shared_cores``); for the
healthy runs, any node named at all (a false finding).

    .venv/bin/python bench/perf_findings/run.py [--runs 3] [-o bench/perf_findings/results.json]

Needs the twin up (``maple twin up``). The machine's own load shows in the step times: run it
on a quiet machine and report the 1-minute load average it prints.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path
from typing import Any

from maple_flow.generate import generate_from_spec
from maple_flow.models import JobSpec
from maple_flow.verify import VerifyReport, VerifyTarget, verify_many


def job_script(option: str | None) -> str:
    spec = JobSpec(cluster="perlmutter", nodes=2, gpus_per_node=4, entrypoint="train.py",
                   walltime="00:10:00")
    text = generate_from_spec(spec).script
    if option is None:
        return text
    first, rest = text.split("\n", 1)
    return f"{first}\n# maple-twin-option: {option}\n{rest}"


def summarise(report: VerifyReport, slow: bool) -> dict[str, Any]:
    ranks = sorted(report.ranks, key=lambda r: r["rank"])
    last = str(ranks[-1]["host"]) if ranks else ""
    medians: dict[str, float] = {}
    for host in dict.fromkeys(r["host"] for r in ranks):
        medians[host] = statistics.median(r["perf"]["step_s"] for r in ranks
                                          if r["host"] == host)
    others = [m for h, m in medians.items() if h != last]
    named = [(f.kind, f.subject) for f in report.findings]
    return {
        "status": report.status, "findings": named,
        "node_median_step_ms": {h: round(m * 1e3, 3) for h, m in medians.items()},
        "last_vs_other_ratio": round(medians[last] / others[0], 3) if others else None,
        "slow_node_named": ("slow_node", last) in named if slow else None,
        "shared_cores_named": ("shared_cores", last) in named if slow else None,
        "false_findings": [] if slow else [n for n in named if n[0] != "slow_link"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("-o", "--out", type=Path,
                        default=Path(__file__).with_name("results.json"))
    args = parser.parse_args()
    runs: list[dict[str, Any]] = []
    for i in range(args.runs):
        for option in ("slow-node", None):
            t = time.perf_counter()
            report = verify_many([VerifyTarget.from_script(job_script(option), "perlmutter")],
                                 timeout_s=240)[0]
            row = {"run": i, "option": option, "seconds": round(time.perf_counter() - t, 1),
                   "load_1min": round(os.getloadavg()[0], 2), **summarise(report, bool(option))}
            runs.append(row)
            print(json.dumps(row))
    slow = [r for r in runs if r["option"]]
    healthy = [r for r in runs if not r["option"]]
    result = {
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs (the twin, CPU only)",
        "runs": runs,
        "slow_node_named": f"{sum(r['slow_node_named'] for r in slow)}/{len(slow)}",
        "shared_cores_named": f"{sum(r['shared_cores_named'] for r in slow)}/{len(slow)}",
        "healthy_runs_with_a_finding": f"{sum(bool(r['false_findings']) for r in healthy)}"
                                       f"/{len(healthy)}",
        "median_ratio_slow_runs": statistics.median(r["last_vs_other_ratio"] for r in slow),
        "median_ratio_healthy_runs": statistics.median(r["last_vs_other_ratio"]
                                                       for r in healthy),
    }
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "runs"}, indent=2))


if __name__ == "__main__":
    main()
