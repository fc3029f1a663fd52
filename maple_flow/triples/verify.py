"""Verify a triples job: run it with the triples probe as its command, on the cluster's
endpoint (the local twin by default), and judge the probe's reports.

The job goes through the verification session (``maple_flow.verify.session.Session.launch``,
the dispatcher DDP verification uses): ``run_job`` as a Parsl app on the endpoint's executor,
the staged mini-apps, the twin's account, rank budget and capacity check. Only the judging
differs (``maple_flow.triples.report``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, Field

from maple_flow.endpoints import Endpoint, load_registry
from maple_flow.errors import api_boundary
from maple_flow.knowledge.clusters import get_profile
from maple_flow.triples.job import TriplesJob, render_triples
from maple_flow.triples.report import (
    REPORT_PREFIX,
    TaskReport,
    TriplesAssessment,
    assess_triples,
    parse_triples,
)
from maple_flow.verify.decide import pending_reason, scheduler_reasons
from maple_flow.verify.report import log_tail
from maple_flow.verify.substitute import MINIAPP_DIR

PROBE = f"{MINIAPP_DIR}/triples_probe.py"
DEFAULT_TIMEOUT_S = 300.0


@dataclass(frozen=True)
class PreparedTriples:
    """A triples job with the probe as its command: script, files to stage, the layout."""

    job: TriplesJob
    script: str
    files: dict[str, str]
    gpus_per_node: int


class TriplesVerifyReport(BaseModel):
    """What running a triples job with the probe showed on a target."""

    cluster: str
    endpoint: str
    status: Literal["verified", "failed", "unverified"]
    reasons: list[str] = Field(default_factory=list)
    nodes: int
    ppn: int
    tpp: int
    gpus_per_node: int
    state: str | None = None
    exit_code: int | None = None
    job_id: str | None = None
    assessment: TriplesAssessment | None = None
    tasks: list[dict[str, Any]] = Field(default_factory=list, description="per-task reports")
    stdout: str = ""
    stderr: str = ""
    elapsed_s: float = 0.0
    script: str = Field(default="", description="the script that ran (probe swapped in)")


def probe_job(job: TriplesJob, *, torch: bool = False) -> TriplesJob:
    """``job`` with its command replaced by the probe (``--task {task}`` checks the
    placeholder; ``--torch`` also asks torch how many devices the task sees)."""
    python = get_profile(job.cluster).software.python
    args = [PROBE, "--task", "{task}", *(["--torch"] if torch else [])]
    return job.model_copy(update={"program": python, "args": args})


def prepare_triples(job: TriplesJob, *, torch: bool = False) -> PreparedTriples:
    """The probe's script for ``job`` and the mini-app files staged beside it."""
    from maple_flow.verify.prepare import miniapp_files

    probe = probe_job(job, torch=torch)
    return PreparedTriples(probe, render_triples(probe), miniapp_files(),
                           get_profile(job.cluster).gpu.per_node)


def task_reports(raw: dict[str, Any]) -> list[TaskReport]:
    """The tasks' reports: from the files they wrote when present, else from the job output."""
    files = [t for t in raw.get("report_files") or [] if '"slot"' in t]
    text = ("\n".join(REPORT_PREFIX + t.strip() for t in files) if files
            else f"{raw.get('stdout', '')}\n{raw.get('stderr', '')}")
    return parse_triples(text)[0]


def judge(raw: dict[str, Any], prepared: PreparedTriples, endpoint: str) -> TriplesVerifyReport:
    """verified only when the job completed and the probe's reports show the layout (pure);
    unverified when the job was still queued or running when the wait ended."""
    job = prepared.job
    reports = task_reports(raw)
    assessment = None
    if raw.get("pending"):
        reasons = [pending_reason(raw)]
    else:
        reasons = scheduler_reasons(raw)
        if raw.get("state") != "REJECTED":
            assessment = assess_triples(reports, nodes=job.nodes, ppn=job.ppn, tpp=job.tpp,
                                        gpus_per_node=prepared.gpus_per_node)
            reasons += assessment.reasons
    status = "unverified" if raw.get("pending") else "failed" if reasons else "verified"
    return TriplesVerifyReport(
        cluster=get_profile(job.cluster).id, endpoint=endpoint, status=status,
        reasons=reasons, nodes=job.nodes, ppn=job.ppn, tpp=job.tpp,
        gpus_per_node=prepared.gpus_per_node, state=raw.get("state"),
        exit_code=raw.get("exit_code"), job_id=raw.get("job_id"), assessment=assessment,
        tasks=[r.model_dump() for r in sorted(reports, key=lambda r: r.task or 0)],
        stdout=log_tail(raw.get("stdout", ""))[0], stderr=log_tail(raw.get("stderr", ""))[0],
        elapsed_s=float(raw.get("elapsed_s", 0.0)), script=prepared.script)


def _unverified(prepared: PreparedTriples, endpoint: str, why: str) -> TriplesVerifyReport:
    job = prepared.job
    return TriplesVerifyReport(
        cluster=get_profile(job.cluster).id, endpoint=endpoint, status="unverified",
        reasons=[why], nodes=job.nodes, ppn=job.ppn, tpp=job.tpp,
        gpus_per_node=prepared.gpus_per_node, script=prepared.script)


@api_boundary
def verify_triples(job: TriplesJob, *, timeout_s: float = DEFAULT_TIMEOUT_S,
                   registry: dict[str, Endpoint] | None = None, torch: bool | None = None,
                   dfk: Any = None) -> TriplesVerifyReport:
    """Run ``job`` with the probe on its cluster's endpoint and judge the layout.

    ``torch`` (default: on real endpoints, off on the twin) also has each task ask torch
    how many GPUs it sees. The twin is started for the cluster when it is not up.
    """
    registry = registry or load_registry()
    twin = registry[get_profile(job.cluster).id].type == "twin"
    prepared = prepare_triples(job, torch=not twin if torch is None else torch)
    return verify_prepared(prepared, timeout_s=timeout_s, registry=registry, dfk=dfk)


def verify_prepared(prepared: PreparedTriples, *, timeout_s: float = DEFAULT_TIMEOUT_S,
                    registry: dict[str, Endpoint] | None = None,
                    dfk: Any = None) -> TriplesVerifyReport:
    """Run a prepared probe script (``prepare_triples``, possibly edited) and judge it. The
    job goes through the verification session (``maple_flow.verify.session``), the one
    dispatcher of verification jobs."""
    from maple_flow.verify.run import data_flow_kernel
    from maple_flow.verify.session import Session

    job = prepared.job
    with data_flow_kernel(dfk) as kernel:
        session = Session(kernel, timeout_s, registry or load_registry())
        run = session.launch(job.cluster, prepared.script, prepared.files, ranks=job.tasks,
                             nodes=job.nodes)
        prepared = replace(prepared, script=run.script)
        if run.why:
            return _unverified(prepared, run.kind, run.why)
        try:
            raw: dict[str, Any] = run.future.result(timeout=session.wait_s(job.cluster))
        except Exception as exc:  # the app failed on the endpoint, or no answer in time
            return _unverified(prepared, run.kind,
                               f"the endpoint failed: {type(exc).__name__}: {exc}")
    return judge(raw, prepared, run.kind)
