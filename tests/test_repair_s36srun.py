# ruff: noqa: E501
"""s36srun (issue 17): Slurm's step- and task-level messages from Slurm's own sources
(SchedMD/slurm@284c3b95): a step cancelled DUE TO TASK FAILURE is a summary, the step's own node
count above the job's, the memory-limit note in its 17.02+ wording, the interconnect failing at
step creation, the pmi2 key-value exchange, the step's working directory missing on the node and
slurmstepd's "bad interpreter". Each test fails without its rule."""

from __future__ import annotations

from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.evidence_gate import summary_only

HEAD = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --time=01:00:00\n"
STEP = HEAD + "srun python train.py --epochs 10\n"
TASK_FAILURE = "slurmstepd: error: *** STEP 4012345.0 ON gpub001 CANCELLED AT 2024-05-02T10:11:12 DUE TO TASK FAILURE ***\n"


def _first(data: dict) -> str:
    return str(data["diagnoses"][0]["record_id"]) if data["diagnoses"] else ""


def _proposed(data: dict) -> str | None:
    return data["proposed"]["record_id"] if data["proposed"] else None


def test_a_step_cancelled_due_to_task_failure_is_a_summary() -> None:
    assert summary_only([TASK_FAILURE.strip(), "srun: error: nid002888: tasks 0-57,59-63: Terminated"])
    assert summary_only(["[2026-04-29T23:36:37.809] error: *** STEP 52222788.0 ON nid002888 CANCELLED AT 2026-04-29T23:36:37 DUE TO TASK FAILURE ***"])
    data = diagnose_log(STEP, TASK_FAILURE, "delta", None, False)
    assert data["proposed"] is None and not _diff(data)


def test_a_step_asking_more_nodes_than_the_job_drops_its_node_count() -> None:
    script = HEAD + "srun -N 4 --ntasks-per-node=4 python train.py --epochs 10\n"
    log = "srun: error: Unable to create step for job 4012345: Requested node configuration is not available\n"
    data = diagnose_log(script, log, "delta", None, False)
    assert _proposed(data) == "srun-step-nodes-above-job"
    assert "+srun --ntasks-per-node=4 python train.py" in _diff(data)
    same = HEAD + "srun -N 2 python train.py --epochs 10\n"
    assert _proposed(diagnose_log(same, log, "delta", None, False)) != "srun-step-nodes-above-job"


def test_the_memory_limit_note_of_slurm_17_is_the_memory_limit_record() -> None:
    script = HEAD.replace("#SBATCH -N 2\n", "#SBATCH -N 1\n#SBATCH --mem=64G\n") + "srun python train.py\n"
    for log in ("slurmstepd-gpub041: error: Step 4012345.0 hit memory limit at least once during execution. This may or may not result in some failure.\n",
                "slurmstepd: StepId=4012345.0 hit memory+swap limit at least once during execution. This may or may not result in some failure.\n"):
        data = diagnose_log(script, log, "delta", None, False)
        assert _first(data) == "slurm-step-memory-limit-exceeded"
        assert "+#SBATCH --mem=128G" in _diff(data)


def test_the_interconnect_failing_at_step_creation_is_not_the_script() -> None:
    log = "srun: error: Unable to create step for job 1316301: Error configuring interconnect\n"
    data = diagnose_log(STEP, log, "perlmutter", None, False)
    assert _first(data) == "srun-task-launch-unspecified-error" and data["proposed"] is None
    network = HEAD + "srun --network=single_node_vni python train.py\n"
    assert _first(diagnose_log(network, log, "perlmutter", None, False)) != "srun-task-launch-unspecified-error"


def test_the_pmi2_kvs_exchange_failing_is_the_site() -> None:
    data = diagnose_log(STEP, "srun: error: mpi/pmi2: failed to send temp kvs to compute nodes\n", "delta", None, False)
    assert _first(data) == "slurm-pmi2-kvs-exchange-failed" and data["proposed"] is None


def test_the_steps_working_directory_missing_on_the_node_is_advice() -> None:
    log = ("slurmstepd: error: couldn't chdir to `/home/alice/proj': No such file or directory: going to /tmp instead\n"
           "python: can't open file '/tmp/train.py': [Errno 2] No such file or directory\n")
    data = diagnose_log(STEP, log, "delta", None, False)
    assert _first(data) == "slurm-step-workdir-missing-on-node" and data["proposed"] is None
    spool = "slurmstepd: error: couldn't chdir to `/var/spool/slurm/job1234': No such file or directory\n"
    assert _first(diagnose_log(STEP, spool, "delta", None, False)) != "slurm-step-workdir-missing-on-node"


def test_slurmstepds_bad_interpreter_is_the_installed_program() -> None:
    log = "slurmstepd: error: execve(): bad interpreter(/home/alice/venv/bin/python3): No such file or directory\n"
    wandb = HEAD + "srun wandb agent alice/proj/sweep1\n"
    assert _first(diagnose_log(wandb, log, "delta", None, False)) == "installed-program-shebang-interpreter-missing"
    torchrun = HEAD + "srun torchrun --nproc_per_node=4 train.py\n"
    assert _first(diagnose_log(torchrun, log, "delta", None, False)) != "installed-program-shebang-interpreter-missing"
