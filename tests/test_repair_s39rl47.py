# ruff: noqa: E501
"""s39rl47 (issue 17): classes of reallogs47's tune misses that the log decides as not the
launch script's (templates/failures/rl47_s39.yaml) - ibverbs work completions with a fabric
status and a vendor error, CUDA kernels missing a dtype, DeepSpeed's pydantic config refusing a
field, Auks failing to give the job its Kerberos credential - and look-alikes that stay out;
and PBS's walltime kill quoted with its numbers elided. Each test fails without its record."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log

SLURM = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
srun python -u train.py --epochs 10
"""
PBS = """#!/bin/bash
#PBS -l select=1
#PBS -l walltime=01:00:00
#PBS -q capacity
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
mpiexec -n 12 --ppn 12 python train.py
"""

NOT_SCRIPT = [
    ("ibverbs-work-completion-vendor-error",
     "[[8,1],3][btl_openib_component.c:3492:handle_wc] from n12 to: n14 error polling HP CQ with status WORK REQUEST FLUSHED ERROR status number 5 for wr_id 2c4e0 opcode 128  vendor error 244 qp_idx 0\n"),
    ("ibverbs-work-completion-vendor-error",
     "NCCL reported: work request complete err: status 12 and vendor err 129\n"),
    ("torch-cuda-kernel-dtype-not-implemented",
     "RuntimeError: \"index_put_with_sort_kernel_cuda\" not implemented for 'Half'\n"),
    ("deepspeed-config-pydantic-validation",
     "pydantic_core._pydantic_core.ValidationError: 2 validation errors for DeepSpeedZeroOffloadOptimizerConfig\nbuffer_count\n  Input should be a valid integer\n"),
    ("auks-kerberos-credential-failed",
     "Auks API request failed : krb5 cred : unable to renew credential\n"),
]
# look-alikes that may be the script's: none of the new records may answer them
LOOKALIKES = [
    "RuntimeError: \"addmm_impl_cpu_\" not implemented for 'Half'\n",
    "pydantic_core._pydantic_core.ValidationError: 1 validation error for Settings\nOPENAI_API_KEY\n  Field required [type=missing]\n",
    "[[40961,1],7][btl_openib_component.c:3224:handle_wc] from dirac17 to: dirac20-ib error polling LP CQ with status LOCAL LENGTH ERROR status number 1 for wr_id 52572936 opcode 1  vendor error 105 qp_idx 3\n",
    "srun: error: Application launch failed: Job credential expired\n",
]
NEW = {record for record, _ in NOT_SCRIPT}


@pytest.mark.parametrize(("record", "log"), NOT_SCRIPT)
def test_class_is_answered_not_the_script(record: str, log: str) -> None:
    data = diagnose_log(SLURM, log, "delta", None, False)
    assert data["proposed"] is None and data["verdict"] == "not_script"
    assert data["diagnoses"][0]["record_id"] == record


@pytest.mark.parametrize("log", LOOKALIKES)
def test_lookalikes_are_not_these_records(log: str) -> None:
    data = diagnose_log(SLURM, log, "delta", None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    assert not (first.get("record_id") in NEW and first.get("verdict") == "not_script")


@pytest.mark.parametrize("line", [
    "=>> PBS: job killed: walltime <value in seconds> exceeded limit  <value in seconds>\n",
    "=>> PBS: job killed: walltime … exceeded limit …\n",
])
def test_pbs_walltime_kill_with_elided_numbers_raises_the_walltime(line: str) -> None:
    data = diagnose_log(PBS, line, "aurora", None, False)
    assert data["diagnoses"][0]["record_id"] == "pbs-walltime-exceeded"
    assert data["proposed"] is not None
    assert "+#PBS -l walltime=168:00:00" in data["proposed"]["diff"]


# a time-limit kill at the queue's limit already: only another queue gives more time
DEBUG_AURORA = PBS.replace("#PBS -q capacity\n", "").replace("select=1", "select=2")
SLURM_AT_LIMIT = SLURM.replace("#SBATCH --time=02:00:00", "#SBATCH --time=48:00:00")


def test_walltime_kill_at_the_queue_limit_moves_to_a_longer_queue() -> None:
    data = diagnose_log(DEBUG_AURORA, "=>> PBS: job killed: walltime 3620 exceeded limit 3600\n",
                        "aurora", None, False)
    diff = data["proposed"]["diff"]
    assert "+#PBS -q capacity" in diff and "+#PBS -l walltime=168:00:00" in diff


def test_walltime_kill_below_the_queue_limit_keeps_the_queue() -> None:
    data = diagnose_log(SLURM, "slurmstepd: error: *** JOB 7 ON gpua001 CANCELLED AT 2024-01-01T00:00:00 DUE TO TIME LIMIT ***\n",
                        "delta", None, False)
    diff = data["proposed"]["diff"]
    assert "+#SBATCH --time=48:00:00" in diff and "partition" not in diff


def test_walltime_kill_with_no_longer_queue_proposes_nothing() -> None:
    data = diagnose_log(SLURM_AT_LIMIT, "slurmstepd: error: *** JOB 7 ON gpua001 CANCELLED AT 2024-01-01T00:00:00 DUE TO TIME LIMIT ***\n",
                        "delta", None, False)
    assert data["proposed"] is None


def test_walltime_kill_whose_log_limit_is_not_the_scripts_proposes_nothing() -> None:
    data = diagnose_log(DEBUG_AURORA, "=>> PBS: job killed: walltime 259207 exceeded limit 259200\n",
                        "aurora", None, False)
    assert data["proposed"] is None
