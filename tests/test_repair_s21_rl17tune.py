"""reallogs17 tune half (issue 17): an 8-GPU node's NVSwitch fabric not set up (the fabric
manager), whatever program reports it; a stub libcuda, Intel MPI without a usable OFI provider
and a trajectory file that cannot be read - not the script's, unless the script is in play;
Open MPI's PMI2 under srun and the loader's map-segment failure under --mem - fixed in the line at
fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import structure

BENCH = Path(__file__).resolve().parent.parent / "bench"
SRUN = (BENCH / "reallogs" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
MPI = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=64
#SBATCH --time=06:00:00
module load openmpi gromacs
srun gmx_mpi mdrun -deffnm md -ntomp 2
"""


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def _first(data: dict[str, object]) -> dict[str, object]:
    return data["diagnoses"][0]  # type: ignore[index,no-any-return]


@pytest.mark.parametrize("log", [
    "test: Test CUDA failure common.cu:941 'system not yet initialized'\n",
    "transport/nvls.cc:165 NCCL WARN Cuda failure 'invalid argument'\n"
    "NCCL INFO transport/nvls.cc:324 -> 1\n",
    "Error: nvidia-fabricmanager is not running on this node\n",
])
def test_fabric_manager_family_is_not_the_script(log: str) -> None:
    data = _diagnose(SRUN, log)
    assert data["proposed"] is None
    assert _first(data)["record_id"] == "gpu-node-fabric-not-ready"
    assert _first(data)["verdict"] == "not_script"


@pytest.mark.parametrize("line", [
    "cudaGetDeviceCount returned CUDA_ERROR_SYSTEM_NOT_READY",
    "[3] transport/nvls.cc:200 NCCL WARN Cuda failure 401 'operation not permitted'",
    "fabric manager failed to start: NVSwitch not ready",
])
def test_structure_reads_the_fabric_family(line: str) -> None:
    reading = structure.read(f"NCCL_DEBUG=INFO set\n{line}\n")
    assert reading is not None and reading.category == "gpunode"


def test_stub_libcuda_is_not_the_script_unless_the_script_puts_stubs_or_drops_nv() -> None:
    log = "init.cc:255 NCCL WARN Cuda failure 'CUDA driver is a stub library'\n"
    assert _first(_diagnose(SRUN, log))["verdict"] == "not_script"
    for script in (SRUN.replace("srun python",
                                "export LD_LIBRARY_PATH=/usr/local/cuda/lib64/stubs\nsrun python"),
                   SRUN.replace("srun python", "srun apptainer exec img.sif python")):
        data = _diagnose(script, log)
        assert all(d["record_id"] != "cuda-driver-stub-library-found"  # type: ignore[index]
                   for d in data["diagnoses"])  # type: ignore[attr-defined]


def test_intel_mpi_without_ofi_provider_is_not_the_script_unless_it_picks_one() -> None:
    log = ("MPIDI_NM_mpi_init_hook(689): OFI addrinfo() failed "
           "(ofi_init.h:689:MPIDI_NM_mpi_init_hook:No data available)\n")
    assert _first(_diagnose(MPI, log, "anvil"))["record_id"] == "intel-mpi-ofi-no-usable-provider"
    data = _diagnose(MPI.replace("srun gmx", "export FI_PROVIDER=psm3\nsrun gmx"), log, "anvil")
    assert all(d["record_id"] != "intel-mpi-ofi-no-usable-provider"  # type: ignore[index]
               for d in data["diagnoses"])  # type: ignore[attr-defined]


def test_openmpi_pmi2_bad_size_rank_adds_mpi_pmi2_to_srun() -> None:
    log = "PMI2 initialized but returned bad values for size and rank.\n"
    data = _diagnose(MPI, log, "anvil")
    diff = str(data["proposed"]["diff"])  # type: ignore[index]
    assert "+srun --mpi=pmi2 gmx_mpi mdrun" in diff


def test_map_segment_failure_doubles_the_job_memory() -> None:
    script = SRUN.replace("#SBATCH --time", "#SBATCH --mem=8G\n#SBATCH --time")
    log = "ImportError: libtorch_cuda.so: failed to map segment from shared object\n"
    data = _diagnose(script, log)
    diff = str(data["proposed"]["diff"])  # type: ignore[index]
    assert "-#SBATCH --mem=8G" in diff and "+#SBATCH --mem=16G" in diff
    # without a --mem in the script the record does not hold: no memory fix is invented
    assert _diagnose(SRUN, log)["proposed"] is None


def test_unreadable_trajectory_frames_are_the_data() -> None:
    log = ("OSError: TRR Seek out of bounds: given absolute position: 3\n"
           "RuntimeError: could not read header of first frame!\n")
    reading = structure.read(log)
    assert reading is not None and reading.category == "data"
