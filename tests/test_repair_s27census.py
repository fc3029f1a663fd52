# ruff: noqa: E501
"""s27census (issue 17): records for the launch tools' own messages (bench/s27census). A fix
only where a typed op edits the line the message is about (accelerate --multi_gpu with one
process, an srun step's memory), a question where the value is the user's (a launch line's node
count), advice otherwise, and the site's own refusals recognised as not the script's. Each test
fails without the records of templates/failures/s27_census.yaml."""

from __future__ import annotations

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES

SRUN = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
{launch}
"""
ACCELERATE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=08:00:00
accelerate launch --multi_gpu --num_machines 1 --num_processes {n} --mixed_precision bf16 -m mypkg.train
"""
PBS = """#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -q debug
#PBS -A MyProject
mpiexec -n 8 --ppn 4 python train.py
"""


def _first(result: dict[str, object]) -> dict[str, object]:
    diagnoses = [d for d in result["diagnoses"] if d.get("verdict") != "hint"]  # type: ignore[union-attr]
    assert diagnoses, result.get("why_none")
    return diagnoses[0]  # type: ignore[no-any-return]


def test_accelerate_multi_gpu_with_one_process_drops_the_flag() -> None:
    result = diagnose_log(ACCELERATE.format(n=1), "ValueError: You need to use at least 2 processes to use `--multi_gpu`.\n", "delta", None, False)
    assert _first(result)["record_id"] == "census-accelerate-multi-gpu-one-process"
    diff = _diff(result)
    assert "-accelerate launch --multi_gpu" in diff
    assert "+accelerate launch --num_machines 1 --num_processes 1" in diff


def test_accelerate_multi_gpu_with_a_computed_count_gets_advice_only() -> None:
    result = diagnose_log(ACCELERATE.format(n='"${NUM_GPUS}"'), "ValueError: You need to use at least 2 processes to use `--multi_gpu`.\n", "delta", None, False)
    assert _first(result)["record_id"] == "census-accelerate-launch-options-conflict"
    assert result["proposed"] is None


def test_srun_step_memory_gets_mem_zero() -> None:
    script = SRUN.format(launch="srun -n 4 python -u train.py")
    result = diagnose_log(script, "srun: error: Unable to create step for job 1209274: Memory required by task is not available\n", "delta", None, False)
    assert _first(result)["record_id"] == "census-slurm-step-memory-not-available"
    assert "+srun --mem=0 -n 4 python -u train.py" in _diff(result)


def test_several_srun_steps_get_advice_not_a_one_line_fix() -> None:
    script = SRUN.format(launch="srun -n 1 python -u train.py --part 0 &\nsrun -n 1 python -u train.py --part 1 &\nwait")
    result = diagnose_log(script, "srun: error: Unable to create step for job 1209274: Memory required by task is not available\n", "delta", None, False)
    assert _first(result)["record_id"] == "census-slurm-task-memory-not-available"
    assert result["proposed"] is None


def test_srun_step_memory_quoted_elided_gets_mem_zero() -> None:
    script = SRUN.format(launch="srun --mem=192000M python -u train.py")
    result = diagnose_log(script, "Unable to create step ... Memory required by task is not available\n", "delta", None, False)
    assert _first(result)["record_id"] == "census-slurm-step-memory-not-available"
    assert "+srun --mem=0 python -u train.py" in _diff(result)


def test_submission_memory_is_not_given_the_step_fix() -> None:
    script = SRUN.format(launch="srun python -u train.py")
    result = diagnose_log(script, "sbatch: error: Batch job submission failed: Memory required by task is not available\n", "delta", None, False)
    assert _first(result)["record_id"] == "census-slurm-task-memory-not-available"
    assert result["proposed"] is None


def test_launch_line_node_count_asks_for_the_count() -> None:
    script = SRUN.format(launch="srun -N 1:1 -G 8 nvidia-smi -L")
    result = diagnose_log(script, 'yhrun: error: "1:1" is not a valid node count\n', "delta", None, False)
    first = _first(result)
    assert first["record_id"] == "census-slurm-launch-node-count-value"
    assert first.get("needs") == ["nodes"]
    assert result["proposed"] is None


@pytest.mark.parametrize(("log", "cluster", "script", "record"), [
    ("sbatch: error: Batch job submission failed: System submissions disabled\n", "delta", SRUN.format(launch="srun python train.py"), "census-slurm-submissions-disabled"),
    ("sbatch: error: Batch job submission failed: Slurm internal error, contact system administrator\n", "delta", SRUN.format(launch="srun python train.py"), "census-slurm-internal-error"),
    ("qsub: Maximum number of jobs already in queue\n", "polaris", PBS, "census-pbs-queue-job-limit"),
])
def test_site_refusals_are_not_the_script(log: str, cluster: str, script: str, record: str) -> None:
    result = diagnose_log(script, log, cluster, None, False)
    first = _first(result)
    assert first["record_id"] == record
    assert str(load_knowledge_base().get(record).family) in NOT_SCRIPT_FAMILIES
    assert result["proposed"] is None


@pytest.mark.parametrize(("log", "record"), [
    ("sbatch: error: Batch job submission failed: Task distribution specification invalid\n", "census-slurm-distribution-invalid"),
    ("sbatch: error: Script arguments not permitted with --wrap option\n", "census-sbatch-wrap-with-arguments"),
    ("srun: error: invalid number of tasks (-n 0)\n", "census-slurm-count-empty-or-zero"),
])
def test_launch_refusals_are_named_without_a_guessed_fix(log: str, record: str) -> None:
    result = diagnose_log(SRUN.format(launch="srun python train.py"), log, "delta", None, False)
    assert _first(result)["record_id"] == record
    assert result["proposed"] is None
