"""One verification session: a DataFlowKernel with one executor per cluster, to which
verifications are submitted one at a time and whose futures a caller can chain on. It is the
one dispatcher of verification jobs: DDP mini-app jobs (``submit``) and triples probe jobs
(``launch``, from ``maple_flow.triples.verify``) go through it.

``verify_many`` submits a batch and waits for all of it; a session lets each target's chain
(verify, repair, verify again...) go on as soon as its own job is back, so a slow target
never holds the others back (``maple_flow.workflows.pipeline``).
"""

from __future__ import annotations

import concurrent.futures
from dataclasses import dataclass, field, replace
from typing import Any

from maple_flow.endpoints import Endpoint, EndpointError, load_registry
from maple_flow.knowledge.clusters import get_profile, resolve_cluster
from maple_flow.verify.budget import twin_capacity
from maple_flow.verify.decide import decide
from maple_flow.verify.prepare import Prepared, prepare
from maple_flow.verify.report import VerifyReport, unverified
from maple_flow.verify.run import (
    GRACE_S,
    VerifyTarget,
    bring_up_twin,
    cluster_executors,
    poll_interval_s,
    twin_account,
)
from maple_flow.verify.workdir import job_workdir


@dataclass(frozen=True)
class Submitted:
    """A verification in flight: the app's future (raw result) and how to read it, or the
    report already known (the target could not be run)."""

    cluster: str
    kind: str
    prepared: Prepared | None = None
    future: Any = None
    report: VerifyReport | None = None

    def read(self, raw: dict[str, Any]) -> VerifyReport:
        """The report of the finished app's ``raw`` result."""
        assert self.prepared is not None
        p = self.prepared
        return decide(p.cluster, self.kind, raw, p.expected, p.script,
                      get_profile(p.cluster).fabric)

    def failed(self, exc: BaseException) -> VerifyReport:
        """The report when the app itself failed on the endpoint (never a failure of the
        script: unverified)."""
        script = self.prepared.script if self.prepared else ""
        return unverified(self.cluster, self.kind, f"the endpoint failed: {exc}", script)


@dataclass(frozen=True)
class Launched:
    """A job handed to its cluster's executor: the script as it runs there (the twin gets a
    well-formed account) and the app's future (raw result), or why it could not run."""

    cluster: str
    kind: str
    script: str
    future: Any = None
    why: str | None = None


@dataclass
class Session:
    """Executors on ``kernel`` for the clusters named in ``open``; ``submit`` runs one job."""

    kernel: Any
    timeout_s: float
    registry: dict[str, Endpoint] = field(default_factory=load_registry)
    sdk_executors: dict[str, Any] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    down: dict[str, str] = field(default_factory=dict)

    def open(self, clusters: list[str]) -> None:
        """Bring up the twin personalities and add one executor per cluster (once each)."""
        new = sorted({resolve_cluster(c) for c in clusters} - set(self.labels) - set(self.down))
        twin = [c for c in new if self.registry[c].type == "twin"]
        self.down.update(bring_up_twin(twin))
        executors, labels, unreachable = cluster_executors(
            [c for c in new if c not in self.down], self.registry, self.sdk_executors,
            set(self.kernel.executors))
        self.down.update(unreachable)
        self.labels.update(labels)
        if executors:
            self.kernel.add_executors(list(executors.values()))

    def launch(self, cluster: str, script: str, files: dict[str, str], *, ranks: int,
               nodes: int) -> Launched:
        """Start ``script`` (with ``files`` staged beside it, starting ``ranks`` ranks on
        ``nodes`` nodes) on ``cluster``'s executor; why not when it cannot run there."""
        from parsl import python_app

        from maple_flow.verify.jobs import run_job

        cluster = resolve_cluster(cluster)
        endpoint = self.registry[cluster]
        kind = endpoint.type
        if kind == "twin":
            script = twin_account(script, cluster)
        self.open([cluster])
        why = self.down.get(cluster) or (twin_capacity(cluster, nodes) if kind == "twin"
                                         else None)
        profile = get_profile(cluster)
        try:
            workdir = job_workdir(endpoint, profile, script)
        except EndpointError as exc:
            why = why or str(exc)
        if why:
            return Launched(cluster, kind, script, why=why)
        app = python_app(run_job, executors=[self.labels[cluster]],
                         data_flow_kernel=self.kernel)
        future = app(kind, cluster, profile.scheduler, script, files, self.timeout_s, workdir,
                     ranks, endpoint.on_timeout, poll_interval_s(cluster, endpoint))
        return Launched(cluster, kind, script, future=future)

    def wait_s(self, cluster: str) -> float:
        """How long to wait for one job's answer on ``cluster``: its timeout, a poll, grace."""
        cluster = resolve_cluster(cluster)
        return self.timeout_s + poll_interval_s(cluster, self.registry[cluster]) + GRACE_S

    def submit(self, target: VerifyTarget) -> Submitted:
        """Start verifying ``target`` (its mini-app job) on its cluster's executor."""
        p = prepare(target.script, resolve_cluster(target.cluster), entrypoint=target.entrypoint,
                    module=target.module, framework=target.framework,
                    strategy=target.strategy, spec=target.spec)
        run = self.launch(p.cluster, p.script, p.files, ranks=p.expected.world_size,
                          nodes=p.expected.nodes)
        p = replace(p, script=run.script)
        if run.why:
            return Submitted(run.cluster, run.kind, p,
                             report=unverified(run.cluster, run.kind, run.why, p.script))
        return Submitted(run.cluster, run.kind, p, future=run.future)


def done(value: Any) -> concurrent.futures.Future[Any]:
    """A future that already holds ``value``."""
    future: concurrent.futures.Future[Any] = concurrent.futures.Future()
    future.set_result(value)
    return future
