"""The launch-template library: every cluster x setup present, valid, data-driven."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maple_flow.errors import ProfileError, TemplateNotFound
from maple_flow.knowledge.clusters import all_profiles
from maple_flow.knowledge.library import (
    all_templates,
    find_templates,
    get_template,
    load_template_file,
)
from maple_flow.models import SETUPS
from maple_flow.paths import templates_dir

PROFILES = list(all_profiles().values())


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_every_setup_has_one_template(profile) -> None:
    for framework, strategy in SETUPS:
        found = find_templates(profile.id, framework, strategy)
        assert [t.id for t in found] == [f"{profile.id}-{framework}-{strategy}"]
        assert found[0].scheduler == profile.scheduler


def test_forty_templates_when_all_profiles_exist() -> None:
    assert len(all_templates()) == len(PROFILES) * len(SETUPS)


@pytest.mark.parametrize("template", list(all_templates().values()), ids=lambda t: t.id)
def test_template_is_short_and_holds_no_cluster_fact(template) -> None:
    profile = all_profiles()[template.cluster]
    assert len(template.body.strip().splitlines()) <= 6
    facts = [*profile.software.modules, *profile.network.env, profile.launch.launcher,
             *(q.name for q in profile.queues.items), profile.account.placeholder]
    assert [f for f in facts if f in template.body] == []
    known = {s.key for s in profile.sources}
    assert template.sources and set(template.sources) <= known
    assert profile.center in template.description and template.launcher in profile.launchers


def test_undocumented_framework_says_how_it_was_derived() -> None:
    assert "documents no" in get_template("aurora-accelerate-ddp").derived_from
    assert "documents no" not in get_template("polaris-pytorch-ddp").derived_from
    assert "documents no" not in get_template("vista-accelerate-ddp").derived_from


def test_find_without_filters_lists_the_four_setups() -> None:
    found = find_templates("perlmutter")
    assert {(t.framework, t.strategy) for t in found} == set(SETUPS)
    assert {t.strategy for t in find_templates("perlmutter", framework="pytorch")} == {
        "ddp", "fsdp"}


def test_unknown_setup_lists_what_the_cluster_has() -> None:
    with pytest.raises(TemplateNotFound, match="pytorch/ddp") as info:
        find_templates("perlmutter", "pytorch", "zero3")
    assert "pytorch/zero3" in str(info.value)


def test_unknown_cluster_lists_clusters_with_templates() -> None:
    with pytest.raises(TemplateNotFound, match="perlmutter"):
        find_templates("frontier")


def test_unknown_id_lists_close_ids() -> None:
    with pytest.raises(TemplateNotFound, match="polaris-pytorch-ddp"):
        get_template("polaris-pytorch-dp")


def test_file_name_must_match_its_content(tmp_path: Path) -> None:
    source = templates_dir() / "launch" / "perlmutter" / "pytorch-ddp.yaml"
    wrong = tmp_path / "perlmutter" / "pytorch-fsdp.yaml"
    wrong.parent.mkdir()
    wrong.write_text(source.read_text())
    with pytest.raises(ProfileError, match=r"pytorch-ddp\.yaml"):
        load_template_file(wrong)


def test_invalid_template_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "perlmutter" / "pytorch-ddp.yaml"
    bad.parent.mkdir()
    bad.write_text("id: perlmutter-pytorch-ddp\ncluster: perlmutter\n")
    with pytest.raises(ProfileError, match=re.escape(str(bad))):
        load_template_file(bad)
