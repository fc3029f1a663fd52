"""s39gaps: per-site queue facts are sourced data; sites not gathered carry none."""

from __future__ import annotations

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.knowledge.queue_facts import UNDOCUMENTED, gpu_partitions, queue_facts


def test_every_cluster_is_listed_and_gathered_ones_are_sourced() -> None:
    facts = queue_facts()
    assert set(facts) == set(all_profiles())
    for site, fact in facts.items():
        if fact.gathered:
            assert fact.sources, site


def test_tacc_gpu_partitions_and_no_documented_default() -> None:
    assert gpu_partitions("vista") == ["gh", "gh-dev"]
    assert "h100" in gpu_partitions("stampede3")
    assert all(queue_facts()[s].default_partition == UNDOCUMENTED
               for s in ("lonestar6", "stampede3", "vista"))
    assert gpu_partitions("delta") == []  # not gathered: nothing claimed


def test_perlmutter_qos_facts() -> None:
    fact = queue_facts()["perlmutter"]
    assert (fact.default_qos, fact.interactive_qos) == ("debug", "interactive")
    assert fact.gpu_partitions == [] and fact.default_partition == UNDOCUMENTED


def test_profile_python_modules_agree_with_the_facts() -> None:
    profiles = all_profiles()
    for site in ("lonestar6", "stampede3", "vista"):
        documented = set(queue_facts()[site].python_modules)
        assert documented & set(profiles[site].software.modules), site
