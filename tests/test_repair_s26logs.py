# ruff: noqa: E501
"""s26logs (issue 17): Lightning's Slurm check that devices per node equal tasks per node (one
task per GPU, only when the job asks exactly the Trainer's devices per node: the CPUs per task
lowered to fit), the deepspeed launcher's `--module` for Python's `-m`, and two not-script
classes that end with advice: a collective the framework's backend does not implement, MPI's
port-based connect/accept failing inside the MPI runtime. Each test fails without its rule."""

from __future__ import annotations

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.patch_launch import respell_launcher_arg

LIGHTNING = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=04:00:00
srun python fit.py trainer.devices=4 trainer.num_nodes=2
"""
LIGHTNING_LOG = ("ValueError: You set `devices=4` in Lightning, but the number of tasks per node "
                 "configured in SLURM `--ntasks-per-node=1` does not match. HINT: Set `devices=1`.\n")
DEEPSPEED = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --time=01:00:00
deepspeed --num_gpus=2 -m mypkg.train --cfg run.toml
"""
MPI_APP = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --time=01:00:00
module load openmpi
mpirun -np 1 ./coupler
"""


def test_lightning_devices_become_the_jobs_tasks_per_node_with_cpus_that_fit() -> None:
    result = diagnose_log(LIGHTNING, LIGHTNING_LOG, "delta", None, False)
    diff = _diff(result)
    assert "+#SBATCH --ntasks-per-node=4" in diff
    assert "+#SBATCH --cpus-per-task=16" in diff  # 4 x 64 CPUs would not fit a Delta node


def test_lightning_wording_without_backticks_across_a_line_break() -> None:
    log = LIGHTNING_LOG.replace("`", "").replace("per node configured", "per node\nconfigured")
    assert "+#SBATCH --ntasks-per-node=4" in _diff(diagnose_log(LIGHTNING, log, "delta", None, False))


@pytest.mark.parametrize("script", [
    LIGHTNING.replace("--gpus-per-node=4", "--gpus-per-node=2"),  # devices differ from the GPUs asked
    LIGHTNING.replace("srun python", "srun --ntasks-per-node=1 python"),  # the step sets its own count
])
def test_lightning_mismatch_the_script_cannot_settle_gets_no_task_count(script: str) -> None:
    result = diagnose_log(script, LIGHTNING_LOG, "delta", None, False)
    assert "+#SBATCH --ntasks-per-node=4" not in _diff(result)


def test_deepspeed_dash_m_is_written_as_its_module_option() -> None:
    result = diagnose_log(DEEPSPEED, "deepspeed: error: unrecognized arguments: -m\n", "delta", None, False)
    assert "+deepspeed --num_gpus=2 --module mypkg.train --cfg run.toml" in _diff(result)


def test_respell_reaches_the_module_switch_that_ends_the_options() -> None:
    out = respell_launcher_arg(DEEPSPEED, "deepspeed", "-m", "--module")
    assert "deepspeed --num_gpus=2 --module mypkg.train --cfg run.toml" in out


@pytest.mark.parametrize(("log", "record"), [
    ("RuntimeError: ProcessGroupCCL does not support reduce_scatter\n", "collective-backend-op-not-implemented"),
    ("RuntimeError: oneCCL: coll_param.cpp:455 validate: EXCEPTION: average operation is not supported for the scheduler path\n",
     "collective-backend-op-not-implemented"),
    ("[n1:77] *** An error occurred in MPI_Comm_connect\n[n1:77] *** MPI_ERR_UNKNOWN: unknown error\n", "mpi-port-connect-accept-failed"),
    ("Abort(1) (rank 0 in comm 0): Fatal error in PMPI_Comm_accept: Other MPI error, error stack:\n", "mpi-port-connect-accept-failed"),
])
def test_library_failures_are_not_the_scripts(log: str, record: str) -> None:
    result = diagnose_log(MPI_APP, log, "delta", None, False)
    assert result["verdict"] == "not_script"
    assert result["not_script"]["record_id"] == record
    assert not result.get("proposed")


def test_a_ccl_refusal_under_an_algorithm_the_script_forces_is_not_claimed_as_the_librarys() -> None:
    script = MPI_APP.replace("module load openmpi", "export CCL_REDUCE_SCATTER=direct")
    log = "RuntimeError: oneCCL: coll_param.cpp:455 validate: EXCEPTION: average operation is not supported for the scheduler path\n"
    result = diagnose_log(script, log, "aurora", None, False)
    assert (result.get("not_script") or {}).get("record_id") != "collective-backend-op-not-implemented"


def test_a_spawn_failure_is_not_read_as_a_connect_failure() -> None:
    result = diagnose_log(MPI_APP, "[n1:77] *** An error occurred in MPI_Comm_spawn\n", "delta", None, False)
    assert (result.get("not_script") or {}).get("record_id") != "mpi-port-connect-accept-failed"


def test_the_library_records_are_advice_only() -> None:
    kb = load_knowledge_base()
    for rid in ("collective-backend-op-not-implemented", "mpi-port-connect-accept-failed"):
        record = kb.get(rid)
        assert not record.script_problem and not record.fix and record.advice
