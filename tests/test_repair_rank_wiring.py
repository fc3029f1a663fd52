"""A program that needs what a per-node torch launcher gives each rank, and a job that does
not start it so (bench/repair7_probe): plain ``python PROGRAM`` gets torchrun in front, the
deprecated ``python -m torch.distributed.launch`` becomes torchrun, found through scriptparse
whatever the interpreter's spelling or the program's form."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_torchrun import use_torchrun
from maple_flow.repair.text import FixNotApplicable

JOB = """#!/bin/bash
#SBATCH --nodes={nodes}
#SBATCH --ntasks=1
#SBATCH --gpus-per-node={gpus}
#SBATCH --time=01:00:00
{launch}
"""
KEYERROR = "    raise KeyError(key) from None\nKeyError: 'RANK'\n"
NOT_SET = ("ValueError: Error initializing torch.distributed using env:// rendezvous: "
           "environment variable RANK expected, but not set\n")


def _job(launch: str, nodes: int = 1, gpus: int = 4) -> str:
    return JOB.format(launch=launch, nodes=nodes, gpus=gpus)


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


@pytest.mark.parametrize(("launch", "log", "cluster", "gpus", "expected"), [
    ("python tools/train.py --cfg a.yaml --launcher pytorch", KEYERROR, "delta", 4,
     "torchrun --standalone --nproc_per_node=4 tools/train.py --cfg a.yaml --launcher pytorch"),
    ("python3 -u -m pkg.train --lr 0.1", NOT_SET, "lonestar6", 3,
     "torchrun --standalone --nproc_per_node=3 -m pkg.train --lr 0.1"),
    ("CUDA_VISIBLE_DEVICES=0 python train_WIP.py", '    raise _env_error("MASTER_ADDR")\n',
     "anvil", 1, "CUDA_VISIBLE_DEVICES=0 torchrun --standalone --nproc_per_node=1 train_WIP.py"),
])
def test_plain_python_gets_torchrun_with_the_jobs_gpus(launch: str, log: str, cluster: str,
                                                       gpus: int, expected: str) -> None:
    """Was no fix (distributed-env-keyerror had none; rank-env-missing needs srun)."""
    data = _diagnose(_job(launch, gpus=gpus), log, cluster)
    assert data["proposed"]["record_id"] == "program-without-torch-launcher"
    assert expected in data["proposed"]["script"].splitlines()


def test_a_site_launched_program_is_not_given_torchrun() -> None:
    script = _job("srun python train.py").replace("--ntasks=1", "--ntasks-per-node=4")
    data = _diagnose(script, KEYERROR)
    assert all(d["record_id"] != "program-without-torch-launcher" for d in data["diagnoses"])


def test_several_nodes_or_unknown_gpus_are_refused_with_the_reason() -> None:
    with pytest.raises(FixNotApplicable, match="one torchrun per node"):
        use_torchrun(_job("python train.py", nodes=2), 4)
    with pytest.raises(FixNotApplicable, match="never guessed"):
        use_torchrun(_job("python train.py"), None)
    with pytest.raises(FixNotApplicable, match="interpreter options"):
        use_torchrun(_job("python -W ignore train.py"), 4)


@pytest.mark.parametrize("log", [
    "ERROR: Could not consume arg: --local_rank=3\nUsage: lora_finetune.py --local_rank=3\n",
    "Override 'local-rank' not found\n",
    # the underscore spelling: the program defines no --local_rank of its own (the hyphen
    # spelling with several processes a node is the program's: test_repair_s20_rl13tune)
    "train.py: error: unrecognized arguments: --local_rank=0\n",
])
def test_the_deprecated_launcher_becomes_torchrun(log: str) -> None:
    """Was not recognised (fire, speechbrain wordings) or ``--use-env`` on the old launcher."""
    launch = ("python -m torch.distributed.launch --use_env --nproc_per_node=4 "
              "--master_port=29005 train.py hparams/train.yaml")
    data = _diagnose(_job(launch), log)
    assert data["proposed"]["record_id"] == "deprecated-launch-local-rank"
    assert ("torchrun --nproc_per_node=4 --master_port=29005 train.py hparams/train.yaml"
            in data["proposed"]["script"].splitlines())
