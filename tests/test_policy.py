"""Policy checks: each rule fires on the case it exists for, with a usable hint."""

from __future__ import annotations

import pytest

from maple_flow.clusters import get_profile
from maple_flow.errors import PolicyViolation
from maple_flow.models import JobSpec
from maple_flow.policy import check_script, check_spec, enforce_spec

PM = get_profile("perlmutter")


def spec(**kw: object) -> JobSpec:
    base: dict[str, object] = {"cluster": "perlmutter", "nodes": 2, "gpus_per_node": 4,
                               "entrypoint": "train.py", "queue": "regular"}
    base.update(kw)
    return JobSpec.model_validate(base)


def codes(problems: list) -> list[str]:  # type: ignore[type-arg]
    return [p.code for p in problems]


def test_valid_spec_has_no_problem() -> None:
    assert check_spec(spec(account="m1234", walltime="02:00:00"), PM) == []


def test_too_many_gpus_hint_gives_the_arithmetic() -> None:
    [problem] = check_spec(spec(gpus_per_node=8), PM)
    assert problem.code == "gpus.too_many"
    assert "--gpus-per-node 4 and --nodes 4 for 16 ranks" in problem.hint


def test_uneven_ranks_are_explained() -> None:
    [problem] = check_spec(spec(nodes=1, gpus_per_node=6), PM)
    assert "--nodes 2" in problem.hint and "evenly" in problem.hint


def test_every_problem_reported_at_once() -> None:
    bad = spec(gpus_per_node=8, walltime="30:00:00", account="NOT-VALID")
    with pytest.raises(PolicyViolation) as info:
        enforce_spec(bad, PM)
    expected = ["account.format", "gpus.too_many", "walltime.limit"]
    assert sorted(codes(info.value.problems)) == expected
    assert "Perlmutter" in str(info.value)


def test_walltime_hint_names_queues_that_fit() -> None:
    [problem] = check_spec(spec(walltime="30:00:00"), PM)
    assert "preempt" in problem.hint


def test_unknown_queue_lists_valid_ones() -> None:
    [problem] = check_spec(spec(queue="gpu"), PM)
    assert problem.code == "queue.unknown" and "regular" in problem.hint


def test_default_queue_limits_apply_without_queue() -> None:
    [problem] = check_spec(spec(queue=None, nodes=16), PM)
    assert problem.code == "nodes.limit" and "debug" in problem.message


GOOD = """#!/bin/bash
#SBATCH -N 2 -C gpu -q regular -t 00:10:00 -A m1234 --gpus-per-node=4
srun hostname
"""


def test_good_script_passes() -> None:
    assert check_script(GOOD, PM) == []


def test_missing_constraint_uses_site_message() -> None:
    [problem] = check_script(GOOD.replace("-C gpu ", ""), PM)
    assert problem.code == "directive.required"
    assert problem.scheduler_message.startswith("sbatch: error")


def test_script_gpu_and_account_rules() -> None:
    text = GOOD.replace("--gpus-per-node=4", "--gres=gpu:8").replace("-A m1234 ", "")
    assert sorted(codes(check_script(text, PM))) == ["account.missing", "gpus.too_many"]


def test_pbs_sites_answer_in_qsub_words() -> None:
    polaris = get_profile("polaris")
    text = ("#!/bin/bash -l\n#PBS -A datascience -q debug -l select=2:system=polaris\n"
            "#PBS -l walltime=05:00:00 -l filesystems=home:eagle\n")
    [problem] = check_script(text, polaris)
    assert problem.code == "walltime.limit"
    assert problem.scheduler_message.startswith("qsub: Job exceeds queue")
