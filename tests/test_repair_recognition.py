"""Recognition of real logs (issue 17): the record chosen says the right kind of failure."""

from __future__ import annotations

from maple_flow.repair import FailureEvidence, classify, load_knowledge_base

SRUN_SCRIPT = ("#!/bin/bash\n#SBATCH --mem=256G\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n"
               "#SBATCH --gpus-per-node=4\n#SBATCH --time=02:00:00\nsrun python -u train.py\n")


def test_host_memory_kills_are_resource_failures() -> None:
    """The scheduler killing a job for host memory (Slurm's cgroup, PBS's mem limit) is the
    job's resources, as host-memory-job-limit says, not its GPU devices."""
    kb = load_knowledge_base()
    ids = ("host-memory-job-limit", "slurm-cgroup-oom-kill", "slurm-cgroup-oom-kill-site",
           "pbs-job-memory-exceeded")
    assert {kb.get(i).family for i in ids} == {"resources"}
    # brain-score/vision#950: a step killed by the cgroup on a Delta-like Slurm site
    log = ("slurmstepd: error: Detected 1 oom-kill event(s) in StepId=37205392.0. Some of your "
           "processes may have been killed by the cgroup out-of-memory handler.\n"
           "srun: error: node107: task 0: Out Of Memory\n")
    first = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN_SCRIPT))[0]
    assert kb.get(first.record_id).family == "resources"
