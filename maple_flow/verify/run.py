"""Run verification jobs as Parsl apps, one executor per target cluster, through the
verification session (``maple_flow.verify.session``, the one dispatcher)."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from maple_flow.endpoints import Endpoint, load_registry
from maple_flow.errors import MapleError, api_boundary
from maple_flow.knowledge.clusters import resolve_cluster
from maple_flow.models import Framework, JobSpec, Strategy
from maple_flow.verify.budget import TWIN_MAX_RANKS
from maple_flow.verify.prepare import Prepared
from maple_flow.verify.report import VerifyReport, unverified
from maple_flow.verify.session import (
    GRACE_S,
    Session,
    Submitted,
    bring_up_twin,
    cluster_executors,
    data_flow_kernel,
    poll_interval_s,
    prepare_target,
    twin_account,
)

__all__ = ["DEFAULT_TIMEOUT_S", "GRACE_S", "Progress", "VerifyTarget", "bring_up_twin",
           "cluster_executors", "data_flow_kernel", "poll_interval_s", "twin_account",
           "verify", "verify_many"]

DEFAULT_TIMEOUT_S = 300.0


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


def _collect(targets: list[VerifyTarget], jobs: dict[int, Submitted], session: Session,
             progress: Progress | None) -> dict[int, VerifyReport]:
    """The reports of the jobs in flight, as they come back; those not back when the wait
    (the timeout per wave of twin ranks, a poll, grace) ends are unverified."""
    reports: dict[int, VerifyReport] = {}
    index = {j.future: i for i, j in jobs.items()}
    twin_ranks = sum(min(j.prepared.expected.world_size, TWIN_MAX_RANKS)
                     for j in jobs.values() if j.kind == "twin" and j.prepared)
    waves = max(1, -(-twin_ranks // TWIN_MAX_RANKS))
    polls = max((poll_interval_s(j.cluster, session.registry[j.cluster])
                 for j in jobs.values()), default=0)
    done = concurrent.futures.as_completed(list(index),
                                           timeout=session.timeout_s * waves + polls + GRACE_S)
    try:
        for future in done:
            i = index[future]
            try:
                reports[i] = jobs[i].read(future.result())
            except Exception as exc:  # the app itself failed on the endpoint
                reports[i] = jobs[i].failed(exc)
            if progress:
                progress(targets[i].cluster, reports[i])
    except concurrent.futures.TimeoutError:
        for i, job in jobs.items():
            if i not in reports:
                script = job.prepared.script if job.prepared else ""
                reports[i] = unverified(job.cluster, job.kind,
                                        "no answer from the endpoint in time", script)
                if progress:
                    progress(targets[i].cluster, reports[i])
    return reports


def _prepare_all(targets: list[VerifyTarget], registry: dict[str, Endpoint],
                 ) -> tuple[dict[int, Prepared], dict[int, VerifyReport]]:
    """Each target's mini-app job, or (a script the mini-app cannot stand in for: its program
    on no command line, say) an 'unverified' report with the reason: one such target never
    stops the others."""
    prepared: dict[int, Prepared] = {}
    refused: dict[int, VerifyReport] = {}
    for i, t in enumerate(targets):
        try:
            prepared[i] = prepare_target(t)
        except MapleError as exc:
            endpoint = registry.get(t.cluster)
            refused[i] = unverified(t.cluster, endpoint.type if endpoint else "none",
                                    f"the mini-app cannot stand in for the program: {exc}",
                                    t.script)
    return prepared, refused


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
    prepared, refused = _prepare_all(targets, registry)
    with data_flow_kernel(dfk) as kernel:
        session = Session(kernel, timeout_s, registry, dict(sdk_executors or {}))
        runnable = {j.cluster for j in prepared.values()
                    if session.blocked(j.cluster, j.script, j.expected.nodes) is None}
        session.open(sorted(runnable))  # every twin personality at once, one executor each
        jobs = {i: session.submit_prepared(j) for i, j in prepared.items()}
        reports = {**refused, **{i: j.report for i, j in jobs.items() if j.report is not None}}
        if progress:
            for i, report in reports.items():
                progress(targets[i].cluster, report)
        live = {i: j for i, j in jobs.items() if j.report is None}
        if live:
            reports.update(_collect(targets, live, session, progress))
    return [reports[i] for i in range(len(targets))]


@api_boundary
def verify(script: str, cluster: str, *, entrypoint: str, module: bool = False,
           framework: Framework = "pytorch", strategy: Strategy = "ddp",
           spec: JobSpec | None = None, timeout_s: float = DEFAULT_TIMEOUT_S,
           registry: dict[str, Endpoint] | None = None, dfk: Any = None) -> VerifyReport:
    """Verify one script on one cluster (see ``verify_many``)."""
    target = VerifyTarget(cluster, script, entrypoint, module, framework, strategy, spec)
    return verify_many([target], timeout_s=timeout_s, registry=registry, dfk=dfk)[0]
