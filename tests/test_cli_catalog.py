"""`maple clusters`, `maple templates`, `maple render` through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from maple_flow.cli import catalog
from maple_flow.knowledge.clusters import all_profiles


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    root = typer.Typer()
    catalog.register(root)
    return root


def run(app: typer.Typer, *argv: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(argv))
    return result.exit_code, result.stdout, result.stderr


def test_clusters_table_and_json(app: typer.Typer) -> None:
    code, out, _ = run(app, "clusters")
    assert code == 0 and "perlmutter" in out and "debug*" in out
    code, out, _ = run(app, "clusters", "--json")
    rows = json.loads(out)
    assert [r["id"] for r in rows] == list(all_profiles())
    assert rows[0]["gpus_per_node"] == all_profiles()[rows[0]["id"]].gpu.per_node


def test_cluster_show_has_sources_and_doubts(app: typer.Typer) -> None:
    code, out, _ = run(app, "clusters", "show", "TACC LS6")
    assert code == 0 and out.startswith("Lonestar6 (TACC)")
    assert "sources:" in out and "doubts:" in out and "[TACC-" in out
    code, out, _ = run(app, "clusters", "show", "polaris", "--json")
    assert json.loads(out)["scheduler"] == "pbs"


@pytest.mark.parametrize("cluster", sorted(all_profiles()))
def test_cluster_show_says_where_verification_runs(app: typer.Typer, cluster: str) -> None:
    code, out, _ = run(app, "clusters", "show", cluster)
    verification = all_profiles()[cluster].verification
    assert code == 0 and "\nverification:" in out
    if verification is not None:
        assert f"workdir: {verification.workdir}" in out
        assert f"endpoint host: {verification.endpoint_host}" in out


def test_unknown_cluster_is_a_user_error(app: typer.Typer) -> None:
    code, out, err = run(app, "clusters", "show", "frontier")
    assert code == 2 and out == "" and "known clusters: perlmutter" in err


def test_templates_list_and_show(app: typer.Typer) -> None:
    code, out, _ = run(app, "templates", "list", "--cluster", "vista", "--json")
    assert code == 0 and {r["id"] for r in json.loads(out)} == {
        "vista-pytorch-ddp", "vista-pytorch-fsdp", "vista-deepspeed-zero3",
        "vista-accelerate-ddp"}
    code, out, _ = run(app, "templates", "list")
    assert code == 0 and "bridges2-accelerate-ddp" in out
    code, out, _ = run(app, "templates", "show", "aurora-accelerate-ddp")
    assert code == 0 and "derived:" in out and "launch.main(launch.rank_per_gpu)" in out
    code, _, err = run(app, "templates", "show", "aurora-nope")
    assert code == 2 and "aurora-pytorch-ddp" in err


def test_render_to_stdout_with_args_after_dashes(app: typer.Typer) -> None:
    code, out, err = run(app, "render", "--cluster", "polaris", "--nodes", "2",
                         "--entrypoint", "train.py", "--env", "A=x y", "--", "--lr", "1 e")
    assert code == 0, err
    assert "#PBS -l select=2:system=polaris" in out
    assert out.rstrip().endswith("python train.py --lr '1 e'") and "export A='x y'" in out


def test_render_json_and_output_file(app: typer.Typer, tmp_path: Path) -> None:
    target = tmp_path / "job.sh"
    code, out, _ = run(app, "render", "--cluster", "vista", "--framework", "accelerate",
                       "--nodes", "3", "--entrypoint", "pkg.train", "--module",
                       "-o", str(target), "--json")
    data = json.loads(out)
    assert code == 0 and data["template_id"] == "vista-accelerate-ddp"
    assert data["explanation"]["gpus_per_node"].startswith("1 (derived)")
    assert data["explanation"]["nodes"].startswith("3 (said)")
    assert target.read_text() == data["script"] and "-m pkg.train" in data["script"]


def test_policy_violation_lists_every_problem(app: typer.Typer) -> None:
    code, out, err = run(app, "render", "--cluster", "perlmutter", "--nodes", "20",
                         "--gpus-per-node", "8", "--entrypoint", "t.py", "--queue", "debug")
    assert code == 2 and out == ""
    assert "gpus_per_node:" in err and "nodes:" in err and "hint:" in err
    code, out, err = run(app, "render", "--cluster", "perlmutter", "--nodes", "20",
                         "--entrypoint", "t.py", "--force", "--queue", "debug")
    assert code == 0 and "#SBATCH -N 20" in out and "warning: nodes:" in err


def test_bad_env_and_invalid_values(app: typer.Typer) -> None:
    code, _, err = run(app, "render", "--cluster", "perlmutter", "--entrypoint", "t.py",
                       "--env", "NOVALUE")
    assert code == 2 and "NAME=VALUE" in err
    code, _, err = run(app, "render", "--cluster", "perlmutter", "--entrypoint", "t.py",
                       "--walltime", "soon")
    assert code == 2 and "walltime" in err


def test_help_texts_teach_with_examples(app: typer.Typer) -> None:
    for argv in (["render", "--help"], ["clusters", "--help"], ["templates", "--help"]):
        code, out, _ = run(app, *argv)
        assert code == 0 and "Examples" in out and "maple " in out
