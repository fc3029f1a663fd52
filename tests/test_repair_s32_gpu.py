"""s32gpu: GPU environment records decided by the log and the script together - a Julia job's
forward-compat CUDA driver (JULIA_CUDA_USE_COMPAT=false), torchtitan's async checkpoint gloo
subgroup on an XPU/NPU-only process group (--checkpoint.async-mode=disabled); the same lines
from other scripts get no such fix."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log

OFI = ("nid001264:1291155:1293014 [1] register_mr_buffers:647 NCCL WARN NET/OFI Unable to "
       "register memory (type = 2) for device 5. RC: -22, Error: Invalid argument\n")
CURAND = ("ERROR: CURANDError: initialization of CUDA failed (code 203, "
          "CURAND_STATUS_INITIALIZATION_FAILED)\n")
XPU = "RuntimeError: No backend type associated with device type xpu\n"
CPU = XPU.replace("type xpu", "type cpu")


def _slurm(launch: str, extra: str = "") -> str:
    return ("#!/bin/bash\n#SBATCH -C gpu\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n"
            f"#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n{extra}{launch}\n")


def _pbs(args: str) -> str:
    return ("#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=01:00:00\n#PBS -A P\n"
            "module load frameworks\n"
            f"mpiexec -n 24 --ppn 12 python3 -m torchtitan.train --job.config_file a.toml {args}\n")


JULIA = _slurm("srun julia --project run.jl")


@pytest.mark.parametrize("log", [OFI, CURAND])
def test_julia_job_gets_the_compat_driver_off(log: str) -> None:
    data = diagnose_log(JULIA, log, "perlmutter", None, False)
    assert data["proposed"]["record_id"] == "julia-cuda-forward-compat-driver"
    assert "+export JULIA_CUDA_USE_COMPAT=false" in data["proposed"]["diff"]


@pytest.mark.parametrize("script", [
    _slurm("srun python train.py"),
    _slurm("srun julia --project run.jl", "export JULIA_CUDA_USE_COMPAT=false\n"),
])
def test_no_compat_fix_without_julia_or_when_already_chosen(script: str) -> None:
    data = diagnose_log(script, OFI, "perlmutter", None, False)
    proposed = data["proposed"]
    assert proposed is None or "JULIA_CUDA_USE_COMPAT" not in proposed.get("diff", "")


@pytest.mark.parametrize(("args", "record", "fixed"), [
    ("--checkpoint.async-mode=async", "torchtitan-async-checkpoint-gloo-on-accelerator-backend",
     "--checkpoint.async-mode=disabled"),
    ("--checkpoint.async_mode async_with_pinned_mem",
     "torchtitan-async-checkpoint-gloo-on-accelerator-backend-underscore",
     "--checkpoint.async_mode"),
])
def test_async_checkpoint_on_xpu_is_turned_off(args: str, record: str, fixed: str) -> None:
    data = diagnose_log(_pbs(args), XPU, "aurora", None, False)
    assert data["proposed"]["record_id"] == record
    diff = data["proposed"]["diff"]
    assert fixed in diff and "disabled" in diff


@pytest.mark.parametrize(("args", "log"), [
    ("", XPU),
    ("--checkpoint.async-mode=async", CPU),
])
def test_no_checkpoint_fix_without_the_async_mode_or_on_cpu(args: str, log: str) -> None:
    data = diagnose_log(_pbs(args), log, "aurora", None, False)
    proposed = data["proposed"]
    assert proposed is None or "async" not in proposed.get("diff", "")


NVRTC = "RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)\n"
PYXIS = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
         "#SBATCH -t 01:00:00\nCONT=/lustre/images/old-pyt.sqsh\n"
         'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python train.py\n')


def test_nvrtc_arch_in_a_pyxis_job_asks_for_the_image() -> None:
    data = diagnose_log(PYXIS, NVRTC, "deltaai", None, False)
    assert data["proposed"] is None
    first = data["diagnoses"][0]
    assert first["record_id"] == "nvrtc-gpu-arch-unknown-in-container"
    assert first["needs"]
    answered = diagnose_log(PYXIS, NVRTC, "deltaai", None, False,
                            {"container_image": "nvcr.io#nvidia/pytorch:25.08-py3"})
    diff = answered["proposed"]["diff"]
    assert "+srun --container-image='nvcr.io#nvidia/pytorch:25.08-py3'" in diff


def test_nvrtc_arch_outside_a_container_is_advice_only() -> None:
    data = diagnose_log(_slurm("srun python train.py"), NVRTC, "delta", None, False)
    assert data["proposed"] is None
    first = data["diagnoses"][0]
    assert first["record_id"] == "nvrtc-gpu-arch-unknown" and not first.get("needs")
