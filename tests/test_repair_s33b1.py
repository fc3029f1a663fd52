"""Intel GPU and PBS classes of helper s33b1 (templates/failures/s33_b1.yaml, xpu-out-of-memory):
two oneAPI runtimes in one process (the script's module or setvars.sh, else the environment's
packages), oneCCL's Level-Zero IPC exchange (sender cache cap, pidfd refused), PBS killing a
job over its ncpus, and an Intel GPU out of memory being the program's."""

from __future__ import annotations

from pathlib import Path

from repair_result import family_of as _family

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "s33b1_probe" / "scripts"
AURORA = (SCRIPTS / "pbs_aurora_mpiexec.sh").read_text(encoding="utf-8")
VENV = AURORA.replace("module load frameworks", "source ~/venvs/xpu/bin/activate")
POLARIS = (Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
           / "pbs_mpiexec.sh").read_text(encoding="utf-8")
UR_011 = "ImportError: /x/libsycl.so.8: version `LIBUR_LOADER_0.11' not found\n"
UR_012 = ("OSError: /opt/intel/oneapi/compiler/2026.0/lib/libsycl.so.9: undefined symbol: "
          "urDeviceWaitExp, version LIBUR_LOADER_0.12\n")


def _diagnose(script: str, log: str, cluster: str = "aurora") -> tuple[str | None, dict]:
    data = diagnose_log(script, log, cluster, None, False)
    found = data.get("diagnoses") or []
    return (found[0]["record_id"] if found else None), data


def test_oneapi_compilers_module_over_a_venv_is_dropped() -> None:
    script = VENV.replace("source ~/venvs", "module load intel-oneapi-compilers/2025.0.3\n"
                          "source ~/venvs")
    first, data = _diagnose(script, UR_011)
    assert first == "s33-oneapi-compilers-module-over-pip-xpu-torch"
    assert "-module load intel-oneapi-compilers/2025.0.3" in data["proposed"]["diff"]


def test_setvars_before_pip_torch_gets_advice_not_a_fix() -> None:
    script = VENV.replace("source ~/venvs", "source /opt/intel/oneapi/setvars.sh\nsource ~/venvs")
    first, data = _diagnose(script, UR_011)
    assert first == "s33-oneapi-setvars-or-module-over-pip-xpu-torch"
    assert data.get("proposed") is None


def test_runtime_mix_without_a_oneapi_setup_in_the_script_is_not_the_script() -> None:
    first, data = _diagnose(VENV, UR_012)
    assert first == "s33-oneapi-runtime-mix-in-environment"
    assert _family(first) in NOT_SCRIPT_FAMILIES and data.get("proposed") is None


def test_oneccl_sender_cache_warning_raises_the_cap() -> None:
    warning = ("CCL_WARN| Sender cache limit is reached: cache size: 1000, limit:\n1000, it will "
               "clear older elements from the cache.\n")
    crash = "oneCCL: ze_fd_manager.cpp:390 convert_fd_pidfd: pidfd_getfd failed: fd: -1\n"
    first, data = _diagnose(AURORA, warning + crash)
    assert first == "s33-oneccl-ipc-sender-cache-limit"
    assert "+export CCL_ZE_CACHE_GET_IPC_HANDLES_THRESHOLD=16384" in data["proposed"]["diff"]
    oom = ("RuntimeError: level_zero backend failed with error: 39 "
           "(UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)\n")
    _, data = _diagnose(AURORA, warning + oom)
    assert data.get("proposed") is None


def test_refused_pidfd_exchange_uses_sockets_and_a_bad_fd_does_not() -> None:
    first, data = _diagnose(AURORA, "pidfd_getfd failed: fd: -1, errno: Operation not permitted\n")
    assert first == "s33-oneccl-pidfd-exchange-not-permitted"
    assert "+export CCL_ZE_IPC_EXCHANGE=sockets" in data["proposed"]["diff"]
    _, data = _diagnose(AURORA, "oneCCL: ze_fd_manager.cpp:390 convert_fd_pidfd: pidfd_getfd "
                                "failed: fd: -1 ... errno: Bad file descriptor\n")
    assert "s33-oneccl-pidfd-exchange-not-permitted" not in [
        d["record_id"] for d in data["diagnoses"]]


def test_pbs_ncpus_kill_is_advice() -> None:
    first, data = _diagnose(POLARIS, "=>> PBS: job killed: ncpus 58.88 exceeded limit 16 (sum)\n",
                            "polaris")
    assert first == "s33-pbs-ncpus-usage-over-request"
    assert data.get("proposed") is None


def test_xpu_out_of_memory_is_the_programs() -> None:
    log = ("RuntimeError: level_zero backend failed with error: 39 "
           "(UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)\n")
    first, data = _diagnose(AURORA, log)
    assert first == "xpu-out-of-memory"
    assert _family(first) in NOT_SCRIPT_FAMILIES and data.get("proposed") is None


def test_sycl_runtime_symbol_is_the_jobs_environment_not_an_extension_build() -> None:
    log = ("ImportError: /envs/pt29/lib/python3.11/site-packages/torch/lib/libtorch-xpu-ops-sycl-"
           "ZetaKernel.so: undefined symbol: "
           "_ZN4sycl3_V17handler28extractArgsAndReqsFromLambdaEPc\n")
    first, data = _diagnose(VENV, log)
    assert first == "s33-sycl-runtime-older-than-torch-build"
    assert data.get("proposed") is None
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "torch-extension-undefined-symbol" not in ids


def test_pbs_walltime_kill_quoted_without_the_mom_prefix_raises_the_walltime() -> None:
    script = POLARIS.replace("walltime=01:00:00", "walltime=00:00:30")
    first, data = _diagnose(script, "PBS: job killed: walltime 50 exceeded limit 30\n", "polaris")
    assert first == "pbs-walltime-exceeded"
    assert "+#PBS -l walltime=01:00:00" in data["proposed"]["diff"]


def test_deepspeed_accelerator_plugin_mismatch_is_a_library_version() -> None:
    log = ("TypeError: Can't instantiate abstract class XPU_Accelerator with abstract method "
           "supported_dtypes\n")
    first, data = _diagnose(VENV, log)
    assert first == "s33-deepspeed-accelerator-plugin-version-mismatch"
    assert _family(first) in NOT_SCRIPT_FAMILIES and data.get("proposed") is None


def test_unknown_filesystem_identifier_gets_the_sites_filesystems() -> None:
    script = AURORA.replace("filesystems=home:flare", "filesystems=home:gila")
    first, data = _diagnose(script, "qsub: Invalid filesystem identifiers gila\n")
    assert first == "s33-pbs-filesystems-identifier-unknown"
    assert "+#PBS -l filesystems=home:flare" in data["proposed"]["diff"]


def test_xpu_oom_with_a_fragmented_pool_is_not_called_the_programs() -> None:
    log = ("XPU out of memory. Tried to allocate 12.82 GiB.\nGPU 0 has a total capacity of 63.98 "
           "GiB of which 10.40 GiB is free.\nOf the allocated memory 39.23 GiB is allocated by "
           "PyTorch,\nand 14.29 GiB is reserved by PyTorch but unallocated.\n")
    first, data = _diagnose(AURORA, log)
    assert first == "s33-xpu-oom-fragmented-pool"
    assert data.get("proposed") is None
    assert data["diagnoses"][0]["verdict"] == "script"
