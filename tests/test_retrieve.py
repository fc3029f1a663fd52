"""Template ranking: hard filters, the lexical path, and the MiniLM path when installed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maple_flow.errors import RenderError
from maple_flow.generate import generate, generate_from_spec
from maple_flow.knowledge.library import all_templates
from maple_flow.models import JobSpec
from maple_flow.retrieve.rank import bm25_scores, embedding_available, rank, rank_templates
from maple_flow.store import TemplateStore


def _spec(**kw: object) -> JobSpec:
    base: dict[str, object] = {"cluster": "polaris", "gpus_per_node": 4, "entrypoint": "t.py"}
    return JobSpec.model_validate(base | kw)


def test_filters_leave_one_template_without_scoring() -> None:
    ranked = rank_templates(_spec(framework="deepspeed", strategy="zero3"))
    assert [r.method for r in ranked] == ["only"]
    assert ranked[0].template.cluster == "polaris"
    assert ranked[0].template.framework == "deepspeed"


def test_bm25_prefers_matching_words() -> None:
    scores = bm25_scores("fully sharded fsdp", ["ddp with torchrun", "fsdp fully sharded model"])
    assert scores[1] > scores[0] and scores[0] == 0


@pytest.mark.parametrize("method", ["lexical", "embedding"])
def test_rank_finds_the_setup_named(method: str) -> None:
    if method == "embedding" and not embedding_available():
        pytest.skip("the embed extra is not installed")
    perlmutter = [t for t in all_templates().values() if t.cluster == "perlmutter"]
    best = rank(perlmutter, "DeepSpeed ZeRO stage 3 training", method=method)  # type: ignore[arg-type]
    assert best[0].template.framework == "deepspeed"
    assert best[0].method == method
    assert [r.score for r in best] == sorted((r.score for r in best), reverse=True)


def test_lexical_forced_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAPLE_FLOW_RANKER", "lexical")
    assert not embedding_available()
    two = list(all_templates().values())[:2]
    assert rank(two, "anything")[0].method == "lexical"


# -- with a template store: learned variants -------------------------------------------------

SOCKETS = [{"op": "export_env", "name": "NCCL_SOCKET_IFNAME", "value": "hsn0"}]
PLUGIN = [{"op": "add_module", "name": "aws-ofi-nccl"}]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TemplateStore]:
    with TemplateStore.open(tmp_path / "store.db") as opened:
        yield opened


def test_no_store_means_the_library_only(store: TemplateStore) -> None:
    store.add_variant("polaris-pytorch-ddp", SOCKETS, "Polaris DDP bound to hsn0", "twin")
    assert [r.template.id for r in rank_templates(_spec())] == ["polaris-pytorch-ddp"]


def test_a_verified_variant_outranks_its_seed_without_loading_a_model(
        store: TemplateStore) -> None:
    vid = store.add_variant("polaris-pytorch-ddp", SOCKETS, "Polaris DDP bound to hsn0", "twin")
    ranked = rank_templates(_spec(), "DDP on Polaris", store=store)
    assert [(r.template.id, r.method) for r in ranked] == [
        (vid, "preferred"), ("polaris-pytorch-ddp", "preferred")]
    assert ranked[0].ops == tuple(SOCKETS) and ranked[0].template.origin == "learned"
    assert "learned variant of polaris-pytorch-ddp" in ranked[0].template.derived_from


def test_a_variant_that_failed_since_is_no_candidate(store: TemplateStore) -> None:
    vid = store.add_variant("polaris-pytorch-ddp", SOCKETS, "Polaris DDP bound to hsn0", "twin")
    store.record_verification(vid, "twin", "failed", {}, {"reasons": ["hang"]})
    assert [r.template.id for r in rank_templates(_spec(), store=store)] == [
        "polaris-pytorch-ddp"]


@pytest.mark.parametrize("method", ["lexical", "embedding"])
def test_several_variants_are_ranked_by_their_descriptions_and_causes(
        store: TemplateStore, method: str) -> None:
    if method == "embedding" and not embedding_available():
        pytest.skip("the embed extra is not installed")
    sockets = store.add_variant("polaris-pytorch-ddp", SOCKETS, "Polaris DDP bound to hsn0",
                                "twin", causes=["NCCL picked the wrong network interface"])
    plugin = store.add_variant("polaris-pytorch-ddp", PLUGIN, "Polaris DDP with the OFI plugin",
                               "twin", causes=["the libfabric NCCL plugin was not loaded"])
    for query, best in (("libfabric plugin not loaded", plugin),
                        ("wrong network interface for NCCL", sockets)):
        ranked = rank_templates(_spec(), query, method=method, store=store)  # type: ignore[arg-type]
        assert ranked[0].template.id == best, [(r.template.id, r.score) for r in ranked]
        assert ranked[-1].template.id == "polaris-pytorch-ddp"  # the seed comes last
    if method == "embedding":
        stored = store.embeddings([sockets, plugin, "polaris-pytorch-ddp"])
        assert {k: len(blob) for k, (_, blob) in stored.items()} == dict.fromkeys(
            [sockets, plugin, "polaris-pytorch-ddp"], 384 * 4)


def test_generate_returns_the_variant_and_says_so(store: TemplateStore) -> None:
    request = "train.py on 2 nodes of Polaris with torchrun, project datascience"
    seed = generate(request, strict=False)
    vid = store.add_variant("polaris-pytorch-ddp", SOCKETS, "Polaris DDP bound to hsn0", "twin")
    learned = generate(request, strict=False, store=store)
    assert (seed.template_id, learned.template_id) == ("polaris-pytorch-ddp", vid)
    assert "NCCL_SOCKET_IFNAME" not in seed.script
    assert "NCCL_SOCKET_IFNAME=hsn0" in learned.script
    why = learned.explanation["template"]
    assert why.startswith(f"{vid} (derived): learned variant of polaris-pytorch-ddp")
    assert "export_env NCCL_SOCKET_IFNAME=hsn0" in why and "verified on twin" in why
    again = generate_from_spec(learned.spec, vid, strict=False, store=store)
    assert again.script == learned.script
    assert generate_from_spec(learned.spec, strict=False, store=store).template_id == vid


def test_a_variant_named_for_another_cluster_is_refused(store: TemplateStore) -> None:
    vid = store.add_variant("vista-pytorch-ddp", PLUGIN, "Vista DDP with the OFI plugin", "twin")
    with pytest.raises(RenderError, match="vista"):
        generate_from_spec(_spec(entrypoint="t.py"), vid, strict=False, store=store)


PERLMUTTER_JOB = """#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m1234
srun --ntasks-per-node=1 torchrun --nnodes=2 --nproc_per_node=4 \\
    --rdzv_backend=c10d --rdzv_endpoint="$MASTER_ADDR:29500" train.py --epochs 3
"""


def test_port_takes_the_targets_verified_variant(store: TemplateStore) -> None:
    from maple_flow.port.api import port

    seed = port(PERLMUTTER_JOB, ["polaris", "vista"])
    vid = store.add_variant("polaris-pytorch-ddp", SOCKETS, "Polaris DDP bound to hsn0", "twin")
    learned = port(PERLMUTTER_JOB, ["polaris", "vista"], store=store)
    assert seed["polaris"].template_id == "polaris-pytorch-ddp"
    assert learned["polaris"].template_id == vid
    assert "NCCL_SOCKET_IFNAME=hsn0" in learned["polaris"].script
    assert "NCCL_SOCKET_IFNAME" not in seed["polaris"].script
    assert learned["vista"].script == seed["vista"].script  # no variant for Vista
