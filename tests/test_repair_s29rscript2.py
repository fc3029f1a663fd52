"""Script problems left by s29rscript (issue 17, s29-s29rscript2):

- oneCCL finding Intel MPI without its environment (``CCL/MPI uses Intel(R) MPI Library but
  neither I_MPI_ROOT nor ONEAPI_ROOT is set``): the record intel-mpi-environment-unset outranks
  oneccl-environment-missing (whose launcher exports do not set I_MPI_ROOT) and asks the user
  where Intel MPI is installed; with the answer, I_MPI_ROOT is exported (quoted);
- HDF5 1.10.0/1.10.1's spelling ``unable to flock file, errno = 524`` is matched by the
  signature of hdf5-file-locking-unsupported; another library's flock errno 524 is not.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import load_knowledge_base

ROOT = Path(__file__).resolve().parent.parent
PBS = (ROOT / "bench" / "reallogs" / "scripts" / "pbs_mpiexec.sh").read_text(encoding="utf-8")
SRUN = (ROOT / "bench" / "reallogs" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
IMPI = ("2024:10:23-03:50:31:( 2305) |CCL_ERROR| atl_mpi_ctx.cpp:663 check_impi_env: CCL/MPI "
        "uses Intel(R) MPI Library but neither I_MPI_ROOT nor ONEAPI_ROOT is set. Please source "
        "release version of Intel(R) MPI Library (2019 or higher version).\n"
        "2024:10:23-03:50:31:( 2305) |CCL_ERROR| atl_mpi_comm.cpp:87 init_transport: condition "
        "transport->init(nullptr, nullptr, &attr, nullptr, pmi) == ATL_STATUS_SUCCESS failed\n")
FLOCK = ("    #3 H5FDsec2.c line 939 in H5FD_sec2_lock(): unable to flock file, errno = 524, "
         "error message = 'Unknown error 524'\n")
SCR = ("SCR v3.0.0 ERROR: rank 0 on crusher180: Failed to acquire file lock on /autofs/p/.scr/"
       "halt.scr: flock(23, 1) errno=524 Unknown error 524 @ /path/to/scr/src/scr_io.c:173\n")


@pytest.fixture(autouse=True)
def _lexical(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAPLE_FLOW_RANKER", "lexical")


def _first(result: dict[str, object]) -> dict[str, object]:
    diagnoses = result.get("diagnoses") or []
    assert isinstance(diagnoses, list) and diagnoses
    first = diagnoses[0]
    assert isinstance(first, dict)
    return first


@pytest.mark.parametrize("line", [
    IMPI.splitlines()[0],
    "|CCL_ERROR| atl_mpi_ctx.cpp:640 check_impi_env: CCL/MPI uses Intel(R) MPI Library but "
    "I_MPI_ROOT is not set. Please source release version of Intel(R) MPI Library.",
])
def test_intel_mpi_environment_unset_signature(line: str) -> None:
    record = load_knowledge_base().get("intel-mpi-environment-unset")
    assert any(re.search(s.pattern, line) for s in record.signatures)


def test_intel_mpi_environment_unset_asks_and_outranks_oneccl() -> None:
    result = diagnose_log(PBS, IMPI, "aurora", None, False)
    first = _first(result)
    assert first["record_id"] == "intel-mpi-environment-unset"
    assert first.get("needs") == ["intel_mpi_root"]
    assert result.get("proposed") is None  # asks; never the oneCCL launcher exports


def test_intel_mpi_environment_unset_exports_the_answer() -> None:
    result = diagnose_log(PBS, IMPI, "aurora", None, False,
                          answers={"intel_mpi_root": "/opt/intel mpi"})
    assert re.search(r"(?m)^\+export I_MPI_ROOT=['\"]/opt/intel mpi['\"]", _diff(result))


def test_hdf5_flock_spelling_is_matched_by_signature() -> None:
    first = _first(diagnose_log(SRUN, FLOCK, "perlmutter", None, False))
    assert (first["record_id"], first["method"]) == ("hdf5-file-locking-unsupported", "signature")


def test_another_librarys_flock_524_is_not_hdf5() -> None:
    result = diagnose_log(SRUN, SCR, "perlmutter", None, False)
    assert result.get("proposed") is None
