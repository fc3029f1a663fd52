"""Smithsonian Hydra's Grid Engine GPU request (`-l gpu,ngpu=N,gpu_arch=MODEL`, the count
named `ngpu` before its 2025 change) and its one-host `-pe mthread N` are read as the job's
size, not asked (issue 14: bench/unseen30 tune smithsonian-sge-l40s-path-env-trocr)."""

from __future__ import annotations

from maple_flow import port

HYDRA = """#!/bin/sh
#$ -S /bin/sh
#$ -pe mthread {slots}
#$ -l gpu,{count}={gpus},gpu_arch=L40S
#$ -cwd
#$ -j y
#$ -N train
python main.py --epochs 10
"""


def test_hydra_ngpu_count_is_read_not_asked() -> None:
    out = port(HYDRA.format(slots=1, count="ngpu", gpus=1), ["lonestar6"])["lonestar6"]
    assert "#SBATCH -N 1" in out.script and "python3 main.py --epochs 10" in out.script
    assert "CUDA_VISIBLE_DEVICES=0" in out.script


def test_hydra_num_gpu_two_gpus_on_one_host() -> None:
    out = port(HYDRA.format(slots=8, count="num_gpu", gpus=2), ["delta"])["delta"]
    assert "#SBATCH -N 1" in out.script
    assert any("2 GPU" in n for n in out.notes) or "gpus-per-node=2" in out.script
