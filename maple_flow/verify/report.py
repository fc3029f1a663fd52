"""VerifyReport and the pure decision: verified, failed (with reasons) or unverified."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, Field

from maple_flow.verify.perf import PerfFinding

Status = Literal["verified", "failed", "unverified"]
#: Where an unfinished job stood when the wait ended (then the verdict is ``unverified``).
Pending = Literal["queued", "running"]
#: What was done with a job left unfinished when the wait ended.
LeftJob = Literal["cancelled", "kept"]

_ERROR_LINE = re.compile(
    r"error|Error|ERROR|Traceback|exception|Exception|unknown|not found|No such file|"
    r"denied|refused|timed out|Killed|CANCELLED|Lmod has detected"
)
MAX_EXCERPT = 25
#: Bytes of each job log kept in a report (the end of the log, where failures show).
MAX_LOG_BYTES = 64 * 1024


class Expected(BaseModel):
    """The layout a correct run must show."""

    nodes: int = Field(ge=1)
    ranks_per_node: int = Field(ge=1)
    setup: str | None = Field(default=None, description="the mini-app that must report")

    @property
    def world_size(self) -> int:
        return self.nodes * self.ranks_per_node


class VerifyReport(BaseModel):
    """What running a script's mini-app on a target showed.

    Besides the verdict it carries the raw evidence a repair loop needs: the scheduler's
    final ``state`` and ``exit_code``, what the scheduler said at submission
    (``scheduler_message``), the end of the job's ``stdout`` and ``stderr`` (at most
    MAX_LOG_BYTES each, ``*_truncated`` when cut) and the ``script`` that ran (the user's
    script with its program swapped for the mini-app).
    """

    cluster: str
    endpoint: str
    status: Status
    reasons: list[str] = Field(default_factory=list)
    expected: Expected | None = None
    state: str | None = Field(default=None, description="the scheduler's final job state")
    exit_code: int | None = None
    job_id: str | None = None
    scheduler_message: str = Field(default="", description="what sbatch/qsub answered")
    pending: Pending | None = Field(
        default=None, description="where the job stood when the wait ended unfinished")
    left_job: LeftJob | None = Field(
        default=None, description="what was done with a job unfinished when the wait ended")
    stdout: str = Field(default="", description="the end of the job's stdout")
    stderr: str = Field(default="", description="the end of the job's stderr")
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    world_size: int | None = None
    ranks_per_node: dict[str, int] = Field(default_factory=dict)
    backend: str | None = None
    ranks: list[dict[str, Any]] = Field(default_factory=list, description="per-rank reports")
    findings: list[PerfFinding] = Field(
        default_factory=list,
        description="performance findings (slow node or rank, shared cores, slow link)")
    log_excerpt: list[str] = Field(default_factory=list)
    elapsed_s: float = 0.0
    workdir: str = Field(default="", description="the job's folder on the target")
    script: str = Field(default="", description="the script that ran (mini-app swapped in)")


def log_tail(text: str, limit: int = MAX_LOG_BYTES) -> tuple[str, bool]:
    """The last ``limit`` bytes of ``text`` (cut at a character boundary), and whether it was
    cut."""
    data = text.encode("utf-8", errors="replace")
    if len(data) <= limit:
        return text, False
    return data[-limit:].decode("utf-8", errors="ignore"), True


def log_excerpt(*texts: str) -> list[str]:
    """The lines of job logs that look like errors, each with the line after it (messages
    often go on there), at most MAX_EXCERPT, the last ones kept; when no line looks like an
    error, the last lines of the logs, so a failure always shows some output."""
    every = [ln.rstrip() for t in texts for ln in t.splitlines()
             if ln.strip() and "MAPLE_MINIAPP_REPORT" not in ln]
    hits = [i for i, ln in enumerate(every) if _ERROR_LINE.search(ln)]
    keep = sorted({j for i in hits for j in (i, i + 1) if j < len(every)})  # + the next line
    return ([every[i] for i in keep] or every[-10:])[-MAX_EXCERPT:]


def unverified(cluster: str, endpoint: str, reason: str, script: str = "") -> VerifyReport:
    """A report for a target that could not be reached: never a pass."""
    return VerifyReport(cluster=cluster, endpoint=endpoint, status="unverified",
                        reasons=[reason], script=script)
