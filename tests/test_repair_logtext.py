"""Bounded log reading (issue 19, defect 3): every path reads a log as its first lines and
its last TAIL_BYTES, lines cut, control bytes gone; fuzzed with hypothesis. Sizes are
asserted here; times and memory are measured by bench/hostile/run.py."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.llm import validate_output
from maple_flow.repair.logtext import (
    HEAD_BYTES,
    MAX_LINE_CHARS,
    SUBMIT_BYTES,
    TAIL_BYTES,
    bound_evidence,
    bound_text,
    is_cut,
    read_log,
)

#: The most characters a bounded log can have: head, tail, the marker line, cut-line marks.
LIMIT = HEAD_BYTES + TAIL_BYTES + 200 + 6 * (HEAD_BYTES + TAIL_BYTES) // MAX_LINE_CHARS
ERROR = "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1275, unhandled system error"


def _control_free(text: str) -> bool:
    return not any((ord(c) < 32 and c not in "\n\t") or ord(c) == 127 for c in text)


def test_a_big_log_file_is_read_as_its_two_ends(tmp_path: Path) -> None:
    log = tmp_path / "big.log"
    with log.open("wb") as f:
        f.write(b"slurmstepd: first line of the job\n")
        f.write(b"epoch 1 step 2 loss 3.0\n" * (20 * 2**20 // 24))
        f.write(ERROR.encode() + b"\n")
    text = read_log(log)
    assert len(text) <= LIMIT
    assert text.startswith("slurmstepd: first line") and text.rstrip().endswith(ERROR)
    assert "maple_flow left out" in text


def test_small_logs_are_kept_whole(tmp_path: Path) -> None:
    log = tmp_path / "small.log"
    log.write_text("a\nb\r\nc\rd\n")
    assert read_log(log) == "a\nb\nc\nd\n" == bound_text("a\nb\r\nc\rd\n")
    assert not is_cut(read_log(log))


def test_a_cut_log_is_never_read_as_a_submission_message() -> None:
    """One long line cut to 2,000 characters is short, but it is not an sbatch message: the
    similarity query holds the error line, not the cut line or the marker."""
    from maple_flow.cli.repair import diagnose_log

    text = bound_text(" \t" * 2**19 + "\n" + ERROR + "\n")
    assert is_cut(text) and len(text) < SUBMIT_BYTES
    data = diagnose_log("#!/bin/bash\nsrun python t.py\n", text, "perlmutter", None, False)
    evidence = {e for d in data["diagnoses"] for e in d["evidence"]}
    assert evidence == {ERROR}


@pytest.mark.parametrize("text", [
    "error " * (2 * 2**20 // 6),  # one 2 MB line
    "\n" * 2**20,
    " \t" * 2**19 + "\n" + ERROR,
    random.Random(0).randbytes(2**20).decode("latin-1"),  # binary
])
def test_pathological_text_is_bounded(text: str) -> None:
    out = bound_text(text)
    assert len(out) <= LIMIT
    assert all(len(ln) <= MAX_LINE_CHARS + 6 for ln in out.split("\n"))
    assert _control_free(out)


def test_evidence_is_bounded_part_by_part() -> None:
    big = "x\n" * 2**20
    ev = bound_evidence(FailureEvidence(stdout=big, stderr=big, submit_message=big,
                                        reasons=[big] * 100))
    assert len(ev.stdout) <= LIMIT and len(ev.stderr) <= LIMIT
    assert len(ev.submit_message) <= HEAD_BYTES + SUBMIT_BYTES + 200
    assert len(ev.reasons) == 50
    small = FailureEvidence(stderr="error: x\n")
    assert bound_evidence(small) is small


def test_classify_still_finds_the_error_at_the_end_of_a_huge_log() -> None:
    log = "progress line\n" * (3 * 2**20 // 14) + (
        "train.py: error: the following arguments are required: --data-path\n")
    found = classify(FailureEvidence(cluster="perlmutter", scheduler="slurm", stderr=log))
    assert [(d.record_id, d.method) for d in found] == [
        ("missing-required-argument", "signature")]


def test_repair_log_classifies_a_bounded_log(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """`maple repair --log` on a 30 MB log: the classifier is given its bounded text."""
    from maple_flow.cli import main
    from maple_flow.repair import loop

    seen: list[FailureEvidence] = []

    def spy() -> Any:
        def run(ev: FailureEvidence, profile: Any) -> list[Any]:
            seen.append(ev)
            return []
        return run

    monkeypatch.setattr(loop, "default_classifier", spy)
    log = tmp_path / "job.log"
    with log.open("wb") as f:
        f.write(b"\x00\xff binary junk\n" * (30 * 2**20 // 16) + ERROR.encode() + b"\n")
    script = tmp_path / "job.sbatch"
    script.write_text("#!/bin/bash\n#SBATCH -N 1\nsrun python train.py\n")
    with pytest.raises(SystemExit) as exit_:
        main(["repair", str(script), "--on", "perlmutter", "--log", str(log), "--json"])
    assert exit_.value.code == 1, capsys.readouterr()
    ev = seen[0]
    assert len(ev.stderr) <= LIMIT and len(ev.submit_message) <= LIMIT
    assert ERROR in ev.stderr


# -- fuzz ---------------------------------------------------------------------------------------
FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LINES = st.lists(st.one_of(st.text(max_size=3000), st.sampled_from([
    ERROR, "error: the following arguments are required: --data", "\x00\x1b[31m", "\r" * 50,
    "{" * 500, "(" * 2000 + "error", "a" * 5000])), max_size=60)


@FUZZ
@given(lines=LINES, repeat=st.integers(1, 400))
def test_fuzz_bound_text(lines: list[str], repeat: int) -> None:
    text = "\n".join(lines) * repeat
    out = bound_text(text)
    assert len(out) <= LIMIT and _control_free(out)
    assert all(len(ln) <= MAX_LINE_CHARS + 6 for ln in out.split("\n"))


@FUZZ
@given(data=st.binary(max_size=4096), repeat=st.integers(1, 200))
def test_fuzz_read_log_binary(tmp_path_factory: pytest.TempPathFactory, data: bytes,
                              repeat: int) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "log"
    path.write_bytes(data * repeat)
    out = read_log(path)
    assert len(out) <= LIMIT and _control_free(out)


@FUZZ
@given(lines=LINES, binary=st.binary(max_size=2048))
def test_fuzz_classify_never_raises(lines: list[str], binary: bytes) -> None:
    os.environ["MAPLE_FLOW_RANKER"] = "lexical"  # the model adds time, not coverage here
    try:
        text = "\n".join(lines) + binary.decode("utf-8", errors="replace")
        found = classify(FailureEvidence(cluster="delta", scheduler="slurm", stderr=text,
                                         submit_message=text))
        assert isinstance(found, list)
    finally:
        del os.environ["MAPLE_FLOW_RANKER"]


@FUZZ
@given(text=st.text(max_size=5000), depth=st.integers(0, 3000))
def test_fuzz_llm_answers_never_raise(text: str, depth: int) -> None:
    out = validate_output("[" * depth + text + "{" * depth, "m")
    assert len(getattr(out, "raw", "")) <= 2200
