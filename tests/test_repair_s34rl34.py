"""Classes closed by s34rl34 (issue 17, reallogs34 tune half; probe bench/s34rl34_probe):

- a JIT extension build finds a compiler but not the CUDA toolkit's headers (``fatal error:
  cusparse.h: No such file or directory``): the site's CUDA toolkit module is loaded; other
  headers (Python.h, cudnn.h, mpi.h) are not this;
- a run that ends right after ``Using ... as PyTorch extensions root...`` (or waits in
  ``file_baton.py ... in wait``) waits on a stale build lock: not the script, no fix; a
  log that goes on past that line is not this;
- Slurm's ``Account is not specified`` asks for the user's account.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis as _first
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
TORCHRUN = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8")
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
ROOT = "Using /home/u/.cache/torch_extensions/py310_cu121 as PyTorch extensions root...\n"


@pytest.mark.parametrize("header", ["cusparse.h", "cusolverDn.h", "cuda_runtime_api.h",
                                    "cublas_v2.h"])
def test_missing_cuda_header_loads_the_cuda_module(header: str) -> None:
    log = (f"/env/lib/python3.10/site-packages/torch/include/ATen/cuda/CUDAContext.h:10:10: "
           f"fatal error: {header}: No such file or directory\ncompilation terminated.\n")
    result = diagnose_log(TORCHRUN, log, "deltaai", None, False)
    assert _first(result)["record_id"] == "cuda-toolkit-headers-missing"
    assert "+module load cuda" in _diff(result)


@pytest.mark.parametrize("header", ["Python.h", "cudnn.h", "mpi.h"])
def test_other_missing_headers_are_not_the_cuda_toolkit(header: str) -> None:
    log = f"fatal error: {header}: No such file or directory\n"
    result = diagnose_log(TORCHRUN, log, "delta", None, False)
    ids = [d["record_id"] for d in result.get("diagnoses", []) if d.get("verdict") != "hint"]
    assert "cuda-toolkit-headers-missing" not in ids
    assert (result.get("proposed") or {}).get("record_id") != "cuda-toolkit-headers-missing"


@pytest.mark.parametrize("log", [
    ROOT, ROOT * 4,
    ROOT + "slurmstepd: error: *** JOB 42 ON gpu1 CANCELLED AT 2024-01-01T10:00:00 "
           "DUE TO TIME LIMIT ***\n",
    'Timeout (0:02:00)!\nFile "/v/lib/python3.12/site-packages/torch/utils/file_baton.py", '
    "line 50 in wait\n",
])
def test_run_stuck_on_the_extension_lock_is_not_the_script(log: str) -> None:
    result = diagnose_log(TORCHRUN, log, "delta", None, False)
    assert _first(result)["record_id"] == "torch-extension-stale-build-lock"
    assert result.get("proposed") is None


@pytest.mark.parametrize("tail", [
    "ninja: no work to do.\nLoading extension module utils...\n",
    "RuntimeError: Error building extension 'fused_adam'\n",
])
def test_a_log_that_goes_on_past_the_extensions_root_is_not_a_stale_lock(tail: str) -> None:
    result = diagnose_log(TORCHRUN, ROOT + tail, "delta", None, False)
    ids = [d["record_id"] for d in result.get("diagnoses", [])]
    assert "torch-extension-stale-build-lock" not in ids


def test_account_not_specified_asks_for_the_account() -> None:
    result = diagnose_log(SRUN_PY, "sbatch: error: Account is not specified\n", "bridges2",
                          None, False)
    first = _first(result)
    assert first["record_id"] == "slurm-account-must-be-specified"
    assert first.get("verdict") == "script" and "account" in (first.get("needs") or [])
    assert result.get("proposed") is None


POLARIS = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")
PLUGIN_SET = POLARIS.replace("conda activate\n", "conda activate\nexport NCCL_NET_GDR_LEVEL=PHB\n"
                             "export NCCL_CROSS_NIC=1\n")
FIRST_TIMEOUT = ("[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, "
                 "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600114 "
                 "milliseconds before timing out.\n")


def test_polaris_first_collective_timeout_with_the_plugin_set_unsets_it() -> None:
    assert "conda activate\n" in POLARIS
    result = diagnose_log(PLUGIN_SET, FIRST_TIMEOUT, "polaris", None, False)
    assert _first(result)["record_id"] == "polaris-aws-ofi-nccl-collective-timeout"
    diff = _diff(result)
    assert "-export NCCL_NET_GDR_LEVEL=PHB" in diff and "+unset NCCL_NET_GDR_LEVEL" in diff


@pytest.mark.parametrize(("script", "cluster", "log"), [
    (POLARIS, "polaris", FIRST_TIMEOUT),
    (PLUGIN_SET, "polaris", FIRST_TIMEOUT.replace("SeqNum=1,", "SeqNum=158046,")),
    (TORCHRUN.replace("export MASTER_PORT", "export NCCL_NET_GDR_LEVEL=PHB\nexport MASTER_PORT"),
     "delta", FIRST_TIMEOUT),
])
def test_other_collective_timeouts_keep_their_answer(script: str, cluster: str,
                                                     log: str) -> None:
    result = diagnose_log(script, log, cluster, None, False)
    ids = [d["record_id"] for d in result.get("diagnoses", [])]
    assert "polaris-aws-ofi-nccl-collective-timeout" not in ids


def test_a_hang_ended_by_the_time_limit_under_srun_is_the_stale_lock() -> None:
    log = ROOT * 2 + ("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
                      "slurmstepd: error: *** STEP 7.0 ON gpu1 CANCELLED AT 2024-01-01T10:00:00 "
                      "DUE TO TIME LIMIT ***\n")
    result = diagnose_log(TORCHRUN, log, "delta", None, False)
    assert _first(result)["record_id"] == "torch-extension-stale-build-lock"


def test_missing_cuda_header_inside_a_container_loads_no_host_module() -> None:
    script = (SCRIPTS.parent.parent / "reallogs28" / "scripts" / "apptainer_srun_torchrun.sh"
              ).read_text(encoding="utf-8")
    log = "fatal error: cusparse.h: No such file or directory\n"
    result = diagnose_log(script, log, "delta", None, False)
    assert (result.get("proposed") or {}).get("record_id") != "cuda-toolkit-headers-missing"
