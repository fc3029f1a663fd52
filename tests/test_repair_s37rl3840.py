"""Classes of reallogs35's held-out misses (helper s37rl3840, issue 17): a job that hung at its
first step (or in NCCL's set-up) until the time limit ended it is advised, never given a longer
limit; ninja missing from the environment the job activates is not the script's; a launcher that
env(1) or a wrapper cannot find (``<cmd>: No such file or directory``) is asked about, also after
env's NAME=VALUE words (templates/failures/rl3840_s37.yaml, entity_anchored.yaml, entity.py)."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.entity import script_entities

SLURM = """#!/bin/bash
#SBATCH -N 8
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
{setup}
{launch}
"""
CANCEL = ("slurmstepd: error: *** JOB 8384637 ON nid001044 CANCELLED AT 2023-05-02T03:58:46 "
          "DUE TO TIME LIMIT ***\n")
HUNG = ("trial 14...\n20: RANK 20: running step 1/10\n"
        " 0: slurmstepd: error: *** STEP 8384637.13 ON nid001044 CANCELLED AT "
        "2023-05-02T03:58:46 DUE TO TIME LIMIT ***\n" + CANCEL)
NCCL_SETUP = ("gpu01:2139:2250 [0] NCCL INFO Channel 00/02 :    0   1\n"
              "gpu01:2139:2250 [0] NCCL INFO Launch mode Parallel\n" + CANCEL)
NINJA = "RuntimeError: Ninja is required to load C++ extensions\n"
DS_NINJA = "RuntimeError: Unable to JIT load the fused_adam op due to ninja not being installed.\n"
TORCHRUN = "srun torchrun --nnodes=8 --nproc_per_node=4 train.py"


def _answer(script: str, log: str, cluster: str = "perlmutter") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def _first(script: str, log: str, cluster: str = "perlmutter") -> str:
    return str(_answer(script, log, cluster)["diagnoses"][0]["record_id"])  # type: ignore[index]


def _proposed(script: str, log: str, cluster: str = "perlmutter") -> str | None:
    proposed = _answer(script, log, cluster).get("proposed")
    return str(proposed["record_id"]) if isinstance(proposed, dict) else None


# -- hung at the first step, ended by the time limit -------------------------------------------
def test_first_step_then_time_limit_is_a_hang_not_a_short_limit() -> None:
    script = SLURM.format(setup="module load pytorch", launch=TORCHRUN)
    assert _first(script, HUNG) == "job-hung-at-first-step-until-time-limit"
    assert _proposed(script, HUNG) is None


def test_nccl_setup_lines_then_time_limit_is_a_hang() -> None:
    script = SLURM.format(setup="module load pytorch", launch=TORCHRUN)
    assert _first(script, NCCL_SETUP) == "job-hung-at-first-step-until-time-limit"
    assert _proposed(script, NCCL_SETUP) is None


def test_progress_past_the_first_step_keeps_the_time_limit_fix() -> None:
    script = SLURM.format(setup="module load pytorch", launch=TORCHRUN)
    log = "step 1/500 loss 2.31\nstep 2/500 loss 2.20\nstep 3/500 loss 2.11\n" + CANCEL
    assert _proposed(script, log) == "slurm-time-limit-reached"


def test_a_bare_time_limit_cancel_keeps_the_time_limit_fix() -> None:
    script = SLURM.format(setup="module load pytorch", launch=TORCHRUN)
    assert _proposed(script, CANCEL) == "slurm-time-limit-reached"


def test_nccl_setup_then_training_output_is_no_hang() -> None:
    script = SLURM.format(setup="module load pytorch", launch=TORCHRUN)
    log = ("gpu01:2139:2250 [0] NCCL INFO comm 0x5 rank 0 nranks 32 - Init COMPLETE\n"
           "epoch 4 loss 0.31\n" + CANCEL)
    assert _proposed(script, log) == "slurm-time-limit-reached"


# -- ninja missing for a JIT op build ------------------------------------------------------------
def test_ninja_missing_in_the_activated_env_is_not_the_script() -> None:
    script = SLURM.format(setup="source $HOME/venvs/ds/bin/activate", launch=TORCHRUN)
    for log in (NINJA, DS_NINJA):
        assert _first(script, log, "delta") == "ninja-missing-in-activated-environment"
        assert _proposed(script, log, "delta") is None


def test_ninja_missing_without_an_activation_is_not_called_the_environments() -> None:
    script = SLURM.format(setup="", launch="srun /opt/envs/ds/bin/python -m train")
    for log in (NINJA, DS_NINJA):
        answer = _answer(script, log, "delta")
        firsts = [d["record_id"] for d in answer["diagnoses"]]  # type: ignore[attr-defined]
        assert "ninja-missing-in-activated-environment" not in firsts


# -- a launcher not on PATH, named without execve ----------------------------------------------
def test_env_assignments_do_not_hide_the_program_env_runs() -> None:
    script = SLURM.format(setup="", launch="srun env PYTHONUNBUFFERED=1 torchrun train.py")
    commands = {e.text for e in script_entities(script) if e.kind == "command"}
    assert "torchrun" in commands
    assert "PYTHONUNBUFFERED=1" not in commands


def test_env_launcher_not_found_asks_where_it_is() -> None:
    script = SLURM.format(setup="", launch="srun env PYTHONUNBUFFERED=1 torchrun train.py")
    answer = _answer(script, "env: torchrun: No such file or directory\n", "delta")
    assert answer["proposed"] is None
    assert answer["verdict"] == "ask"
    assert answer["question"]["record_id"] == "entity-script-command-not-found"  # type: ignore[index]


def test_deepspeed_launcher_not_found_on_deltaai_asks_not_srun_export() -> None:
    script = SLURM.format(setup="", launch="deepspeed --hostfile hostfile train.py")
    answer = _answer(script, "deepspeed: No such file or directory\n", "deltaai")
    assert answer["verdict"] == "ask"
    firsts = [d["record_id"] for d in answer["diagnoses"]]  # type: ignore[attr-defined]
    assert "env-not-propagated-deltaai" not in firsts


def test_a_file_the_script_reads_is_not_a_missing_command() -> None:
    script = SLURM.format(setup="", launch="srun python train.py --data train.txt")
    answer = _answer(script, "cat: train.txt: No such file or directory\n", "delta")
    firsts = [d["record_id"] for d in answer["diagnoses"]]  # type: ignore[attr-defined]
    assert "entity-script-command-not-found" not in firsts
