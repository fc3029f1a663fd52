"""A program's own GPU-index argument beyond the port's GPUs is named (s25gpus)."""

from __future__ import annotations

from maple_flow import port
from maple_flow.port.device_index import device_index_args

PINNED = """#!/bin/bash
#PBS -l select=1:ngpus=1
#PBS -l walltime=02:00:00
cd $PBS_O_WORKDIR
export CUDA_VISIBLE_DEVICES=4
python main.py --cuda 4 --epochs 10
"""


def test_index_arguments_beyond_the_gpus_are_found() -> None:
    assert device_index_args(["--cuda", "4", "--epochs", "3"], 1) == [("--cuda 4", 4)]
    assert device_index_args(["--device=cuda:2"], 4) == []
    assert device_index_args(["--device", "cpu", "--gpu_id=3"], 2) == [("--gpu_id=3", 3)]


def test_a_dropped_pin_names_the_programs_own_index() -> None:
    result = port(PINNED, ["delta"])["delta"]
    assert any("`--cuda 4` names GPU 4" in n for n in result.notes), result.notes
    assert "--cuda 4" in result.script
