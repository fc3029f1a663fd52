"""First-contact precision of the scheduler-limit records (s38precD): Slurm's bare "Requested
node configuration is not available" adds a GPU partition only when the missing partition is
the one thing in the request a node could lack (one node, no per-GPU size, feature, node name,
GPU type, and sizes and time within the site's)."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.script_facts_nodecfg import partition_sole_candidate

BASE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n"
        "#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8\n#SBATCH --time=02:00:00\n"
        "srun python -u train.py\n")
REFUSED = ("sbatch: error: Batch job submission failed: Requested node configuration is "
           "not available\n")


def _proposed(text: str, cluster: str = "delta") -> Any:
    return diagnose_log(text, REFUSED, cluster, None, False, {})["proposed"]


def test_the_plain_gpu_job_without_partition_is_the_sole_candidate() -> None:
    assert partition_sole_candidate(BASE, get_profile("delta"))
    assert not partition_sole_candidate(BASE, None)
    proposed = _proposed(BASE)
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "slurm-node-config-partition"
    assert "+#SBATCH --partition=gpuA100x4" in proposed["diff"]


@pytest.mark.parametrize(("old", "new"), [
    ("--nodes=1", "--nodes=10"),                          # aws-parallelcluster#282
    ("--gpus-per-node=4", "--gres=gpu:8"),                # more GPUs than a node has
    ("--cpus-per-task=8", "--cpus-per-gpu=4"),            # itwinai#415
    ("--cpus-per-task=8", "--cpus-per-task=64"),          # 4 x 64 above a node's cores
    ("--time=02:00:00", "--time=2-12:00:00"),             # above the longest partition
    ("--gpus-per-node=4", "--gres=gpu:h100:4"),           # a GPU type the nodes may lack
    ("--time=02:00:00", "--time=02:00:00\n#SBATCH --constraint=a100_80"),
    ("--time=02:00:00", "--time=02:00:00\n#SBATCH --mem=900G"),
    ("--time=02:00:00", "--time=02:00:00\n#SBATCH -p cpu"),
])
def test_another_candidate_keeps_the_partition_fix_away(old: str, new: str) -> None:
    text = BASE.replace(old, new)
    assert not partition_sole_candidate(text, get_profile("delta"))
    proposed = _proposed(text)
    assert proposed is None or proposed["record_id"] != "slurm-node-config-partition" or (
        "-p cpu" in text)  # a CPU partition named: the other signature's case


PERLMUTTER = ("#!/bin/bash\n#SBATCH --partition=<partition>\n#SBATCH -C gpu\n#SBATCH -N 1\n"
              "#SBATCH --gpus-per-node=4\n#SBATCH -t 02:00:00\nsrun python -u train.py\n")
BAD_PARTITION = ("sbatch: error: invalid partition specified: <partition>\n"
                 "sbatch: error: Batch job submission failed: Invalid partition name specified\n")


def test_a_replaced_partition_gets_a_queue_that_takes_the_walltime() -> None:
    # Perlmutter's default QOS (debug) takes 30 minutes: a 2-hour job goes to regular
    data = diagnose_log(PERLMUTTER, BAD_PARTITION, "perlmutter", None, False, {})
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert "-#SBATCH --partition=<partition>" in proposed["diff"]
    assert "+#SBATCH --qos=regular" in proposed["diff"]
    assert "debug" not in proposed["diff"]
    short = PERLMUTTER.replace("02:00:00", "00:20:00")
    proposed = diagnose_log(short, BAD_PARTITION, "perlmutter", None, False, {})["proposed"]
    assert isinstance(proposed, dict) and "+#SBATCH --qos=debug" in proposed["diff"]
