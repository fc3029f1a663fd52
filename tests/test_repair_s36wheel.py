"""Binary-compatibility messages (s36wheel, templates/failures/wheel_s36.yaml): a torch newer
than the node's driver, a GPU arch missing from the environment's build, forward-compat libcuda
on an unsupported node, xformers built for another torch, bitsandbytes' CPU fallback and cuDNN 8
sub-libraries are the environment's or the node's (advice, no fix); a script that picks the
environment gets advice of a script family; scripts with a CUDA module or a container keep the
records that read them, and look-alikes keep their own."""

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
CONDA = SLURM.replace("srun torchrun", "conda activate llm\nsrun torchrun")
TOO_OLD = ("RuntimeError: The NVIDIA driver on your system is too old (found version 11040). "
           "Please update your GPU driver by downloading and installing a new version from the "
           "URL: http://www.nvidia.com/Download/index.aspx\n")


def _first(script: str, log: str) -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, "delta", None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


@pytest.mark.parametrize("log, record", [
    (TOO_OLD, "torch-build-newer-than-node-driver"),
    ("RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version\n",
     "torch-build-newer-than-node-driver"),
    ("NVIDIA GH200 480GB with CUDA capability sm_90 is not compatible with the current PyTorch "
     "installation.\n", "gpu-arch-missing-from-environment-build"),
    ("RuntimeError: CUDA error: no kernel image is available for execution on the device\n",
     "gpu-arch-missing-from-environment-build"),
    ("RuntimeError: CUDA error: forward compatibility was attempted on non supported HW\n",
     "cuda-forward-compat-unsupported-on-node"),
    ("WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n"
     "    PyTorch 2.1.2+cu121 with CUDA 1201 (you have 2.0.1+cu118)\n",
     "xformers-built-for-other-torch"),
    ("AttributeError: /opt/conda/lib/python3.10/site-packages/bitsandbytes/libbitsandbytes_cpu.so:"
     " undefined symbol: cget_col_row_stats\n", "bitsandbytes-build-lacks-cuda-symbols"),
    ("Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot "
     "open shared object file: No such file or directory\n",
     "cudnn8-sublibrary-not-in-environment"),
])
def test_binary_mismatch_is_not_the_script(log: str, record: str) -> None:
    data, first = _first(SLURM, log)
    assert data["proposed"] is None
    assert first == f"{record}/not_script"


def test_driver_too_old_where_the_script_activates_the_env_is_advice() -> None:
    data, first = _first(CONDA, TOO_OLD)
    assert data["proposed"] is None
    assert first == "torch-build-newer-than-driver-env-chosen/script"


@pytest.mark.parametrize("log", [
    TOO_OLD,
    "RuntimeError: CUDA error: no kernel image is available for execution on the device\n",
    "RuntimeError: CUDA error: forward compatibility was attempted on non supported HW\n",
])
def test_a_script_loading_cuda_keeps_the_module_records(log: str) -> None:
    _, first = _first(CUDA_MODULE, log)
    assert not first.endswith("/not_script")


def test_cudnn_message_naming_libcuda_is_not_a_missing_cudnn() -> None:
    log = ("Could not load library libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open shared"
           " object file: No such file or directory\n")
    _, first = _first(SLURM, log)
    assert not first.startswith("cudnn8-sublibrary-not-in-environment/")


def test_exec_format_error_on_an_x86_site_is_another_arch_build() -> None:
    log = "/work/hdd/bbxx/alice/envs/gh/bin/python: cannot execute binary file: Exec format error\n"
    data, first = _first(SLURM, log)
    assert data["proposed"] is None
    assert first == "x86-node-runs-other-arch-build/not_script"


def test_execve_of_a_script_without_shebang_is_left() -> None:
    log = "slurmstepd: error: execve(): run_train.sh: Exec format error\n"
    _, first = _first(SLURM, log)
    assert not first.startswith("x86-node-runs-other-arch-build/")
