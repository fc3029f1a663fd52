"""Triples on this machine, without a scheduler (``maple triples --on local``).

A workstation with GPUs shares them the way a triples job does on a cluster node: NPPN tasks
start at once, task ``i`` sees GPU ``i % GPUs`` through CUDA_VISIBLE_DEVICES and gets
MAPLE_TASK_ID, MAPLE_NUM_TASKS and OMP_NUM_THREADS=NTPP; ``{task}`` in an argument becomes its
index. Each task's output goes to ``task-<i>.log`` in the run's folder. Tasks still running at
the deadline are stopped (their own process groups, started here).
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from maple_flow.triples.job import TASK_PLACEHOLDER, TriplesJob, assign

DEVICE_VAR = "CUDA_VISIBLE_DEVICES"
POLL_S = 0.05


@dataclass(frozen=True)
class LocalTask:
    """One finished task: its index, the GPU it saw, how it ended, how long it ran."""

    task: int
    device: int
    exit_code: int | None
    seconds: float
    log: str


@dataclass(frozen=True)
class LocalRun:
    """A local triples run: every task, the wall time, and the packing it ran with."""

    tasks: list[LocalTask]
    wall_s: float
    gpus: int
    ppn: int
    tpp: int

    @property
    def ok(self) -> bool:
        """Every task exited 0."""
        return all(t.exit_code == 0 for t in self.tasks)


def task_argv(job: TriplesJob, task: int) -> list[str]:
    """The command of task ``task``: ``{task}`` in an argument becomes its index."""
    return [job.program, *(a.replace(TASK_PLACEHOLDER, str(task)) for a in job.args)]


def task_env(base: Mapping[str, str], job: TriplesJob, task: int, device: int
             ) -> dict[str, str]:
    """The environment of one task: the base plus its GPU, index, count and threads."""
    return {**base, DEVICE_VAR: str(device), "MAPLE_TASK_ID": str(task),
            "MAPLE_NUM_TASKS": str(job.tasks), "OMP_NUM_THREADS": str(job.tpp)}


def _stop(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def run_local(job: TriplesJob, gpus: int, folder: Path, timeout_s: float,
              base_env: Mapping[str, str] | None = None) -> LocalRun:
    """Run the ``job.ppn`` tasks of ``job`` at once on this machine, sharing ``gpus`` GPUs."""
    if job.nodes != 1:
        raise ValueError("a local run is one node: --nodes must be 1")
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    env = dict(os.environ if base_env is None else base_env)
    start = time.monotonic()
    running: list[tuple[int, int, subprocess.Popen[bytes], float, Path]] = []
    for slot in assign(1, job.ppn, gpus):
        log = folder / f"task-{slot.task}.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen(task_argv(job, slot.task), stdout=out,
                                    stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    env=task_env(env, job, slot.task, slot.device),
                                    start_new_session=True)
        running.append((slot.task, slot.device, proc, time.monotonic(), log))
    ended: dict[int, tuple[int | None, float]] = {}
    while len(ended) < len(running) and time.monotonic() - start < timeout_s:
        for task, _, proc, began, _ in running:
            if task not in ended and proc.poll() is not None:
                ended[task] = (proc.returncode, time.monotonic() - began)
        time.sleep(POLL_S)
    for task, _, proc, began, _ in running:
        if task not in ended:
            _stop(proc)
            ended[task] = (None, time.monotonic() - began)
    done = [LocalTask(task, device, ended[task][0], round(ended[task][1], 3), str(log))
            for task, device, _, _, log in running]
    return LocalRun(tasks=done, wall_s=round(time.monotonic() - start, 3), gpus=gpus,
                    ppn=job.ppn, tpp=job.tpp)
