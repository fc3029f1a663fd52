"""Read the verification mini-apps' report lines and decide whether a launch is verified.

Each rank of a mini-app (``miniapps/*.py``) prints one line
``MAPLE_MINIAPP_REPORT {json}``. ``parse_output`` finds those lines anywhere in a job's
stdout/stderr (launcher prefixes such as ``0: `` or ``[rank0]:`` are fine) and validates them
into ``MiniAppReport`` models; ``assess`` says whether every expected rank reported success with
the expected world size and layout. Pure: no I/O.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

REPORT_PREFIX = "MAPLE_MINIAPP_REPORT "
SETUP_NAMES = ("ddp", "fsdp", "zero3", "accelerate_ddp")


class _Lenient(BaseModel):
    """Report parts: unknown keys are kept (newer mini-apps may add some), values immutable."""

    model_config = ConfigDict(extra="allow", frozen=True)


class CollectiveResult(_Lenient):
    """One collective's outcome on one rank."""

    ok: bool
    value: int | list[int] | None = None
    expected: int | list[int] | None = None


class StepResult(_Lenient):
    """The training step's outcome on one rank."""

    ok: bool
    loss: float | None = None


class Timings(_Lenient):
    """Seconds spent per phase on one rank (None: the phase was not reached)."""

    import_s: float | None = None
    init_s: float | None = None
    collectives_s: float | None = None
    step_s: float | None = None
    perf_s: float | None = None
    total_s: float | None = None


class AllReduceTiming(_Lenient):
    """One all-reduce size: seconds per call and bus bandwidth (nccl-tests' busbw), GB/s."""

    bytes: int
    time_s: float
    busbw_gbs: float


class PerfProbe(_Lenient):
    """A rank's performance probes (miniapps/_perf.py); absent when they did not run."""

    step_s: float | None = None
    step_samples: list[float] = Field(default_factory=list)
    turns: str | None = None
    allreduce: list[AllReduceTiming] = Field(default_factory=list)
    affinity: str | None = Field(default=None, description="CPU list the rank may run on")
    cpus: int | None = Field(default=None, description="CPUs of the rank's node")


class MiniAppReport(_Lenient):
    """One rank's report, as printed by a mini-app."""

    setup: str
    ok: bool
    host: str
    world_size: int | None = None
    rank: int | None = None
    local_rank: int | None = None
    node_rank: int | None = None
    rank_source: str | None = None
    device: str | None = None
    modelled_device: str | None = None
    device_uuid: str | None = None
    backend: str | None = None
    master_addr: str | None = None
    master_port: int | None = None
    collectives: dict[str, CollectiveResult] = Field(default_factory=dict)
    step: StepResult = Field(default_factory=lambda: StepResult(ok=False))
    device_model: dict[str, object] = Field(default_factory=dict)
    timings: Timings = Field(default_factory=Timings)
    env: dict[str, str] = Field(default_factory=dict)
    errors: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    perf: PerfProbe | None = None


class ParsedOutput(BaseModel):
    """Every report found in a text, and the report lines that could not be read."""

    model_config = ConfigDict(frozen=True)

    reports: list[MiniAppReport]
    malformed: list[str] = Field(default_factory=list)


class Assessment(BaseModel):
    """The verdict on a mini-app run: ok only when every check passed; reasons say why not."""

    model_config = ConfigDict(frozen=True)

    ok: bool
    reasons: list[str]
    ranks_reported: list[int] = Field(default_factory=list)
    ranks_per_host: dict[str, int] = Field(default_factory=dict)
    timings_max: dict[str, float] = Field(default_factory=dict)


def parse_output(text: str) -> ParsedOutput:
    """Every ``MAPLE_MINIAPP_REPORT {json}`` in ``text`` (one per rank), in order of appearance."""
    decoder = json.JSONDecoder()
    reports: list[MiniAppReport] = []
    malformed: list[str] = []
    start = text.find(REPORT_PREFIX)
    while start >= 0:
        body = start + len(REPORT_PREFIX)
        try:
            data, _ = decoder.raw_decode(text, body)
            reports.append(MiniAppReport.model_validate(data))
        except (ValueError, ValidationError) as exc:
            snippet = text[start : start + 120].splitlines()[0]
            malformed.append(f"{snippet!r}: {str(exc).splitlines()[0]}")
        start = text.find(REPORT_PREFIX, body)
    return ParsedOutput(reports=reports, malformed=malformed)


def parse_reports(text: str) -> list[MiniAppReport]:
    """The well-formed reports in ``text`` (see ``parse_output`` for the malformed ones too)."""
    return parse_output(text).reports


def _ranks(ranks: Iterable[int]) -> str:
    """'rank 3' or 'ranks 0-3,6'."""
    values = sorted(set(ranks))
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(str(values[i]) if i == j else f"{values[i]}-{values[j]}")
        i = j + 1
    return ("rank " if len(values) == 1 else "ranks ") + ",".join(parts)


def _rank_reasons(by_rank: dict[int, MiniAppReport], world: int) -> list[str]:
    reasons: list[str] = []
    missing = [r for r in range(world) if r not in by_rank]
    if missing:
        reasons.append(f"{_ranks(missing)} missing")
    extra = [r for r in by_rank if not 0 <= r < world]
    if extra:
        reasons.append(f"{_ranks(extra)} outside the expected world size {world}")
    sizes: dict[int | None, list[int]] = defaultdict(list)
    for rank, rep in by_rank.items():
        sizes[rep.world_size].append(rank)
    for size, ranks in sorted(sizes.items(), key=lambda kv: str(kv[0])):
        if size != world:
            reasons.append(f"world size {size} != expected {world} ({_ranks(ranks)})")
    return reasons


def _health_reasons(by_rank: dict[int, MiniAppReport]) -> list[str]:
    """A rank's own errors first (deduplicated across ranks), then what they do not explain."""
    named: list[str] = []
    errors: dict[str, list[int]] = defaultdict(list)
    for rank, rep in sorted(by_rank.items()):
        for err in rep.errors:
            errors[err].append(rank)
        for name in ("allreduce", "allgather"):
            result = rep.collectives.get(name)
            if result is not None and not result.ok:
                named.append(f"collective {name} wrong on rank {rank}")
            elif result is None and not rep.errors:
                named.append(f"collective {name} not run on rank {rank}")
        if not rep.step.ok and not rep.errors:
            named.append(f"training step failed on rank {rank} (loss {rep.step.loss})")
        if not rep.ok and not rep.errors and rep.step.ok and rep.collectives:
            named.append(f"rank {rank} reported not ok")
    return [f"{err} ({_ranks(ranks)})" for err, ranks in errors.items()] + named


def _layout_reasons(
    by_rank: dict[int, MiniAppReport], per_node: int | None, nodes: int | None
) -> tuple[list[str], dict[str, int]]:
    reasons: list[str] = []
    per_host = Counter(rep.host for _, rep in sorted(by_rank.items()))
    if nodes is not None and len(per_host) != nodes:
        reasons.append(f"nodes {len(per_host)} != expected {nodes} ({', '.join(per_host)})")
    if per_node is not None:
        for host, count in per_host.items():
            if count != per_node:
                reasons.append(f"ranks per node {count} != {per_node} (host {host})")
    owner: dict[tuple[str, str], int] = {}
    for rank, rep in sorted(by_rank.items()):
        device = rep.device_uuid or rep.modelled_device  # UUID: real GPUs, maybe remapped
        if device is None:
            continue
        first = owner.setdefault((rep.host, device), rank)
        if first != rank:
            reasons.append(f"ranks {first} and {rank} on host {rep.host} both use device {device}")
    return reasons, dict(per_host)


def assess(
    reports: list[MiniAppReport],
    expected_world_size: int,
    expected_ranks_per_node: int | None = None,
    expected_nodes: int | None = None,
    expected_setup: str | None = None,
) -> Assessment:
    """Verified only when every expected rank reported ok with the expected world and layout.

    Reasons are deduplicated: an error every rank reports is listed once with its ranks.
    """
    if not reports:
        return Assessment(ok=False, reasons=["no mini-app report found in the job output"])
    reasons: list[str] = []
    by_rank: dict[int, MiniAppReport] = {}
    counts = Counter(rep.rank for rep in reports)
    if None in counts:
        reasons.append(f"{counts[None]} report(s) without a rank (the rank env was not read)")
    dups = [r for r, n in counts.items() if r is not None and n > 1]
    if dups:
        reasons.append(f"{_ranks(dups)} reported more than once (ranks launched twice?)")
    for rep in reports:
        if rep.rank is not None:
            by_rank.setdefault(rep.rank, rep)
    setups = sorted({rep.setup for rep in reports})
    if expected_setup is not None and setups != [expected_setup]:
        reasons.append(f"setup {', '.join(setups)} != expected {expected_setup}")
    elif len(setups) > 1:
        reasons.append(f"reports from different mini-apps: {', '.join(setups)}")
    reasons += _rank_reasons(by_rank, expected_world_size)
    reasons += _health_reasons(by_rank)
    layout, per_host = _layout_reasons(by_rank, expected_ranks_per_node, expected_nodes)
    reasons += layout
    reasons = list(dict.fromkeys(reasons))
    timings: dict[str, float] = {}
    for rep in reports:
        for key, value in rep.timings.model_dump().items():
            if isinstance(value, int | float):
                timings[key] = max(timings.get(key, 0.0), float(value))
    return Assessment(
        ok=not reasons,
        reasons=reasons,
        ranks_reported=sorted(by_rank),
        ranks_per_host=per_host,
        timings_max=timings,
    )
