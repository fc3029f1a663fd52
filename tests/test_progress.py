"""Progress output of verification: one line per finished target when not on a terminal."""

from __future__ import annotations

import pytest

from maple_flow.verify.progress import progress_printer, render_report
from maple_flow.verify.report import VerifyReport


def test_lines_when_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    done = progress_printer(2)
    done("polaris", VerifyReport(cluster="polaris", endpoint="twin", status="verified"))
    done("vista", VerifyReport(cluster="vista", endpoint="twin", status="failed",
                               reasons=["rank 1 missing"]))
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("verifying on 2 target(s)")
    assert "[1/2" in err[1] and "polaris: ✔ verified" in err[1]
    assert "[2/2" in err[2] and "vista: ✘ failed" in err[2]


def test_report_text_names_reasons_and_log() -> None:
    text = render_report(VerifyReport(cluster="delta", endpoint="twin", status="failed",
                                      reasons=["timed out after 300 s"],
                                      log_excerpt=["srun: error: x"]))
    assert "delta: ✘ failed" in text and "- timed out after 300 s" in text
    assert "srun: error: x" in text


def test_unfinished_job_verdict_says_where_it_stood() -> None:
    report = VerifyReport(cluster="aurora", endpoint="local", status="unverified",
                          pending="queued", left_job="cancelled", job_id="88",
                          reasons=["unverified (still queued): job 88 ..."])
    text = render_report(report)
    assert text.startswith("aurora: ? unverified (queued) (endpoint local, job 88")
    running = report.model_copy(update={"pending": "running"})
    assert "? unverified (still running)" in render_report(running)
