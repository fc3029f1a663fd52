"""A run the job makes in the foreground with its own `CUDA_VISIBLE_DEVICES=N` in front
(`CUDA_VISIBLE_DEVICES=0 python a.py` before the main launch) is kept on an Intel-GPU target
with its pin written `ZE_AFFINITY_MASK=N`, not dropped as NVIDIA's (issue 14: bench/unseen30
tune p100-commented-loops-distill; probe bench/s28r2port_probe cvd-prefix-*)."""

from __future__ import annotations

from maple_flow import port
from maple_flow.port.packing import intel_repinned_run, pins_are_runs_own

JOB = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:1
#SBATCH --time=10:00:00
CUDA_VISIBLE_DEVICES=0 python train.py \\
  --with_feature --out run_a
CUDA_VISIBLE_DEVICES=0 python train.py --out run_b
"""


def test_a_foreground_prefix_is_the_runs_own_pin() -> None:
    assert pins_are_runs_own("CUDA_VISIBLE_DEVICES=0 python a.py --x 1")
    assert pins_are_runs_own("OMP_NUM_THREADS=4 CUDA_VISIBLE_DEVICES=1 python a.py")
    assert not pins_are_runs_own("export CUDA_VISIBLE_DEVICES=0")
    assert not pins_are_runs_own("CUDA_VISIBLE_DEVICES=0")
    assert intel_repinned_run("CUDA_VISIBLE_DEVICES=0 python a.py", "intel") == (
        "ZE_AFFINITY_MASK=0 python a.py")
    assert intel_repinned_run("CUDA_VISIBLE_DEVICES=0 python a.py", "amd") is None


def test_the_first_run_is_kept_on_aurora_in_order() -> None:
    out = port(JOB, ["aurora"])["aurora"]
    first = out.script.index("ZE_AFFINITY_MASK=0 python train.py")
    assert "--with_feature --out run_a" in out.script[first:first + 200]
    assert first < out.script.index("run_b")
    assert not any("does not keep as written" in n for n in out.notes)
    assert any("its own CUDA_VISIBLE_DEVICES in front" in n for n in out.notes)
