"""CUDA runtime messages no record read before (s35cuda, templates/failures/cuda_s35.yaml): a
kernel launched beyond the GPU's limits is the program's, PTX newer than the node's driver is
the library build's, and NVML failing with Unknown Error under a GPU request is the node's; each
answers with advice and no fix, and look-alikes keep their own records."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log

SLURM = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun torchrun --nnodes=2 --nproc_per_node=4 train.py
"""
CUDA_MODULE = SLURM.replace("srun torchrun", "module load cuda/12.8\nsrun torchrun")


def _first(script: str, log: str) -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, "delta", None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


@pytest.mark.parametrize("log", [
    "RuntimeError: CUDA error: too many resources requested for launch\n",
    "cudaError701 too many resources requested for launch\n",
    "torch.AcceleratorError: CUDA error: invalid configuration argument\n",
    "RuntimeError: CUDA error: hardware stack error\n",
])
def test_kernel_launch_limits_are_the_program(log: str) -> None:
    data, first = _first(SLURM, log)
    assert data["proposed"] is None
    assert first == "cuda-kernel-launch-limits/not_script"


@pytest.mark.parametrize("log", [
    "CUDA error 222: the provided PTX was compiled with an unsupported toolchain.\n",
    "[cudaErrorUnsupportedPtxVersion] the provided PTX was compiled with an unsupported"
    " toolchain. in expression cudaGetLastError()\n",
    "RuntimeError: CUDA error: a PTX JIT compilation failed\n",
])
def test_ptx_newer_than_driver_is_the_library(log: str) -> None:
    data, first = _first(SLURM, log)
    assert data["proposed"] is None
    assert first == "cuda-ptx-newer-than-driver/not_script"


def test_ptx_record_leaves_a_script_that_loads_cuda() -> None:
    log = "CUDA error 222: the provided PTX was compiled with an unsupported toolchain.\n"
    _, first = _first(CUDA_MODULE, log)
    assert not first.startswith("cuda-ptx-newer-than-driver/")


def test_nvml_unknown_error_with_gpu_request_is_the_node() -> None:
    data, first = _first(SLURM, "RuntimeError: No CUDA GPUs are available\n"
                                "Failed to initialize NVML: Unknown Error\n")
    assert data["proposed"] is None
    assert first == "nvml-init-unknown-error/not_script"


def test_nvml_unknown_error_without_gpu_request_is_left() -> None:
    script = SLURM.replace("#SBATCH --gpus-per-node=4\n", "")
    _, first = _first(script, "Failed to initialize NVML: Unknown Error\n")
    assert not first.startswith("nvml-init-unknown-error/")


def test_invalid_argument_and_version_mismatch_keep_their_records() -> None:
    _, first = _first(SLURM, "RuntimeError: CUDA error: invalid argument\n")
    assert not first.startswith("cuda-kernel-launch-limits/")
    _, first = _first(SLURM, "Failed to initialize NVML: Driver/library version mismatch\n")
    assert not first.startswith("nvml-init-unknown-error/")


def test_ptx_record_leaves_a_container_job() -> None:
    script = SLURM.replace("srun torchrun", "srun apptainer exec --nv llama.sif torchrun")
    _, first = _first(script, "CUDA error: a PTX JIT compilation failed\n")
    assert not first.startswith("cuda-ptx-newer-than-driver/")
