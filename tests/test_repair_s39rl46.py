"""s39rl46: classes of the reallogs46 tune half (hf_transfer flag, one-digit SeqNum timeouts,
CUDA_ERROR_LAUNCH_FAILED alone, a log figure outside a record's set)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.figure_gate import figure_contradicted, widened

ROOT = Path(__file__).resolve().parent.parent
PYTHON = (ROOT / "bench/reallogs/scripts/srun_python.sh").read_text(encoding="utf-8")
TORCHRUN = (ROOT / "bench/reallogs28/scripts/srun_torchrun.sh").read_text(encoding="utf-8")
HF = ("ValueError: Fast download using 'hf_transfer' is enabled (HF_HUB_ENABLE_HF_TRANSFER=1)"
      " but 'hf_transfer' package is not available in your environment.\n")
WATCHDOG = ("[Rank 11] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={n}, "
            "OpType=ALLREDUCE, NumelIn=11, NumelOut=11, Timeout(ms)=240000) ran for 240077 "
            "milliseconds before timing out.\n")
ERRNO = ("BlockingIOError: [Errno 11] Unable to create file (unable to lock file, errno = {n}, "
         "error message = 'Resource temporarily unavailable')\n")


def _run(script: str, log: str, cluster: str = "delta") -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _first(data: dict[str, Any]) -> str:
    return str(data["diagnoses"][0]["record_id"]) if data["diagnoses"] else ""


def _diff(data: dict[str, Any]) -> str:
    return str((data.get("proposed") or {}).get("diff") or "")


def test_hf_transfer_flag_of_the_script_is_turned_off() -> None:
    script = PYTHON.replace("srun python", "export HF_HUB_ENABLE_HF_TRANSFER=1\nsrun python")
    data = _run(script, HF)
    assert _first(data) == "hf-transfer-flag-set-package-missing"
    assert "+export HF_HUB_ENABLE_HF_TRANSFER=0" in _diff(data)


def test_hf_transfer_flag_not_in_the_script_gets_no_fix() -> None:
    data = _run(PYTHON, HF)
    assert _first(data) != "hf-transfer-flag-set-package-missing"
    assert not _diff(data)


def test_watchdog_timeout_at_tens_of_collectives_gets_no_transport_fix() -> None:
    for n in (18, 52, 78):
        data = _run(TORCHRUN, WATCHDOG.format(n=n), "perlmutter")
        assert not _diff(data), n
    assert _first(_run(TORCHRUN, WATCHDOG.format(n=1), "perlmutter")) == "collective-timeout"


def test_cuda_error_launch_failed_alone_is_not_the_script() -> None:
    data = _run(PYTHON, "CUDA_ERROR_LAUNCH_FAILED\n")
    assert _first(data) == "cuda-unspecified-launch-failure"
    assert data["diagnoses"][0]["verdict"] == "not_script" and not _diff(data)


def test_widened_reads_figure_groups_only() -> None:
    assert widened(r"errno = (?P<errno>37|38|524)\b") == r"errno = (?P<errno>\d+)\b"
    assert widened(r"SeqNum=(?P<seq>\d), OpType=(?P<op>\w+)") == (
        r"SeqNum=(?P<seq>\d+), OpType=(?P<op>\w+)")
    assert widened(r"No module named '(?P<package>torch|numpy)'") is None


def test_log_figure_outside_the_record_contradicts_it() -> None:
    record = load_knowledge_base().get("hdf5-file-locking-unsupported")
    assert figure_contradicted(record, ERRNO.format(n=11))
    assert not figure_contradicted(record, ERRNO.format(n=38))
    assert not figure_contradicted(record, "file locking disabled on this file system\n")


def test_hdf5_lock_held_errno_11_gets_no_locking_fix() -> None:
    assert "HDF5_USE_FILE_LOCKING" not in _diff(_run(PYTHON, ERRNO.format(n=11)))
    data = _run(PYTHON, ERRNO.format(n=38))
    assert _first(data) == "hdf5-file-locking-unsupported"
    assert "HDF5_USE_FILE_LOCKING=FALSE" in _diff(data)
