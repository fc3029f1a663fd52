"""Rendering: deterministic, quoted, placeholders and defaults, golden scripts, hostile input."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from launch_cases import TEMPLATE_IDS, case, spec_for

from maple_flow import __version__
from maple_flow.errors import RenderError
from maple_flow.knowledge.policy import check_script
from maple_flow.render import dquote, render

GOLDEN = Path(__file__).parent / "golden"


def test_same_input_same_bytes() -> None:
    template, profile = case("polaris-pytorch-ddp")
    spec = spec_for(template, profile, args=["--lr", "0.1"], env={"A": "1"})
    assert render(spec, profile, template) == render(spec, profile, template)


def test_header_names_version_and_template() -> None:
    template, profile = case("vista-accelerate-ddp")
    script = render(spec_for(template, profile), profile, template)
    assert f"maple_flow {__version__} from template vista-accelerate-ddp" in script
    assert script.startswith(profile.software.shell + "\n")


def test_missing_account_gets_the_marked_placeholder() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    script = render(spec_for(template, profile), profile, template)
    assert f"#SBATCH -A {profile.account.placeholder}\n" in script
    assert "ACCOUNT PLACEHOLDER" in script
    given = render(spec_for(template, profile, account="m1234"), profile, template)
    assert "#SBATCH -A m1234\n" in given and "PLACEHOLDER" not in given


def test_optional_account_is_left_out() -> None:
    template, profile = case("lonestar6-pytorch-ddp")
    assert not profile.account.required
    script = render(spec_for(template, profile), profile, template)
    assert "#SBATCH -A" not in script and "PLACEHOLDER" not in script


def test_queue_defaults_to_the_profile_default() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    script = render(spec_for(template, profile), profile, template)
    assert "#SBATCH -q debug\n" in script
    script = render(spec_for(template, profile, queue="regular"), profile, template)
    assert "#SBATCH -q regular\n" in script


def test_pbs_queue_select_and_required_resources() -> None:
    template, profile = case("polaris-pytorch-ddp")
    script = render(spec_for(template, profile, nodes=3, queue="capacity"), profile, template)
    for line in ("#PBS -q capacity", "#PBS -l select=3:system=polaris",
                 "#PBS -l filesystems=home:eagle", "#PBS -l place=scatter"):
        assert line + "\n" in script
    assert "walltime=01:00:00" not in script  # the rule's example is not copied


def test_module_entrypoint_runs_with_dash_m() -> None:
    template, profile = case("polaris-pytorch-ddp")
    script = render(spec_for(template, profile, entrypoint="pkg.train", module=True),
                    profile, template)
    assert "python -m pkg.train\n" in script
    template, profile = case("perlmutter-pytorch-ddp")
    script = render(spec_for(template, profile, entrypoint="pkg.train", module=True),
                    profile, template)
    assert "-m pkg.train\n" in script and "python -m" not in script


def test_master_port_base_is_the_centers_unless_said() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    default = render(spec_for(template, profile), profile, template)
    assert f"$(( {profile.launch.master_port} + JOB_NUM % 1000 ))" in default
    said = spec_for(template, profile, master_port=40000, provenance={"master_port": "said"})
    assert "$(( 40000 + JOB_NUM % 1000 ))" in render(said, profile, template)
    high = spec_for(template, profile, master_port=65000, provenance={"master_port": "said"})
    assert "$(( 65000 + JOB_NUM % 536 ))" in render(high, profile, template)


def test_fewer_gpus_than_the_node_has() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    script = render(spec_for(template, profile, gpus_per_node=2), profile, template)
    assert "#SBATCH --gpus-per-node=2\n" in script and "GPUS_PER_NODE=2\n" in script


def test_whole_node_sites_get_no_gpu_flags() -> None:
    template, profile = case("lonestar6-pytorch-ddp")
    script = render(spec_for(template, profile, nodes=3), profile, template)
    assert "#SBATCH -N 3\n#SBATCH -n 3\n" in script
    assert not re.search(r"#SBATCH --(gpus|gres|gpus-per-node)\b", script)


def test_template_for_another_cluster_or_setup_is_refused() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    other, _ = case("polaris-pytorch-ddp")
    with pytest.raises(RenderError, match="is for polaris"):
        render(spec_for(template, profile), profile, other)
    with pytest.raises(RenderError, match="deepspeed/zero3"):
        render(spec_for(template, profile, framework="deepspeed", strategy="zero3"),
               profile, template)


def test_undefined_variable_is_an_error() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    broken = template.model_copy(update={"body": "{{ no_such_value }}"})
    with pytest.raises(RenderError, match="no_such_value"):
        render(spec_for(template, profile), profile, broken)


def test_dquote_keeps_variable_references_only() -> None:
    assert dquote("a:${LD_LIBRARY_PATH:-}") == '"a:${LD_LIBRARY_PATH:-}"'
    assert dquote('AWS "Libfabric" `x` $(y) \\') == '"AWS \\"Libfabric\\" \\`x\\` \\$(y) \\\\"'


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_rendered_script_passes_the_site_policy(template_id: str) -> None:
    template, profile = case(template_id)
    spec = spec_for(template, profile, nodes=1, account=profile.account.example)
    assert check_script(render(spec, profile, template), profile) == []


def _golden_spec(template_id: str):  # type: ignore[no-untyped-def]
    template, profile = case(template_id)
    spec = spec_for(template, profile, args=["--config", "configs/small.yaml"],
                    env={"OMP_NUM_THREADS": "4"})
    return template, profile, spec


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_golden(template_id: str, request: pytest.FixtureRequest) -> None:
    template, profile, spec = _golden_spec(template_id)
    script = render(spec, profile, template)
    path = GOLDEN / f"{template_id}.sh"
    if request.config.getoption("--update-golden") or os.environ.get("MAPLE_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(script, encoding="utf-8")
    assert path.exists(), f"no golden file; run pytest --update-golden to write {path}"
    assert script == path.read_text(encoding="utf-8")
