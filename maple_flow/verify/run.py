"""Run verification jobs as Parsl apps, one executor per target cluster."""

from __future__ import annotations

import concurrent.futures
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, cast

from maple_flow.endpoints import Endpoint, EndpointError, load_registry
from maple_flow.errors import MapleError, api_boundary
from maple_flow.knowledge.clusters import get_profile, resolve_cluster
from maple_flow.models import Framework, JobSpec, Strategy
from maple_flow.verify.budget import TWIN_MAX_RANKS, twin_capacity
from maple_flow.verify.decide import decide
from maple_flow.verify.executors import EndpointUnavailable, make_executor, parsl_config
from maple_flow.verify.jobs import POLL_S, run_job
from maple_flow.verify.prepare import Prepared, prepare
from maple_flow.verify.report import VerifyReport, unverified
from maple_flow.verify.workdir import job_workdir

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


def twin_account(script: str, cluster: str) -> str:
    """``script`` for the twin: an account placeholder becomes the profile's example account.

    A real cluster rejects the placeholder (the user must give an account); the twin checks
    the account's format, so it gets a well-formed one.
    """
    account = get_profile(cluster).account
    return script.replace(account.placeholder, account.example)


def bring_up_twin(clusters: list[str]) -> dict[str, str]:
    """Start the twin personalities needed; failures make those clusters unverified."""
    if not clusters:
        return {}
    try:
        from maple_flow.twin import Twin

        Twin().up(clusters)
    except MapleError as exc:
        return {c: f"the local twin could not start: {exc}" for c in clusters}
    return {}


def poll_interval_s(cluster: str, endpoint: Endpoint) -> float:
    if endpoint.poll_s:
        return endpoint.poll_s
    verification = get_profile(cluster).verification
    return verification.poll_s if verification and endpoint.type != "twin" else POLL_S


@dataclass(frozen=True)
class _Job:
    """A prepared job with where and how it runs (plain data for the Parsl app)."""

    prepared: Prepared
    endpoint: Endpoint
    workdir: str | None
    label: str


def cluster_executors(clusters: list[str], registry: dict[str, Endpoint],
                      sdk_executors: dict[str, Any], taken: set[str]
                      ) -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
    """New executors by label, the label per cluster, and the clusters that cannot be used.

    An executor of the same kind already in the DataFlowKernel (``taken``, e.g. from an
    earlier call in the same Parsl program) is reused, except when the caller hands over a
    new SDK executor for that cluster: that one gets a fresh label.
    """
    executors: dict[str, Any] = {}
    labels: dict[str, str] = {}
    down: dict[str, str] = {}
    for cluster in clusters:
        endpoint = registry[cluster]
        label = f"maple-{cluster}-{endpoint.type}"
        if cluster in sdk_executors:
            label = f"{label}-{uuid.uuid4().hex[:8]}"
        elif label in taken:
            labels[cluster] = label
            continue
        try:
            executors[label] = make_executor(label, endpoint, sdk_executors.get(cluster))
        except EndpointUnavailable as exc:
            down[cluster] = str(exc)
            continue
        labels[cluster] = label
    return executors, labels, down


def _submit_all(jobs: dict[int, _Job], timeout_s: float,
                dfk: Any) -> dict[int, concurrent.futures.Future[Any]]:
    from parsl import python_app

    futures: dict[int, concurrent.futures.Future[Any]] = {}
    for i, job in jobs.items():
        p, endpoint = job.prepared, job.endpoint
        app = python_app(run_job, executors=[job.label], data_flow_kernel=dfk)
        futures[i] = app(endpoint.type, p.cluster, p.scheduler, p.script, p.files, timeout_s,
                         job.workdir, p.expected.world_size, endpoint.on_timeout,
                         poll_interval_s(p.cluster, endpoint))
    return futures


def _collect(targets: list[VerifyTarget], jobs: dict[int, _Job],
             futures: dict[int, concurrent.futures.Future[Any]],
             timeout_s: float, progress: Progress | None) -> dict[int, VerifyReport]:
    reports: dict[int, VerifyReport] = {}
    index = {f: i for i, f in futures.items()}
    twin_ranks = sum(min(j.prepared.expected.world_size, TWIN_MAX_RANKS) for j in jobs.values()
                     if j.endpoint.type == "twin")
    waves = max(1, -(-twin_ranks // TWIN_MAX_RANKS))
    polls = max((poll_interval_s(j.prepared.cluster, j.endpoint) for j in jobs.values()), default=0)
    done = concurrent.futures.as_completed(list(futures.values()),
                                           timeout=timeout_s * waves + polls + GRACE_S)
    try:
        for future in done:
            i = index[future]
            p, kind = jobs[i].prepared, jobs[i].endpoint.type
            try:
                reports[i] = decide(p.cluster, kind, future.result(), p.expected, p.script,
                                    get_profile(p.cluster).fabric)
            except Exception as exc:  # the app itself failed on the endpoint
                reason = f"the endpoint failed: {exc}"
                reports[i] = unverified(p.cluster, kind, reason, p.script)
            if progress:
                progress(targets[i].cluster, reports[i])
    except concurrent.futures.TimeoutError:
        for i, job in jobs.items():
            if i not in reports:
                reports[i] = unverified(job.prepared.cluster, job.endpoint.type,
                                        "no answer from the endpoint in time", job.prepared.script)
                if progress:
                    progress(targets[i].cluster, reports[i])
    return reports


def _locate(jobs: dict[int, Prepared], registry: dict[str, Endpoint]
            ) -> tuple[dict[int, str | None], dict[int, str]]:
    """Each job's shared workdir, and the jobs that have none (why)."""
    workdirs: dict[int, str | None] = {}
    missing: dict[int, str] = {}
    for i, job in jobs.items():
        try:
            workdirs[i] = job_workdir(registry[job.cluster], get_profile(job.cluster), job.script)
        except EndpointError as exc:
            missing[i] = str(exc)
    return workdirs, missing


def _beyond_twin(jobs: dict[int, Prepared], registry: dict[str, Endpoint]) -> dict[int, str]:
    """The twin jobs the twin cannot verify (too many nodes), with why."""
    return {i: why for i, job in jobs.items() if registry[job.cluster].type == "twin"
            and (why := twin_capacity(job.cluster, job.expected.nodes))}


@contextmanager
def data_flow_kernel(dfk: Any) -> Iterator[Any]:
    """The DataFlowKernel to run on: the caller's, else the one the program has loaded,
    else a private one (never loaded globally), cleaned up afterwards."""
    from parsl.dataflow.dflow import DataFlowKernel
    from parsl.errors import NoDataFlowKernelError

    if dfk is None:
        import parsl

        try:
            dfk = parsl.dfk()
        except NoDataFlowKernelError:
            dfk = None
    if dfk is not None:
        yield dfk
        return
    own = DataFlowKernel(parsl_config([]))
    try:
        yield own
    finally:
        own.cleanup()


def verify_many(targets: list[VerifyTarget], *, timeout_s: float = DEFAULT_TIMEOUT_S,
                registry: dict[str, Endpoint] | None = None,
                sdk_executors: dict[str, Any] | None = None,
                progress: Progress | None = None, dfk: Any = None) -> list[VerifyReport]:
    """Verify every target concurrently; reports come back in the targets' order.

    Runs inside a Parsl program too: ``dfk`` (or, without it, the DataFlowKernel the
    program has loaded) gets maple_flow's executors added and is left running; with none
    loaded, a private DataFlowKernel is used and cleaned up. The global one is never loaded
    or cleared here. ``sdk_executors`` maps a cluster to a ``globus_compute_sdk.Executor``
    to use for its Globus Compute endpoint (tests pass a stand-in at that boundary).
    """
    registry = registry or load_registry()
    for t in targets:
        t.cluster = resolve_cluster(t.cluster)
    prepared = {i: _prepare(t) for i, t in enumerate(targets)}
    prepared = {i: replace(j, script=twin_account(j.script, j.cluster))
                if registry[j.cluster].type == "twin" else j
                for i, j in prepared.items()}
    workdirs, no_folder = _locate(prepared, registry)
    no_folder.update(_beyond_twin(prepared, registry))
    clusters = sorted({j.cluster for i, j in prepared.items() if i not in no_folder})
    down = bring_up_twin([c for c in clusters if registry[c].type == "twin"])
    reports = {i: unverified(prepared[i].cluster, registry[prepared[i].cluster].type, why,
                             prepared[i].script) for i, why in no_folder.items()}
    with data_flow_kernel(dfk) as kernel:
        executors, labels, unreachable = cluster_executors(
            [c for c in clusters if c not in down], registry, sdk_executors or {},
            set(kernel.executors))
        down.update(unreachable)
        reports.update({i: unverified(j.cluster, registry[j.cluster].type, down[j.cluster],
                                      j.script)
                        for i, j in prepared.items() if j.cluster in down})
        if progress:
            for i, report in reports.items():
                progress(targets[i].cluster, report)
        live = {i: _Job(j, registry[j.cluster], workdirs[i], labels[j.cluster])
                for i, j in prepared.items() if i not in reports}
        if live:
            kernel.add_executors(list(executors.values()))
            futures = _submit_all(live, timeout_s, kernel)
            reports.update(_collect(targets, live, futures, timeout_s, progress))
    return [reports[i] for i in range(len(targets))]


@api_boundary
def verify(script: str, cluster: str, *, entrypoint: str, module: bool = False,
           framework: Framework = "pytorch", strategy: Strategy = "ddp",
           spec: JobSpec | None = None, timeout_s: float = DEFAULT_TIMEOUT_S,
           registry: dict[str, Endpoint] | None = None, dfk: Any = None) -> VerifyReport:
    """Verify one script on one cluster (see ``verify_many``)."""
    target = VerifyTarget(cluster, script, entrypoint, module, framework, strategy, spec)
    return verify_many([target], timeout_s=timeout_s, registry=registry, dfk=dfk)[0]
