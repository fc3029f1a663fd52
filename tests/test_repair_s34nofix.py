"""An MPI launcher not found in a job that loads no MPI module (issue 17, s34nofix;
templates/failures/nofix_s34.yaml, bench/s34nofix_probe): the answer asks which MPI module to
load (never a guessed name) and, once answered, loads it before the launch line; a script that
loads an MPI module, sets PATH, sources a setup file or runs a container stays with the advice
of mpi-launcher-not-found; a TACC site keeps its ibrun swap.
"""

from __future__ import annotations

import pytest
from repair_result import first_diagnosis as _first
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log

SCRIPT = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=64\n#SBATCH --time=06:00:00\n"
          "cd $HOME/runs/run01\nmpirun -np 64 ./app input.dat\n")
LOG = "/var/spool/slurm/job4410212/slurm_script: line 6: mpirun: command not found\n"
RECORD = "mpi-launcher-not-found-no-mpi-module"


def test_mpirun_not_found_without_mpi_module_asks_for_the_module() -> None:
    for cluster in ("anvil", "delta"):
        result = diagnose_log(SCRIPT, LOG, cluster, None, False)
        first = _first(result)
        assert first["record_id"] == RECORD
        assert "mpi_module" in (first.get("needs") or [])
        assert result.get("proposed") is None


def test_the_answer_loads_the_module_before_the_launch_line() -> None:
    result = diagnose_log(SCRIPT, LOG, "anvil", None, False, answers={"mpi_module": "openmpi"})
    assert result["proposed"]["record_id"] == RECORD  # type: ignore[index]
    diff = _diff(result)
    assert "+module load openmpi" in diff
    assert diff.index("+module load openmpi") < diff.index(" mpirun -np 64")


@pytest.mark.parametrize("extra", ["module load openmpi/4.1.6", "ml intel-mpi",
                                   "source ~/mpas_build_env.sh", "export PATH=$HOME/mpi/bin:$PATH",
                                   "conda activate sim"])
def test_other_shapes_keep_the_advice(extra: str) -> None:
    text = SCRIPT.replace("cd $HOME", extra + "\ncd $HOME")
    ids = [d["record_id"] for d in diagnose_log(text, LOG, "anvil", None, False)["diagnoses"]]
    assert RECORD not in ids


def test_a_log_of_another_program_is_not_this_class() -> None:
    result = diagnose_log(SCRIPT, "bash: orted: command not found\n", "anvil", None, False)
    ids = [d["record_id"] for d in result["diagnoses"]]
    assert RECORD not in ids


@pytest.mark.parametrize("cluster", ["perlmutter", "polaris"])
def test_sites_without_an_mpirun_module_keep_the_advice(cluster: str) -> None:
    ids = [d["record_id"] for d in diagnose_log(SCRIPT, LOG, cluster, None, False)["diagnoses"]]
    assert RECORD not in ids


def test_a_tacc_site_keeps_its_ibrun_swap() -> None:
    result = diagnose_log(SCRIPT, LOG, "stampede3", None, False)
    assert _first(result)["record_id"] == "mpi-launcher-not-found-site-launcher-ibrun"
