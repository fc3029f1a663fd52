"""One verification session: a DataFlowKernel with one executor per cluster, to which
verification jobs are submitted one at a time and whose futures a caller can chain on. It is
the one dispatcher of verification jobs: DDP mini-app jobs (``submit``: the pipeline and
``verify_many``) and triples probe jobs (``launch``, from ``maple_flow.triples.verify``).

``verify_many`` submits a batch through a session and waits for all of it; the pipeline
lets each target's chain (verify, repair, verify again...) go on as soon as its own job is
back, so a slow target never holds the others back (``maple_flow.workflows.pipeline``).
"""

from __future__ import annotations

import concurrent.futures
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from maple_flow.endpoints import Endpoint, EndpointError, load_registry
from maple_flow.errors import MapleError
from maple_flow.knowledge.clusters import get_profile, resolve_cluster
from maple_flow.verify.budget import twin_capacity
from maple_flow.verify.decide import decide
from maple_flow.verify.executors import EndpointUnavailable, make_executor, parsl_config
from maple_flow.verify.jobs import POLL_S
from maple_flow.verify.prepare import Prepared, prepare
from maple_flow.verify.report import VerifyReport, unverified
from maple_flow.verify.workdir import job_workdir

if TYPE_CHECKING:
    from maple_flow.verify.run import VerifyTarget

#: Time allowed beyond the job's own timeout for staging, submission and transfer.
GRACE_S = 60.0


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


def prepare_target(target: VerifyTarget) -> Prepared:
    """The mini-app job of ``target`` (its program swapped for the setup's mini-app)."""
    return prepare(target.script, resolve_cluster(target.cluster), entrypoint=target.entrypoint,
                   module=target.module, framework=target.framework,
                   strategy=target.strategy, spec=target.spec)


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

    def blocked(self, cluster: str, script: str, nodes: int) -> str | None:
        """Why a job of ``nodes`` nodes cannot run on ``cluster`` at all (too large for the
        twin, no shared folder on the endpoint), without starting anything; None when it can."""
        endpoint = self.registry[cluster]
        if endpoint.type == "twin" and (why := twin_capacity(cluster, nodes)):
            return why
        try:
            job_workdir(endpoint, get_profile(cluster), script)
        except EndpointError as exc:
            return str(exc)
        return None

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
        why = self.blocked(cluster, script, nodes)
        if why is None:
            self.open([cluster])
            why = self.down.get(cluster)
        if why:
            return Launched(cluster, kind, script, why=why)
        profile = get_profile(cluster)
        app = python_app(run_job, executors=[self.labels[cluster]],
                         data_flow_kernel=self.kernel)
        future = app(kind, cluster, profile.scheduler, script, files, self.timeout_s,
                     job_workdir(endpoint, profile, script), ranks, endpoint.on_timeout,
                     poll_interval_s(cluster, endpoint))
        return Launched(cluster, kind, script, future=future)

    def wait_s(self, cluster: str) -> float:
        """How long to wait for one job's answer on ``cluster``: its timeout, a poll, grace."""
        cluster = resolve_cluster(cluster)
        return self.timeout_s + poll_interval_s(cluster, self.registry[cluster]) + GRACE_S

    def submit(self, target: VerifyTarget) -> Submitted:
        """Start verifying ``target`` (its mini-app job) on its cluster's executor."""
        return self.submit_prepared(prepare_target(target))

    def submit_prepared(self, p: Prepared) -> Submitted:
        """Start a prepared mini-app job on its cluster's executor."""
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
