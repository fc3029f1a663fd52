# ruff: noqa: E501
"""s37rl41 (issue 17): classes of the tune half of reallogs41 - torch's file_system shared-memory
file vanishing (not the script, and not DeltaAI's environment propagation), NCCL's SHM transport
failing with CUDA 217 (NCCL_CUMEM_ENABLE=0), Singularity's loop-device EAGAIN and Julia's
malformed environment entry (advice only), and a "Requested nodes are busy" step wait that
similarity must not answer with --overlap. Each test fails without its rule."""

from __future__ import annotations

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log

ONE = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH --time=01:00:00\n"
SHM_RACE = ("Exception in thread Thread-10 (_pin_memory_loop):\nRuntimeError: unable to open shared memory object "
            "</torch_310_3681426278_102> in read-write mode: No such file or directory (2)\n"
            "ERROR - Error in main function: Pin memory thread exited unexpectedly\n")


def test_vanished_torch_shm_file_is_not_environment_propagation() -> None:
    data = diagnose_log(ONE + "srun python -m model.main --loader_workers 16\n", SHM_RACE, "deltaai", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "torch-shm-file-vanished"


def test_missing_command_on_deltaai_still_propagates_the_environment() -> None:
    log = "slurmstepd: error: execve(): torchrun: No such file or directory\nsrun: error: gh002: task 1: Exited with exit code 2\n"
    data = diagnose_log(ONE.replace("--nodes=1", "--nodes=2") + "srun torchrun train.py\n", log, "deltaai", None, False)
    assert data["diagnoses"][0]["record_id"] == "env-not-propagated-deltaai"


RAY = ONE + ('head=$(hostname)\nsrun --nodes=1 --ntasks=1 -w "$head" ray start --head --port=6379 --block &\nsleep 20\n'
             "python3 train_rl.py --trainer-gpus 2\n")


def test_shm_transport_217_disables_cumem_not_p2p() -> None:
    log = "transport/shm.cc:590 NCCL WARN Cuda failure 217 'peer access is not supported between these two devices'\n"
    diff = _diff(diagnose_log(RAY, log, "stampede3", None, False))
    assert "+export NCCL_CUMEM_ENABLE=0" in diff
    assert "NCCL_P2P_DISABLE" not in diff


@pytest.mark.parametrize(("log", "record"), [
    ("ERROR  : Failed to set loop flags on loop device: Resource temporarily unavailable\nABORT  : Retval = 255\n", "singularity-loop-flags-eagain"),
    ('┌ Warning: malformed environment entry\n│   env = ""\n', "julia-env-entry-without-equals"),
])
def test_runtime_and_library_classes_get_advice_only(log: str, record: str) -> None:
    data = diagnose_log(ONE + "srun apptainer exec --nv img.sif julia run.jl\n", log, "vista", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == record
    assert data["diagnoses"][0]["verdict"] == "not_script"


SEQUENTIAL = ONE + "srun --ntasks-per-node=1 bash -c 'uv sync'\nsrun bash -c 'uv run python main.py'\n"


def test_step_wait_of_a_sequential_script_gets_no_overlap_by_similarity() -> None:
    log = "step creation temporarily disabled ... Requested nodes are busy\n"
    assert "--overlap" not in _diff(diagnose_log(SEQUENTIAL, log, "lonestar6", None, False))


def test_busy_step_refusal_beside_a_background_step_gets_overlap() -> None:
    log = "srun: error: Unable to create step for job 1135: Requested nodes are busy\n"
    data = diagnose_log(RAY.replace("python3 train_rl.py", "srun --nodes=1 --ntasks=1 python3 check.py\npython3 train_rl.py"), log, "stampede3", None, False)
    assert data["diagnoses"][0]["record_id"] == "srun-step-creation-wait"
    assert data["diagnoses"][0]["method"] == "signature"
    assert "--overlap" in _diff(data)
