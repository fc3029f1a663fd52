"""One pipeline: a ported or generated script -> verify -> repair (<= N attempts) -> learn.

Each target's chain runs as Parsl futures on ONE DataFlowKernel with one executor per
cluster (``maple_flow.verify.session``): a join app submits the verification, a dependent
join app reads it and, when the repair loop has a new script, submits the next step. A slow
target never holds the others back: every chain advances as soon as its own job is back.
Every verification is kept in the store (``script_verifications``, one row per step), every
repair attempt too (``repair_attempts``, same run id), and a repaired script's site fixes
are learned as a variant (``Loop``). Used by ``port(verify=True, repair=True)``,
``maple port``, ``maple batch`` and ``maple revalidate``.
"""

from __future__ import annotations

import concurrent.futures
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from maple_flow.errors import MapleError
from maple_flow.verify.report import VerifyReport, unverified
from maple_flow.verify.run import GRACE_S, VerifyTarget

if TYPE_CHECKING:
    from maple_flow.endpoints import Endpoint
    from maple_flow.port.api import PortResult
    from maple_flow.repair.loop import Loop, RepairJob, RepairResult
    from maple_flow.store import TemplateStore
    from maple_flow.verify.session import Session, Submitted

Progress = Callable[[str, VerifyReport], None]


@dataclass
class Chain:
    """One script on one cluster: its verifications, its repair, where it ended."""

    target: VerifyTarget
    template_id: str | None = None
    run_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    job: RepairJob | None = None
    reports: list[VerifyReport] = field(default_factory=list)
    repair: RepairResult | None = None
    started: float = 0.0
    elapsed_s: float = 0.0

    @property
    def report(self) -> VerifyReport | None:
        """The last verification."""
        return self.reports[-1] if self.reports else None

    @property
    def status(self) -> str:
        return self.report.status if self.report else "unverified"


def _kept(report: VerifyReport) -> dict[str, Any]:
    return report.model_dump(mode="json", exclude={"script", "stdout", "stderr", "ranks"})


@dataclass
class Pipeline:
    """Runs chains; ``loop`` None verifies only (no repair, nothing learned)."""

    loop: Loop | None = None
    store: TemplateStore | None = None
    timeout_s: float = 300.0
    progress: Progress | None = None
    registry: dict[str, Endpoint] | None = None
    sdk_executors: dict[str, Any] | None = None
    dfk: Any = None
    _session: Session | None = None
    _apps: dict[str, Any] = field(default_factory=dict)
    _deciding: threading.Lock = field(default_factory=threading.Lock)

    def run(self, chains: list[Chain]) -> list[Chain]:
        """Run every chain to its end (concurrently); the chains, filled in."""
        from parsl import join_app

        from maple_flow.endpoints import load_registry
        from maple_flow.repair.loop import RepairJob
        from maple_flow.verify.run import data_flow_kernel
        from maple_flow.verify.session import Session

        if not chains:
            return chains
        with data_flow_kernel(self.dfk) as kernel:
            self._session = Session(kernel, self.timeout_s, self.registry or load_registry(),
                                    dict(self.sdk_executors or {}))
            self._session.open([c.target.cluster for c in chains])
            self._apps = {"step": join_app(data_flow_kernel=kernel)(self._step),
                          "after": join_app(data_flow_kernel=kernel)(self._after)}
            futures = []
            for chain in chains:
                chain.started = time.monotonic()
                if self.loop is not None:
                    chain.job = RepairJob(chain.target, template_id=chain.template_id,
                                          run_id=chain.run_id)
                futures.append(self._apps["step"](chain))
            self._wait(chains, futures)
        return chains

    # -- the chain, as join apps ------------------------------------------------------------
    def _step(self, chain: Chain) -> Any:
        """Submit the chain's current script; its reading follows when the job is back."""
        assert self._session is not None
        submitted = self._session.submit(chain.target)
        if submitted.report is not None:
            return self._next(chain, submitted.report)
        return self._apps["after"](chain, submitted, submitted.future)

    def _after(self, chain: Chain, submitted: Submitted, raw: dict[str, Any]) -> Any:
        return self._next(chain, submitted.read(raw))

    def _next(self, chain: Chain, report: VerifyReport) -> Any:
        """Keep ``report``; the next step's future when the loop has a new script."""
        from maple_flow.verify.session import done

        self._keep(chain, report)
        if self.loop is not None and chain.job is not None:
            with self._deciding:  # one chain decides at a time (model loads, the store)
                again = self.loop.after_verify(chain.job, report)
            if again:
                chain.target = chain.job.target
                return self._apps["step"](chain)
        self._finish(chain)
        return done(chain)

    # -- bookkeeping ------------------------------------------------------------------------
    def _keep(self, chain: Chain, report: VerifyReport) -> None:
        step = len(chain.reports)
        chain.reports.append(report)
        if self.progress:
            self.progress(chain.target.cluster, report)
        if self.store is None:
            return
        from maple_flow.repair.loop import endpoint_name

        self.store.record_script_verification(
            chain.run_id, step, report.cluster or chain.target.cluster, endpoint_name(report),
            report.status, chain.target.script, template_id=chain.template_id,
            reasons=list(report.reasons), report=_kept(report), elapsed_s=report.elapsed_s)

    def _finish(self, chain: Chain) -> None:
        chain.elapsed_s = round(time.monotonic() - chain.started, 3)
        if chain.job is not None:
            chain.repair = chain.job.result

    def _wait(self, chains: list[Chain], futures: list[Any]) -> None:
        attempts = (self.loop.max_attempts if self.loop else 0) + 1
        limit = attempts * (self.timeout_s + GRACE_S) * max(1, len(chains))
        concurrent.futures.wait(futures, timeout=limit)
        for chain, future in zip(chains, futures, strict=True):
            if future.done() and future.exception() is None:
                continue
            why = (f"the endpoint failed: {future.exception()}" if future.done()
                   else "no answer from the endpoint in time")
            report = unverified(chain.target.cluster, "unknown", why, chain.target.script)
            try:
                self._keep(chain, report)
            except MapleError:
                chain.reports.append(report)
            self._finish(chain)


def chains_of(results: list[PortResult]) -> list[Chain]:
    """A chain per ported script that is not refused."""
    return [Chain(VerifyTarget.from_spec(r.script, r.spec), r.template_id)
            for r in results if r.status != "refused"]


def settle(result: PortResult, chain: Chain) -> None:
    """Write a finished chain back into its PortResult (status, report, repaired script)."""
    result.status, result.report = chain.status, chain.report
    rep = chain.repair
    if rep is None:
        return
    result.script = rep.final_script
    if rep.attempts or rep.initial_status == "failed":
        records = ", ".join(a.record_id for a in rep.attempts) or "no fix"
        result.notes.append(f"repair: {rep.status} after {len(rep.attempts)} attempt(s) "
                            f"({records}); {rep.stop_reason}")
    if rep.variant_id:
        result.notes.append(f"learned: the site fixes are kept as variant {rep.variant_id}")


def default_loop(store: TemplateStore | None, max_attempts: int = 5) -> Loop:
    """The repair loop of the library: the knowledge base; the pipeline verifies."""
    from maple_flow.repair.loop import Loop, default_classifier, default_verify

    return Loop(verify=default_verify(), classify=default_classifier(), store=store,
                max_attempts=max_attempts)


def check_results(results: list[PortResult], *, repair: bool = False,
                  store: TemplateStore | None = None, timeout_s: float = 300.0,
                  progress: Progress | None = None, loop: Loop | None = None,
                  **options: Any) -> list[Chain]:
    """Verify (and with ``repair``, repair) every ported script that is not refused, each
    as its own chain; the results are updated in place. ``loop`` replaces the default
    repair loop (the CLI's has a reviewer and progress lines)."""
    live = [r for r in results if r.status != "refused"]
    chains = chains_of(live)
    if repair and loop is None:
        loop = default_loop(store)
    Pipeline(loop if repair else None, store, timeout_s, progress, **options).run(chains)
    for result, chain in zip(live, chains, strict=True):
        settle(result, chain)
    return chains
