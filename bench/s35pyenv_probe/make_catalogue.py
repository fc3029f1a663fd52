"""The Python-environment message catalogue of helper s35pyenv as run.py cases (catalogue_cases.yaml).

Each message is one a training job can print, read from its source (the text as the code writes it):
  CPython  python/cpython: Python/import.c, Lib/importlib/_bootstrap.py ("No module named %r",
           "cannot import name %R from %R (%S)"), Modules/main.c ("No module named pip" via runpy);
  glibc    elf/dl-load.c ("cannot open shared object file", "wrong ELF class: ELFCLASS32"),
           elf/dl-version.c ("version `%s' not found (required by %s)"), elf/dl-lookup.c
           ("undefined symbol: %s");
  conda    conda/conda: conda/exceptions.py (EnvironmentNameNotFound "Could not find conda
           environment"), conda/cli/main.py / conda/activate.py ("CondaError: Run 'conda init'
           before 'conda activate'"), CommandNotFoundError ("Your shell has not been properly
           configured to use 'conda activate'");
  torch    pytorch/pytorch: torch/utils/cpp_extension.py ("Ninja is required to load C++
           extensions", "CUDA_HOME environment variable is not set");
  deepspeed microsoft/DeepSpeed: op_builder/builder.py (MissingCUDAException "CUDA_HOME does not
           exist, unable to compile CUDA op(s)");
  triton   triton-lang/triton: python/triton/backends/nvidia/driver.py (libcuda search), ld
           "cannot find -lcuda".
Printed into base scripts (Delta srun+torchrun with and without an env, Polaris PBS+conda) and
labelled: SCRIPT (fix regex or 'ask') or NOT (the package/env itself, the user's code, the CPU).
Run: python bench/s35pyenv_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s35pyenv_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
CPY = "python/cpython Lib/importlib/_bootstrap.py"
GLIBC = "glibc elf/dl-load.c, elf/dl-version.c, elf/dl-lookup.c"
CONDA = "conda/conda conda/exceptions.py, conda/activate.py"
TORCH = "pytorch/pytorch torch/utils/cpp_extension.py"
DS = "microsoft/DeepSpeed op_builder/builder.py"
TRITON = "triton-lang/triton python/triton/backends/nvidia/driver.py"

DELTA = {"cluster": "delta", "script": "srun_torchrun.sh"}
POLARIS = {"cluster": "polaris", "script": "pbs_polaris_torchrun.sh"}
PORT = "export MASTER_PORT=29500\n"
CONDA_ENV = {"replace": [[PORT, PORT + "module load anaconda3_gpu\nconda activate myenv\n"]]}
CONDA_ENV_NOMOD = {"replace": [[PORT, PORT + "conda activate myenv\n"]]}
VENV = {"replace": [[PORT, PORT + "source /projects/bbka/alice/venv/bin/activate\n"]]}
NCCL_MOD = {"replace": [[PORT, PORT + "module load anaconda3_gpu nccl\n"]]}
SRUN_FAIL = "srun: error: gpua012: task 0: Exited with exit code 1\n"
ENVF = ["environment", "modules", "launcher", "user"]


def tb(*lines: str) -> str:
    """A Python traceback ending in `lines` (the last is the exception line)."""
    return "Traceback (most recent call last):\n  File \"/u/alice/proj/train.py\", line 3, in <module>\n    import torch\n" + "\n".join(lines) + "\n"


# (id, class, log, source, base, edits, expect)
ENTRIES: list[tuple[str, str, str, str, dict, dict, str | None]] = [
    # ---- import machinery ----
    ("imp-torch-noenv", "SCRIPT", tb("ModuleNotFoundError: No module named 'torch'") + SRUN_FAIL,
     CPY, DELTA, {}, r"(?m)^\+module load anaconda3_gpu"),
    ("imp-torch-envactivated", "NOT",
     tb("ModuleNotFoundError: No module named 'deepspeed'") + SRUN_FAIL, CPY, DELTA, CONDA_ENV, None),
    ("imp-cannot-import-name", "NOT",
     tb("ImportError: cannot import name 'LlamaFlashAttention2' from 'transformers.models.llama.modeling_llama' (/u/alice/.conda/envs/myenv/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py)") + SRUN_FAIL,
     CPY, DELTA, CONDA_ENV, None),
    ("imp-own-module", "NOT",
     tb("ModuleNotFoundError: No module named 'models.resnet_custom'") + SRUN_FAIL, CPY, DELTA, CONDA_ENV, None),
    ("imp-torchrun-cmd-notfound", "SCRIPT",
     "/var/spool/slurmd/job4012345/slurm_script: line 11: torchrun: command not found\n", "bash", DELTA, {}, "ask"),
    ("imp-no-module-pip", "NOT", "/usr/bin/python3: No module named pip\n", "python/cpython Lib/runpy.py",
     DELTA, CONDA_ENV, None),
    ("imp-usersite-shadow", "SCRIPT",
     "Traceback (most recent call last):\n  File \"/u/alice/proj/train.py\", line 3, in <module>\n    import torch\n  File \"/u/alice/.local/lib/python3.10/site-packages/torch/__init__.py\", line 237, in <module>\n    from torch._C import *  # noqa: F403\nImportError: /u/alice/.local/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister\n" + SRUN_FAIL,
     GLIBC + "; PEP 370 user site", DELTA, CONDA_ENV, r"(?m)^\+export PYTHONNOUSERSITE=(?:1|True|\"1\")"),
    # ---- dynamic loader ----
    ("ld-glibcxx-system", "SCRIPT",
     tb("ImportError: /lib64/libstdc++.so.6: version `GLIBCXX_3.4.29' not found (required by /u/alice/.conda/envs/myenv/lib/python3.10/site-packages/scipy/spatial/_ckdtree.cpython-310-x86_64-linux-gnu.so)") + SRUN_FAIL,
     GLIBC, DELTA, CONDA_ENV, r"(?m)^\+(?:module load gcc|export LD_LIBRARY_PATH=\"?\$\{?CONDA_PREFIX)"),
    ("ld-glibc-too-old", "NOT",
     "/u/alice/bin/myprog: /lib64/libc.so.6: version `GLIBC_2.34' not found (required by /u/alice/bin/myprog)\n" + SRUN_FAIL,
     GLIBC, DELTA, CONDA_ENV, None),
    ("ld-libcudart-missing", "SCRIPT",
     tb("ImportError: libcudart.so.11.0: cannot open shared object file: No such file or directory") + SRUN_FAIL,
     GLIBC, DELTA, {}, r"(?m)^\+module load cuda"),
    ("ld-wrong-elf-class", "NOT",
     tb("ImportError: /u/alice/lib/libfoo.so: wrong ELF class: ELFCLASS32") + SRUN_FAIL, GLIBC, DELTA, CONDA_ENV, None),
    ("ld-ext-undefined-c10", "NOT",
     "Traceback (most recent call last):\n  File \"/u/alice/proj/train.py\", line 5, in <module>\n    import flash_attn_2_cuda as flash_attn_cuda\nImportError: /u/alice/.conda/envs/myenv/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi\n" + SRUN_FAIL,
     GLIBC, DELTA, CONDA_ENV, None),
    ("ld-illegal-instruction", "NOT",
     "/var/spool/slurmd/job4012345/slurm_script: line 12: 123456 Illegal instruction     (core dumped) python train.py\n",
     "kernel SIGILL", DELTA, CONDA_ENV, None),
    ("ld-exec-format-aarch64", "NOT",
     "/var/spool/slurmd/job4012345/slurm_script: line 12: /u/alice/.conda/envs/x86env/bin/python: cannot execute binary file: Exec format error\n",
     "bash execute_cmd.c", {"cluster": "deltaai", "script": "srun_torchrun.sh"}, CONDA_ENV_NOMOD, None),
    ("ld-libtorch-cuda-missing", "NOT",
     "Traceback (most recent call last):\n  File \"/u/alice/proj/train.py\", line 4, in <module>\n    import torch_scatter\nOSError: libtorch_cuda.so: cannot open shared object file: No such file or directory\n" + SRUN_FAIL,
     GLIBC, DELTA, CONDA_ENV, None),
    ("ld-nccl-undefined-ldpath", "SCRIPT",
     "Traceback (most recent call last):\n  File \"/u/alice/proj/train.py\", line 3, in <module>\n    import torch\n  File \"/u/alice/.conda/envs/myenv/lib/python3.10/site-packages/torch/__init__.py\", line 237, in <module>\n    from torch._C import *  # noqa: F403\nImportError: /u/alice/.conda/envs/myenv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister\n" + SRUN_FAIL,
     GLIBC, DELTA, NCCL_MOD, r"(?m)^[-+]module load anaconda3_gpu(?!.*nccl)"),
    # ---- conda / venv ----
    ("conda-init-before-activate", "SCRIPT",
     "CondaError: Run 'conda init' before 'conda activate'\n" + tb("ModuleNotFoundError: No module named 'torch'"),
     CONDA, DELTA, CONDA_ENV, r"(?m)^\+(?:eval \"\$\(conda shell\.bash hook\)\"|source .*conda\.sh)"),
    ("conda-shell-not-configured", "SCRIPT",
     "\nCommandNotFoundError: Your shell has not been properly configured to use 'conda activate'.\nTo initialize your shell, run\n\n    $ conda init <SHELL_NAME>\n\nCurrently supported shells are:\n  - bash\n",
     CONDA, DELTA, CONDA_ENV, r"(?m)^\+(?:eval \"\$\(conda shell\.bash hook\)\"|source .*conda\.sh|#!/bin/bash -l)$"),
    ("conda-env-name-not-found", "SCRIPT",
     "\nEnvironmentNameNotFound: Could not find conda environment: myenv\nYou can list all discoverable environments with `conda info --envs`.\n\n" + tb("ModuleNotFoundError: No module named 'torch'"),
     CONDA, DELTA, CONDA_ENV, "ask"),
    ("conda-command-not-found", "SCRIPT",
     "/var/spool/slurmd/job4012345/slurm_script: line 10: conda: command not found\n" + tb("ModuleNotFoundError: No module named 'torch'"),
     "bash; " + CONDA, DELTA, CONDA_ENV_NOMOD, r"(?m)^\+module load anaconda3_gpu"),
    ("venv-activate-missing", "SCRIPT",
     "/var/spool/slurmd/job4012345/slurm_script: line 10: /projects/bbka/alice/venv/bin/activate: No such file or directory\n" + tb("ModuleNotFoundError: No module named 'torch'"),
     "bash source builtin", DELTA, VENV, "ask"),
    ("conda-polaris-envnotfound", "SCRIPT",
     "\nEnvironmentNameNotFound: Could not find conda environment: /lus/eagle/projects/MyProject/alice/envs/train\nYou can list all discoverable environments with `conda info --envs`.\n",
     CONDA, POLARIS, {"replace": [["conda activate\n", "conda activate /lus/eagle/projects/MyProject/alice/envs/train\n"]]}, "ask"),
    # ---- torch / deepspeed / triton builds ----
    ("ds-cuda-home-missing", "SCRIPT",
     "deepspeed.ops.op_builder.builder.MissingCUDAException: CUDA_HOME does not exist, unable to compile CUDA op(s)\n" + SRUN_FAIL,
     DS, DELTA, CONDA_ENV, r"(?m)^\+module load cuda"),
    ("torch-cuda-home-notset", "SCRIPT",
     "OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.\n" + SRUN_FAIL,
     TORCH, DELTA, CONDA_ENV, r"(?m)^\+module load cuda"),
    ("torch-ninja-required", "NOT",
     "RuntimeError: Ninja is required to load C++ extensions\n" + SRUN_FAIL, TORCH, DELTA, CONDA_ENV, None),
    ("triton-lcuda", "SCRIPT",
     "/usr/bin/ld: cannot find -lcuda: No such file or directory\ncollect2: error: ld returned 1 exit status\nsubprocess.CalledProcessError: Command '['/usr/bin/gcc', '/tmp/tmpx/main.c', '-O3', '-lcuda', '-o', '/tmp/tmpx/cuda_utils.cpython-310-x86_64-linux-gnu.so']' returned non-zero exit status 1.\n" + SRUN_FAIL,
     TRITON, DELTA, CONDA_ENV, r"(?m)^\+export (?:TRITON_LIBCUDA_PATH|LIBRARY_PATH)="),
    ("ds-ops-not-built", "NOT",
     "ImportError: FusedAdam is not compatible with the installed DeepSpeed, please rebuild with DS_BUILD_FUSED_ADAM=1\n", DS, DELTA, CONDA_ENV, None),
]


def case(entry: tuple) -> dict:
    cid, cls, log, source, base, edits, expect = entry
    out: dict = {"id": cid, "split": "tune", "kind": "script" if cls == "SCRIPT" else "not_script",
                 "source": source, "what": cls, **base, **edits, "log": log}
    if cls != "SCRIPT":
        out["expect"] = {}
    elif expect == "ask":
        out["expect"] = {"families": ENVF, "ask": True}
    else:
        out["expect"] = {"families": ENVF, "fix": expect}
    return out


def main() -> None:
    head = "# Generated by make_catalogue.py (edit there).\n"
    body = yaml.safe_dump({"schema": 1, "cases": [case(e) for e in ENTRIES]}, sort_keys=False,
                          allow_unicode=True, width=100)
    (HERE / "catalogue_cases.yaml").write_text(head + body, encoding="utf-8")
    print(len(ENTRIES), "messages")


if __name__ == "__main__":
    main()
