"""Classes of helper s34notes (templates/failures/notes_s34.yaml): per-job/per-user size limits
of a Slurm QOS or association (a question: only the user knows a smaller request or another
QOS/account), and NCCL's Cuda failures about the program's CUDA state (not the script's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
TORCHRUN = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8")


def _diagnose(log: str, cluster: str = "delta") -> dict:
    return diagnose_log(TORCHRUN, log, cluster, None, False)


def _first(data: dict) -> str | None:
    found = data.get("diagnoses") or []
    return found[0]["record_id"] if found else None


@pytest.mark.parametrize("log", [
    "sbatch: error: QOSMaxGRESPerUser\nsbatch: error: Batch job submission failed: Job "
    "violates accounting/QOS policy\n",
    "sbatch: error: QOSMaxCpuPerJobLimit\n\nsbatch: error: Batch job submission failed: Job "
    "violates accounting/QOS policy (job submit limit, user's size and/or time limits)\n",
    "salloc: error: QOSMaxMemoryPerJob\n",
])
def test_qos_per_job_size_limit_asks_for_a_qos(log: str) -> None:
    data = _diagnose(log)
    assert data["proposed"] is None
    assert _first(data) == "slurm-qos-per-job-size-limit"
    assert data["diagnoses"][0].get("needs")


@pytest.mark.parametrize("log", [
    "srun: error: AssocMaxCpuMinutesPerJobLimit\n",
    "sbatch: error: AssocMaxWallDurationPerJobLimit\n",
])
def test_association_per_job_limit_asks_for_an_account(log: str) -> None:
    data = _diagnose(log)
    assert data["proposed"] is None
    assert _first(data) == "slurm-assoc-per-job-limit"


@pytest.mark.parametrize("log,record", [
    ("sbatch: error: QOSMaxWallDurationPerJobLimit\n", "slurm-qos-policy-violation"),
    ("sbatch: error: QOSMaxSubmitJobPerUserLimit\n", "slurm-qos-submit-limit"),
    ("sbatch: error: AssocGrpBillingMinutes\n", "slurm-association-usage-limit"),
])
def test_other_limits_keep_their_records(log: str, record: str) -> None:
    assert _first(_diagnose(log)) == record


@pytest.mark.parametrize("log", [
    "NCCL WARN Cuda failure 'invalid argument'\n",
    "NCCL WARN Cuda failure 400 'invalid resource handle'\n",
    "zjxj:55959:55959 [1] enqueue.cc:1451 NCCL WARN Cuda failure 400 'invalid resource handle'\n"
    "zjxj:55959:55959 [1] NCCL INFO group.cc:231 -> 1\n",
])
def test_nccl_cuda_failure_of_program_state_is_not_the_script(log: str) -> None:
    data = _diagnose(log)
    assert data["proposed"] is None
    assert _first(data) == "nccl-cuda-failure-program-state"
    kb = load_knowledge_base()
    assert kb.get("nccl-cuda-failure-program-state").family in NOT_SCRIPT_FAMILIES


@pytest.mark.parametrize("log", [
    "transport/nvls.cc:254 NCCL WARN Cuda failure 1 'invalid argument'\n",
    "transport/p2p.cc:275 NCCL WARN Cuda failure 'invalid argument'\n",
    "NCCL WARN Cuda failure 'invalid device ordinal'\n",
])
def test_transport_and_device_cuda_failures_are_left_to_their_records(log: str) -> None:
    ids = [d["record_id"] for d in _diagnose(log).get("diagnoses") or []]
    assert "nccl-cuda-failure-program-state" not in ids


@pytest.mark.parametrize("log", [
    "error: invalid account specified\n",
    "sbatch: error: Invalid account specified\n",
    "sbatch: error: invalid account\n",
])
def test_short_invalid_account_forms_ask_for_the_account(log: str) -> None:
    data = _diagnose(log, "anvil")
    assert data["proposed"] is None
    assert _first(data) == "slurm-invalid-account"
    assert data["diagnoses"][0].get("needs")


def test_a_longer_account_message_is_not_the_short_form() -> None:
    log = "sbatch: error: Invalid account: bbka-delta-gpu has no remaining allocation\n"
    found = [d for d in _diagnose(log).get("diagnoses") or []
             if d["record_id"] == "slurm-invalid-account" and d["method"].startswith("sig")]
    assert not found


SWAP_TWO_PYTHONS = (
    "Lmod has detected the following error:  Your site prevents the automatic swapping of "
    "modules with same name.\nYou must explicitly unload the loaded version of \"Python\" "
    "before you can load the new one. Use swap (or an unload\nfollowed by a load) to do this:\n"
    "   $ module swap Python  Python/3.5.1-intel-2016a\n")
ONE_COMPILER = (
    "Lmod has detected the following error: You can only have one compiler module loaded at a "
    "time.\nYou already have intel loaded.\nTo correct the situation, please enter the "
    "following command:\n\n  module swap intel gcc/4.8.2\n")


def _with_modules(*lines: str) -> str:
    return TORCHRUN.replace("\nsrun torchrun", "\n" + "\n".join(lines) + "\nsrun torchrun", 1)


def test_no_autoswap_drops_the_first_of_two_versions() -> None:
    script = _with_modules("module load Python/2.7.11-intel-2016a",
                           "module load Python/3.5.1-intel-2016a")
    data = diagnose_log(script, SWAP_TWO_PYTHONS, "delta", None, False)
    assert data["proposed"]["record_id"] == "lmod-module-conflict"
    diff = data["proposed"]["diff"]
    assert "-module load Python/2.7.11-intel-2016a" in diff
    assert "+module" not in diff


def test_one_compiler_rule_drops_the_first_compiler_when_the_script_loads_the_second() -> None:
    script = _with_modules("module load intel", "module load gcc")
    data = diagnose_log(script, ONE_COMPILER, "delta", None, False)
    diff = data["proposed"]["diff"]
    assert "-module load intel" in diff
    assert "+module load gcc/4.8.2" not in diff


def test_a_swap_of_modules_the_script_never_loads_proposes_nothing() -> None:
    log = SWAP_TWO_PYTHONS.replace("Python  Python/3.5.1-intel-2016a", "GCC/12.2.0 GCC/12.3.0")
    script = _with_modules("module load SciPy-bundle/2023.07-gfbf-2023a")
    assert diagnose_log(script, log, "delta", None, False)["proposed"] is None
