"""Target rules from issue 8: shares of shared nodes, srun CPUs, no invented set-up paths.

Each test fails if its rule is broken for any cluster it covers; the facts come from the
profiles (with their sources), so the expected numbers are read from them, not repeated.
"""

from __future__ import annotations

import re

import pytest
from launch_cases import TEMPLATE_IDS, case, spec_for

from maple_flow import generate
from maple_flow.knowledge.clusters import all_profiles
from maple_flow.models import JobSpec
from maple_flow.render import render

SHARED_NODE_SITES = ["delta", "deltaai", "anvil"]


def _script(cluster: str, **fields: object) -> str:
    values: dict[str, object] = {"cluster": cluster, "entrypoint": "train.py",
                                 "account": None, "nodes": 1}
    values.update(fields)
    return generate(JobSpec.model_validate(values)).script


@pytest.mark.parametrize("cluster", SHARED_NODE_SITES)
@pytest.mark.parametrize("gpus", [1, 2, 3])
def test_partial_node_jobs_ask_for_their_share_not_the_whole_node(cluster: str, gpus: int) -> None:
    profile = all_profiles()[cluster]
    share = profile.directives.partial_share
    assert share is not None
    text = _script(cluster, gpus_per_node=gpus)
    assert "--exclusive" not in text and "--mem=0" not in text
    assert f"#SBATCH --gpus-per-node={gpus}\n" in text
    assert f"#SBATCH --cpus-per-task={share.cpus_per_gpu * gpus}\n" in text
    assert f"#SBATCH --mem={share.memory_mb_per_gpu * gpus}M\n" in text
    assert f"--ntasks-per-node=1 --cpus-per-task={share.cpus_per_gpu * gpus} " in text


@pytest.mark.parametrize("cluster", SHARED_NODE_SITES)
def test_whole_node_jobs_stay_exclusive(cluster: str) -> None:
    profile = all_profiles()[cluster]
    text = _script(cluster, nodes=2, gpus_per_node=profile.gpu.per_node)
    assert "#SBATCH --exclusive\n" in text and not re.search(r"--mem=\d+M", text)
    for line in profile.directives.whole_node_extra:
        assert f"#SBATCH {line}\n" in text


def test_delta_share_is_the_documented_a100_share() -> None:
    """Delta charges one A100 as 16 cores and 62.5 GB (1e9 bytes): one GPU asks no more."""
    text = _script("delta", gpus_per_node=1)
    mem = int(re.search(r"--mem=(\d+)M", text).group(1))  # type: ignore[union-attr]
    assert "--cpus-per-task=16\n" in text and mem * 2**20 <= 62.5e9


def test_deltaai_share_is_one_gh200() -> None:
    """DeltaAI charges more GH200s once cores or memory pass 72 cores / 120 GB per GH200."""
    text = _script("deltaai", gpus_per_node=1)
    mem = int(re.search(r"--mem=(\d+)M", text).group(1))  # type: ignore[union-attr]
    assert "--cpus-per-task=72\n" in text and mem * 2**20 <= 120e9


SRUN_TEMPLATES = [t for t in TEMPLATE_IDS if case(t)[1].launch.launcher == "srun"]


@pytest.mark.parametrize("template_id", SRUN_TEMPLATES)
def test_srun_launcher_tasks_get_all_cpus_of_their_node(template_id: str) -> None:
    template, profile = case(template_id)
    text = render(spec_for(template, profile), profile, template)
    cpus = profile.node.cpus_per_node * profile.node.threads_per_core
    srun = next(x for x in text.splitlines() if x.startswith("srun "))
    assert f"--cpus-per-task={cpus}" in srun and "--ntasks-per-node=1" in srun
    assert f"#SBATCH --cpus-per-task={cpus}\n" in text


@pytest.mark.parametrize("template_id", SRUN_TEMPLATES)
def test_srun_cpus_per_task_given_by_the_user_wins(template_id: str) -> None:
    template, profile = case(template_id)
    text = render(spec_for(template, profile, cpus_per_task=7), profile, template)
    srun = next(x for x in text.splitlines() if x.startswith("srun "))
    assert "--cpus-per-task=7" in srun and "#SBATCH --cpus-per-task=7\n" in text


def test_per_rank_srun_splits_the_node_cpus_over_the_ranks() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    text = render(spec_for(template, profile, launch_model="per_rank"), profile, template)
    assert "#SBATCH --cpus-per-task=32\n" in text  # 128 hardware threads / 4 ranks


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_no_script_activates_an_environment_maple_flow_invented(template_id: str) -> None:
    template, profile = case(template_id)
    text = render(spec_for(template, profile), profile, template)
    assert "maple-venv" not in text and "maple_venv" not in text
    for line in text.splitlines():
        if line.startswith(("source ", ". ")):
            assert "$SCRATCH" not in line and "${SCRATCH}" not in line, line


def test_lonestar6_says_what_to_check_instead_of_inventing_a_venv() -> None:
    text = _script("lonestar6", gpus_per_node=3)
    assert "# Check on the target: Lonestar6 has no system PyTorch" in text
    assert "module load python3/3.9.7" in text
    steps = _script("lonestar6", gpus_per_node=3,
                    setup_steps=["source $SCRATCH/envs/torch/bin/activate"])
    assert "\nsource $SCRATCH/envs/torch/bin/activate\n" in steps
