"""Revalidation of what users get: seeds and their learned variants, repaired when they fail,
drift and repairs kept; a seed edited here invalidates its variant until it passes again.
Jobs are a stand-in at the ``run_job`` boundary (as in test_pipeline.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_pipeline import fake_decide, fake_run_job

from maple_flow.endpoints import Endpoint, load_registry
from maple_flow.generate import generate
from maple_flow.knowledge import library
from maple_flow.repair import Diagnosis, FailureEvidence, Fix
from maple_flow.store import TemplateStore
from maple_flow.verify import jobs
from maple_flow.verify import session as session_module
from maple_flow.workflows import pipeline
from maple_flow.workflows.revalidate import revalidate_all
from maple_flow.workflows.scale import matrix_targets

SITE_FIX = [{"op": "export_env", "name": "CONSTRAINT_OK", "value": "1"}]
REQUEST = "train.py on 2 nodes of Polaris for 1 hour, project bob_proj"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TemplateStore]:
    with TemplateStore.open(tmp_path / "store.db") as opened:
        yield opened


@pytest.fixture
def registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Endpoint]:
    monkeypatch.setattr(jobs, "run_job", fake_run_job)
    monkeypatch.setattr(session_module, "decide", fake_decide)
    found = load_registry()
    found["polaris"] = Endpoint(type="local", workdir=str(tmp_path / "work"))
    return found


def _seeds() -> list:
    return matrix_targets(["polaris"], [("pytorch", "ddp")])


def test_a_failing_seed_is_repaired_and_its_variant_revalidated(
        store: TemplateStore, registry: dict[str, Endpoint],
        monkeypatch: pytest.MonkeyPatch) -> None:
    fix = Fix(record_id="constraint-missing", cause="no constraint", ops=SITE_FIX)

    def kb(ev: FailureEvidence, profile: object) -> list[Diagnosis]:
        return [Diagnosis(record_id="constraint-missing", score=30.0, method="signature",
                          evidence=["missing constraint"], fix=fix)]

    monkeypatch.setattr("maple_flow.repair.loop.default_classifier", lambda: kb)
    first = revalidate_all(_seeds(), store, repair=True, registry=registry)
    assert [c.status for c in first.cells] == ["failed"]  # the seed as users get it
    assert first.variants == [] and len(first.repairs) == 1
    assert "learned polaris-pytorch-ddp.v1" in first.repairs[0]
    variant = store.get("polaris-pytorch-ddp.v1")
    assert variant.fix_ops == SITE_FIX and variant.verified
    assert generate(REQUEST, store=store).template_id == variant.id
    # the next revalidation checks the variant too, and keeps its run
    second = revalidate_all(_seeds(), store, repair=True, registry=registry)
    assert [str(v) for v in second.variants] == [
        "polaris-pytorch-ddp.v1 on polaris: verified -> verified"]
    runs = [v.revalidation_id for v in store.verifications(variant.id)]
    assert runs[-1] == second.run_id
    assert second.drift == []


def test_an_edited_seed_invalidates_its_variant_until_revalidated(
        store: TemplateStore, registry: dict[str, Endpoint],
        monkeypatch: pytest.MonkeyPatch) -> None:
    vid = store.add_variant("polaris-pytorch-ddp", SITE_FIX, "Polaris DDP, site fixed", "twin")
    seed = library.get_template("polaris-pytorch-ddp")
    edited = seed.model_copy(update={"body": seed.body + "\n# edited by the site\n"})
    real_get, real_all = library.get_template, library.all_templates
    monkeypatch.setattr(library, "get_template",
                        lambda tid: edited if tid == seed.id else real_get(tid))
    monkeypatch.setattr(library, "all_templates", lambda: {**real_all(), seed.id: edited})
    store.seed()
    assert generate(REQUEST, store=store).template_id == seed.id  # stale: not offered
    result = revalidate_all(_seeds(), store, registry=registry)
    assert [str(v) for v in result.variants] == [f"{vid} on polaris: stale -> verified"]
    assert generate(REQUEST, store=store).template_id == vid  # valid for the seed as it is


def test_a_variant_that_fails_now_is_no_longer_offered(
        store: TemplateStore, registry: dict[str, Endpoint]) -> None:
    vid = store.add_variant("polaris-pytorch-ddp", [{"op": "export_env", "name": "X",
                                                     "value": "1"}], "Polaris DDP with X", "twin")
    result = revalidate_all(_seeds(), store, registry=registry)
    assert [(v.variant_id, v.after) for v in result.variants] == [(vid, "failed")]
    assert not store.get(vid).verified
    assert generate(REQUEST, store=store).template_id == "polaris-pytorch-ddp"
    assert pipeline.Pipeline  # the chains ran through the pipeline (no loop: no repair)
    assert result.repairs == []
