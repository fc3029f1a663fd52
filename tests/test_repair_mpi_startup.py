"""MPI start-up under srun whose message names the PMI layer (issue 17, s22-mpistart): Open MPI 5
falling back to singletons (PMIx unreachable, PMI-1/2 found) gets `srun --mpi=pmix` on its srun
line; MPICH's singleton init under srun gets `--mpi=pmi2`; without an srun line, or for a bare
MPI_Init abort that names no interface, no srun fix is invented."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --time=01:00:00\n"
OMPI5 = ("No PMIx server was reachable, but a PMI1/2 was detected.\n"
         "If srun is being used to launch application, 4 singletons will be started.\n"
         "Hello from proc 0 of 1\nHello from proc 0 of 1\n")
MPICH = ("PMII_singinit: execv failed: No such file or directory\n"
         "[unset]:   This singleton init program attempted to access some feature\n"
         "[unset]:   for which process manager support was required, e.g. spawn or universe_size.\n"
         "[unset]:   But the necessary mpiexec is not in your path.\n")


def _data(script: str, log: str, cluster: str = "anvil") -> dict:
    return diagnose_log(script, log, cluster, None, False)


def test_open_mpi_5_singletons_under_srun_pmi2_switch_the_plugin_to_pmix() -> None:
    data = _data(HEAD + "module load OpenMPI/5.0.3\nsrun --mpi=pmi2 ./mpi_hello\n", OMPI5)
    assert data["proposed"]["record_id"] == "openmpi-pmix-unreachable-singletons"
    assert "-srun --mpi=pmi2 ./mpi_hello\n+srun --mpi=pmix ./mpi_hello" in data["proposed"]["diff"]


def test_open_mpi_5_singletons_under_a_plain_srun_get_the_pmix_plugin() -> None:
    data = _data(HEAD + "srun -n 4 ./mpi_hello\n", OMPI5)
    assert data["proposed"]["record_id"] == "openmpi-pmix-unreachable-singletons"
    assert "+srun --mpi=pmix -n 4 ./mpi_hello" in data["proposed"]["diff"]


def test_mpich_singleton_init_under_srun_gets_the_pmi2_plugin() -> None:
    data = _data(HEAD + "export PATH=$HOME/opt/mpich/bin:$PATH\nsrun -n 2 ./hello_world\n", MPICH)
    assert data["proposed"]["record_id"] == "mpich-singleton-init-under-srun"
    assert "+srun --mpi=pmi2 -n 2 ./hello_world" in data["proposed"]["diff"]


def test_without_an_srun_line_no_srun_plugin_is_proposed() -> None:
    for log in (OMPI5, MPICH):
        data = _data(HEAD + "mpirun.mpich -np 8 ./xhpcg\n", log)
        proposed = data["proposed"]
        assert proposed is None or "--mpi=" not in proposed.get("diff", "")


def test_a_bare_mpi_init_abort_under_srun_gets_no_plugin_fix() -> None:
    log = ("*** An error occurred in MPI_Init\n*** on a NULL communicator\n"
           "*** MPI_ERRORS_ARE_FATAL (processes in this communicator will now abort,\n"
           "***    and potentially your MPI job)\n")
    data = _data(HEAD + "srun -n 1 --mpi=none ./hello\n", log)
    assert data["proposed"] is None


def test_an_open_mpi_init_failure_naming_no_pmi_layer_is_not_given_an_srun_plugin() -> None:
    # similarity must not offer the PMI records: they act only on their own messages
    log = ("It looks like MPI_INIT failed for some reason; your parallel process is\n"
           "likely to abort.  There are many reasons that a parallel process can\n"
           "fail during MPI_INIT; some of which are due to configuration or environment\n"
           "problems.  This failure appears to be an internal failure; here's some\n"
           "additional information (which may only be relevant to an Open MPI\n"
           "developer):\n\n  mca_pml_base_open() failed\n"
           '  --> Returned "Not found" (-13) instead of "Success" (0)\n')
    data = _data(HEAD + "module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat\n", log)
    assert data["proposed"] is None
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "mpich-singleton-init-under-srun" not in ids
    assert "openmpi-pmix-unreachable-singletons" not in ids
