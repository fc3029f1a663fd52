"""Policy checks: each rule fires on the case it exists for, with a usable hint."""

from __future__ import annotations

from itertools import product

import pytest

from maple_flow.errors import PolicyViolation
from maple_flow.knowledge.clusters import all_profiles, get_profile
from maple_flow.knowledge.policy import (
    ResourceRequest,
    check_script,
    check_spec,
    choose_queue,
    enforce_spec,
)
from maple_flow.models import JobSpec

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


# --- queue choice and node use (issue 8) -------------------------------------------------

B2 = get_profile("bridges2")


def req(nodes: int, gpus: int, seconds: int = 3600) -> ResourceRequest:
    return ResourceRequest(nodes=nodes, gpus_per_node=gpus, walltime_s=seconds)


@pytest.mark.parametrize("cid", sorted(all_profiles()))
def test_queues_not_chosen_unasked_are_never_chosen(cid: str) -> None:
    """`auto: false` queues (by request only, preemptible, premium, interactive) are never
    picked, whatever the job's size and walltime."""
    profile = all_profiles()[cid]
    held = {q.name for q in profile.queues.items if not q.auto}
    for nodes, gpus, hours in product([1, 2, 3, 5, 9, 12, 60], range(1, profile.gpu.per_node + 1),
                                      [0.25, 0.9, 2, 20, 60, 100]):
        choice = choose_queue(req(nodes, gpus, int(hours * 3600)), profile)
        assert choice.queue is None or choice.queue.name not in held
        if choice.queue is None:
            assert choice.problems[-1].code == "queue.none_fits"


def test_polaris_never_picks_demand_or_preemptable() -> None:
    polaris = get_profile("polaris")
    assert {q.name for q in polaris.queues.items if not q.auto} == {"demand", "preemptable"}
    assert choose_queue(req(1, 4, 2 * 3600), polaris).queue.name == "capacity"  # type: ignore[union-attr]
    [*_, last] = choose_queue(req(11, 4, 100 * 3600), polaris).problems
    assert last.code == "queue.none_fits"


def test_perlmutter_partial_node_jobs_use_the_shared_qos() -> None:
    for gpus in (1, 2):
        choice = choose_queue(req(1, gpus, 2 * 3600), PM)
        assert choice.queue is not None and choice.queue.name == "shared"
    assert choose_queue(req(2, 4, 2 * 3600), PM).queue.name == "regular"  # type: ignore[union-attr]
    # shared holds at most half a node: a 3-GPU job takes a whole node
    assert choose_queue(req(1, 3, 2 * 3600), PM).queue.name == "regular"  # type: ignore[union-attr]


def test_perlmutter_shared_qos_refuses_whole_or_multi_node_jobs() -> None:
    assert "queue.partial_only" in codes(check_spec(spec(queue="shared", nodes=1), PM))
    assert "queue.partial_only" in codes(check_spec(spec(queue="shared", gpus_per_node=1), PM))
    assert "gpus.queue_limit" in codes(check_spec(spec(queue="shared", nodes=1,
                                                       gpus_per_node=3), PM))
    assert check_spec(spec(queue="shared", nodes=1, gpus_per_node=2, account="m1234"), PM) == []


def test_bridges2_gpu_partition_is_whole_nodes_and_gpu_shared_at_most_four() -> None:
    base = {"cluster": "bridges2", "entrypoint": "t.py", "nodes": 1}
    b2 = [JobSpec.model_validate({**base, **kw}) for kw in (
        {"gpus_per_node": 4, "queue": "GPU"}, {"gpus_per_node": 6, "queue": "GPU-shared"},
        {"gpus_per_node": 4, "queue": "GPU-shared"}, {"gpus_per_node": 8, "queue": "GPU"})]
    assert codes(check_spec(b2[0], B2)) == ["queue.whole_nodes"]
    assert "GPU-shared would take it" in check_spec(b2[0], B2)[0].hint
    assert set(codes(check_spec(b2[1], B2))) == {"gpus.queue_limit"}
    assert check_spec(b2[2], B2) == [] and check_spec(b2[3], B2) == []
    assert choose_queue(req(1, 3), B2).queue.name == "GPU-shared"  # type: ignore[union-attr]
    assert choose_queue(req(2, 8), B2).queue.name == "GPU"  # type: ignore[union-attr]
    assert choose_queue(req(1, 6), B2).queue is None


def test_port_can_see_a_node_limit_before_writing_the_script() -> None:
    """A job too big for every queue maple_flow may pick (8 nodes where the GPU partition takes
    3) comes back as no queue, with the limit that refuses it."""
    anvil = get_profile("anvil")
    choice = choose_queue(req(8, 4), anvil)
    assert choice.queue is None and "nodes.limit" in codes(list(choice.problems))
    job = JobSpec(cluster="anvil", nodes=8, gpus_per_node=4, entrypoint="t.py", queue="gpu")
    assert codes(check_spec(job, anvil)) == ["nodes.limit"]


@pytest.mark.parametrize(("request_line", "refused"), [
    ("--gres=gpu:v100:4", False),       # PSC's own pytorch_ddp_single_node.sbatch
    ("--gres=gpu:v100-32:2", False),    # PSC's own llama3-8b-finetuning.sbatch
    ("--gpus=v100-32:4", False),
    ("--gpus=4", True),                 # untyped: refused (saga-679's log on Bridges-2)
    ("--gres=gpu:4", True),
    ("--gres=gpu:k80:4", True),         # a type Bridges-2 does not have
    ("--gpus=gpu:v100:4", True),        # the GRES spelling under --gpus
])
def test_bridges2_takes_psc_typed_gres_as_well_as_typed_gpus(request_line: str,
                                                             refused: bool) -> None:
    script = (f"#!/bin/bash\n#SBATCH -p GPU-shared\n#SBATCH -N 1\n#SBATCH -t 01:00:00\n"
              f"#SBATCH {request_line}\nsrun python t.py\n")
    fields = [p.field for p in check_script(script, B2)]
    assert ("gpus" in fields) is refused
