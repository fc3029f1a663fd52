"""Run verification jobs as Parsl apps, one executor per target cluster."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, cast

from maple_flow.clusters import get_profile, resolve_cluster
from maple_flow.endpoints import Endpoint, load_registry
from maple_flow.errors import MapleError, api_boundary
from maple_flow.models import Framework, JobSpec, Strategy
from maple_flow.verify.budget import TWIN_MAX_RANKS
from maple_flow.verify.decide import decide
from maple_flow.verify.executors import EndpointUnavailable, make_executor, parsl_config
from maple_flow.verify.jobs import run_job
from maple_flow.verify.prepare import Prepared, prepare
from maple_flow.verify.report import VerifyReport, unverified

DEFAULT_TIMEOUT_S = 300.0
#: Time allowed beyond the job's own timeout for staging, submission and transfer.
GRACE_S = 60.0


@dataclass
class VerifyTarget:
    """One script to verify on one cluster."""

    cluster: str
    script: str
    entrypoint: str
    module: bool = False
    framework: Framework = "pytorch"
    strategy: Strategy = "ddp"
    spec: JobSpec | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_spec(cls, script: str, spec: JobSpec) -> VerifyTarget:
        """A target for a script maple_flow rendered from ``spec``."""
        return cls(spec.cluster, script, spec.entrypoint, spec.module, spec.framework,
                   spec.strategy, spec)


    @classmethod
    def from_script(cls, script: str, cluster: str, *, entrypoint: str | None = None,
                    framework: Framework | None = None,
                    strategy: Strategy | None = None) -> VerifyTarget:
        """A target for any script: program and setup are read from its launch line."""
        from maple_flow.scriptparse import parse_script, read_facts

        facts = read_facts(parse_script(script))
        setup = cast(tuple[Framework, Strategy], (facts.framework, facts.strategy))
        return cls(cluster, script, entrypoint or facts.entrypoint,
                   facts.module and entrypoint is None,
                   framework or setup[0], strategy or setup[1])


Progress = Callable[[str, VerifyReport], None]


def _prepare(target: VerifyTarget) -> Prepared:
    return prepare(target.script, target.cluster, entrypoint=target.entrypoint,
                   module=target.module, framework=target.framework,
                   strategy=target.strategy, spec=target.spec)


def _twin_account(job: Prepared) -> Prepared:
    """On the twin, an account placeholder becomes the profile's example account.

    A real cluster rejects the placeholder (the user must give an account); the twin checks
    the account's format, so it gets a well-formed one.
    """
    account = get_profile(job.cluster).account
    return replace(job, script=job.script.replace(account.placeholder, account.example))


def _bring_up_twin(clusters: list[str]) -> dict[str, str]:
    """Start the twin personalities needed; failures make those clusters unverified."""
    if not clusters:
        return {}
    try:
        from maple_flow.twin import Twin

        Twin().up(clusters)
    except MapleError as exc:
        return {c: f"the local twin could not start: {exc}" for c in clusters}
    return {}


def _executors(clusters: list[str], registry: dict[str, Endpoint],
               sdk_executors: dict[str, Any]) -> tuple[list[Any], dict[str, str]]:
    executors, down = [], {}
    for cluster in clusters:
        try:
            executors.append(make_executor(cluster, registry[cluster], sdk_executors.get(cluster)))
        except EndpointUnavailable as exc:
            down[cluster] = str(exc)
    return executors, down


def _submit_all(jobs: dict[int, Prepared], registry: dict[str, Endpoint],
                timeout_s: float) -> dict[int, concurrent.futures.Future[Any]]:
    from parsl import python_app

    futures: dict[int, concurrent.futures.Future[Any]] = {}
    for i, job in jobs.items():
        endpoint = registry[job.cluster]
        app = python_app(run_job, executors=[job.cluster])
        futures[i] = app(endpoint.type, job.cluster, job.scheduler, job.script, job.files,
                         timeout_s, endpoint.workdir, job.expected.world_size)
    return futures


def _collect(targets: list[VerifyTarget], jobs: dict[int, Prepared],
             futures: dict[int, concurrent.futures.Future[Any]], registry: dict[str, Endpoint],
             timeout_s: float, progress: Progress | None) -> dict[int, VerifyReport]:
    reports: dict[int, VerifyReport] = {}
    index = {f: i for i, f in futures.items()}
    twin_ranks = sum(min(j.expected.world_size, TWIN_MAX_RANKS) for j in jobs.values()
                     if registry[j.cluster].type == "twin")
    waves = max(1, -(-twin_ranks // TWIN_MAX_RANKS))
    done = concurrent.futures.as_completed(list(futures.values()),
                                           timeout=timeout_s * waves + GRACE_S)
    try:
        for future in done:
            i = index[future]
            job, kind = jobs[i], registry[jobs[i].cluster].type
            try:
                reports[i] = decide(job.cluster, kind, future.result(), job.expected, job.script)
            except Exception as exc:  # the app itself failed on the endpoint
                reason = f"the endpoint failed: {exc}"
                reports[i] = unverified(job.cluster, kind, reason, job.script)
            if progress:
                progress(targets[i].cluster, reports[i])
    except concurrent.futures.TimeoutError:
        for i, job in jobs.items():
            if i not in reports:
                reports[i] = unverified(job.cluster, registry[job.cluster].type,
                                        "no answer from the endpoint in time", job.script)
                if progress:
                    progress(targets[i].cluster, reports[i])
    return reports


def verify_many(targets: list[VerifyTarget], *, timeout_s: float = DEFAULT_TIMEOUT_S,
                registry: dict[str, Endpoint] | None = None,
                sdk_executors: dict[str, Any] | None = None,
                progress: Progress | None = None) -> list[VerifyReport]:
    """Verify every target concurrently; reports come back in the targets' order."""
    import parsl

    registry = registry or load_registry()
    for t in targets:
        t.cluster = resolve_cluster(t.cluster)
    jobs = {i: _prepare(t) for i, t in enumerate(targets)}
    jobs = {i: _twin_account(j) if registry[j.cluster].type == "twin" else j
            for i, j in jobs.items()}
    clusters = sorted({t.cluster for t in targets})
    down = _bring_up_twin([c for c in clusters if registry[c].type == "twin"])
    executors, unreachable = _executors([c for c in clusters if c not in down], registry,
                                        sdk_executors or {})
    down.update(unreachable)
    reports = {i: unverified(j.cluster, registry[j.cluster].type, down[j.cluster], j.script)
               for i, j in jobs.items() if j.cluster in down}
    if progress:
        for i, report in reports.items():
            progress(targets[i].cluster, report)
    live = {i: j for i, j in jobs.items() if j.cluster not in down}
    if live:
        with parsl.load(parsl_config(executors)):
            futures = _submit_all(live, registry, timeout_s)
            reports.update(_collect(targets, live, futures, registry, timeout_s, progress))
        parsl.clear()
    return [reports[i] for i in range(len(targets))]


@api_boundary
def verify(script: str, cluster: str, *, entrypoint: str, module: bool = False,
           framework: Framework = "pytorch", strategy: Strategy = "ddp",
           spec: JobSpec | None = None, timeout_s: float = DEFAULT_TIMEOUT_S,
           registry: dict[str, Endpoint] | None = None) -> VerifyReport:
    """Verify one script on one cluster (see ``verify_many``)."""
    target = VerifyTarget(cluster, script, entrypoint, module, framework, strategy, spec)
    return verify_many([target], timeout_s=timeout_s, registry=registry)[0]
