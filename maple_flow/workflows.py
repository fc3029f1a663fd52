"""Workflows at scale: many scripts to many clusters in one batch, and the revalidation of
every template on every cluster (run nightly by workflows/nightly.sh).

Both render centrally and verify every job in one concurrent ``verify_many`` batch, so a
batch costs the time of its slowest wave, not the sum of its jobs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from maple_flow.clusters import all_profiles, resolve_cluster
from maple_flow.generate import generate_from_spec
from maple_flow.models import SETUPS, Framework, JobSpec, Strategy
from maple_flow.port import PortResult, port
from maple_flow.reports.matrix import Cell
from maple_flow.verify import VerifyTarget, verify_many
from maple_flow.verify.run import DEFAULT_TIMEOUT_S, Progress


@dataclass
class BatchResult:
    """Ported scripts per source script and target cluster, and the wall time."""

    results: dict[str, dict[str, PortResult]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    wall_s: float = 0.0


def batch_port(scripts: dict[str, str], targets: list[str], *, verify: bool = False,
               timeout_s: float = DEFAULT_TIMEOUT_S, progress: Progress | None = None,
               **overrides: Any) -> BatchResult:
    """Port every script to every target; with ``verify`` all jobs run in one batch.

    A script that cannot be parsed is reported in ``errors`` and the others go on.
    """
    from maple_flow.errors import MapleError

    start = time.monotonic()
    batch = BatchResult()
    for name, text in scripts.items():
        try:
            batch.results[name] = port(text, targets, **overrides)
        except MapleError as exc:
            batch.errors[name] = str(exc)
    if verify:
        flat = [r for per in batch.results.values() for r in per.values()
                if r.status != "refused"]
        reports = verify_many([VerifyTarget.from_spec(r.script, r.spec) for r in flat],
                              timeout_s=timeout_s, progress=progress)
        for result, report in zip(flat, reports, strict=True):
            result.status, result.report = report.status, report
    batch.wall_s = time.monotonic() - start
    return batch


def matrix_targets(clusters: list[str], setups: list[tuple[Framework, Strategy]],
                   nodes: int = 2) -> list[VerifyTarget]:
    """One target per cluster x setup: its template for ``nodes`` nodes with every GPU."""
    targets = []
    for cluster in clusters:
        profile = all_profiles()[resolve_cluster(cluster)]
        for framework, strategy in setups:
            spec = JobSpec(cluster=profile.id, framework=framework, strategy=strategy,
                           nodes=nodes, gpus_per_node=profile.gpu.per_node,
                           entrypoint="train.py", args=["--epochs", "1"], walltime="00:10:00")
            targets.append(VerifyTarget.from_spec(generate_from_spec(spec).script, spec))
    return targets


def revalidate(clusters: list[str] | None = None,
               setups: list[tuple[Framework, Strategy]] | None = None, *,
               timeout_s: float = 600.0, progress: Progress | None = None) -> list[Cell]:
    """Verify every template (cluster x setup) on its endpoint; one Cell per template."""
    targets = matrix_targets(clusters or list(all_profiles()), setups or list(SETUPS))
    reports = verify_many(targets, timeout_s=timeout_s, progress=progress)
    return [Cell(t.cluster, (t.framework, t.strategy), r.status, r.elapsed_s,
                 t.spec.ranks if t.spec else 0, "; ".join(r.reasons)[:300])
            for t, r in zip(targets, reports, strict=True)]
