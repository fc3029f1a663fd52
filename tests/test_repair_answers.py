"""`--answer` (issue 19, defect 5): a fix that uses both a capture from the log and a value
from the user is made whole, in --log mode and in the loop; the user's values are literal."""

from __future__ import annotations

from typing import Any

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import FailureEvidence, classify, load_knowledge_base
from maple_flow.repair.loop import Candidate, Loop, RepairJob, answer_needs, default_classifier
from maple_flow.verify.report import VerifyReport
from maple_flow.verify.run import VerifyTarget

PROFILE = get_profile("perlmutter")
SCRIPT = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH -C gpu\n#SBATCH -q regular\n"
          "#SBATCH -A REPLACE_ME\n"
          "srun python train.py --config configs/small.yaml\n")
MISSING = "train.py: error: the following arguments are required: --data-path"
NOT_FOUND = "FileNotFoundError: [Errno 2] No such file or directory: 'configs/small.yaml'"
ACCOUNT = ("sbatch: error: Batch job submission failed: Invalid account or account/partition "
           "combination specified")


def _top(log: str) -> Candidate:
    ev = FailureEvidence(cluster="perlmutter", scheduler="slurm", stderr=log, script=SCRIPT)
    return Candidate.of(classify(ev, profile=PROFILE)[0])


def _answered(log: str, answers: dict[str, str]) -> Candidate:
    top = _top(log)
    record = load_knowledge_base().get(top.record_id)
    return answer_needs(top, answers, list(record.fix), PROFILE, SCRIPT)


def test_capture_and_answer_together_missing_argument() -> None:
    done = _answered(MISSING, {"value": "/data/imagenet"})
    assert done.needs == () and [op.model_dump() for op in done.fix.ops] == [
        {"op": "add_argument", "name": "--data-path", "value": "/data/imagenet"}]


def test_capture_and_answer_together_config_not_found() -> None:
    done = _answered(NOT_FOUND, {"config": "configs/big.yaml"})
    assert [op.model_dump() for op in done.fix.ops] == [
        {"op": "add_argument", "name": "--config", "value": "configs/big.yaml"}]


def test_log_mode_proposes_the_answered_fix() -> None:
    data = diagnose_log(SCRIPT, MISSING, "perlmutter", None, False, {"value": "/data/x"})
    assert data["proposed"] is not None, data.get("why_none")
    assert "--data-path=/data/x" in data["proposed"]["script"]
    data = diagnose_log(SCRIPT, NOT_FOUND, "perlmutter", None, False,
                        {"config": "configs/big.yaml"})
    script = data["proposed"]["script"]
    assert "configs/big.yaml" in script and "configs/small.yaml" not in script


def test_answers_are_literal_never_placeholders() -> None:
    done = _answered(ACCOUNT, {"account": "{profile.id}"})
    assert done.fix.ops[0].model_dump() == {"op": "set_directive", "option": "account",
                                            "value": "{profile.id}"}
    data = diagnose_log(SCRIPT, ACCOUNT, "perlmutter", None, False, {"account": "{m.x}x"})
    assert "#SBATCH -A '{m.x}x'" in data["proposed"]["script"]  # the user's spelling


def test_the_loop_uses_captures_and_answers() -> None:
    def verify(targets: list[VerifyTarget]) -> list[VerifyReport]:
        ok = ["--data-path" in t.script for t in targets]
        return [VerifyReport(cluster=t.cluster, endpoint="fake",
                             status="verified" if good else "failed", state="FAILED",
                             exit_code=2, stderr="" if good else MISSING,
                             reasons=["the job failed"]) for t, good in zip(targets, ok,
                                                                             strict=True)]

    loop = Loop(verify=verify, classify=default_classifier(), answers={"value": "/d"})
    result = loop.run([RepairJob(VerifyTarget("perlmutter", SCRIPT, "train.py"))])[0]
    assert result.status == "verified", result.stop_reason
    ops: list[Any] = result.attempts[0].ops
    assert ops == [{"op": "add_argument", "name": "--data-path", "value": "/d"}]
