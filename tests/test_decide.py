"""The verification verdict from a job's result and its mini-app reports (pure)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from maple_flow.verify.decide import decide
from maple_flow.verify.report import MAX_LOG_BYTES, Expected, log_excerpt, log_tail

EXPECTED = Expected(nodes=2, ranks_per_node=2)


def report(rank: int, host: str, world: int = 4, ok: bool = True, **kw: Any) -> str:
    data: dict[str, Any] = {
        "setup": "ddp", "ok": ok, "host": host, "world_size": world, "rank": rank,
        "local_rank": rank % 2, "backend": "gloo", "device": "cpu",
        "collectives": {"allreduce": {"ok": True}, "allgather": {"ok": True}},
        "step": {"ok": True, "loss": 5.5}, "errors": [],
    }
    data.update(kw)
    return "MAPLE_MINIAPP_REPORT " + json.dumps(data)


def raw(lines: list[str], state: str = "COMPLETED", **kw: Any) -> dict[str, Any]:
    return {"state": state, "exit_code": 0 if state == "COMPLETED" else 1,
            "stdout": "\n".join(lines), "stderr": "", "job_id": "7", **kw}


GOOD = [report(0, "n1"), report(1, "n1"), report(2, "n2"), report(3, "n2")]


def test_all_ranks_correct_is_verified() -> None:
    r = decide("delta", "twin", raw(GOOD), EXPECTED, "script")
    assert r.status == "verified" and r.reasons == []
    assert r.world_size == 4 and r.ranks_per_node == {"n1": 2, "n2": 2}


def test_rejection_names_the_scheduler_message() -> None:
    r = decide("polaris", "twin", raw([], state="REJECTED",
                                      message="qsub: Resource: filesystems is required to be set."),
               EXPECTED, "s")
    assert r.status == "failed"
    message = "qsub: Resource: filesystems is required to be set."
    assert r.reasons == [f"rejected at submission: {message}"]


def test_missing_rank_fails() -> None:
    r = decide("delta", "twin", raw(GOOD[:3]), EXPECTED, "s")
    assert r.status == "failed" and any("3" in x and "missing" in x for x in r.reasons)


def test_wrong_world_size_fails() -> None:
    lines = [report(i, "n1" if i < 2 else "n2", world=3) for i in range(3)]
    r = decide("delta", "twin", raw(lines), EXPECTED, "s")
    assert r.status == "failed" and any("world size" in x for x in r.reasons)


def test_completed_without_report_fails() -> None:
    r = decide("delta", "twin", raw(["hello"]), EXPECTED, "s")
    assert r.status == "failed" and any("no mini-app report" in x for x in r.reasons)


def test_failed_job_keeps_error_lines() -> None:
    lines = ["Lmod has detected the following error: The following module(s) are unknown: "
             "\"pytorch/9.9\"", "python: command not found"]
    r = decide("perlmutter", "twin", raw(lines, state="FAILED"), EXPECTED, "s")
    assert r.status == "failed"
    assert r.reasons[0] == "the job ended FAILED with exit code 1"
    assert any("unknown" in ln for ln in r.log_excerpt)


def test_timeout() -> None:
    r = decide("delta", "twin", raw([], state="TIMEOUT", elapsed_s=61.2), EXPECTED, "s")
    assert r.reasons[0] == "timed out after 61 s"


def test_log_excerpt_skips_reports_and_caps_length() -> None:
    text = "\n".join([report(0, "n1")] + [f"error {i}" for i in range(100)])
    lines = log_excerpt(text)
    assert len(lines) == 25 and lines[-1] == "error 99"


def test_report_files_win_over_cut_output_lines() -> None:
    files = [line.removeprefix("MAPLE_MINIAPP_REPORT ") for line in GOOD]
    half = len(GOOD[0]) // 2
    cut = GOOD[0][:half] + GOOD[1] + GOOD[0][half:]  # srun cut one rank's line with another's
    r = decide("delta", "twin", raw([cut, *GOOD[2:]], report_files=files), EXPECTED, "s")
    assert r.status == "verified"
    r = decide("delta", "twin", raw([cut, *GOOD[2:]]), EXPECTED, "s")
    assert r.status == "failed"


def test_log_excerpt_falls_back_to_last_lines() -> None:
    text = "\n".join(["The system default contains no modules", "", "No changes"])
    assert log_excerpt(text) == ["The system default contains no modules", "No changes"]


def test_raw_evidence_is_carried_and_bounded() -> None:
    big = "x" * 70_000 + "\nlast line"
    r = decide("delta", "twin", raw(["hello"], stderr=big, message="Submitted batch job 7"),
               EXPECTED, "the script")
    assert r.stdout == "hello" and not r.stdout_truncated
    assert r.stderr_truncated and r.stderr.endswith("last line")
    assert len(r.stderr.encode()) == MAX_LOG_BYTES
    assert r.scheduler_message == "Submitted batch job 7"
    assert r.script == "the script" and r.state == "COMPLETED" and r.exit_code == 1 - 1


def test_log_tail_cuts_at_a_character_boundary() -> None:
    text, cut = log_tail("é" * 10, limit=5)
    assert cut and text == "éé"


@pytest.mark.parametrize(("pending", "left", "words"), [
    ("queued", "cancelled", "unverified (still queued): job 7 was still queued"),
    ("running", "kept", "unverified (still running): job 7 was still running"),
])
def test_unfinished_job_is_unverified_never_failed(pending: str, left: str, words: str) -> None:
    state = "PENDING" if pending == "queued" else "RUNNING"
    r = decide("aurora", "local", raw([], state=state, pending=pending, left_job=left,
                                      elapsed_s=300.0), EXPECTED, "s")
    assert r.status == "unverified" and r.pending == pending and r.left_job == left
    assert r.reasons[0].startswith(words) and r.job_id == "7"
    assert ("it was cancelled" in r.reasons[0]) == (left == "cancelled")
    assert len(r.reasons) == 1, "no layout complaints for a job that never finished"
