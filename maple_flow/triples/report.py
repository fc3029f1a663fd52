"""Read the triples probe's report lines and judge a triples run (pure: no I/O).

Each task of ``miniapps/triples_probe.py`` prints ``MAPLE_TRIPLES_REPORT {json}``.
``parse_triples`` finds those lines anywhere in a job's output; ``assess_triples`` checks them
against the layout asked for: every task 0..N-1 reported exactly once and ok, NPPN tasks on
each of NNODE hosts in blocks of NPPN, each task in its slot and on its round-robin device
(so each GPU of a node gets floor or ceil NPPN/G tasks), OMP_NUM_THREADS == NTPP, and the
``{task}`` placeholder substituted with the task's id.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from maple_flow.triples.job import TaskSlot, assign

REPORT_PREFIX = "MAPLE_TRIPLES_REPORT "


class TaskReport(BaseModel):
    """One task's report, as the probe prints it (unknown keys are kept)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    ok: bool
    host: str
    task: int | None = None
    num_tasks: int | None = None
    slot: int | None = None
    device_var: str | None = None
    device: str | None = None
    threads: int | None = None
    arg_task: str | None = None
    errors: list[str] = Field(default_factory=list)


class TriplesAssessment(BaseModel):
    """The verdict on a triples run: ok, and every reason it is not."""

    ok: bool
    reasons: list[str] = Field(default_factory=list)
    tasks_per_host: dict[str, int] = Field(default_factory=dict)
    devices_per_host: dict[str, dict[str, int]] = Field(default_factory=dict)


def parse_triples(text: str) -> tuple[list[TaskReport], list[str]]:
    """The reports in ``text`` (launcher prefixes before the marker are fine) and the report
    lines that could not be read."""
    reports: list[TaskReport] = []
    bad: list[str] = []
    for line in text.splitlines():
        at = line.find(REPORT_PREFIX)
        if at < 0:
            continue
        try:
            reports.append(TaskReport.model_validate(json.loads(line[at + len(REPORT_PREFIX):])))
        except (ValueError, ValidationError):
            bad.append(line.strip()[:200])
    return reports, bad


def _coverage(reports: list[TaskReport], tasks: int) -> list[str]:
    ids = Counter(r.task for r in reports)
    reasons = []
    missing = [t for t in range(tasks) if t not in ids]
    if missing:
        reasons.append(f"{len(missing)} of {tasks} tasks did not report: {_short(missing)}")
    twice = sorted(t for t, n in ids.items() if t is not None and n > 1)
    if twice:
        reasons.append(f"tasks reported more than once: {_short(twice)}")
    stray = sorted(t for t in ids if t is not None and not 0 <= t < tasks)
    if stray:
        reasons.append(f"task ids outside 0..{tasks - 1}: {_short(stray)}")
    if None in ids:
        reasons.append(f"{ids[None]} report(s) without a task id")
    return reasons


def _short(values: list[int]) -> str:
    return ", ".join(map(str, values[:10])) + (" ..." if len(values) > 10 else "")


def _hosts(reports: list[TaskReport], slots: dict[int, TaskSlot], nodes: int,
           ppn: int) -> list[str]:
    per_host = Counter(r.host for r in reports)
    reasons = []
    if len(per_host) != nodes:
        reasons.append(f"tasks ran on {len(per_host)} host(s), expected {nodes}")
    wrong = {h: n for h, n in per_host.items() if n != ppn}
    if wrong:
        reasons.append(f"tasks per host {dict(sorted(wrong.items()))}, expected {ppn} on each")
    node_hosts: dict[int, set[str]] = defaultdict(set)
    for r in reports:
        if r.task in slots:
            node_hosts[slots[r.task].node].add(r.host)
    split = sorted(n for n, hosts in node_hosts.items() if len(hosts) > 1)
    if split:
        reasons.append(f"the tasks of node(s) {_short(split)} ran on more than one host")
    return reasons


def _per_task(reports: list[TaskReport], slots: dict[int, TaskSlot], tasks: int,
              tpp: int) -> list[str]:
    reasons = []
    for r in sorted(reports, key=lambda r: (r.task is None, r.task or 0)):
        want = slots.get(r.task) if r.task is not None else None
        if not r.ok:
            reasons.append(f"task {r.task} on {r.host} failed: {'; '.join(r.errors) or 'not ok'}")
        if want is None:
            continue
        if r.num_tasks != tasks:
            reasons.append(f"task {r.task}: MAPLE_NUM_TASKS {r.num_tasks}, expected {tasks}")
        if r.slot != want.slot:
            reasons.append(f"task {r.task}: slot {r.slot}, expected {want.slot}")
        if r.device != str(want.device):
            reasons.append(f"task {r.task}: device {r.device_var}={r.device}, expected "
                           f"{want.device} (slot {want.slot} round-robin)")
        if r.threads != tpp:
            reasons.append(f"task {r.task}: OMP_NUM_THREADS {r.threads}, expected {tpp}")
        if r.arg_task is not None and r.arg_task != str(r.task):
            reasons.append(f"task {r.task}: its {{task}} argument became {r.arg_task!r}")
    return reasons


def _balance(reports: list[TaskReport], ppn: int,
             gpus: int) -> tuple[list[str], dict[str, dict[str, int]]]:
    low, high = ppn // gpus, -(-ppn // gpus)
    per_host: dict[str, Counter[str]] = defaultdict(Counter)
    for r in reports:
        per_host[r.host][str(r.device)] += 1
    reasons = []
    for host, devices in sorted(per_host.items()):
        counts = [devices.get(str(d), 0) for d in range(min(gpus, ppn))]
        extra = sorted(set(devices) - {str(d) for d in range(gpus)})
        if extra or any(not low <= n <= high for n in counts):
            reasons.append(f"{host}: tasks per device "
                           f"{dict(sorted(devices.items(), key=_device_order))}, expected "
                           f"{low}-{high} on each of devices 0..{min(gpus, ppn) - 1}")
    return reasons, {h: dict(sorted(c.items(), key=_device_order))
                     for h, c in sorted(per_host.items())}


def _device_order(item: tuple[str, int]) -> tuple[int, str]:
    """Devices in numeric order (2 before 10), other names after."""
    name = item[0]
    return (int(name), "") if name.isdigit() else (1 << 30, name)


def assess_triples(reports: Iterable[TaskReport], *, nodes: int, ppn: int, tpp: int,
                   gpus_per_node: int) -> TriplesAssessment:
    """Whether the reports show the triples layout ``nodes`` x ``ppn`` x ``tpp`` with tasks
    assigned round-robin to ``gpus_per_node`` devices per node; every failed check is a reason."""
    reports = list(reports)
    tasks = nodes * ppn
    slots = {s.task: s for s in assign(nodes, ppn, gpus_per_node)}
    reasons = _coverage(reports, tasks) if reports else ["no task reported"]
    if reports:
        reasons += _hosts(reports, slots, nodes, ppn)
        reasons += _per_task(reports, slots, tasks, tpp)
    balance, devices = _balance(reports, ppn, gpus_per_node)
    reasons += balance
    return TriplesAssessment(ok=not reasons, reasons=reasons,
                             tasks_per_host=dict(sorted(Counter(r.host for r in reports).items())),
                             devices_per_host=devices)
