"""Classes of input found on bench/unseen5's tune half (issue 14), each with its fix."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation

SLOTS_NO_GPUS = ("#!/bin/bash\n#SBATCH -p gpu-a100\n#SBATCH -N 1\n#SBATCH -n 3\n"
                 "#SBATCH -t 1:00:00\npython main.py --cfg c.yaml\n")


def test_one_plain_process_on_task_slots_without_gpu_directive_is_asked() -> None:
    """`-n 3`, no GPU directive, one `python main.py`: the GPUs the process drove came from
    the partition; the port asks instead of giving it one GPU."""
    with pytest.raises(MissingInformation, match="GPUs that process drives"):
        port(SLOTS_NO_GPUS, ["perlmutter"])


def test_stating_the_gpus_keeps_one_process_on_them() -> None:
    stated = SLOTS_NO_GPUS.replace("#SBATCH -n 3\n", "#SBATCH -n 3\n#SBATCH --gpus-per-node=3\n")
    r = port(stated, ["perlmutter"])["perlmutter"]
    assert r.spec.gpus_per_node == 3 and "NRANKS=1" in r.script


def test_one_task_one_process_without_gpu_directive_is_not_asked() -> None:
    one = SLOTS_NO_GPUS.replace("#SBATCH -n 3\n", "#SBATCH -n 1\n")
    assert port(one, ["perlmutter"])["perlmutter"].spec.gpus_per_node == 1


def test_a_timed_launch_says_the_timing_is_not_carried() -> None:
    """`time mpiexec ... python x.py`: the port's launch drops `time`, never silently."""
    script = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=1:00:00\n"
              "time mpiexec -n 8 --ppn 4 python train.py\n")
    r = port(script, ["perlmutter"])["perlmutter"]
    kept = any(line.lstrip().startswith("time ") for line in r.script.split("\n"))
    assert kept or any("timed its launch" in n for n in r.notes)
