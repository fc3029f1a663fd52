"""Performance findings of a verification: whether a launch works *well*, beside whether it works.

Pure: from the ranks' probes (``MiniAppReport.perf``, measured by miniapps/_perf.py) and the
target's fabric facts, the findings a person should look at:

- ``slow_node``: a node whose ranks' median step time is ``STRAGGLER_FACTOR`` times the median
  of the other nodes' ranks or more (a throttled GPU, a node whose ranks share few cores);
- ``slow_rank``: the same for one rank against the other ranks, on a node not already named;
- ``shared_cores``: ranks of one node bound to overlapping CPU sets smaller than the node
  (a binding that puts several ranks on the same cores);
- ``slow_link``: on a GPU backend across nodes, an all-reduce bus bandwidth at the largest
  size measured below ``SLOW_LINK_FRACTION`` of the node's injection bandwidth
  (``ClusterProfile.fabric``, with its sources): NCCL falling back to TCP sockets, a missing
  network plugin, a wrong interface.

The reference for a straggler is the median of the *others*, so that in a two-node job the
slow node does not drag its own yardstick up. A verdict keeps its status; ``apply_strict``
turns findings into failure reasons when the user asks for it (``--strict``).
"""

from __future__ import annotations

import bisect
import statistics
from collections import defaultdict
from typing import Literal

from pydantic import BaseModel, ConfigDict

from maple_flow.models.profile import Fabric
from maple_flow.verify.miniapp_report import MiniAppReport

#: A node or rank this many times slower than the median of the others is named.
STRAGGLER_FACTOR = 1.5
#: A link measured below this share of the node's injection bandwidth is named. Large
#: all-reduces on a healthy fabric reach about half of it; a tenth or less is what NCCL's TCP
#: socket fallback gives on these fabrics, the common misconfiguration.
SLOW_LINK_FRACTION = 0.1
GPU_BACKENDS = frozenset({"nccl", "xccl", "ccl"})

FindingKind = Literal["slow_node", "slow_rank", "shared_cores", "slow_link"]


class PerfFinding(BaseModel):
    """One performance finding: its kind, what it names (a node, a rank), and why."""

    model_config = ConfigDict(frozen=True)

    kind: FindingKind
    subject: str
    message: str


def _step(report: MiniAppReport) -> float | None:
    return report.perf.step_s if report.perf is not None else None


def median_without(ordered: list[float], removed: list[float]) -> float | None:
    """The median of the sorted ``ordered`` less one occurrence of each value of ``removed``
    (which it holds), without copying it: O(len(removed)) after the binary searches, so a
    job's thousands of ranks are each compared with the others in O(n log n) overall."""
    gone: list[int] = []
    for value in sorted(removed):
        i = bisect.bisect_left(ordered, value)
        gone.append(max(i, gone[-1] + 1) if gone else i)  # equal values: the next occurrence
    left = len(ordered) - len(gone)
    if left <= 0:
        return None

    def at(position: int) -> float:
        for index in gone:
            if index > position:
                break
            position += 1
        return ordered[position]

    mid = left // 2
    return at(mid) if left % 2 else (at(mid - 1) + at(mid)) / 2


def slow_nodes(reports: list[MiniAppReport], factor: float = STRAGGLER_FACTOR
               ) -> list[PerfFinding]:
    """Nodes whose ranks step ``factor`` times slower than the other nodes' ranks."""
    by_host: dict[str, list[float]] = defaultdict(list)
    for r in reports:
        if (s := _step(r)) is not None:
            by_host[r.host].append(s)
    ordered = sorted(s for steps in by_host.values() for s in steps)
    found: list[PerfFinding] = []
    for host, steps in by_host.items():
        ref = median_without(ordered, steps)
        mine = statistics.median(steps)
        if ref and mine >= factor * ref:
            found.append(PerfFinding(
                kind="slow_node", subject=host,
                message=(f"node {host} is slow: its ranks' median step {mine * 1e3:.2f} ms is "
                         f"{mine / ref:.1f}x the other nodes' {ref * 1e3:.2f} ms")))
    return found


def slow_ranks(reports: list[MiniAppReport], skip_hosts: set[str],
               factor: float = STRAGGLER_FACTOR) -> list[PerfFinding]:
    """Ranks ``factor`` times slower than the others, on nodes not already named slow."""
    steps = {str(r.rank): [s] for r in reports if r.rank is not None
             and (s := _step(r)) is not None}
    hosts = {str(r.rank): r.host for r in reports if r.rank is not None}
    found: list[PerfFinding] = []
    ordered = sorted(s for (s,) in steps.values())
    for rank, (mine,) in sorted(steps.items(), key=lambda kv: int(kv[0])):
        ref = median_without(ordered, [mine])
        if hosts[rank] not in skip_hosts and ref and mine >= factor * ref:
            found.append(PerfFinding(
                kind="slow_rank", subject=f"rank {rank}",
                message=(f"rank {rank} on {hosts[rank]} is slow: step {mine * 1e3:.2f} ms is "
                         f"{mine / ref:.1f}x the other ranks' median {ref * 1e3:.2f} ms")))
    return found


def parse_cpu_list(text: str) -> set[int]:
    """'0-3,8' -> {0, 1, 2, 3, 8} (Linux CPU list syntax); malformed parts are skipped."""
    cpus: set[int] = set()
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        if low.isdigit() and (high.isdigit() or not dash):
            cpus.update(range(int(low), int(high or low) + 1))
    return cpus


def shared_cores(reports: list[MiniAppReport]) -> list[PerfFinding]:
    """Nodes where ranks are bound to overlapping CPU sets smaller than the node."""
    by_host: dict[str, list[tuple[int, set[int], int | None]]] = defaultdict(list)
    for r in reports:
        if r.perf is not None and r.perf.affinity and r.rank is not None:
            by_host[r.host].append((r.rank, parse_cpu_list(r.perf.affinity), r.perf.cpus))
    found: list[PerfFinding] = []
    for host, ranks in sorted(by_host.items()):
        total = ranks[0][2]
        bound = [(rank, cpus) for rank, cpus, _ in ranks if total and len(cpus) < total]
        clash: set[int] = set()
        for i, (rank, cpus) in enumerate(bound):
            clash.update(r for other, ocpus in bound[i + 1:] if cpus & ocpus
                         for r in (rank, other))
        if clash:
            used = set().union(*(cpus for rank, cpus in bound if rank in clash))
            found.append(PerfFinding(
                kind="shared_cores", subject=host,
                message=(f"ranks {', '.join(map(str, sorted(clash)))} on {host} are bound to "
                         f"overlapping cores ({len(used)} of the node's {total} CPUs); "
                         "bind each rank to its own cores (e.g. srun --cpu-bind=cores)")))
    return found


def slow_link(reports: list[MiniAppReport], fabric: Fabric | None,
              fraction: float = SLOW_LINK_FRACTION) -> list[PerfFinding]:
    """The inter-node all-reduce far below the fabric (GPU backends across nodes only)."""
    hosts = {r.host for r in reports}
    backend = next((r.backend for r in reports if r.backend), None)
    if fabric is None or len(hosts) < 2 or backend not in GPU_BACKENDS:
        return []
    largest = [max(r.perf.allreduce, key=lambda a: a.bytes) for r in reports
               if r.perf is not None and r.perf.allreduce]
    if not largest:
        return []
    worst = min(largest, key=lambda a: a.busbw_gbs)
    expected = fabric.node_gbytes_s
    if worst.busbw_gbs >= fraction * expected:
        return []
    return [PerfFinding(
        kind="slow_link", subject=f"{len(hosts)} nodes",
        message=(f"all-reduce of {worst.bytes >> 20} MiB across {len(hosts)} nodes reached "
                 f"{worst.busbw_gbs:.2f} GB/s bus bandwidth, under {fraction:.0%} of the "
                 f"{expected:.0f} GB/s a node's {fabric.nics_per_node}x {fabric.name} "
                 f"({fabric.nic_gbit_s:g} Gb/s each) can carry (sources: "
                 f"{', '.join(fabric.sources)}); check the NCCL network plugin and interface"))]


def perf_findings(reports: list[MiniAppReport], fabric: Fabric | None = None
                  ) -> list[PerfFinding]:
    """Every performance finding of one verification run (none without probes)."""
    nodes = slow_nodes(reports)
    named = {f.subject for f in nodes}
    return [*nodes, *slow_ranks(reports, named), *shared_cores(reports),
            *slow_link(reports, fabric)]
