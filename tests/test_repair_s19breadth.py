"""Records of the failure families bench/s19repairbreadth_probe's tune half left unrecognised
(issue 17): PBS job names qsub refuses, a PBS resource list no node satisfies, an MPI launcher
that cannot find the program, a malformed DeepSpeed hostfile; MPI called before MPI_Init, MPI
initialised twice, MPI_Init failing in the installation, a Slurm client without configuration.
Each test uses another wording, script or site than the measured cases."""

from __future__ import annotations

import re

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify, load_knowledge_base
from maple_flow.repair.entity import _command_entities
from maple_flow.repair.kb import failures_dir, load_file
from maple_flow.repair.resolve import Context, Unresolved, fill

NEW = load_file(failures_dir() / "s19_breadth.yaml")

_PBS = """#!/bin/bash
#PBS -l select=1:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A MyProject
{name}cd ${{PBS_O_WORKDIR}}
mpiexec -n 4 --ppn 4 python train.py
"""

_SLURM = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=32
#SBATCH --time=02:00:00
module load openmpi
{launch}
"""


def test_new_records_are_sourced() -> None:
    assert {r.id for r in NEW} == {
        "pbs-job-name-invalid", "pbs-no-feasible-nodes", "mpi-launcher-program-not-found",
        "deepspeed-hostfile-malformed", "mpi-call-before-init", "mpi-initialised-twice",
        "mpi-init-failed-in-installation", "slurm-client-not-configured"}
    assert all(len(r.references) >= 2 for r in NEW)


@pytest.mark.parametrize(("name", "log", "new"), [
    ("#PBS -N preprocess_all_the_shards_v2\n", "qsub: illegal -N value",
     "#PBS -N preprocess_all"),
    ("#PBS -N 3d-unet.run\n", "qsub: illegal -N value\nusage: qsub [-a date_time]",
     "#PBS -N d_unet_run"),
    ("#PBS -N " + "x" * 300 + "\n", "qsub: Job name is too long", "#PBS -N " + "x" * 15),
    ("", "qsub: illegal -N value", "#PBS -N job"),
])
def test_pbs_job_name_gets_a_valid_name(name: str, log: str, new: str) -> None:
    data = diagnose_log(_PBS.format(name=name), log, "polaris", None, False)
    proposed = data["proposed"]
    assert proposed is not None and proposed["record_id"] == "pbs-job-name-invalid", data
    assert re.search(rf"(?m)^\+{re.escape(new)}$", proposed["diff"]), proposed["diff"]


def test_a_valid_short_name_is_left_alone() -> None:
    ctx = Context(script=_PBS.format(name="#PBS -N train_gpt\n"))
    with pytest.raises(Unresolved):
        fill("{job_name:valid}", ctx)
    assert fill("{job_name:valid}", Context(script=_PBS.format(name=""))) == "job"


def test_no_feasible_nodes_moves_only_a_job_its_queue_cannot_take() -> None:
    log = ("qsub: Job exceeds queue resource limits MSG=cannot locate feasible nodes "
           "(nodes file is empty or all systems are busy)")
    # one node in debug: the queue takes it, so the request names what no node has - no move
    data = diagnose_log(_PBS.format(name=""), log, "polaris", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "pbs-no-feasible-nodes"
    # eight nodes in debug (at most two): a queue that takes eight nodes
    big = _PBS.format(name="").replace("select=1:", "select=8:")
    data = diagnose_log(big, log, "polaris", None, False)
    proposed = data["proposed"]
    assert proposed is not None and proposed["record_id"] == "pbs-no-feasible-nodes", data
    assert re.search(r"(?m)^\+#PBS -q (debug-scaling|prod)$", proposed["diff"]), proposed["diff"]


@pytest.mark.parametrize(("launch", "log", "named"), [
    ("mpirun -np 64 lmp_mpi -in in.lj",
     "mpirun was unable to find the specified executable file, and therefore\ndid not launch "
     "the job.\n\nNode:       c101\nExecutable: lmp_mpi\n----\n64 total processes failed "
     "to start", "lmp_mpi"),
    ("mpiexec -n 64 ./bin/solver.x input.dat",
     "mpiexec was unable to launch the specified application as it could not access\nor "
     "execute an executable:\n\nExecutable: ./bin/solver.x\nNode: c102\n\nwhile attempting to "
     "start process rank 0.", "./bin/solver.x"),
])
def test_mpi_launcher_program_not_found_asks_at_its_line(launch: str, log: str,
                                                         named: str) -> None:
    data = diagnose_log(_SLURM.format(launch=launch), log, "anvil", None, False)
    assert data["proposed"] is None
    asks = [d for d in data["diagnoses"] if d.get("needs")]
    assert asks and asks[0]["record_id"] == "mpi-launcher-program-not-found", data["diagnoses"]
    assert "path" in asks[0]["needs"]


def test_a_count_after_a_launcher_option_is_its_value() -> None:
    found = _command_entities(("mpirun", "-np", "2", "julia", "hello.jl"), 3)
    assert [(e.kind, e.text) for e in found if e.kind in ("command", "value")] == [
        ("command", "mpirun"), ("value", "2"), ("command", "julia")]
    # a count written with `=` was already read as the option's value
    found = _command_entities(("srun", "--ntasks=4", "python", "x.py"), 3)
    assert ("command", "python") in [(e.kind, e.text) for e in found]


@pytest.mark.parametrize(("record_id", "log"), [
    ("deepspeed-hostfile-malformed",
     "ValueError: Hostfile is empty or not formatted correctly, unable to proceed with "
     "launching."),
    ("deepspeed-hostfile-malformed",
     "[ERROR] [runner.py:230:fetch_hostfile] Hostfile is not formatted correctly, unable to "
     "proceed with training/inference."),
    ("mpi-call-before-init",
     "[n01:4412] *** An error occurred in MPI_Comm_size\n[n01:4412] *** on a NULL "
     "communicator\n[n01:4412] *** Unknown error"),
    ("mpi-initialised-twice",
     "--------------------------------------------------------------------------\nCalling "
     "MPI_Init or MPI_Init_thread twice is erroneous.\n-----"),
    ("mpi-initialised-twice",
     "Rank 0 [Mon Jan 10 09:00:00 2022] [c0-0c0s1n2] Fatal error in PMPI_Init_thread: Other MPI "
     "error, error stack:\nMPID_nem_gni_init(1586): GNI_CdmAttach (GNI_RC_INVALID_STATE)"),
    ("mpi-init-failed-in-installation",
     "  ompi_mpi_init: ompi_rte_init failed\n  --> Returned \"Not found\" (-13) instead of "
     "\"Success\" (0)\n-----\n*** An error occurred in MPI_Init_thread\n*** on a NULL "
     "communicator\n*** MPI_ERRORS_ARE_FATAL (processes in this communicator will now abort,"),
    ("slurm-client-not-configured",
     "sbatch: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host\nsbatch: "
     "error: fetch_config: DNS SRV lookup failed\nsbatch: fatal: Could not establish a "
     "configuration source"),
    ("slurm-client-not-configured",
     "srun: error: s_p_parse_file: unable to status file /etc/slurm/slurm.conf: No such file "
     "or directory, retrying in 1sec up to 60sec"),
])
def test_wording_is_diagnosed_as_its_record(record_id: str, log: str) -> None:
    ev = FailureEvidence(cluster="delta", scheduler="slurm", stderr=log)
    found = classify(ev)
    assert found and (found[0].record_id, found[0].method) == (record_id, "signature"), [
        (d.record_id, d.method) for d in found[:3]]
    record = load_knowledge_base().get(record_id)
    assert found[0].verdict == ("script" if record.script_problem else "not_script")
    if not record.script_problem:
        assert not found[0].fix.ops and found[0].fix.advice


def test_srun_direct_launch_without_pmi_is_not_the_installation_record() -> None:
    log = ("The application appears to have been direct launched using \"srun\",\nbut OMPI was "
           "not built with SLURM's PMI support and therefore cannot\nexecute.\n"
           "*** An error occurred in MPI_Init_thread\n*** on a NULL communicator")
    found = classify(FailureEvidence(cluster="delta", scheduler="slurm", stderr=log))
    assert found and found[0].record_id != "mpi-init-failed-in-installation"
    assert all(d.record_id != "mpi-init-failed-in-installation" for d in found[:3])
