"""The CUDA/GPU-state message catalogue of helper s35cuda as run.py cases (catalogue_cases.yaml).

Each message is one a training job can meet, read from its source:
  RT    CUDA runtime cudaError_t / cudaGetErrorString texts, docs.nvidia.com/cuda/cuda-runtime-api
        group__CUDART__TYPES.html (enum cudaError);
  DRV   CUDA driver API CUresult names/texts, docs.nvidia.com/cuda/cuda-driver-api
        group__CUDA__TYPES.html (enum cudaError_enum);
  NVML  nvidia-smi / NVML texts (NVML_ERROR_LIB_RM_VERSION_MISMATCH, "No devices were found");
  XID   NVIDIA's Xid catalogue, docs.nvidia.com/deploy/xid-errors (hardware vs the program);
  PT    PyTorch: c10/cuda/CUDAFunctions.cpp (find_string:383382019, "Found no NVIDIA driver",
        "driver ... too old"), c10/cuda/CUDAException.cpp ("CUDA kernel errors might be
        asynchronously reported"), torch/cuda/__init__.py ("Torch not compiled with CUDA
        enabled", "sm_XX is not compatible with the current PyTorch installation").
Printed as a PyTorch job prints them (RuntimeError lines, dmesg/syslog NVRM lines) into base
scripts on Delta, and labelled by class:
  script (fix regex or ask), not_script HW (the node/GPU), DRV (driver/node state, the site),
  PROG (the program's kernel or its Python environment).
Run: python bench/s35cuda_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s35cuda_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
RT = "docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html "
DRV = "docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html "
XID = "https://docs.nvidia.com/deploy/xid-errors/ "
PT = "pytorch/pytorch "
NVML = "NVML nvmlErrorString / nvidia-smi "
TB = ('Traceback (most recent call last):\n  File "/u/alice/train.py", line 41, in <module>\n'
      '    model = model.cuda(local_rank)\n')


def rt(msg: str, code: int | None = None) -> str:
    """A PyTorch RuntimeError carrying a CUDA runtime error text."""
    tail = ("CUDA kernel errors might be asynchronously reported at some other API call, so the "
            "stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n")
    return TB + f"RuntimeError: CUDA error: {msg}\n" + tail


def xid(n: int, text: str) -> str:
    """A kernel log NVRM Xid line as dmesg prints it, then the job's death."""
    return (f"[Mon Nov  3 04:12:55 2025] NVRM: Xid (PCI:0000:07:00): {n}, pid=1834521, name=python, {text}\n"
            "srun: error: gpua017: task 1: Killed\n")


SLURM = {"cluster": "delta", "script": "srun_torchrun.sh"}
APPT = {"cluster": "delta", "script": "apptainer_srun_torchrun.sh"}
HW, DRVS, PROG = "HW", "DRV", "PROG"
NOGPU = {"replace": [["#SBATCH --gpus-per-node=4\n", ""]]}
CVD0 = {"directives": [], "replace": [["export MASTER_PORT=29500", "export MASTER_PORT=29500\nexport CUDA_VISIBLE_DEVICES=0"]]}
NONV = {"replace": [["apptainer exec --nv ", "apptainer exec "]]}
FAMS = ["devices", "containers", "launcher", "scheduler", "environment", "modules", "resources"]
GPUFIX = r"(?m)^\+#SBATCH --(?:gpus|gres)"
NVFIX = r"(?m)^\+.*--nv\b"

# (id, class, log, source, base, edits, expect)
ENTRIES: list[tuple[str, str, str, str, dict, dict, str | None]] = [
    # ---- script: the job asked for no GPU / hid them / left the container without them ----
    ("rt-nodevice-nogpu-request", "SCRIPT", rt("no CUDA-capable device is detected"), RT + "cudaErrorNoDevice", SLURM, NOGPU, GPUFIX),
    ("pt-nodriver-nogpu-request", "SCRIPT", TB + "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n", PT + "c10/cuda/CUDAFunctions.cpp (find_string:383382019)", SLURM, NOGPU, GPUFIX),
    ("pt-nodriver-container-nonv", "SCRIPT", TB + "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n", PT + "c10/cuda/CUDAFunctions.cpp (find_string:383382019)", APPT, NONV, NVFIX),
    ("rt-nodevice-container-nonv", "SCRIPT", rt("no CUDA-capable device is detected"), RT + "cudaErrorNoDevice", APPT, NONV, NVFIX),
    ("smi-nodevices-nogpu-request", "SCRIPT", "No devices were found\n" + TB + "RuntimeError: No CUDA GPUs are available\n", NVML + "(NVML_ERROR_NOT_FOUND)", SLURM, NOGPU, GPUFIX),
    ("pt-nogpus-available-nogpu", "SCRIPT", TB + "RuntimeError: No CUDA GPUs are available\n", PT + "torch/cuda/__init__.py _lazy_init", SLURM, NOGPU, GPUFIX),
    ("rt-ordinal-cvd0", "SCRIPT", rt("invalid device ordinal"), RT + "cudaErrorInvalidDevice", SLURM, CVD0, r"(?m)^-export CUDA_VISIBLE_DEVICES=0"),
    ("nvml-unknown-nogpu", "SCRIPT", "Failed to initialize NVML: Unknown Error\n" + TB + "RuntimeError: No CUDA GPUs are available\n", NVML + "NVML_ERROR_UNKNOWN", SLURM, NOGPU, GPUFIX),
    ("drv-no-device-nogpu", "SCRIPT", "RuntimeError: CUDA driver error: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected\n", DRV + "CUDA_ERROR_NO_DEVICE", SLURM, NOGPU, GPUFIX),
    # ---- not script: driver / node state (only the site) ----
    ("rt-insufficient-driver", DRVS, rt("CUDA driver version is insufficient for CUDA runtime version"), RT + "cudaErrorInsufficientDriver", SLURM, {}, None),
    ("rt-compat-not-supported", DRVS, rt("forward compatibility was attempted on non supported HW"), RT + "cudaErrorCompatNotSupportedOnDevice", SLURM, {}, None),
    ("rt-system-not-ready", DRVS, rt("system not yet initialized"), RT + "cudaErrorSystemNotReady", SLURM, {}, None),
    ("rt-system-driver-mismatch", DRVS, rt("system has unsupported display driver / cuda driver combination"), RT + "cudaErrorSystemDriverMismatch", SLURM, {}, None),
    ("rt-devices-unavailable", DRVS, rt("all CUDA-capable devices are busy or unavailable"), RT + "cudaErrorDevicesUnavailable", SLURM, {}, None),
    ("nvml-version-mismatch", DRVS, "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 550.127\n", NVML + "NVML_ERROR_LIB_RM_VERSION_MISMATCH", SLURM, {}, None),
    ("nvml-init-unknown", DRVS, "Failed to initialize NVML: Unknown Error\n", NVML + "NVML_ERROR_UNKNOWN", SLURM, {}, None),
    ("smi-nodevices-with-request", DRVS, "No devices were found\nsrun: error: gpua017: task 0: Exited with exit code 6\n", NVML + "(NVML_ERROR_NOT_FOUND)", SLURM, {}, None),
    ("pt-driver-too-old", DRVS, TB + "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.\n", PT + "c10/cuda/CUDAFunctions.cpp (find_string:383382019)", SLURM, {}, None),
    ("drv-not-initialized", DRVS, "RuntimeError: CUDA driver error: CUDA_ERROR_NOT_INITIALIZED: initialization error\n", DRV + "CUDA_ERROR_NOT_INITIALIZED", SLURM, {}, None),
    ("rt-unsupported-ptx", DRVS, rt("the provided PTX was compiled with an unsupported toolchain."), RT + "cudaErrorUnsupportedPtxVersion", SLURM, {}, None),
    # ---- not script: the hardware ----
    ("rt-ecc-uncorrectable", HW, rt("uncorrectable ECC error encountered"), RT + "cudaErrorECCUncorrectable", SLURM, {}, None),
    ("rt-hardware-stack", PROG, rt("hardware stack error"), RT + "cudaErrorHardwareStackError", SLURM, {}, None),
    ("rt-nvlink-uncorrectable", HW, rt("uncorrectable NVLink error detected during the execution"), RT + "cudaErrorNvlinkUncorrectable", SLURM, {}, None),
    ("rt-unknown-error", HW, rt("unknown error"), RT + "cudaErrorUnknown", SLURM, {}, None),
    ("xid-79-fallen", HW, xid(79, "GPU has fallen off the bus."), XID + "Xid 79", SLURM, {}, None),
    ("xid-48-dbe", HW, xid(48, "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."), XID + "Xid 48", SLURM, {}, None),
    ("xid-74-nvlink", HW, xid(74, "NVLink: fatal error detected on link 2(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)"), XID + "Xid 74", SLURM, {}, None),
    ("xid-94-contained", HW, xid(94, "Contained: SM (0x1). RST: No, D-RST: No"), XID + "Xid 94", SLURM, {}, None),
    ("xid-95-uncontained", HW, xid(95, "Uncontained: FBHUB. RST: Yes, D-RST: No"), XID + "Xid 95", SLURM, {}, None),
    ("xid-119-gsp", HW, xid(119, "Timeout waiting for RPC from GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)."), XID + "Xid 119", SLURM, {}, None),
    ("xid-63-rowremap", HW, xid(63, "Row Remapper: New row marked for remapping, reset gpu to activate."), XID + "Xid 63", SLURM, {}, None),
    ("pt-gpu-lost", HW, "Unable to determine the device handle for GPU0000:07:00.0: GPU is lost.  Reboot the system to recover this GPU\n", NVML + "NVML_ERROR_GPU_IS_LOST", SLURM, {}, None),
    # ---- not script: the program's kernel / its environment ----
    ("rt-device-assert", PROG, rt("device-side assert triggered"), RT + "cudaErrorAssert", SLURM, {}, None),
    ("rt-illegal-address", PROG, rt("an illegal memory access was encountered"), RT + "cudaErrorIllegalAddress", SLURM, {}, None),
    ("rt-misaligned", PROG, rt("misaligned address"), RT + "cudaErrorMisalignedAddress", SLURM, {}, None),
    ("rt-illegal-instruction", PROG, rt("an illegal instruction was encountered"), RT + "cudaErrorIllegalInstruction", SLURM, {}, None),
    ("rt-launch-failure", PROG, rt("unspecified launch failure"), RT + "cudaErrorLaunchFailure", SLURM, {}, None),
    ("rt-launch-resources", PROG, rt("too many resources requested for launch"), RT + "cudaErrorLaunchOutOfResources", SLURM, {}, None),
    ("rt-launch-timeout", PROG, rt("the launch timed out and was terminated"), RT + "cudaErrorLaunchTimeout", SLURM, {}, None),
    ("rt-invalid-config", PROG, rt("invalid configuration argument"), RT + "cudaErrorInvalidConfiguration", SLURM, {}, None),
    ("rt-invalid-argument", PROG, rt("invalid argument"), RT + "cudaErrorInvalidValue", SLURM, {}, None),
    ("rt-oom", PROG, TB + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 39.39 GiB of which 1.05 GiB is free. Including non-PyTorch memory, this process has 38.33 GiB memory in use.\n", PT + "c10/cuda/CUDACachingAllocator.cpp", SLURM, {}, None),
    ("rt-oom-cudaerror", PROG, rt("out of memory"), RT + "cudaErrorMemoryAllocation", SLURM, {}, None),
    ("rt-no-kernel-image", PROG, rt("no kernel image is available for execution on the device"), RT + "cudaErrorNoKernelImageForDevice", SLURM, {}, None),
    ("rt-invalid-ptx", PROG, rt("a PTX JIT compilation failed"), RT + "cudaErrorInvalidPtx", SLURM, {}, None),
    ("pt-sm-not-compatible", PROG, "/u/alice/venv/lib/python3.11/site-packages/torch/cuda/__init__.py:235: UserWarning: \nNVIDIA H100 80GB HBM3 with CUDA capability sm_90 is not compatible with the current PyTorch installation.\nThe current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70.\n" + rt("no kernel image is available for execution on the device"), PT + "torch/cuda/__init__.py _check_capability", SLURM, {}, None),
    ("pt-not-compiled-cuda", PROG, TB + '  File "/u/alice/venv/lib/python3.11/site-packages/torch/cuda/__init__.py", line 310, in _lazy_init\n    raise AssertionError("Torch not compiled with CUDA enabled")\nAssertionError: Torch not compiled with CUDA enabled\n', PT + "torch/cuda/__init__.py _lazy_init", SLURM, {}, None),
    ("drv-illegal-address", PROG, "RuntimeError: CUDA driver error: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered\n", DRV + "CUDA_ERROR_ILLEGAL_ADDRESS", SLURM, {}, None),
    # ---- driver API names (CUresult) as JAX / Triton / CuPy print them ----
    ("drvapi-oom", PROG, "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to load in-memory CUBIN: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n", DRV + "CUDA_ERROR_OUT_OF_MEMORY", SLURM, {}, None),
    ("drvapi-launch-failed", PROG, "RuntimeError: Triton Error [CUDA]: CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure\n", DRV + "CUDA_ERROR_LAUNCH_FAILED", SLURM, {}, None),
    ("drvapi-ecc", HW, "cupy_backends.cuda.api.driver.CUDADriverError: CUDA_ERROR_ECC_UNCORRECTABLE: uncorrectable ECC error encountered\n", DRV + "CUDA_ERROR_ECC_UNCORRECTABLE", SLURM, {}, None),
    ("drvapi-no-binary", PROG, "RuntimeError: Triton Error [CUDA]: CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image is available for execution on the device\n", DRV + "CUDA_ERROR_NO_BINARY_FOR_GPU", SLURM, {}, None),
    ("drvapi-resources", PROG, "RuntimeError: Triton Error [CUDA]: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too many resources requested for launch\n", DRV + "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", SLURM, {}, None),
    ("drvapi-unsupported-ptx", DRVS, "RuntimeError: Triton Error [CUDA]: CUDA_ERROR_UNSUPPORTED_PTX_VERSION: the provided PTX was compiled with an unsupported toolchain.\n", DRV + "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", SLURM, {}, None),
    ("drvapi-device-unavailable", DRVS, "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: CUDA error: Failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_DEVICE_UNAVAILABLE: CUDA-capable device(s) is/are busy or unavailable\n", DRV + "CUDA_ERROR_DEVICE_UNAVAILABLE", SLURM, {}, None),
    ("drvapi-system-not-ready", DRVS, "E external/xla/xla/stream_executor/cuda/cuda_driver.cc:268] failed call to cuInit: CUDA_ERROR_SYSTEM_NOT_READY: system not yet initialized\n", DRV + "CUDA_ERROR_SYSTEM_NOT_READY", SLURM, {}, None),
    ("drvapi-illegal-instruction", PROG, "RuntimeError: Triton Error [CUDA]: CUDA_ERROR_ILLEGAL_INSTRUCTION: an illegal instruction was encountered\n", DRV + "CUDA_ERROR_ILLEGAL_INSTRUCTION", SLURM, {}, None),
    ("xid-13-graphics", PROG, xid(13, "Graphics SM Warp Exception on (GPC 1, TPC 2, SM 0): Out Of Range Address"), XID + "Xid 13", SLURM, {}, None),
    ("xid-31-mmu", PROG, xid(31, "Ch 00000008, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f2a_c0000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"), XID + "Xid 31", SLURM, {}, None),
    ("xid-43-stopped", PROG, xid(43, "Ch 00000010"), XID + "Xid 43", SLURM, {}, None),
]


def case(entry: tuple) -> dict:
    cid, cls, log, source, base, edits, expect = entry
    out: dict = {"id": cid, "split": "tune", "kind": "script" if cls == "SCRIPT" else "not_script",
                 "source": source, "what": cls, **base, **edits, "log": log}
    if cls != "SCRIPT":
        out["expect"] = {}
    elif expect == "ask":
        out["expect"] = {"families": list(FAMS), "ask": True}
    else:
        out["expect"] = {"families": list(FAMS), "fix": expect}
    return out


def main() -> None:
    head = "# Generated by make_catalogue.py (edit there).\n"
    body = yaml.safe_dump({"schema": 1, "cases": [case(e) for e in ENTRIES]}, sort_keys=False,
                          allow_unicode=True, width=100)
    (HERE / "catalogue_cases.yaml").write_text(head + body, encoding="utf-8")
    print(len(ENTRIES), "messages")


if __name__ == "__main__":
    main()
