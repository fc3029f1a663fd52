"""The pipeline: each target's chain (verify -> repair -> verify ... -> learn) runs as Parsl
futures on one DataFlowKernel; a slow target does not hold the others back; every step and
attempt is kept in the store. The job itself is a stand-in at the ``run_job`` boundary (the
real scheduler runs in tests/twin); Parsl, the repair loop and the store run for real."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from maple_flow.endpoints import Endpoint, load_registry
from maple_flow.generate import generate
from maple_flow.models import ClusterProfile
from maple_flow.repair import Diagnosis, FailureEvidence, Fix
from maple_flow.repair.loop import Loop, default_verify
from maple_flow.store import TemplateStore
from maple_flow.verify import session as session_module
from maple_flow.verify.report import VerifyReport
from maple_flow.verify.run import VerifyTarget
from maple_flow.workflows.pipeline import Chain, Pipeline

SLOW_S = 1.5
started: list[tuple[str, float]] = []
lock = threading.Lock()


def fake_run_job(kind: str, cluster: str, scheduler: str, script: str, *rest: Any) -> dict:
    """Delta's jobs are slow; a script without the CONSTRAINT_OK line fails."""
    with lock:
        started.append((cluster, time.monotonic()))
    time.sleep(SLOW_S if cluster == "delta" else 0.1)
    return {"ok": "CONSTRAINT_OK" in script}


def fake_decide(cluster: str, endpoint: str, raw: dict, expected: Any, script: str,
                fabric: Any = None) -> VerifyReport:
    status = "verified" if raw["ok"] else "failed"
    return VerifyReport(cluster=cluster, endpoint=endpoint, status=status,  # type: ignore[arg-type]
                        reasons=[] if raw["ok"] else ["rank 0: missing constraint"],
                        script=script)


FIX = Fix(record_id="constraint-missing", cause="no constraint", ops=[
    {"op": "export_env", "name": "CONSTRAINT_OK", "value": "1"},
    {"op": "set_walltime", "walltime": "00:05:00"}])


def kb(ev: FailureEvidence, profile: ClusterProfile | None) -> list[Diagnosis]:
    return [Diagnosis(record_id="constraint-missing", score=30.0, method="signature",
                      evidence=["missing constraint"], fix=FIX)]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TemplateStore]:
    with TemplateStore.open(tmp_path / "store.db") as opened:
        yield opened


@pytest.fixture
def fake_jobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Endpoint]:
    from maple_flow.verify import jobs

    monkeypatch.setattr(jobs, "run_job", fake_run_job)
    monkeypatch.setattr(session_module, "decide", fake_decide)
    registry = load_registry()
    for cluster in ("perlmutter", "delta", "polaris"):
        registry[cluster] = Endpoint(type="local", workdir=str(tmp_path / "work"))
    started.clear()
    return registry


def _chain(cluster: str, account: str, fixed: bool) -> Chain:
    result = generate(f"train.py on 1 node of {cluster} for 1 hour, account {account}")
    script = result.script + ("\nexport CONSTRAINT_OK=1\n" if fixed else "")
    return Chain(VerifyTarget.from_spec(script, result.spec), result.template_id)


def test_chains_run_independently_repair_learn_and_are_kept(
        store: TemplateStore, fake_jobs: dict[str, Endpoint]) -> None:
    chains = [_chain("delta", "bbka-delta-gpu", True), _chain("perlmutter", "m1234", False),
              _chain("polaris", "datascience", False)]
    loop = Loop(verify=default_verify(), classify=kb, store=store, max_attempts=3)
    order: list[tuple[str, str]] = []
    Pipeline(loop, store, timeout_s=30, registry=fake_jobs,
             progress=lambda cluster, report: order.append((cluster, report.status))).run(chains)
    delta, perlmutter, polaris = chains
    assert [c.status for c in chains] == ["verified"] * 3
    # the two repaired chains did both their steps while delta's one slow job ran
    assert order[-1] == ("delta", "verified")
    assert sorted(order[:-1]) == [("perlmutter", "failed"), ("perlmutter", "verified"),
                                  ("polaris", "failed"), ("polaris", "verified")]
    second = [t for c, t in started if c == "perlmutter"][1]
    assert second < started[0][1] + SLOW_S
    for chain in (perlmutter, polaris):
        assert chain.repair is not None and chain.repair.repaired
        assert chain.repair.variant_id is not None
        kept = store.script_verifications(run_id=chain.run_id)
        assert [(k.step, k.status) for k in kept] == [(0, "failed"), (1, "verified")]
        attempts = store.repair_attempts(run_id=chain.run_id)
        assert [(a.attempt, a.record_id, a.status) for a in attempts] == [
            (1, "constraint-missing", "verified")]
        # only the site fix is learned, never the walltime
        assert store.get(chain.repair.variant_id).fix_ops == [FIX.ops[0].model_dump()]
    assert [k.status for k in store.script_verifications(run_id=delta.run_id)] == ["verified"]


def test_verify_only_keeps_every_verification(store: TemplateStore,
                                              fake_jobs: dict[str, Endpoint]) -> None:
    chains = [_chain("perlmutter", "m1234", False)]
    Pipeline(None, store, timeout_s=30, registry=fake_jobs).run(chains)
    assert chains[0].status == "failed" and chains[0].repair is None
    [kept] = store.script_verifications(cluster="perlmutter")
    assert kept.status == "failed" and kept.template_id == "perlmutter-pytorch-ddp"
    assert store.repair_attempts(run_id=chains[0].run_id) == []


def test_port_results_are_verified_and_repaired_in_place(
        store: TemplateStore, fake_jobs: dict[str, Endpoint]) -> None:
    """`maple port --verify --repair` and `port(verify=True, repair=True)`: each ported
    script is its own chain; a failed one is repaired and its result updated in place."""
    from maple_flow.port.api import port
    from maple_flow.workflows.pipeline import check_results

    source = (Path(__file__).parents[1] / "examples" / "perlmutter_vit_ddp.sbatch").read_text()
    results = port(source, ["delta", "polaris"])
    results["delta"].script += "\nexport CONSTRAINT_OK=1\n"
    loop = Loop(verify=default_verify(), classify=kb, store=store, max_attempts=3)
    chains = check_results(list(results.values()), repair=True, store=store, timeout_s=30,
                           loop=loop, registry=fake_jobs)
    delta, polaris = results["delta"], results["polaris"]
    assert [c.status for c in chains] == ["verified", "verified"]
    assert delta.status == "verified" and not any(n.startswith("repair:") for n in delta.notes)
    assert polaris.status == "verified" and "CONSTRAINT_OK" in polaris.script
    assert polaris.report is not None and polaris.report.status == "verified"
    assert any(n.startswith("repair: verified after 1 attempt(s) (constraint-missing)")
               for n in polaris.notes)


def test_verify_many_dispatches_through_the_session(fake_jobs: dict[str, Endpoint],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """One dispatcher: ``verify_many`` submits each job through ``Session.launch``, as the
    pipeline and triples do; reports come back in the targets' order."""
    from maple_flow.verify.run import verify_many
    from maple_flow.verify.session import Session

    launched: list[str] = []
    launch = Session.launch

    def spy(self: Session, cluster: str, *args: Any, **kw: Any) -> Any:
        launched.append(cluster)
        return launch(self, cluster, *args, **kw)

    monkeypatch.setattr(Session, "launch", spy)
    targets = [_chain("delta", "bbka-delta-gpu", True).target,
               _chain("perlmutter", "m1234", False).target]
    reports = verify_many(targets, timeout_s=30, registry=fake_jobs)
    assert [r.status for r in reports] == ["verified", "failed"]
    assert sorted(launched) == ["delta", "perlmutter"]
