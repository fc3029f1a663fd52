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


def test_a_rejected_job_credential_is_not_the_script() -> None:
    """JuliaParallel/ClusterManagers.jl#91's log: srun text alike to many script records, but a
    node refusing the step's credential (clock or munge) is the cluster's fault: no fix."""
    log = ("srun: job 14774 queued and waiting for resources\n"
           "srun: job 14774 has been allocated resources\n"
           "srun: error: Task launch for 14774.0 failed on node magi70: Job credential expired\n"
           "srun: error: Application launch failed: Job credential expired\n"
           "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
           "srun: error: Timed out waiting for job step to complete\n")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN_SCRIPT))
    assert (found[0].record_id, found[0].verdict) == ("slurm-job-credential-rejected",
                                                      "not_script")
    assert not found[0].fix.ops
