"""Workflows at scale: many scripts to many clusters in one batch (``maple batch``), and the
targets of the revalidation matrix (``matrix_targets``, run by ``workflows.revalidate``).

A batch ports in worker processes, one per core (``workflows.batchpool``: consecutive chunks
of its scripts, each chunk's ports linted in a few shellcheck runs; a small batch in this
process), the results in the scripts' order; with verification every pair is its own chain of
the pipeline (``workflows.pipeline``: verify, repair, learn), all concurrent on one
DataFlowKernel.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from maple_flow.errors import MapleError, ParseError, UnknownCluster, api_boundary
from maple_flow.generate import generate_from_spec
from maple_flow.knowledge.clusters import all_profiles, resolve_cluster
from maple_flow.lint import linting_ahead
from maple_flow.models import Framework, JobSpec, Strategy
from maple_flow.port.api import PortResult, port
from maple_flow.port.shell_check import parsing_session
from maple_flow.verify import VerifyTarget
from maple_flow.verify.run import DEFAULT_TIMEOUT_S, Progress
from maple_flow.workflows.batchdir import Manifest, Pair, sha256_text, unique_names
from maple_flow.workflows.batchlog import BatchLog
from maple_flow.workflows.batchpool import map_chunks, pool_size

if TYPE_CHECKING:
    from maple_flow.store import TemplateStore


@dataclass
class BatchResult:
    """Ported scripts per source script and target cluster, and the wall time.

    ``errors`` holds, per script and cluster, why that pair could not be ported (each pair's
    failure is its own; the batch goes on). ``resumed`` lists, per script, the clusters an
    earlier run into the same output folder had already finished (not redone). ``sources``
    maps each script's name to the file it came from (when read from files).
    """

    results: dict[str, dict[str, PortResult]] = field(default_factory=dict)
    errors: dict[str, dict[str, str]] = field(default_factory=dict)
    resumed: dict[str, dict[str, str]] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    #: The batch's run id in the template store's ``batch_runs`` (when a store was given).
    store_run: str | None = None
    wall_s: float = 0.0

    @property
    def pairs_failed(self) -> int:
        """Pairs that could not be ported, plus verified runs that did not pass."""
        bad = sum(len(e) for e in self.errors.values())
        bad += sum(s in {"failed", "unverified"} for per in self.resumed.values()
                   for s in per.values())
        return bad + sum(r.status in {"failed", "unverified"}
                         for per in self.results.values() for r in per.values())

    def merge(self, part: BatchResult) -> None:
        """Add the results and errors of ``part`` (other scripts' ports), in its order."""
        for name, results in part.results.items():
            self.results.setdefault(name, {}).update(results)
        for name, errors in part.errors.items():
            self.errors.setdefault(name, {}).update(errors)


#: One script to port: its name, its text and the clusters to port it to.
Job = tuple[str, str, list[str]]


def _port_jobs(jobs: list[Job], overrides: dict[str, Any]) -> BatchResult:
    """Port each job's script to its clusters, in order, the ports linted in a few shellcheck
    runs (``linting_ahead``) and given their shellcheck notes, each port's shell check read by
    one bash (``parsing_session``)."""
    batch = BatchResult()
    with linting_ahead() as ahead, parsing_session():
        for name, text, clusters in jobs:
            _port_script(batch, name, text, clusters, overrides)
        ahead.finish()
        _add_lint_notes(batch)
    return batch


def _port_jobs_in_worker(jobs: list[Job], overrides: dict[str, Any],
                         store_path: Path | None) -> BatchResult:
    """``_port_jobs`` in a worker process: the template store (a port only reads it) is
    opened there, read-only, from its path (a connection is not shared across a fork)."""
    if store_path is not None:
        overrides = {**overrides, "store": _worker_store(store_path)}
    return _port_jobs(jobs, overrides)


@lru_cache(maxsize=4)
def _worker_store(path: Path) -> TemplateStore:
    from maple_flow.store import TemplateStore

    return TemplateStore.open(path, readonly=True)


def _ported(jobs: list[Job], overrides: dict[str, Any],
            workers: int | None) -> Iterator[tuple[list[Job], BatchResult]]:
    """Each consecutive chunk of ``jobs`` with its ports, in order: done by worker processes
    (one per core) for a batch big enough to gain from them, else here in one chunk."""
    n = pool_size(sum(len(clusters) for _, _, clusters in jobs), workers)
    if n <= 1:
        yield from map_chunks(partial(_port_jobs, overrides=overrides), jobs, 1)
        return
    store = overrides.get("store")
    work = partial(_port_jobs_in_worker,
                   overrides={k: v for k, v in overrides.items() if k != "store"},
                   store_path=store.path if store is not None else None)
    yield from map_chunks(work, jobs, n)


def _port_script(batch: BatchResult, name: str, text: str, clusters: list[str],
                 overrides: dict[str, Any]) -> None:
    """Port one script to several clusters, reading it once; when that raises, each cluster
    alone (so each pair gets its own result or error, as ``_port_pair`` records them)."""
    if not clusters:
        return
    try:
        results = port(text, clusters, **overrides)
    except MapleError:
        for cluster in clusters:
            _port_pair(batch, name, text, cluster, overrides)
        return
    for cluster in clusters:
        _record(batch, name, cluster, results[cluster])


def _port_pair(batch: BatchResult, name: str, text: str, cluster: str,
               overrides: dict[str, Any]) -> None:
    """Port one script to one cluster; a failure, or a port the target's rules refuse, is
    recorded in ``batch.errors`` (nothing is written or verified for it)."""
    try:
        result = port(text, [cluster], **overrides)[cluster]
    except MapleError as exc:
        batch.errors.setdefault(name, {})[cluster] = str(exc)
        return
    _record(batch, name, cluster, result)


def _record(batch: BatchResult, name: str, cluster: str, result: PortResult) -> None:
    """``result`` in ``batch.results``, or, refused by the target's rules, in ``batch.errors``."""
    if result.status == "refused":
        why = result.notes[0] if result.notes else "the target's rules refuse it"
        batch.errors.setdefault(name, {})[cluster] = f"refused: {why}"
        return
    batch.results.setdefault(name, {})[cluster] = result


def _add_lint_notes(batch: BatchResult) -> None:
    """The shellcheck notes each port gets, from the batch's shellcheck runs (inside
    ``linting_ahead``, after ``finish``): the very notes port() ends with when it lints alone."""
    from maple_flow.port.api import _shellcheck_notes

    for per in batch.results.values():
        for result in per.values():
            result.notes += _shellcheck_notes(result.script, result.spec, result.template_id)


#: Makes a progress callback for a given number of verification jobs.
ProgressFactory = Callable[[int], Progress]


def _verify_all(batch: BatchResult, timeout_s: float, progress: Progress | None,
                factory: ProgressFactory | None = None, *, repair: bool = False,
                store: Any = None) -> None:
    """Every ported pair as its own chain of the pipeline (verify, repair, learn), all on
    one DataFlowKernel; every step kept in ``store`` when there is one."""
    from maple_flow.workflows.pipeline import check_results

    flat = [r for per in batch.results.values() for r in per.values()]
    if not flat:
        return
    if progress is None and factory is not None:
        progress = factory(len(flat))
    check_results(flat, repair=repair, store=store, timeout_s=timeout_s, progress=progress)


@api_boundary
def batch_port(scripts: dict[str, str], targets: list[str], *, verify: bool = False,
               timeout_s: float = DEFAULT_TIMEOUT_S, progress: Progress | None = None,
               repair: bool = False, workers: int | None = None,
               **overrides: Any) -> BatchResult:
    """Port every script (name -> text) to every target; with ``verify`` every pair runs as
    its own chain (verify, and with ``repair`` repair and learn), all concurrently. Each
    script x target pair that fails is reported in ``errors`` and the
    others go on. Raises UnknownCluster (before any work) for an unknown or missing target.
    ``workers``: processes that port (default: one per core, 1 for a small batch); the
    results are the same, in the same order, with any number.
    """
    start = time.monotonic()
    clusters = resolve_targets(targets)
    batch = BatchResult()
    jobs = [(name, text, clusters) for name, text in scripts.items()]
    for _, part in _ported(jobs, overrides, workers):
        batch.merge(part)
    if verify:
        _verify_all(batch, timeout_s, progress, repair=repair, store=overrides.get("store"))
    batch.wall_s = time.monotonic() - start
    return batch


def resolve_targets(targets: list[str] | str) -> list[str]:
    """Canonical cluster ids, in order, without repeats; none or an unknown one raises
    UnknownCluster naming the known clusters."""
    from maple_flow.knowledge.clusters import no_target_message

    names = targets.split(",") if isinstance(targets, str) else targets
    ids = list(dict.fromkeys(resolve_cluster(n.strip()) for n in names if n.strip()))
    if not ids:
        raise UnknownCluster(no_target_message())
    return ids


def _read_sources(sources: list[Path], names: dict[str, str], clusters: list[str],
                  batch: BatchResult) -> dict[str, str]:
    """Each readable source's text by path; an unreadable one is an error for every target."""
    texts: dict[str, str] = {}
    for path in sources:
        src, name = str(path), names[str(path)]
        batch.sources[name] = src
        try:
            texts[src] = _read_source(path)
        except MapleError as exc:
            batch.errors[name] = dict.fromkeys(clusters, str(exc))
    return texts


def _read_source(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise ParseError(f"cannot read {path}: {exc.strerror or exc}") from None


@api_boundary
def batch_to_dir(paths: list[Path], targets: list[str] | str, out: Path, *,
                 verify: bool = False, timeout_s: float = DEFAULT_TIMEOUT_S,
                 progress: Progress | None = None,
                 progress_factory: ProgressFactory | None = None, repair: bool = False,
                 workers: int | None = None, **overrides: Any) -> BatchResult:
    """Port script files to every target into the folder ``out``, resumably.

    Every output is written atomically (a whole file or none) under a name unique to its
    source (see ``maple_flow.workflows.batchdir``); ``out/maple-batch.json`` records each pair as it
    finishes, so after an interruption the same call redoes only the unfinished pairs.
    ``progress_factory(n)`` makes the progress callback once the number of jobs left to
    verify is known; ``workers`` as in ``batch_port``.
    """
    start = time.monotonic()
    clusters = resolve_targets(targets)
    out.mkdir(parents=True, exist_ok=True)
    manifest = Manifest.open(out)
    sources = list(dict.fromkeys(p.resolve() for p in paths))
    names = unique_names(sources, manifest.names())
    batch = BatchResult()
    texts = _read_sources(sources, names, clusters, batch)
    log = BatchLog(overrides.get("store"),
                   [(src, sha256_text(t), c) for src, t in texts.items() for c in clusters],
                   {"targets": clusters, "verify": verify, "out": str(out)})
    batch.store_run = log.run_id

    def record(src: str, name: str, sha: str, cluster: str, pair: Pair) -> None:
        manifest.record(src, name, sha, cluster, pair)
        log.mark(src, cluster, pair, out)

    fresh: list[tuple[str, str, str, str]] = []  # source, name, sha, cluster
    jobs: list[Job] = []
    where: dict[str, tuple[str, str]] = {}  # name -> source, sha
    for src, text in texts.items():
        name, sha = names[src], sha256_text(text)
        where[name] = (src, sha)
        todo = []
        for cluster in clusters:
            if manifest.is_done(src, sha, cluster, verify):
                pair = manifest.entries[src].pairs[cluster]
                batch.resumed.setdefault(name, {})[cluster] = pair.status
                log.mark(src, cluster, pair, out)
            else:
                todo.append(cluster)
        jobs.append((name, text, todo))
    for chunk, part in _ported(jobs, overrides, workers):  # each chunk recorded as it is done
        batch.merge(part)
        for name, _, todo in chunk:
            src, sha = where[name]
            for cluster in todo:
                result = part.results.get(name, {}).get(cluster)
                if result is None:
                    record(src, name, sha, cluster, Pair("error", error=part.errors[name][cluster]))
                    continue
                record(src, name, sha, cluster,
                       manifest.write_output(name, cluster, result.script))
                fresh.append((src, name, sha, cluster))
    if verify:
        _verify_all(batch, timeout_s, progress, progress_factory, repair=repair,
                    store=overrides.get("store"))
        for src, name, sha, cluster in fresh:
            result = batch.results[name][cluster]
            pair = manifest.entries[src].pairs[cluster]
            if pair.output_sha256 != sha256_text(result.script):  # repaired: write the new one
                pair = manifest.write_output(name, cluster, result.script)
            pair.status = result.status
            record(src, name, sha, cluster, pair)
    manifest.close()
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
