"""Cray MPICH's MPI_Init failing in its PMI-2 client (issue 17, s31r3b): "MPID_Init(N): PMI2 init
failed" read against how the script starts the ranks. A program run bare gets srun; srun with no
MPI plugin named, PMI-2 set-up the first failing step, gets `--mpi=pmi2`; a plugin already named,
or the Cray XC stack (channel initialization failed first: NERSC reads it inside a job as an
MPI_Init timeout), gets no srun plugin fix."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log

HEAD = ("#!/bin/bash\n#SBATCH -C cpu\n#SBATCH -q regular\n#SBATCH --nodes=2\n"
        "#SBATCH --ntasks-per-node=64\n#SBATCH --time=01:00:00\nmodule load cray-mpich\n")
EX = ("aborting job:\nFatal error in PMPI_Init: Other MPI error, error stack:\n"
      "MPIR_Init_thread(632):\nMPID_Init(286).......:  PMI2 init failed: 1\n")
XC = ("Fatal error in MPI_Init: Other MPI error, error stack:\nMPIR_Init_thread(537):\n"
      "MPID_Init(247).......: channel initialization failed\n"
      "MPID_Init(636).......:  PMI2 init failed: 1\n")


def _data(script: str, log: str) -> dict:
    return diagnose_log(script, log, "perlmutter", None, False)


def test_pmi2_init_failed_for_a_bare_program_starts_it_with_srun() -> None:
    for log in (EX, XC):
        data = _data(HEAD + "./simpleMPI\n", log)
        assert data["proposed"]["record_id"] == "cray-mpich-pmi2-init-failed-program-run-bare"
        assert "+srun ./simpleMPI" in data["proposed"]["diff"]


def test_pmi2_init_failed_under_srun_without_a_plugin_names_pmi2() -> None:
    data = _data(HEAD + "srun --cpu-bind=cores ./dgnettest loopback\n", EX)
    assert data["proposed"]["record_id"] == "cray-mpich-pmi2-init-failed-srun-without-mpi-type"
    assert "+srun --mpi=pmi2 --cpu-bind=cores ./dgnettest loopback" in data["proposed"]["diff"]


def test_a_plugin_already_named_is_not_edited() -> None:
    for script in ("srun --mpi=cray_shasta ./app\n", "export SLURM_MPI_TYPE=pmix\nsrun ./app\n"):
        proposed = _data(HEAD + script, EX)["proposed"]
        assert proposed is None or "--mpi=pmi2" not in proposed.get("diff", "")


def test_the_xc_stack_under_srun_gets_no_plugin_fix() -> None:
    proposed = _data(HEAD + "srun python analysis.py\n", XC)["proposed"]
    assert proposed is None or "--mpi" not in proposed.get("diff", "")
