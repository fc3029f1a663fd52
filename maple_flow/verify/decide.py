"""Decide a verification's outcome from the job's result and the mini-app reports (pure)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from maple_flow.models.profile import Fabric
from maple_flow.verify.miniapp_report import REPORT_PREFIX, MiniAppReport, assess, parse_reports
from maple_flow.verify.perf import perf_findings
from maple_flow.verify.report import Expected, VerifyReport, log_excerpt, log_tail


def scheduler_reasons(raw: dict[str, Any]) -> list[str]:
    """Why the job's scheduler state is not a completed run (empty when it completed)."""
    state = raw.get("state")
    if state == "REJECTED":
        return [f"rejected at submission: {raw.get('message') or 'no message'}"]
    if state == "TIMEOUT":
        return [f"timed out after {raw.get('elapsed_s', 0):.0f} s"]
    if state == "CANCELLED":
        return ["the job was cancelled"]
    if state != "COMPLETED":
        return [f"the job ended {state} with exit code {raw.get('exit_code')}"]
    return []


def collect_reports(raw: dict[str, Any]) -> list[MiniAppReport]:
    """The ranks' reports: from the files they wrote when present, else from the job output."""
    files = raw.get("report_files") or []
    if files:
        return parse_reports("\n".join(REPORT_PREFIX + text.strip() for text in files))
    return parse_reports(f"{raw.get('stdout', '')}\n{raw.get('stderr', '')}")


def pending_reason(raw: dict[str, Any]) -> str:
    """Why a job unfinished when the wait ended is unverified, naming the job and its fate."""
    where = "still queued" if raw["pending"] == "queued" else "still running"
    fate = ("cancelled" if raw.get("left_job") == "cancelled"
            else "left in the queue (cancel it yourself if it is not wanted)")
    return (f"unverified ({where}): job {raw.get('job_id')} was {where} when the wait ended "
            f"after {float(raw.get('elapsed_s', 0)):.0f} s; it was {fate}")


def decide(cluster: str, endpoint: str, raw: dict[str, Any], expected: Expected,
           script: str, fabric: Fabric | None = None) -> VerifyReport:
    """verified only when the job completed and every expected rank reported correctly;
    unverified (never failed) when the job was still queued or running when the wait ended.
    Performance findings (``verify.perf``) go beside the verdict, whatever it is."""
    reports = collect_reports(raw)
    reasons = [pending_reason(raw)] if raw.get("pending") else scheduler_reasons(raw)
    if raw.get("state") != "REJECTED" and not raw.get("pending"):
        assessment = assess(reports, expected.world_size, expected.ranks_per_node,
                            expected.nodes, expected.setup)
        reasons += [r for r in assessment.reasons if r not in reasons]
    per_node = Counter(r.host for r in reports)
    stdout, stdout_cut = log_tail(raw.get("stdout", ""))
    stderr, stderr_cut = log_tail(raw.get("stderr", ""))
    return VerifyReport(
        cluster=cluster, endpoint=endpoint,
        status="unverified" if raw.get("pending") else "failed" if reasons else "verified",
        reasons=reasons, expected=expected, state=raw.get("state"),
        pending=raw.get("pending"), left_job=raw.get("left_job"),
        exit_code=raw.get("exit_code"), job_id=raw.get("job_id"),
        scheduler_message=raw.get("message", ""),
        world_size=reports[0].world_size if reports else None,
        ranks_per_node=dict(sorted(per_node.items())),
        backend=reports[0].backend if reports else None,
        ranks=[r.model_dump() for r in reports],
        findings=perf_findings(reports, fabric),
        log_excerpt=log_excerpt(raw.get("stdout", ""), raw.get("stderr", "")),
        elapsed_s=float(raw.get("elapsed_s", 0.0)), workdir=raw.get("workdir", ""),
        script=script, stdout=stdout, stderr=stderr, stdout_truncated=stdout_cut,
        stderr_truncated=stderr_cut,
    )


def strict_verdict(report: VerifyReport) -> VerifyReport:
    """``--strict``: a verified report with performance findings fails, naming them."""
    if report.status != "verified" or not report.findings:
        return report
    reasons = [f"performance: {f.message}" for f in report.findings]
    return report.model_copy(update={"status": "failed", "reasons": reasons})
