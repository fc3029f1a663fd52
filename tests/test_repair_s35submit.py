"""TACC's sbatch submission filter (s35submit, templates/failures/submit_s35.yaml): a FAILED check
about the request (queue hours or size, an unknown queue, a job name, the project, -t) is fixed
from the queue facts or asked; one about the user's jobs, access or environment is not the
script; a banner whose checks all passed is no refusal."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resources import named

LS6 = """#!/bin/bash
#SBATCH -J train
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 04:00:00
#SBATCH -A MyProject
module load cuda/12.2
srun torchrun --nnodes=2 --nproc_per_node=3 train.py
"""
LIMITS = ("--> Verifying job request is within current queue limits...FAILED\n\n"
          "You are requesting {cores} Physical cores on {nodes} nodes for {hours} hours!\n"
          "  The Requested job is not within current queue limits:\n"
          "  --> gpu-a100 Queue Limits: 48 Hours\n"
          "  --> gpu-a100 Queue Limits: 1024(512) Virtual(Physical) cores on 8 Nodes\n")


def _run(script: str, log: str) -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, "lonestar6", None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


def test_queue_hours_over_the_limit_lowers_the_time() -> None:
    script = LS6.replace("-t 04:00:00", "-t 72:00:00")
    data, first = _run(script, LIMITS.format(cores=256, nodes=2, hours="72.00"))
    assert first == "tacc-filter-queue-limits-time/script"
    assert "+#SBATCH -t 48:00:00" in data["proposed"]["diff"]


def test_queue_size_over_the_limit_asks_the_nodes() -> None:
    script = LS6.replace("-N 2", "-N 12").replace("-n 2", "-n 12")
    data, _ = _run(script, LIMITS.format(cores=1536, nodes=12, hours="4.00"))
    assert data["proposed"] is None
    assert data["verdict"] == "ask"
    assert data["question"]["record_id"] == "tacc-filter-queue-limits-size"


def test_the_filter_names_time_and_nodes() -> None:
    assert {"walltime", "nodes"} <= named([LIMITS.format(cores=256, nodes=2, hours="72.00")])


def test_unknown_queue_moves_to_the_default_queue() -> None:
    log = ("--> Verifying job request is within current queue limits...\n\n"
           "No queue limits available (queue=gpu-a10).\n\n"
           "Please verify that you submitted to a valid queue or contact TACC \n")
    data, first = _run(LS6.replace("-p gpu-a100", "-p gpu-a10"), log)
    assert first == "tacc-filter-unknown-queue/script"
    assert "+#SBATCH -p gpu-a100" in data["proposed"]["diff"]


def test_job_name_with_a_colon_is_respelled() -> None:
    log = ("--> Verifying valid jobname...FAILED\n\n\nJob names are not allowed to contain the "
           "\":\" character.\n--> submitted jobname = train:bert\n")
    data, first = _run(LS6.replace("-J train", "-J train:bert"), log)
    assert first == "tacc-filter-job-name-character/script"
    assert "-#SBATCH -J train:bert" in data["proposed"]["diff"]
    assert "+#SBATCH -J train_bert" in data["proposed"]["diff"]


def test_job_named_after_its_file_gets_no_guessed_name() -> None:
    log = ("--> Verifying valid jobname...FAILED\n\n\nJob names are not allowed to contain the "
           "\":\" character.\n--> submitted jobname = run:a100.sh\n")
    data, first = _run(LS6.replace("#SBATCH -J train\n", ""), log)
    assert first == "tacc-filter-job-name-character/script"
    assert data["proposed"] is None


@pytest.mark.parametrize("tail", ["FAILED", "FAILED (BYPASS INVALID)"])
def test_allocation_failed_asks_the_project(tail: str) -> None:
    data, _ = _run(LS6, f"--> Checking available allocation (MyProject)...{tail}\n")
    assert data["proposed"] is None and data["verdict"] == "ask"
    assert data["question"]["record_id"] == "tacc-filter-allocation-failed"


def test_runlimit_required_sets_the_queue_time() -> None:
    log = '--> Submission error: all jobs must have a maximum runlimit defined with "-t"\n'
    data, first = _run(LS6.replace("#SBATCH -t 04:00:00\n", ""), log)
    assert first == "tacc-filter-runlimit-required/script"
    assert "+#SBATCH --time=48:00:00" in data["proposed"]["diff"]


@pytest.mark.parametrize(("log", "record"), [
    ("--> Enforcing max jobs per user...FAILED\n\n    [*] Too many simultaneous jobs in queue.\n"
     "        --> Max job limits for alice =  50 jobs\n", "tacc-filter-too-many-jobs"),
    ("--> Verifying access to desired queue (gpu-a100)...FAILED\n",
     "tacc-filter-queue-access-denied"),
    ("--> Verifying availability of your work dir (/work/04658/alice/ls6)...FAILED\n",
     "tacc-filter-user-environment"),
    ("--> Verifying valid ssh keys...FAILED\n", "tacc-filter-user-environment"),
    ("--> Verifying valid submit host (c305-005)...FAILED\n", "tacc-filter-user-environment"),
])
def test_user_side_checks_are_not_the_script(log: str, record: str) -> None:
    data, first = _run(LS6, log)
    assert data["proposed"] is None
    assert first == f"{record}/not_script"


def test_a_banner_of_passed_checks_is_no_refusal() -> None:
    log = ("No reservation for this job\n--> Verifying valid submit host (login1)...OK\n"
           "--> Verifying valid jobname...OK\n"
           "--> Verifying access to desired queue (gpu-a100)...OK\n"
           "--> Verifying job request is within current queue limits...OK\n"
           "--> Checking available allocation (MyProject)...OK\nSubmitted batch job 3085466\n")
    data, first = _run(LS6, log)
    assert data["proposed"] is None
    assert not first.startswith("tacc-filter-")
