"""Scheduler pending reasons and PBS job comments (s35sched, templates/failures/sched_s35.yaml):
a reason that clears by itself or only the site can change is "not the script"; a per-job limit
the request itself breaks is fixed from the site's queue facts or asked; a refusal at
submission that names the same limit keeps its own record."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resources import named

SLURM = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun torchrun --nnodes=2 --nproc_per_node=4 train.py
"""
PBS = """#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
mpiexec -n 2 --ppn 1 python train.py
"""


def _row(reason: str, nodes: int = 2) -> str:
    return f"           4012345 gpuA100x4    train    alice PD       0:00      {nodes} ({reason})\n"


def _first(script: str, log: str, cluster: str = "delta") -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, cluster, None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


@pytest.mark.parametrize("log", [
    _row("Priority"), _row("Resources"), _row("AssocGrpGRES"), _row("QOSGrpCpuLimit"),
    _row("QOSMaxGRESPerUser"), _row("JobArrayTaskLimit"),
    _row("ReqNodeNotAvail, Reserved for maintenance"),
    "   JobState=PENDING Reason=Dependency Dependency=afterok:4012344(unfulfilled)\n",
    "srun: job 4012345 queued and waiting for resources\n",
    "      889864_[0-7]       A40  PENDING       0:00  (QOSMaxGRESPerUser)\n",
])
def test_waiting_reasons_are_not_the_script(log: str) -> None:
    data, first = _first(SLURM, log)
    assert data["proposed"] is None
    assert first == "slurm-pending-reason-wait/not_script"


@pytest.mark.parametrize("log", [
    _row("JobHeldAdmin"), _row("NodeDown"), _row("PartitionDown"),
    _row("DependencyNeverSatisfied"),
    "srun: error: Unable to allocate resources: Job is in held state, pending scheduler release\n",
])
def test_admin_reasons_are_not_the_script(log: str) -> None:
    data, first = _first(SLURM, log)
    assert data["proposed"] is None
    assert first == "slurm-pending-reason-admin/not_script"


def test_a_refusal_naming_a_per_user_limit_keeps_its_question() -> None:
    data, first = _first(SLURM, "sbatch: error: QOSMaxGRESPerUser\n")
    assert first == "slurm-qos-per-job-size-limit/script" and data["proposed"] is None


def test_srun_that_got_its_allocation_is_not_a_wait() -> None:
    log = ("srun: job 4901 queued and waiting for resources\n"
           "srun: job 4901 has been allocated resources\n"
           "./app: error while loading shared libraries: libibmad.so.12: cannot open shared "
           "object file: No such file or directory\n")
    _, first = _first(SLURM, log)
    assert not first.startswith("slurm-pending-reason-wait")


def test_partition_time_limit_moves_the_job_to_a_partition_that_takes_it() -> None:
    script = SLURM.replace("--time=01:00:00", "--time=2-00:00:00").replace(
        "#SBATCH -N 2", "#SBATCH --partition=gpuA100x4-interactive\n#SBATCH -N 2")
    data, first = _first(script, _row("PartitionTimeLimit"))
    assert first == "slurm-pending-partition-time-limit/script"
    assert "+#SBATCH --partition=gpuA100x4\n" in data["proposed"]["diff"]


def test_partition_time_limit_on_a_row_that_also_names_gres_is_still_fixed() -> None:
    # the row's TRES column (gres:gpu:1) names GPUs; the reason names the walltime
    script = SLURM.replace("--time=01:00:00", "--time=36:00:00").replace(
        "#SBATCH -N 2", "#SBATCH -p gpu-a100-dev\n#SBATCH -N 2")
    log = "23577  llim  0:00  2  gpu-1-student  (PartitionTimeLimit)  gres:gpu:1  PENDING  x\n"
    data, first = _first(script, log, "lonestar6")
    assert first == "slurm-pending-partition-time-limit/script"
    assert "+#SBATCH -p gpu-a100" in data["proposed"]["diff"]


def test_resources_read_the_partition_limit_reasons() -> None:
    assert "walltime" in named(["(PartitionTimeLimit)  gres:gpu:1  PENDING"])
    assert "nodes" in named(["JobState=PENDING Reason=PartitionNodeLimit"])


def test_partition_node_limit_within_the_partition_is_not_fixed() -> None:
    data, first = _first(SLURM, _row("PartitionNodeLimit"))
    assert first == "slurm-pending-partition-node-limit/script" and data["proposed"] is None


@pytest.mark.parametrize("reason, need", [
    ("InvalidAccount", "account"), ("AccountNotAllowed", "account"),
    ("InvalidQOS", "qos"), ("QOSNotAllowed", "qos"),
])
def test_account_and_qos_reasons_ask(reason: str, need: str) -> None:
    script = SLURM.replace("#SBATCH -N 2",
                           "#SBATCH -N 2\n#SBATCH --qos=long\n#SBATCH -A abc-delta-cpu")
    data, _ = _first(script, _row(reason))
    assert data["proposed"] is None and data["verdict"] == "ask"
    assert need in data["question"]["needs"]


@pytest.mark.parametrize("comment", [
    "Not Running: Insufficient amount of resource: ngpus (R: 8 A: 0 T: 2240)",
    "Not Running: Insufficient amount of resource: at_queue",
    "Not Running: User has reached queue debug-scaling running job limit.",
    "Not Running: Job would conflict with reservation or top job",
])
def test_pbs_not_running_is_a_wait(comment: str) -> None:
    data, first = _first(PBS, f"    comment = {comment}\n", "polaris")
    assert data["proposed"] is None and first == "pbs-not-running-wait/not_script"


def test_pbs_can_never_run_asks_for_the_request() -> None:
    log = "Can Never Run: Insufficient amount of resource: ncpus (R: 30 A: 2 T: 2)\n"
    data, first = _first(PBS, log, "polaris")
    assert first == "pbs-can-never-run/script" and data["verdict"] == "ask"


def test_pbs_can_never_run_of_a_cloud_slot_type_is_left_alone() -> None:
    log = "   Can Never Run: Insufficient amount of resource: slot_type (HB120rs_v2 !...\n"
    data, first = _first(PBS, log, "polaris")
    assert data["proposed"] is None and not first.startswith("pbs-can-never-run")


def test_eslurm_nice_value_drops_the_directive() -> None:
    data, first = _first(SLURM.replace("#SBATCH -N 2", "#SBATCH -N 2\n#SBATCH --nice=-100"),
                         "sbatch: error: Batch job submission failed: Invalid --nice value\n")
    assert first == "slurm-nice-invalid/script"
    assert "-#SBATCH --nice=-100" in data["proposed"]["diff"]


def test_srun_partition_configuration_reason_is_not_a_wait() -> None:
    log = ("srun: Requested partition configuration not available now\n"
           "srun: job 4787287 queued and waiting for resources\n")
    script = SLURM.replace("--time=01:00:00", "--time=2-00:00:00").replace(
        "#SBATCH -N 2", "#SBATCH -N 2\n#SBATCH --partition=gpuA100x4-interactive")
    data, first = _first(script, log)
    assert first == "slurm-pending-partition-config/script"
    assert "+#SBATCH --partition=gpuA100x4\n" in data["proposed"]["diff"]
    # the same lines for a job its partition takes: no fix (the partition's state)
    data, _ = _first(SLURM, log)
    assert data["proposed"] is None


def test_a_pending_line_before_the_jobs_own_failure_is_not_the_answer() -> None:
    log = (_row("Priority")
           + "slurmstepd: error: *** JOB 4012345 ON gpua001 CANCELLED AT 2026-01-01T00:00:00 "
             "DUE TO TIME LIMIT ***\n")
    _, first = _first(SLURM, log)
    assert not first.startswith("slurm-pending-reason-wait")
