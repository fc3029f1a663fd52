"""Binary-compatibility message catalogue of helper s36wheel as run.py cases (catalogue_cases.yaml).

Each message is printed by the library that raises it, read from its source:
  GLIBC  glibc elf/dl-version.c "version `%s' not found (required by %s)" and elf/dl-lookup.c
         "undefined symbol: %s" (Python's ImportError repeats dlerror()'s text);
  RT     CUDA runtime cudaError_t texts (docs.nvidia.com/cuda/cuda-runtime-api group__CUDART__TYPES);
  PT     PyTorch c10/cuda/CUDAFunctions.cpp ("The NVIDIA driver on your system is too old"),
         torch/cuda/__init__.py _check_capability ("sm_XX is not compatible");
  XF     xformers/_cpp_lib.py ("xFormers was built for: PyTorch ... you have ...");
  TF     tensorflow dso_loader ("Could not load dynamic library 'libcudnn.so.8'");
  CUDNN  cuDNN 8 frontend "Could not load library libcudnn_cnn_infer.so.8";
  PIP    pip's resolver ("No matching distribution found for");
  SH     bash / kernel ("cannot execute binary file: Exec format error", "Illegal instruction").
Classes: ENV (the job's Python environment / a wheel built for another torch, CUDA, glibc or CPU:
rebuild or reinstall; not the launch script), DRV (the node's driver), LOOK (look-alikes that
other records own and must keep).
Run: python bench/s36wheel_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s36wheel_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SP = "/u/alice/.conda/envs/llm/lib/python3.11/site-packages"
TB = ('Traceback (most recent call last):\n  File "/u/alice/train.py", line 3, in <module>\n'
      '    import torch\n')
DELTA = {"cluster": "delta", "script": "srun_torchrun.sh"}
VISTA = {"cluster": "vista", "script": "tacc_ibrun.sh",
         "replace": [["#SBATCH -p gpu-a100", "#SBATCH -p gh"], ["module load cuda/12.2\n", ""]]}
ENV, DRV = "ENV", "DRV"

ENTRIES: list[tuple[str, str, str, str, dict]] = [
    ("glibc-234-torch", ENV, TB + f"ImportError: /lib64/libc.so.6: version `GLIBC_2.34' not found (required by {SP}/torch/lib/libtorch_cpu.so)\n", "glibc elf/dl-version.c", DELTA),
    ("glibc-228-flash", ENV, TB + f"ImportError: /lib64/libm.so.6: version `GLIBC_2.29' not found (required by {SP}/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so)\n", "glibc elf/dl-version.c", DELTA),
    ("glibcxx-sys-conda", ENV, TB + f"ImportError: /lib64/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by {SP}/torch/lib/libtorch_python.so)\n", "glibc elf/dl-version.c", DELTA),
    ("cxxabi-sys", ENV, TB + f"ImportError: /usr/lib64/libstdc++.so.6: version `CXXABI_1.3.13' not found (required by {SP}/scipy/sparse/_sparsetools.cpython-311-x86_64-linux-gnu.so)\n", "glibc elf/dl-version.c", DELTA),
    ("undef-flash-attn", ENV, TB + f"ImportError: {SP}/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi\n", "glibc elf/dl-lookup.c", DELTA),
    ("undef-apex", ENV, TB + f"ImportError: {SP}/fused_layer_norm_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: _ZN2at4_ops5zeros4callEN3c108ArrayRefIlEE\n", "glibc elf/dl-lookup.c", DELTA),
    ("undef-torch-scatter", ENV, TB + f"OSError: {SP}/torch_scatter/_version_cuda.so: undefined symbol: _ZN5torch3jit17parseSchemaOrNameERKSs\n", "glibc elf/dl-lookup.c", DELTA),
    ("undef-vllm-c", ENV, TB + f"ImportError: {SP}/vllm/_C.abi3.so: undefined symbol: _ZN5torch3jit11parseSchemaERKSsb\n", "glibc elf/dl-lookup.c", DELTA),
    ("undef-deepspeed-op", ENV, TB + "ImportError: /u/alice/.cache/torch_extensions/py311_cu121/fused_adam/fused_adam.so: undefined symbol: _ZN3c106detail14torchCheckFailEPKcS2_jRKSs\n", "glibc elf/dl-lookup.c", DELTA),
    ("undef-bnb", ENV, f"Error: {SP}/bitsandbytes/libbitsandbytes_cuda121.so: undefined symbol: cget_col_row_stats\nCUDA SETUP: Something unexpected happened. Please compile from source\n", "glibc elf/dl-lookup.c", DELTA),
    ("undef-torchvision", ENV, f"{SP}/torchvision/io/image.py:13: UserWarning: Failed to load image Python extension: '{SP}/torchvision/image.so: undefined symbol: _ZN3c1017RegisterOperatorsD1Ev'If you don't plan on using image functionality from `torchvision.io`, you can ignore this warning.\n" + TB + "RuntimeError: operator torchvision::nms does not exist\n", "glibc elf/dl-lookup.c", DELTA),
    ("xformers-built-for", ENV, "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n    PyTorch 2.0.1+cu118 with CUDA 1108 (you have 2.1.0+cu121)\n    Python  3.10.11 (you have 3.10.13)\n  Please reinstall xformers (see https://github.com/facebookresearch/xformers#installing-xformers)\n" + TB + "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n", "facebookresearch/xformers xformers/_cpp_lib.py", DELTA),
    ("pt-driver-too-old", DRV, TB + "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.\n", "pytorch c10/cuda/CUDAFunctions.cpp", DELTA),
    ("rt-insufficient-driver", DRV, TB + "RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version\n", "cudaErrorInsufficientDriver", DELTA),
    ("rt-insufficient-driver-cupy", DRV, "cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA runtime version\n", "cudaErrorInsufficientDriver", DELTA),
    ("rt-compat-not-supported", DRV, TB + "RuntimeError: CUDA error: forward compatibility was attempted on non supported HW\n", "cudaErrorCompatNotSupportedOnDevice", DELTA),
    ("rt-no-kernel-image", ENV, TB + "RuntimeError: CUDA error: no kernel image is available for execution on the device\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n", "cudaErrorNoKernelImageForDevice", DELTA),
    ("pt-sm90-not-compatible", ENV, f"{SP}/torch/cuda/__init__.py:235: UserWarning: \nNVIDIA GH200 480GB with CUDA capability sm_90 is not compatible with the current PyTorch installation.\nThe current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86.\nIf you want to use the NVIDIA GH200 480GB GPU with PyTorch, please check the instructions at https://pytorch.org/get-started/locally/\n", "pytorch torch/cuda/__init__.py _check_capability", VISTA),
    ("sh-exec-format", ENV, "/var/spool/slurmd/job123456/slurm_script: line 9: /work/10000/alice/vista/venvs/torch/bin/python: cannot execute binary file: Exec format error\n", "bash execute_cmd.c (ENOEXEC) / kernel", VISTA),
    ("pip-no-matching-aarch64", ENV, "ERROR: Could not find a version that satisfies the requirement flash-attn==2.5.6 (from versions: none)\nERROR: No matching distribution found for flash-attn==2.5.6\n", "pip resolver", VISTA),
    ("illegal-instruction", ENV, "/var/spool/slurmd/job123456/slurm_script: line 12: 48213 Illegal instruction     (core dumped) python train.py\n", "kernel SIGILL / bash", DELTA),
    ("cudnn9-missing", ENV, TB + "OSError: libcudnn.so.9: cannot open shared object file: No such file or directory\n", "glibc dlopen / torch __init__", DELTA),
    ("cudnn8-cnn-infer", ENV, "Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared object file: No such file or directory\n/var/spool/slurmd/job123456/slurm_script: line 12: 48213 Aborted                 (core dumped) python train.py\n", "cuDNN 8 dlopen message", DELTA),
    ("tf-dso-cudnn8", ENV, "W tensorflow/compiler/xla/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such file or directory\nW tensorflow/core/common_runtime/gpu/gpu_device.cc:1960] Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU. Skipping registering GPU devices...\n", "tensorflow dso_loader.cc", DELTA),
    ("cudart11-missing", ENV, TB + "ImportError: libcudart.so.11.0: cannot open shared object file: No such file or directory\n", "glibc dlopen", DELTA),
]


def case(entry: tuple) -> dict:
    cid, cls, log, source, base = entry
    return {"id": cid, "split": "tune", "kind": "not_script", "source": source, "what": cls,
            **base, "log": log, "expect": {}}


if __name__ == "__main__":
    doc = {"schema": 1, "cases": [case(e) for e in ENTRIES]}
    text = "# Generated by make_catalogue.py (edit there).\n" + yaml.safe_dump(doc, sort_keys=False, width=100)
    (HERE / "catalogue_cases.yaml").write_text(text, encoding="utf-8")
