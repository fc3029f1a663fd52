"""Triples packing from a measured task (triples.packing, triples.measure) and triples on this
machine without a scheduler (triples.local, `maple triples --on local`)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from cli_run import run

from maple_flow.triples.job import TriplesJob
from maple_flow.triples.local import run_local, task_argv
from maple_flow.triples.measure import (
    GpuSample,
    gpu_column,
    gpu_memory_by_pid,
    gpu_use,
    measure_task,
)
from maple_flow.triples.packing import NodeCapacity, TaskUse, propose

PY = sys.executable
A100_NODE = NodeCapacity(gpus=4, gpu_mem_mb=40960, cores=64, mem_mb=262144)


def use(**kw: float | None) -> TaskUse:
    base: dict[str, float | None] = {"seconds": 10.0, "cpu_cores": 0.9, "peak_rss_mb": 2000.0,
                                     "peak_gpu_mem_mb": 4000.0, "gpu_util_pct": 20.0}
    return TaskUse(**{**base, **kw})  # type: ignore[arg-type]


def test_gpu_load_bounds_a_light_task() -> None:
    """A LeNet-like task: 4 GB of 40 GB (9 fit) at 20 % load (5 fit): 5 per GPU."""
    p = propose(use(), A100_NODE)
    assert (p.ppn, p.tpp) == (20, 1)
    assert "set by GPU load" in p.reasons[-1]


def test_gpu_memory_bounds_a_big_task() -> None:
    p = propose(use(peak_gpu_mem_mb=15000.0, gpu_util_pct=10.0), A100_NODE)
    assert p.ppn == 8 and "set by GPU memory" in p.reasons[-1]


def test_cpu_bounds_a_task_with_many_threads() -> None:
    p = propose(use(cpu_cores=7.6, gpu_util_pct=5.0, peak_gpu_mem_mb=1000.0), A100_NODE)
    assert (p.ppn, p.tpp) == (8, 8)
    assert "set by CPU" in p.reasons[-1]


def test_host_memory_bounds_a_task_with_a_big_footprint() -> None:
    p = propose(use(peak_rss_mb=60000.0, gpu_util_pct=5.0, peak_gpu_mem_mb=1000.0), A100_NODE)
    assert p.ppn == 3 and "set by host memory" in p.reasons[-1]


def test_no_ppn_without_a_gpu_measurement() -> None:
    p = propose(use(peak_gpu_mem_mb=None, gpu_util_pct=None), A100_NODE)
    assert p.ppn is None and p.tpp == 1
    assert "no NPPN proposed" in p.reasons[-1]


def test_nvidia_smi_csv_is_read_and_unsupported_cells_skipped() -> None:
    assert gpu_memory_by_pid("1234, 4051\n5678, 812\n") == {1234: 4051.0, 5678: 812.0}
    assert gpu_column("0, 37\n1, [N/A]\n2, 0\n") == {0: 37.0, 2: 0.0}
    assert gpu_memory_by_pid("No running processes found\n") == {}


def test_measure_a_task_that_finishes(tmp_path: Path) -> None:
    script = tmp_path / "task.py"
    script.write_text("import sys\nx = bytearray(50 << 20)\nsum(range(3_000_000))\n"
                      "sys.exit(3)\n")
    got = measure_task([PY, str(script)], {"PATH": "/usr/bin:/bin"}, 30, None)
    assert got.finished and got.exit_code == 3
    assert got.cpu_cores > 0 and got.peak_gpu_mem_mb is None


def test_a_task_past_the_time_is_stopped(tmp_path: Path) -> None:
    got = measure_task([PY, "-c", "import time; time.sleep(60)"], {}, 1.0, None)
    assert not got.finished and got.exit_code is None
    assert got.seconds < 30


def _probe(tmp_path: Path) -> Path:
    script = tmp_path / "probe.py"
    script.write_text(
        "import os, sys\n"
        "print(os.environ['MAPLE_TASK_ID'], os.environ['CUDA_VISIBLE_DEVICES'],\n"
        "      os.environ['MAPLE_NUM_TASKS'], os.environ['OMP_NUM_THREADS'], *sys.argv[1:])\n"
        "sys.exit(int(os.environ['MAPLE_TASK_ID']) == int(os.environ.get('FAIL', -1)))\n")
    return script


def test_local_tasks_share_the_gpus_round_robin(tmp_path: Path) -> None:
    job = TriplesJob(cluster="local", ppn=5, tpp=2, program=PY,
                     args=[str(_probe(tmp_path)), "--seed", "{task}"])
    result = run_local(job, 2, tmp_path / "logs", 60, {"PATH": "/usr/bin:/bin"})
    assert result.ok and [t.device for t in result.tasks] == [0, 1, 0, 1, 0]
    lines = [Path(t.log).read_text().split() for t in result.tasks]
    assert lines[3] == ["3", "1", "5", "2", "--seed", "3"]
    assert task_argv(job, 4)[-1] == "4"


def test_a_failing_local_task_is_reported(tmp_path: Path) -> None:
    job = TriplesJob(cluster="local", ppn=3, program=PY, args=[str(_probe(tmp_path))])
    result = run_local(job, 1, tmp_path / "logs", 60, {"FAIL": "1"})
    assert not result.ok
    assert [t.exit_code for t in result.tasks] == [0, 1, 0]


def test_local_tasks_past_the_timeout_are_stopped(tmp_path: Path) -> None:
    job = TriplesJob(cluster="local", ppn=2, program=PY,
                     args=["-c", "import time; time.sleep(60)"])
    result = run_local(job, 1, tmp_path / "logs", 1.0)
    assert [t.exit_code for t in result.tasks] == [None, None]


def test_cli_local_run_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["triples", "--on", "local", "--gpus", "2", "--ppn", "4", "--json",
                        "--logs", str(tmp_path / "l"), "--", PY, str(_probe(tmp_path)),
                        "{task}"], capsys)
    data = json.loads(out)
    assert code == 0 and data["ok"] and len(data["tasks"]) == 4


@pytest.mark.parametrize(("argv", "message"), [
    (["--on", "local", "--ppn", "2", "--nodes", "2"], "--nodes must be 1"),
    (["--on", "delta", "--nodes", "1"], "give --ppn"),
    (["--on", "delta", "--ppn", "4"], "give --nodes"),
])
def test_cli_asks_for_what_it_needs(argv: list[str], message: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["triples", *argv, "--", PY, "x.py"], capsys)
    assert code == 2 and message in err


@pytest.mark.skipif(shutil.which("nvidia-smi") is not None, reason="this machine has GPUs")
def test_cli_local_without_gpus_asks_for_them(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["triples", "--on", "local", "--ppn", "2", "--", PY, "x.py"], capsys)
    assert code == 2 and "--gpus N" in err


def test_cli_measure_proposes_from_the_target(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["triples", "--on", "delta", "--measure", "--measure-seconds", "20",
                        "--json", "--", PY, "-c", "sum(range(10**6))"], capsys)
    data = json.loads(out)
    assert code == 0 and data["measured"]["finished"]
    assert data["node"]["gpus"] == 4 and data["proposal"]["tpp"] >= 1


def test_a_task_just_over_one_core_is_one_thread() -> None:
    """1.14 cores busy (a GPU task whose start-up used a little more) is NTPP 1, not 2."""
    p = propose(use(cpu_cores=1.14, gpu_util_pct=5.0, peak_gpu_mem_mb=1000.0), A100_NODE)
    assert p.tpp == 1
    assert propose(use(cpu_cores=1.6, gpu_util_pct=5.0, peak_gpu_mem_mb=1000.0),
                   A100_NODE).tpp == 2


def test_gpu_load_counts_only_the_time_the_task_is_on_the_gpu() -> None:
    start_up = [GpuSample(task_mem_mb=0.0, util_pct=0.0)] * 6
    on_gpu = [GpuSample(task_mem_mb=800.0, util_pct=12.0), GpuSample(848.0, 14.0)]
    assert gpu_use([*start_up, *on_gpu]) == (848.0, 13.0)


def test_gpu_load_uses_every_sample_when_memory_is_unreadable() -> None:
    samples = [GpuSample(task_mem_mb=None, util_pct=0.0), GpuSample(None, 10.0)]
    assert gpu_use(samples) == (None, 5.0)
    assert gpu_use([]) == (None, None)
