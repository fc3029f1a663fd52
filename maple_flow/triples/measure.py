"""Measure one task of a triples job on this machine: its CPU, memory, GPU memory and load.

The I/O edge of ``triples.packing``: the task runs (task index 0, the first GPU) for at most
a given time while its process tree is sampled from ``/proc`` and, where ``nvidia-smi``
exists, the GPU's memory per process and utilisation. The parsers of ``nvidia-smi``'s CSV are
pure. A task still running at the end is stopped (its own process group, started here).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from maple_flow.triples.packing import NodeCapacity, TaskUse

SAMPLE_S = 0.5
_CLK = os.sysconf("SC_CLK_TCK")
_PAGE = os.sysconf("SC_PAGE_SIZE")


def parse_csv_numbers(text: str) -> list[list[float]]:
    """Rows of numbers from ``nvidia-smi --format=csv,noheader,nounits``; others skipped."""
    rows: list[list[float]] = []
    for line in text.splitlines():
        try:
            rows.append([float(cell) for cell in line.split(",")])
        except ValueError:
            continue  # '[N/A]', '[Not Supported]' or a message
    return rows


def gpu_memory_by_pid(text: str) -> dict[int, float]:
    """pid -> MiB from ``--query-compute-apps=pid,used_memory``."""
    return {int(r[0]): r[1] for r in parse_csv_numbers(text) if len(r) == 2}


def gpu_column(text: str) -> dict[int, float]:
    """GPU index -> value from ``--query-gpu=index,<field>``."""
    return {int(r[0]): r[1] for r in parse_csv_numbers(text) if len(r) == 2}


def _smi(*query: str) -> str | None:
    exe = shutil.which("nvidia-smi")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, *query, "--format=csv,noheader,nounits"],
                              capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def local_gpus() -> dict[int, float]:
    """This machine's NVIDIA GPUs: index -> memory in MiB (empty without nvidia-smi)."""
    out = _smi("--query-gpu=index,memory.total")
    return gpu_column(out) if out else {}


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()  # fields from 'state' on


def process_tree(root: int) -> list[int]:
    """``root`` and its live descendants, from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))):
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(parents.get(pid, []))
    return tree


def cpu_seconds(pids: list[int]) -> float:
    """CPU time of ``pids`` (user + system, and their waited-for children's)."""
    total = 0
    for pid in pids:
        if fields := _stat(pid):
            total += sum(int(fields[i]) for i in (11, 12, 13, 14))
    return total / _CLK


def rss_mb(pids: list[int]) -> float:
    """Resident memory of ``pids`` in MiB."""
    pages = 0
    for pid in pids:
        try:
            pages += int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return pages * _PAGE / 2**20


def _reap(pid: int, block: bool) -> tuple[int, float] | None:
    """Exit code and CPU seconds (the task and its waited-for children) once ``pid`` ended."""
    done, status, usage = os.wait4(pid, 0 if block else os.WNOHANG)
    if done == 0:
        return None
    return os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime


def measure_task(argv: list[str], env: Mapping[str, str], seconds: float,
                 gpu_index: int | None) -> TaskUse:
    """Run ``argv`` for at most ``seconds`` and sample its use every SAMPLE_S."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, env=dict(env), stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    peak_rss, live_cpu = 0.0, 0.0
    gpu_samples: list[GpuSample] = []
    ended = None
    while (ended := _reap(proc.pid, block=False)) is None and time.monotonic() - start < seconds:
        tree = process_tree(proc.pid)
        live_cpu = max(live_cpu, cpu_seconds(tree))
        peak_rss = max(peak_rss, rss_mb(tree))
        if gpu_index is not None:
            gpu_samples.append(_sample_gpu(tree, gpu_index))
        time.sleep(SAMPLE_S)
    finished = ended is not None
    if ended is None:  # still running: stop its process group and count what it used
        os.killpg(proc.pid, signal.SIGTERM)
        ended = _reap(proc.pid, block=True)
    proc.returncode = ended[0] if ended else None  # reaped here, not by Popen
    elapsed = time.monotonic() - start
    used = max(live_cpu, ended[1] if ended else 0.0)
    peak_gpu, util = gpu_use(gpu_samples)
    return TaskUse(seconds=round(elapsed, 2), cpu_cores=round(used / elapsed, 3),
                   peak_rss_mb=round(peak_rss, 1), peak_gpu_mem_mb=peak_gpu,
                   gpu_util_pct=util, exit_code=ended[0] if finished and ended else None,
                   finished=finished)


@dataclass(frozen=True)
class GpuSample:
    """One reading: the task's GPU memory (None: not readable) and the GPU's utilisation."""

    task_mem_mb: float | None
    util_pct: float | None


def gpu_use(samples: list[GpuSample]) -> tuple[float | None, float | None]:
    """Peak task GPU memory and mean GPU utilisation while the task was on the GPU.

    A task spends its first seconds importing and starting CUDA with nothing on the GPU; those
    samples would dilute its load (a LeNet task on an H200 read 0.9 % over its whole run), so
    the mean counts only samples where the task held GPU memory, or every sample when its memory
    could not be read at all.
    """
    mems = [s.task_mem_mb for s in samples if s.task_mem_mb is not None]
    peak = max(mems) if mems else None
    on_gpu = [s for s in samples if s.task_mem_mb] if peak else samples
    utils = [s.util_pct for s in on_gpu if s.util_pct is not None]
    return peak, (round(sum(utils) / len(utils), 1) if utils else None)


def _sample_gpu(tree: list[int], index: int) -> GpuSample:
    apps = _smi("--query-compute-apps=pid,used_memory")
    util = _smi("--query-gpu=index,utilization.gpu")
    mine = (sum(mb for pid, mb in gpu_memory_by_pid(apps).items() if pid in tree)
            if apps is not None else None)
    found = gpu_column(util) if util is not None else {}
    return GpuSample(task_mem_mb=mine, util_pct=found.get(index))


def local_capacity(gpus: int | None = None) -> NodeCapacity:
    """This machine as a node: its GPUs (or ``gpus`` modelled ones), cores and memory."""
    found = local_gpus()
    memory = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory = int(line.split()[1]) / 1024
    except OSError:
        pass
    return NodeCapacity(gpus=gpus if gpus is not None else len(found),
                        gpu_mem_mb=min(found.values()) if found else None,
                        cores=len(os.sched_getaffinity(0)), mem_mb=memory)
