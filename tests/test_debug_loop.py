"""The repair loop's pure decisions and its rounds, with fake verify callables that return
real VerifyReports (the twin runs the real thing in tests/twin/test_repair_twin.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from maple_flow.generate import generate_from_spec
from maple_flow.knowledge.clusters import get_profile
from maple_flow.models import ClusterProfile, JobSpec
from maple_flow.repair import Diagnosis, FailureEvidence, Fix
from maple_flow.repair.llm import Rejected
from maple_flow.repair.loop import (
    Apply,
    Candidate,
    History,
    Loop,
    RepairJob,
    Stop,
    after_attempt,
    evidence_of,
    failure_key,
    normalise,
    plan,
    template_of,
)
from maple_flow.repair.ops import ExportEnv, PropagateEnv, SetDirective, SetQueue
from maple_flow.store import TemplateStore
from maple_flow.verify.report import VerifyReport
from maple_flow.verify.run import VerifyTarget

PROFILE = get_profile("perlmutter")
GOOD = generate_from_spec(JobSpec(cluster="perlmutter", nodes=1, gpus_per_node=1,
                                  entrypoint="train.py")).script
NO_CONSTRAINT = GOOD.replace("#SBATCH -C gpu\n", "")
#: The QOS the generated script already names (setting it again changes nothing).
QOS = next(line.split()[-1] for line in GOOD.splitlines() if line.startswith("#SBATCH -q "))
REJECTED = "sbatch: error: Job request does not match any supported policy (-C gpu missing)"


def report(status: str = "failed", reasons: list[str] | None = None, **kw: Any) -> VerifyReport:
    return VerifyReport(cluster="perlmutter", endpoint="twin", status=status,  # type: ignore[arg-type]
                        reasons=reasons or [], **kw)


def rejected() -> VerifyReport:
    return report(reasons=[f"rejected at submission: {REJECTED}"], state="REJECTED",
                  scheduler_message=REJECTED)


def candidate(record: str, *ops: Any, needs: tuple[str, ...] = ()) -> Candidate:
    return Candidate(Fix(record_id=record, cause=f"cause of {record}", ops=list(ops)),
                     "signature", ("-C gpu missing",), needs)


CONSTRAINT = candidate("constraint-missing", SetDirective(option="constraint", value="gpu"))


# -- plan (pure) -----------------------------------------------------------------------------
def test_verified_and_unverified_stop() -> None:
    assert plan(GOOD, report("verified"), [], History(), PROFILE).decision == Stop(
        "verified", "verified as given")
    step = plan(GOOD, report("unverified", ["no answer from the endpoint in time"]), [CONSTRAINT],
                History(), PROFILE)
    assert isinstance(step.decision, Stop) and step.decision.status == "unverified"
    assert "infrastructure" in step.decision.reason


def test_applies_the_first_fix_that_changes_the_script() -> None:
    step = plan(NO_CONSTRAINT, rejected(), [CONSTRAINT], History(), PROFILE)
    assert isinstance(step.decision, Apply)
    assert "--constraint=gpu" in step.decision.script
    assert "+#SBATCH --constraint=gpu" in step.decision.diff


def test_passes_over_fixes_that_do_not_apply_or_change_nothing() -> None:
    unknown_module = candidate("module-unknown", SetQueue(name="nosuch"))
    noop = candidate("already-there", SetDirective(option="qos", value=QOS))
    step = plan(NO_CONSTRAINT, rejected(), [unknown_module, noop, CONSTRAINT],
                History(), PROFILE)
    assert isinstance(step.decision, Apply)
    assert step.decision.candidate.record_id == "constraint-missing"
    whys = dict((c.record_id, why) for c, why in step.skipped)
    assert whys["module-unknown"].startswith("not applicable")
    assert whys["already-there"] == "the fix changes nothing in this script"


def test_no_candidates_or_none_applicable_stops_failed() -> None:
    step = plan(NO_CONSTRAINT, rejected(), [], History(), PROFILE)
    assert step.decision == Stop("failed", "no knowledge-base record matches",
                                 kind="not_recognised")
    noop = candidate("already-there", SetDirective(option="qos", value=QOS))
    step = plan(NO_CONSTRAINT, rejected(), [noop], History(), PROFILE)
    assert isinstance(step.decision, Stop) and step.decision.kind == "no_fix"
    assert "no fix applies" in step.decision.reason


def test_a_value_only_the_user_has_is_asked_for_not_traded_for_a_worse_record() -> None:
    """The best record needs the account: the repair asks, it does not apply the next one."""
    needs_account = candidate("account-format", needs=("account",))
    step = plan(NO_CONSTRAINT, rejected(), [needs_account, CONSTRAINT], History(), PROFILE)
    assert step.decision == Stop("failed", step.decision.reason, kind="ask",  # type: ignore[union-attr]
                                 needs=("account",))
    assert "--answer" in step.decision.reason  # type: ignore[union-attr]


def test_not_script_record_first_stops_with_its_advice() -> None:
    ecc = replace(candidate("gpu-ecc-uncorrectable"), verdict="not_script",
                  fix=Fix(record_id="gpu-ecc-uncorrectable", cause="A GPU reported ECC.",
                          advice="Rerun on other nodes."))
    llm = replace(CONSTRAINT, method="llm")
    step = plan(NO_CONSTRAINT, rejected(), [llm, ecc, CONSTRAINT], History(), PROFILE)
    assert isinstance(step.decision, Stop) and step.decision.kind == "not_script"
    assert "Rerun on other nodes." in step.decision.reason
    # below a script record that applies, it is passed over
    step = plan(NO_CONSTRAINT, rejected(), [CONSTRAINT, ecc], History(), PROFILE)
    assert isinstance(step.decision, Apply)


def test_hints_are_never_applied() -> None:
    hint = replace(CONSTRAINT, method="similarity", verdict="hint")
    step = plan(NO_CONSTRAINT, rejected(), [hint], History(), PROFILE)
    assert isinstance(step.decision, Stop) and step.decision.kind == "not_recognised"
    assert "constraint-missing" in step.decision.reason


def test_a_signature_match_is_not_traded_for_a_similarity_guess() -> None:
    noop = candidate("already-there", SetDirective(option="qos", value=QOS))
    guess = replace(CONSTRAINT, method="similarity")
    step = plan(NO_CONSTRAINT, rejected(), [noop, guess], History(), PROFILE)
    assert isinstance(step.decision, Stop) and step.decision.kind == "no_fix"
    whys = dict((c.record_id, why) for c, why in step.skipped)
    assert whys["constraint-missing"].startswith("a similarity match, ranked below")


def test_after_a_useless_fix_the_next_record_gets_its_turn() -> None:
    useless = candidate("useless", ExportEnv(name="NCCL_DEBUG", value="INFO"))
    first = plan(NO_CONSTRAINT, rejected(), [useless, CONSTRAINT], History(), PROFILE)
    assert isinstance(first.decision, Apply) and first.decision.candidate is useless
    history = after_attempt(History(), first.failure_key, first.decision.script)
    second = plan(first.decision.script, rejected(), [useless, CONSTRAINT], history, PROFILE)
    assert isinstance(second.decision, Apply) and second.decision.candidate is CONSTRAINT
    assert second.skipped[0][1] == "the fix changes nothing in this script"


def test_same_record_on_the_same_failure_stops() -> None:
    """A record proposing a different edit for the same evidence again (an LLM, say)."""
    first_fix = candidate("guess", ExportEnv(name="NCCL_DEBUG", value="INFO"))
    first = plan(NO_CONSTRAINT, rejected(), [first_fix], History(), PROFILE)
    assert isinstance(first.decision, Apply)
    history = after_attempt(History(), first.failure_key, first.decision.script)
    other = candidate("guess", ExportEnv(name="NCCL_DEBUG", value="WARN"))
    again = plan(first.decision.script, rejected(), [other], history, PROFILE)
    assert again.decision == Stop("failed", "the same failure came back after the fix of guess")


def test_attempt_budget_and_tried_scripts() -> None:
    history = History(attempts=5)
    step = plan(NO_CONSTRAINT, rejected(), [CONSTRAINT], history, PROFILE, max_attempts=5)
    assert step.decision == Stop("failed", "still failing after 5 attempt(s)")
    fixed = plan(NO_CONSTRAINT, rejected(), [CONSTRAINT], History(), PROFILE).decision
    assert isinstance(fixed, Apply)
    tried = after_attempt(History(), "other failure", fixed.script)
    step = plan(NO_CONSTRAINT, rejected(), [CONSTRAINT], tried, PROFILE)
    assert step.skipped[0][1] == "this script was already tried"


def test_failure_key_ignores_what_changes_between_runs() -> None:
    a = report(reasons=["rank 1 missing", "timed out after 301 s"])
    b = report(reasons=["rank 1 missing", "timed out after 297 s"])
    assert failure_key(a, CONSTRAINT) == failure_key(b, CONSTRAINT)
    assert failure_key(a, CONSTRAINT) != failure_key(a, None)
    assert normalise("job 4711 on nid200001  port 29507") == "job # on nid# port #"


def test_evidence_and_template_of_a_report() -> None:
    ev = evidence_of(rejected(), NO_CONSTRAINT, "slurm")
    assert isinstance(ev, FailureEvidence)
    assert ev.job_state == "REJECTED" and ev.submit_message == REJECTED
    assert ev.script == NO_CONSTRAINT and ev.reasons[0].startswith("rejected at submission")
    assert template_of(GOOD) == "perlmutter-pytorch-ddp"
    assert template_of("#!/bin/bash\nsrun python x.py\n") is None


# -- the rounds, with fake verification and a fake classifier --------------------------------
@pytest.fixture
def store(tmp_path: Path) -> Iterator[TemplateStore]:
    """A real template store (SQLite) in a temporary folder."""
    opened = TemplateStore.open(tmp_path / "store.sqlite")
    yield opened
    opened.close()


def site(targets: list[VerifyTarget]) -> list[VerifyReport]:
    """A site that rejects scripts without -C gpu and runs the rest fine."""
    calls.append(len(targets))
    return [report("verified") if "constraint=gpu" in t.script or "-C gpu" in t.script
            else rejected() for t in targets]


calls: list[int] = []


def kb(ev: FailureEvidence, profile: ClusterProfile | None) -> list[Diagnosis]:
    if "-C gpu missing" not in ev.submit_message:
        return []
    return [Diagnosis(record_id="constraint-missing", score=30.0, method="signature",
                      evidence=[ev.submit_message], fix=CONSTRAINT.fix)]


def target(script: str) -> VerifyTarget:
    return VerifyTarget("perlmutter", script, "train.py")


def test_loop_repairs_records_and_learns(store: TemplateStore) -> None:
    calls[:] = []
    jobs = [RepairJob(target(NO_CONSTRAINT), run_id="r1"), RepairJob(target(GOOD))]
    first, second = Loop(verify=site, classify=kb, store=store).run(jobs)
    assert first.status == "verified" and first.repaired and len(first.attempts) == 1
    assert first.attempts[0].record_id == "constraint-missing"
    assert first.attempts[0].ops == [{"op": "set_directive", "option": "constraint",
                                      "value": "gpu"}]
    assert first.initial_reasons[0].startswith("rejected at submission")
    assert second.status == "verified" and not second.attempts
    assert calls == [2, 1], "one batch per round: both scripts, then the repaired one"
    rows = store.repair_attempts(run_id="r1")
    assert [(r.attempt, r.cluster, r.record_id, r.status, r.template_id) for r in rows] == [
        (1, "perlmutter", "constraint-missing", "verified", "perlmutter-pytorch-ddp")]
    assert "+#SBATCH --constraint=gpu" in rows[0].diff
    assert first.variant_id is not None and first.template_id == "perlmutter-pytorch-ddp"
    variant = store.get(first.variant_id)
    assert variant.parent == "perlmutter-pytorch-ddp"
    events = [(e.event, e.status) for e in store.history(first.variant_id)]
    assert ("learned", "") in events and ("verification", "verified") in events


def test_loop_stops_when_nothing_new_applies() -> None:
    useless = candidate("useless", ExportEnv(name="NCCL_DEBUG", value="INFO"))
    result = Loop(verify=site, classify=lambda ev, p: [
        Diagnosis(record_id="useless", score=1.0, method="similarity", evidence=list(
            useless.evidence), fix=useless.fix)]).run([RepairJob(target(NO_CONSTRAINT))])[0]
    assert result.status == "failed" and len(result.attempts) == 1
    assert result.stop_reason == ("no fix applies: useless: the fix changes nothing in this "
                                  "script")


def test_loop_stops_on_a_repeated_identical_failure() -> None:
    counter = iter(range(100))

    def same_record(ev: FailureEvidence, p: ClusterProfile | None) -> list[Diagnosis]:
        fix = Fix(record_id="guess", cause="a guess", ops=[
            ExportEnv(name="NCCL_DEBUG", value=f"v{next(counter)}")])
        return [Diagnosis(record_id="guess", score=1.0, method="similarity",
                          evidence=["the same line"], fix=fix)]

    result = Loop(verify=site, classify=same_record).run([RepairJob(target(NO_CONSTRAINT))])[0]
    assert result.status == "failed" and len(result.attempts) == 1
    assert result.stop_reason == "the same failure came back after the fix of guess"


def test_loop_stops_after_max_attempts() -> None:
    counter = iter(range(100))

    def always_new(ev: FailureEvidence, p: ClusterProfile | None) -> list[Diagnosis]:
        n = next(counter)
        fix = Fix(record_id=f"guess-{n}", cause="a guess", ops=[
            ExportEnv(name="NCCL_DEBUG", value=f"v{n}")])
        return [Diagnosis(record_id=f"guess-{n}", score=1.0, method="similarity",
                          evidence=[f"line {n}"], fix=fix)]

    result = Loop(verify=site, classify=always_new, max_attempts=3).run(
        [RepairJob(target(NO_CONSTRAINT))])[0]
    assert result.status == "failed" and len(result.attempts) == 3
    assert result.stop_reason == "still failing after 3 attempt(s)"


def test_unverified_is_never_repaired() -> None:
    def down(targets: list[VerifyTarget]) -> list[VerifyReport]:
        return [report("unverified", ["the endpoint failed: connection refused"])
                for _ in targets]

    result = Loop(verify=down, classify=kb).run([RepairJob(target(NO_CONSTRAINT))])[0]
    assert result.status == "unverified" and not result.attempts
    assert "connection refused" in result.stop_reason


def test_given_failed_report_is_not_verified_again() -> None:
    calls[:] = []
    job = RepairJob(target(NO_CONSTRAINT), report=rejected(), template_id="mine")
    result = Loop(verify=site, classify=kb).run([job])[0]
    assert result.status == "verified" and calls == [1] and result.template_id == "mine"


def test_declined_fix_is_recorded_and_not_run(store: TemplateStore) -> None:
    calls[:] = []
    result = Loop(verify=site, classify=kb, store=store, review=lambda c, d: False).run(
        [RepairJob(target(NO_CONSTRAINT), run_id="r2")])[0]
    assert result.status == "failed" and not result.attempts and calls == [1]
    assert result.skipped[0].status == "declined" and "+#SBATCH --constraint=gpu" in (
        result.skipped[0].diff)
    assert [r.status for r in store.repair_attempts(run_id="r2")] == ["declined"]


class FakeProposer:
    name = "fake"

    def __init__(self, answer: Fix | Rejected) -> None:
        self.answer, self.asked = answer, 0

    def propose(self, evidence: FailureEvidence, profile: ClusterProfile | None) -> Any:
        self.asked += 1
        return self.answer


def test_llm_is_asked_only_when_no_record_matches() -> None:
    fix = Fix(record_id="llm-proposal", cause="the proposal",
              ops=[SetDirective(option="constraint", value="gpu")])
    proposer = FakeProposer(fix)
    result = Loop(verify=site, classify=kb, proposer=proposer).run(
        [RepairJob(target(NO_CONSTRAINT))])[0]
    assert result.status == "verified" and proposer.asked == 0
    result = Loop(verify=site, classify=lambda ev, p: [], proposer=proposer).run(
        [RepairJob(target(NO_CONSTRAINT))])[0]
    assert result.status == "verified" and proposer.asked == 1
    assert result.attempts[0].method == "llm"


def test_rejected_llm_output_is_recorded_never_applied(store: TemplateStore) -> None:
    proposer = FakeProposer(Rejected(raw="just restart it", why="no JSON object in the answer"))
    result = Loop(verify=site, classify=lambda ev, p: [], proposer=proposer, store=store).run(
        [RepairJob(target(NO_CONSTRAINT), run_id="r3")])[0]
    assert result.status == "failed" and not result.attempts
    assert result.skipped[0].status == "rejected" and result.skipped[0].method == "llm"
    rows = store.repair_attempts(run_id="r3")
    assert [(r.record_id, r.status) for r in rows] == [(None, "rejected")]
    assert "just restart it" in rows[0].log_excerpt


@pytest.mark.parametrize("ops", [[PropagateEnv(launcher="srun")]])
def test_candidate_of_diagnosis_keeps_needs(ops: list[Any]) -> None:
    d = Diagnosis(record_id="r", score=1.0, method="signature", evidence=["e"],
                  fix=Fix(record_id="r", cause="c", ops=ops), needs=["token"])
    c = Candidate.of(d)
    assert c.needs == ("token",) and c.method == "signature" and c.record_id == "r"


def test_values_only_the_user_knows_come_from_answers() -> None:
    from maple_flow.repair import classify
    from maple_flow.repair.loop import answer_needs

    message = ("sbatch: error: Batch job submission failed: Invalid account or "
               "account/partition combination specified")
    bad = GOOD.replace("REPLACE_WITH_NERSC_PROJECT", "M1234-GPU")
    ev = FailureEvidence(cluster="perlmutter", scheduler="slurm", job_state="REJECTED",
                         submit_message=message, reasons=[message], script=bad)
    top = Candidate.of(classify(ev, profile=PROFILE)[0])
    assert top.needs == ("account",) and not top.fix.ops
    from maple_flow.repair import load_knowledge_base

    record = load_knowledge_base().get(top.record_id)
    assert answer_needs(top, {}, list(record.fix), PROFILE, bad) is top
    answered = answer_needs(top, {"account": "m1234"}, list(record.fix), PROFILE, bad)
    assert answered.needs == () and answered.fix.ops[0].model_dump() == {
        "op": "set_directive", "option": "account", "value": "m1234"}
    step = plan(bad, rejected(), [answered], History(), PROFILE)
    assert isinstance(step.decision, Apply) and "#SBATCH -A m1234\n" in step.decision.script
