"""Classes of real failures the fourth real-log set (bench/reallogs4, tune half) showed missing:
nvidia-smi failing in a job that requests no GPU, and an exported CUDA_VISIBLE_DEVICES that
hides the job's only GPU."""

from __future__ import annotations

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.classify import classify
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.models import FailureEvidence
from maple_flow.repair.patch import apply_fix

KB = load_knowledge_base()
SCRIPT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
{gpus}#SBATCH --partition=gpuA100x4
#SBATCH --time=01:00:00
{env}nvidia-smi
srun python -u train.py
"""
NVSMI = ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make "
         "sure that the latest NVIDIA driver is installed and running.\n")
NO_GPUS = "    torch._C._cuda_init()\nRuntimeError: No CUDA GPUs are available\n"


def _top(script: str, log: str) -> tuple[str, str]:
    """The first diagnosis's record and the script after its fix."""
    top = classify(FailureEvidence(cluster="delta", scheduler="slurm", stderr=log,
                                   script=script), KB)[0]
    return top.record_id, apply_fix(script, top.fix, get_profile("delta"))


def test_nvidia_smi_in_a_job_without_a_gpu_request_asks_for_gpus() -> None:
    """Was nvidia-smi-no-driver with advice and no fix."""
    record, after = _top(SCRIPT.format(gpus="", env=""), NVSMI)
    assert record == "nvidia-smi-no-gpu-requested"
    assert "#SBATCH --gpus-per-node=4" in after and "srun python -u train.py" in after


def test_nvidia_smi_in_a_job_with_gpus_keeps_the_advice_only_record() -> None:
    """A job that asks for GPUs is not told to ask again (a container or a node fault)."""
    for gpus in ("#SBATCH --gpus-per-node=4\n", "#SBATCH --gres=gpu:a100:2\n"):
        record, _ = _top(SCRIPT.format(gpus=gpus, env=""), NVSMI)
        assert record == "nvidia-smi-no-driver"


def test_no_cuda_gpus_with_a_pinned_visible_devices_unsets_it() -> None:
    """Was no-gpus-allocated: GPUs per node raised although the pinned index hid the GPU."""
    script = SCRIPT.format(gpus="#SBATCH --gpus-per-node=1\n",
                           env="export CUDA_VISIBLE_DEVICES=2\n")
    record, after = _top(script, NO_GPUS)
    assert record == "no-cuda-gpus-visible-devices"
    assert "CUDA_VISIBLE_DEVICES=2" not in after and "#SBATCH --gpus-per-node=1" in after


def test_no_cuda_gpus_without_a_pin_still_asks_for_gpus() -> None:
    record, after = _top(SCRIPT.format(gpus="", env=""), NO_GPUS)
    assert record == "no-gpus-allocated" and "#SBATCH --gpus-per-node=4" in after


def test_nvidia_smi_without_a_batch_script_is_not_told_to_ask_for_gpus() -> None:
    """No script seen: nothing says the job lacks a GPU request."""
    found = classify(FailureEvidence(cluster="delta", scheduler="slurm", stderr=NVSMI), KB)
    assert found[0].record_id == "nvidia-smi-no-driver"
