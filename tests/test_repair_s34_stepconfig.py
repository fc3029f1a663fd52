"""A job STEP refused with "Requested node configuration is not available" never gets a
job-level node-configuration fix (partition, CPUs, GPUs, memory): the job was granted, so its
directives fit (s34wrong); a refused submission still does."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log

SCRIPT = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
          "#SBATCH --cpus-per-task=64\n#SBATCH --time=02:00:00\nsrun python -u train.py\n")
NODE_CONFIG = ("slurm-node-config-partition", "slurm-node-config-cpus", "slurm-node-config-gpus",
               "slurm-node-config-memory", "slurm-node-config-unavailable")


@pytest.mark.parametrize("log", [
    "srun: error: Unable to create step for job 123456: Requested node configuration is not "
    "available\n",
    "srun: error: Unable to create job step: Requested node configuration is not available\n",
])
def test_a_step_refusal_gets_no_job_level_fix(log: str) -> None:
    data = diagnose_log(SCRIPT, log, "delta", None, False)
    proposed = data["proposed"]
    assert proposed is None or proposed["record_id"] not in NODE_CONFIG  # type: ignore[index]
    assert not any(d["record_id"] in NODE_CONFIG for d in data["diagnoses"])  # type: ignore[attr-defined, index]


def test_a_refused_submission_still_gets_the_partition() -> None:
    log = ("sbatch: error: Batch job submission failed: Requested node configuration is not "
           "available\n")
    data = diagnose_log(SCRIPT, log, "delta", None, False)
    proposed = data["proposed"]
    assert proposed is not None and str(proposed["record_id"]).startswith("slurm-node-config")  # type: ignore[index]
