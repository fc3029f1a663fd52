"""A question says "your answer was not used" only when the user gave an answer that was refused:
on first contact (no answers) the record's other reasons stay reasons, never a refusal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maple_flow.cli import main
from maple_flow.generate import generate_from_spec
from maple_flow.models import JobSpec

OOM = ("slurmstepd: error: Detected 1 oom_kill event in StepId=4242.0. Some of the step tasks "
       "have been OOM Killed.\nsrun: error: nid001234: task 0: Out Of Memory\n")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().out


@pytest.fixture
def job(tmp_path: Path) -> tuple[Path, Path]:
    script = tmp_path / "job.sbatch"
    script.write_text(generate_from_spec(JobSpec(cluster="perlmutter", nodes=1, gpus_per_node=4,
                                                 entrypoint="train.py")).script)
    log = tmp_path / "slurm-4242.out"
    log.write_text(OOM)
    return script, log


def test_first_contact_question_names_no_refused_answer(
        capsys: pytest.CaptureFixture[str], job: tuple[Path, Path]) -> None:
    script, log = job
    code, out = run(capsys, "repair", str(script), "--on", "perlmutter", "--log", str(log),
                    "--json")
    data = json.loads(out)
    assert code == 1 and data["verdict"] == "ask"
    assert data["question"]["refused"] == []
    code, text = run(capsys, "repair", str(script), "--on", "perlmutter", "--log", str(log))
    assert "needs from you" in text and "answer was not used" not in text.lower()


def test_refused_file_answer_still_named(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    script = tmp_path / "job.sbatch"
    script.write_text(generate_from_spec(JobSpec(cluster="delta", nodes=1, gpus_per_node=4,
                                                 entrypoint="train.py")).script)
    log = tmp_path / "gated.out"
    log.write_text("OSError: You are trying to access a gated repo.\n")
    code, out = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log), "--json",
                    "--answer", "hf_token_file=token.txt")
    refused = json.loads(out)["question"]["refused"]
    assert code == 1 and len(refused) == 1 and "absolute path" in refused[0]
