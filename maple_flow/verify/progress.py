"""Readable progress and summaries of verification reports for the terminal."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from maple_flow.verify.report import VerifyReport

MARKS = {"verified": "✔ verified", "failed": "✘ failed", "unverified": "? unverified"}


def render_report(report: VerifyReport) -> str:
    """A few lines: the verdict, the layout seen, the reasons and the log lines behind them."""
    lines = [f"{report.cluster}: {MARKS[report.status]} (endpoint {report.endpoint}, "
             f"job {report.job_id or '-'}, {report.state or 'not run'}, {report.elapsed_s:.1f} s)"]
    if report.world_size is not None:
        layout = ", ".join(f"{h}={n}" for h, n in report.ranks_per_node.items())
        lines.append(f"  world size {report.world_size}, backend {report.backend}, "
                     f"ranks per node: {layout}")
    lines += [f"  - {reason}" for reason in report.reasons]
    if report.status == "failed" and report.log_excerpt:
        lines.append("  log:")
        lines += [f"    {ln}" for ln in report.log_excerpt[-8:]]
    return "\n".join(lines)


def progress_printer(total: int) -> Callable[[str, VerifyReport], None]:
    """A callback printing one line per finished target to stderr, with elapsed time."""
    start = time.monotonic()
    done = 0

    def report_done(cluster: str, report: VerifyReport) -> None:
        nonlocal done
        done += 1
        elapsed = time.monotonic() - start
        print(f"[{done}/{total} {elapsed:5.1f}s] {cluster}: {MARKS[report.status]}",
              file=sys.stderr, flush=True)

    if total:
        print(f"verifying on {total} target(s); waiting for the jobs...", file=sys.stderr,
              flush=True)
    return report_done
