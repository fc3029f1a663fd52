"""generate(): policy check, template choice, explanation, dispatch on the request type."""

from __future__ import annotations

import pytest

from maple_flow import GenerateResult, JobSpec, generate, generate_from_spec
from maple_flow.errors import PolicyViolation, RenderError, TemplateNotFound


def _spec(**fields: object) -> JobSpec:
    values: dict[str, object] = {"cluster": "perlmutter", "nodes": 2, "gpus_per_node": 4,
                                 "entrypoint": "train.py", "provenance": {"nodes": "said"}}
    values.update(fields)
    return JobSpec.model_validate(values)


def test_spec_gives_script_template_and_explanation() -> None:
    result = generate(_spec(cluster="PM"))
    assert isinstance(result, GenerateResult)
    assert result.template_id == "perlmutter-pytorch-ddp" and result.spec.cluster == "perlmutter"
    assert "from template perlmutter-pytorch-ddp" in result.script
    assert result.findings == []
    assert result.explanation["nodes"].startswith("2 (said): 8 ranks")
    assert result.explanation["queue"].startswith("debug (default): the profile's default")
    assert "REPLACE_WITH_NERSC_PROJECT (default)" in result.explanation["account"]
    assert result.explanation["master_port"].startswith("29507 (derived)")


def test_policy_problems_raise_all_at_once() -> None:
    with pytest.raises(PolicyViolation) as info:
        generate(_spec(nodes=20, gpus_per_node=8, walltime="02:00:00", queue="debug"))
    fields = {p.field for p in info.value.problems}
    assert {"gpus_per_node", "nodes", "walltime"} <= fields


def test_non_strict_renders_with_policy_findings() -> None:
    result = generate_from_spec(_spec(walltime="02:00:00", queue="debug"), strict=False)
    assert [f.code for f in result.findings] == ["walltime.limit"]
    assert result.findings[0].source == "policy" and "hint" in result.findings[0].message


def test_named_template_must_belong_to_the_cluster() -> None:
    result = generate(_spec(), "perlmutter-pytorch-ddp")
    assert result.explanation["template"].startswith("perlmutter-pytorch-ddp (said)")
    with pytest.raises(RenderError, match="is for polaris"):
        generate(_spec(), "polaris-pytorch-ddp")
    with pytest.raises(TemplateNotFound):
        generate(_spec(), "perlmutter-nope")


def test_plain_words_go_through_extract() -> None:
    result = generate("train on 2 nodes of Polaris with 4 GPUs each: python train.py --lr 0.1")
    assert result.template_id == "polaris-pytorch-ddp"
    assert result.spec.args == ["--lr", "0.1"] and "select=2" in result.script


def test_a_queue_that_fits_is_chosen_when_none_is_given() -> None:
    from maple_flow import generate

    text = "torchrun on 8 GPUs across 2 nodes on Polaris for 2 hours, project datascience: vit.py"
    result = generate(text)
    assert "#PBS -q capacity" in result.script  # debug allows 1 h only
    assert result.spec.origin("queue") == "derived" and result.findings == []
    short = generate(text.replace("2 hours", "30 minutes"))
    assert "#PBS -q debug" in short.script and short.spec.queue is None
    with pytest.raises(PolicyViolation):  # a queue the user names is kept, and checked
        generate(text + " on the debug queue")


def test_partial_node_jobs_get_the_partial_node_queue() -> None:
    one = generate(_spec(nodes=1, gpus_per_node=1, walltime="02:00:00"))
    assert "#SBATCH -q shared" in one.script and one.spec.origin("queue") == "derived"
    assert "part of one node" in one.explanation["queue"]
    b2 = generate(_spec(cluster="bridges2", nodes=1, gpus_per_node=2))
    assert "#SBATCH -p GPU-shared" in b2.script and "--gpus=v100-32:2" in b2.script
    assert "#SBATCH --cpus-per-task=10" in b2.script  # 5 CPUs per V100
    whole = generate(_spec(cluster="bridges2", nodes=2, gpus_per_node=8))
    assert "#SBATCH -p GPU\n" in whole.script and whole.spec.queue is None


def test_a_job_no_queue_takes_is_refused_not_silently_rendered() -> None:
    with pytest.raises(PolicyViolation) as info:
        generate(_spec(cluster="bridges2", nodes=1, gpus_per_node=6))
    assert "queue.whole_nodes" in {p.code for p in info.value.problems}
    with pytest.raises(PolicyViolation) as info:
        generate(_spec(cluster="anvil", nodes=8))
    assert "nodes.limit" in {p.code for p in info.value.problems}


def test_polaris_never_gets_a_restricted_queue_unasked() -> None:
    result = generate(_spec(cluster="polaris", nodes=1, walltime="02:00:00"))
    assert "#PBS -q capacity" in result.script  # not preemptable (shorter limit) nor demand
    asked = generate(_spec(cluster="polaris", nodes=1, queue="demand",
                           provenance={"queue": "said"}))
    assert "#PBS -q demand" in asked.script  # a queue the user names is kept


def test_per_rank_launch_is_explained() -> None:
    result = generate(_spec(cluster="polaris", nodes=2, launch_model="per_rank",
                            rank_vars={"SLURM_PROCID": "rank"}))
    assert "per_rank: mpiexec starts one python per GPU" in result.explanation["launcher"]
    assert "SLURM_PROCID from PMI_RANK/PALS_LOCAL_RANKID" in result.explanation["launcher"]
