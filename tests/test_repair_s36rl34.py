"""Classes closed by s36rl34 (issue 17, reallogs34 held-out misses; probe bench/s36rl34_probe):

- deterministic cuBLAS without CUBLAS_WORKSPACE_CONFIG: the job script exports it (not for the
  warn-only UserWarning, nor for an op without any deterministic implementation);
- the Intel compiler runtime (libimf, libsvml, ...) missing: load the site's intel module (not
  in a container, not when an Intel module is loaded already);
- nvidia-smi's "No devices were found": the job asked no GPU (script) or the node lost the GPU
  it gave the job (hardware);
- collective inputs of different shapes across ranks (accelerate's and TensorFlow's checks):
  the program;
- Lightning's refusal of --ntasks is a launcher-family record (its sibling check's family).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis as _first

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.patch_venv import venv_for_virtualenv
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")

CUBLAS = ("RuntimeError: Deterministic behavior was enabled with either "
          "`torch.use_deterministic_algorithms(True)`\nor `at::Context::setDeterministicAlgorithms"
          "(true)`, but this operation is not deterministic because\nit uses CuBLAS and you have "
          "CUDA >= 10.2. To enable deterministic behavior in this case, you must\nset an "
          "environment variable before running your PyTorch application: "
          "CUBLAS_WORKSPACE_CONFIG=:4096:8\n")


def test_deterministic_cublas_exports_the_workspace_config() -> None:
    result = diagnose_log(SRUN_PY, CUBLAS, "delta", None, False)
    assert result["proposed"]["record_id"] == "cublas-deterministic-workspace-unset"
    assert "+export CUBLAS_WORKSPACE_CONFIG=:4096:8" in result["proposed"]["diff"]


def test_a_script_that_sets_the_workspace_config_gets_no_second_one() -> None:
    script = SRUN_PY.replace("srun python", "export CUBLAS_WORKSPACE_CONFIG=:16:8\nsrun python")
    result = diagnose_log(script, CUBLAS, "delta", None, False)
    assert _first(result).get("record_id") != "cublas-deterministic-workspace-unset"


@pytest.mark.parametrize("log", [
    "linear.py:114: UserWarning: Deterministic behavior was enabled with either "
    "`torch.use_deterministic_algorithms(True)` or `at::Context::setDeterministicAlgorithms"
    "(true)`, but this operation is not deterministic because it uses CuBLAS and you have "
    "CUDA >= 10.2.\n",
    "RuntimeError: adaptive_avg_pool2d_backward_cuda does not have a deterministic "
    "implementation, but you set 'torch.use_deterministic_algorithms(True)'.\n",
])
def test_no_workspace_fix_for_a_warning_or_an_op_without_determinism(log: str) -> None:
    result = diagnose_log(SRUN_PY, log, "delta", None, False)
    assert result.get("proposed") is None


TACC = (SCRIPTS.parent.parent / "reallogs28" / "scripts" / "tacc_ibrun.sh").read_text(
    encoding="utf-8")
GCC_RUN = TACC.replace("module load cuda/12.2", "module load gcc/11.2.0")
LIBIMF = ("/home/u/lammps/src/lmp_mpi: error while loading shared libraries: libimf.so: "
          "cannot open shared object file: No such file or directory\n")


@pytest.mark.parametrize("log", [LIBIMF, "ImportError: libsvml.so: cannot open shared object "
                                         "file: No such file or directory\n"])
def test_intel_runtime_missing_loads_the_intel_module(log: str) -> None:
    result = diagnose_log(GCC_RUN, log, "lonestar6", None, False)
    assert result["proposed"]["record_id"] == "intel-compiler-runtime-missing"
    assert "+module load intel/" in result["proposed"]["diff"]


@pytest.mark.parametrize("script", [
    TACC.replace("module load cuda/12.2", "module load intel/19.1.1"),
    TACC.replace("ibrun python train.py", "ibrun apptainer exec --nv img.sif python train.py"),
])
def test_intel_runtime_record_stays_out_of_a_loaded_module_or_a_container(script: str) -> None:
    result = diagnose_log(script, LIBIMF, "lonestar6", None, False)
    assert _first(result).get("record_id") != "intel-compiler-runtime-missing"


def test_a_site_without_an_intel_module_gets_no_invented_module() -> None:
    result = diagnose_log(SRUN_PY, LIBIMF, "delta", None, False)
    assert _first(result)["record_id"] == "intel-compiler-runtime-missing"
    assert result.get("proposed") is None


NO_GPU = SRUN_PY.replace("#SBATCH --gpus-per-node=4\n", "")


def test_no_devices_in_a_job_that_asked_gpus_is_the_node() -> None:
    result = diagnose_log(SRUN_PY.replace("srun python", "nvidia-smi\nsrun python"),
                          "No devices were found\n", "delta", None, False)
    assert _first(result)["record_id"] == "nvidia-smi-no-devices-gpus-allocated"
    assert _first(result)["verdict"] == "not_script"
    assert result.get("proposed") is None


def test_no_devices_in_a_job_that_asked_none_requests_gpus() -> None:
    result = diagnose_log(NO_GPU, "nvidia-smi: No devices were found\n", "delta", None, False)
    assert result["proposed"]["record_id"] == "nvidia-smi-no-gpu-requested"
    assert "+#SBATCH --gpus-per-node=" in result["proposed"]["diff"]


def test_no_devices_under_a_per_task_request_keeps_its_record() -> None:
    script = SRUN_PY.replace("--gpus-per-node=4", "--gpus-per-task=1")
    result = diagnose_log(script, "No devices were found\n", "delta", None, False)
    assert _first(result)["record_id"] == "tasks-see-no-gpu-under-per-task-request"


@pytest.mark.parametrize("log", [
    "accelerate.utils.operations.DistributedOperationException:\n\nCannot apply desired "
    "operation due to shape mismatches. All shapes across devices must be valid.\n\n"
    "Operation: `accelerate.utils.operations.broadcast`\nInput shapes:\n  - Process 0: [1, 5]\n"
    "  - Process 1: [1, 2, 5]\n",
    "Invalid argument: Shape mismatch in the collective instance 106. Op at device "
    "/job:worker/replica:0/task:1/device:CPU:0 expected shape [49] but another member in the "
    "group expected shape [64].\n",
])
def test_collective_inputs_of_different_shapes_are_the_program(log: str) -> None:
    result = diagnose_log(SRUN_PY, log, "vista", None, False)
    assert _first(result)["record_id"] == "collective-mismatch-detected"
    assert _first(result)["verdict"] == "not_script"
    assert result.get("proposed") is None


def test_lightning_ntasks_refusal_is_a_launcher_record() -> None:
    assert load_knowledge_base().get("lightning-slurm-ntasks-not-supported").family == "launcher"


def test_srun_mem_notice_is_no_failure_of_the_script() -> None:
    script = SRUN_PY.replace("srun python", "srun --mem-per-cpu=4G python")
    result = diagnose_log(script, "srun: error: --mem and --mem-per-cpu are mutually exclusive\n",
                          "deltaai", None, False)
    assert _first(result)["record_id"] == "srun-mem-and-mem-per-cpu-notice"
    assert _first(result)["verdict"] == "not_script"
    assert result.get("proposed") is None


def test_srun_mem_notice_gives_way_to_the_real_failure() -> None:
    log = ("srun: error: --mem and --mem-per-cpu are mutually exclusive.\n"
           "slurmstepd: error: Detected 1 oom-kill event(s) in step 1234.0 cgroup\n")
    script = SRUN_PY.replace("#SBATCH --time", "#SBATCH --mem=16G\n#SBATCH --time")
    result = diagnose_log(script, log, "deltaai", None, False)
    assert _first(result)["record_id"] != "srun-mem-and-mem-per-cpu-notice"


VENV_JOB = SRUN_PY.replace("srun python", "virtualenv $HOME/venv\nsource $HOME/venv/bin/activate\n"
                           "srun python")


def test_missing_virtualenv_creates_the_environment_with_venv() -> None:
    result = diagnose_log(VENV_JOB, "-bash: virtualenv: command not found\n", "anvil", None,
                          False)
    assert result["proposed"]["record_id"] == "virtualenv-command-missing-use-venv"
    assert "+python3 -m venv $HOME/venv" in result["proposed"]["diff"]


@pytest.mark.parametrize(("before", "after"), [
    ("virtualenv env\n", "python3 -m venv env\n"),
    ("  virtualenv --system-site-packages $HOME/v\n",
     "  python3 -m venv --system-site-packages $HOME/v\n"),
    ("python3 -m venv env\n", "python3 -m venv env\n"),
])
def test_venv_for_virtualenv_rewrites_plain_lines(before: str, after: str) -> None:
    assert venv_for_virtualenv(before) == after


@pytest.mark.parametrize("line", ["virtualenv -p python3.8 env\n", "virtualenv env && x\n",
                                  "pip install virtualenv\n"])
def test_venv_for_virtualenv_leaves_other_options_alone(line: str) -> None:
    with pytest.raises(FixNotApplicable):
        venv_for_virtualenv(line)


def test_virtualenv_with_python_option_keeps_the_generic_question() -> None:
    script = VENV_JOB.replace("virtualenv $HOME/venv", "virtualenv -p python3.8 $HOME/venv")
    result = diagnose_log(script, "-bash: virtualenv: command not found\n", "anvil", None, False)
    assert _first(result).get("record_id") != "virtualenv-command-missing-use-venv"


def test_no_gpu_request_is_added_where_gpus_come_with_the_node() -> None:
    """TACC's GPUs come with the node (gpu_request: whole-node): 'No devices were found'
    after an Xid 79 there gets no --gpus-per-node (it was an invented fix, reallogs37 tune)."""
    script = ("#!/bin/bash\n#SBATCH -p gpu-a100\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH -t 01:00:00\n"
              "#SBATCH -A MyProject\nmodule load cuda\n./llama-server -m model.gguf -ngl 99\n")
    log = ("Xid 79 (PCI:0000:2e:00) GPU has fallen off the bus\nnvidia-smi: No devices were found\n"
           "RmInitAdapter failed! (0x23:0x65:1552)\n")
    data = diagnose_log(script, log, "lonestar6", None, False)
    assert data["proposed"] is None
