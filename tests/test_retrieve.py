"""Template ranking: hard filters, the lexical path, and the MiniLM path when installed."""

from __future__ import annotations

import pytest

from maple_flow.library import all_templates
from maple_flow.models import JobSpec
from maple_flow.retrieve import bm25_scores, embedding_available, rank, rank_templates


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
