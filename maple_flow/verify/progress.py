"""Readable progress and summaries of verification reports for the terminal."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from maple_flow.verify.report import VerifyReport

MARKS = {"verified": "✔ verified", "failed": "✘ failed", "unverified": "? unverified"}
PENDING = {"queued": "queued", "running": "still running"}


def verdict(report: VerifyReport) -> str:
    """The verdict's mark, with where an unfinished job stood: '? unverified (queued)'."""
    if report.pending is None:
        return MARKS[report.status]
    return f"{MARKS[report.status]} ({PENDING[report.pending]})"


def render_report(report: VerifyReport) -> str:
    """A few lines: the verdict, the layout seen, the reasons and the log lines behind them."""
    lines = [f"{report.cluster}: {verdict(report)} (endpoint {report.endpoint}, "
             f"job {report.job_id or '-'}, {report.state or 'not run'}, {report.elapsed_s:.1f} s)"]
    if report.world_size is not None:
        layout = ", ".join(f"{h}={n}" for h, n in report.ranks_per_node.items())
        lines.append(f"  world size {report.world_size}, backend {report.backend}, "
                     f"ranks per node: {layout}")
    lines += [f"  - {reason}" for reason in report.reasons]
    if not any(r.startswith("performance: ") for r in report.reasons):
        lines += [f"  performance: {f.message}" for f in report.findings]
    if report.status == "failed" and report.log_excerpt:
        lines.append("  log:")
        lines += [f"    {ln}" for ln in report.log_excerpt[-8:]]
    return "\n".join(lines)


def progress_printer(total: int) -> Callable[[str, VerifyReport], None]:
    """Progress of verification jobs on stderr: a live bar on a terminal, else one line per
    finished target with the elapsed time (logs, CI)."""
    if total and sys.stderr.isatty():
        return _progress_bar(total)
    return _progress_lines(total)


def _progress_bar(total: int) -> Callable[[str, VerifyReport], None]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(TextColumn("verifying"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TextColumn("{task.description}"),
                   console=Console(stderr=True))
    task = bar.add_task("waiting for the jobs...", total=total)
    bar.start()

    def report_done(cluster: str, report: VerifyReport) -> None:
        bar.console.print(f"{cluster}: {verdict(report)}")
        bar.update(task, advance=1, description=f"last: {cluster}")
        if bar.tasks[0].finished:
            bar.stop()

    return report_done


def _progress_lines(total: int) -> Callable[[str, VerifyReport], None]:
    start = time.monotonic()
    done = 0

    def report_done(cluster: str, report: VerifyReport) -> None:
        nonlocal done
        done += 1
        elapsed = time.monotonic() - start
        print(f"[{done}/{total} {elapsed:5.1f}s] {cluster}: {verdict(report)}",
              file=sys.stderr, flush=True)

    if total:
        print(f"verifying on {total} target(s); waiting for the jobs...", file=sys.stderr,
              flush=True)
    return report_done
