"""s28-rnot: a GPU refused to a process ("busy or unavailable") is read as the node's when the
launch line starts one process per GPU of a node by local rank (scriptparse fact
``per_node_launcher_one_process_a_gpu``); under another launch the script record stands."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.script_facts import holds

BUSY = "torch.AcceleratorError: CUDA error: CUDA-capable device(s) is/are busy or unavailable\n"


def _script(launch: str, gpus: int = 4) -> str:
    return ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n"
            f"#SBATCH --gpus-per-node={gpus}\n#SBATCH --time=01:00:00\n"
            f"module load python\n{launch}\n")


SOUND = _script("torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py")
OVER = _script("torchrun --standalone --nnodes=1 --nproc_per_node=8 train.py")
SRUN = _script("srun python train.py")


@pytest.mark.parametrize(("script", "expected"), [(SOUND, True), (OVER, False), (SRUN, False)])
def test_the_fact_reads_one_process_a_gpu(script: str, expected: bool) -> None:
    assert holds("per_node_launcher_one_process_a_gpu", script) is expected


def test_busy_gpu_under_a_sound_launch_is_the_nodes() -> None:
    found = classify(FailureEvidence(cluster="delta", stderr=BUSY, script=SOUND))
    assert found and (found[0].record_id, found[0].verdict) == (
        "cuda-device-unavailable-on-node", "not_script")
    assert not found[0].fix.ops
    assert diagnose_log(SOUND, BUSY, "delta", None, False)["proposed"] is None


@pytest.mark.parametrize("script", [OVER, SRUN])
def test_busy_gpu_under_another_launch_keeps_the_script_record(script: str) -> None:
    found = classify(FailureEvidence(cluster="delta", stderr=BUSY, script=script))
    assert found and found[0].record_id == "cuda-devices-busy"
    assert all(d.record_id != "cuda-device-unavailable-on-node" for d in found)
