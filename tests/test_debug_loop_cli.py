"""`maple repair` without a twin: --log diagnoses and proposes a fix, nothing runs; user errors
exit 2 with a message (--review on a non-terminal, bad --answer, --repair without --verify)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maple_flow.cli import main
from maple_flow.generate import generate_from_spec
from maple_flow.models import JobSpec

SCRIPT = generate_from_spec(JobSpec(cluster="delta", nodes=1, gpus_per_node=4,
                                    entrypoint="train.py")).script
LMOD = ('Lmod has detected the following error:  The following module(s) are unknown: '
        '"anaconda3_gpu/9.9.9"\n\n   Please check the spelling or version number.\n')


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    script = tmp_path / "job.sbatch"
    script.write_text(SCRIPT.replace("module load anaconda3_gpu",
                                     "module load anaconda3_gpu/9.9.9"))
    log = tmp_path / "slurm-7.out"
    log.write_text(LMOD)
    return script, log


def test_log_only_proposes_a_fix_without_running(capsys: pytest.CaptureFixture[str],
                                                 files: tuple[Path, Path],
                                                 tmp_path: Path) -> None:
    script, log = files
    out_file = tmp_path / "fixed.sbatch"
    code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log),
                       "-o", str(out_file))
    assert code == 0, out
    assert "## Diagnosis of job.sbatch on delta" in out and "## Proposed fix:" in out
    assert "-module load anaconda3_gpu/9.9.9" in out and "```diff" in out
    assert "anaconda3_gpu/9.9.9" not in out_file.read_text()
    code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log),
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["proposed"]["ops"] and data["diagnoses"][0]["record_id"]
    assert data["proposed"]["record_id"] == data["diagnoses"][0]["record_id"]


def test_log_with_nothing_known_proposes_nothing(capsys: pytest.CaptureFixture[str],
                                                 files: tuple[Path, Path],
                                                 tmp_path: Path) -> None:
    script, _ = files
    log = tmp_path / "empty.out"
    log.write_text("epoch 1 done\n")
    code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log))
    assert code == 1 and "No fix to propose" in out


def test_review_refuses_a_non_terminal(capsys: pytest.CaptureFixture[str],
                                       files: tuple[Path, Path]) -> None:
    script, _ = files
    code, _, err = run(capsys, "repair", str(script), "--on", "delta", "--review", "--no-store")
    assert code == 2 and "standard input is not a terminal" in err


@pytest.mark.parametrize(("argv", "words"), [
    (["--answer", "account"], "--answer wants NAME=VALUE"),
    (["--answer", "x y=1"], "--answer wants NAME=VALUE"),
])
def test_bad_answers(capsys: pytest.CaptureFixture[str], files: tuple[Path, Path],
                     argv: list[str], words: str) -> None:
    script, _ = files
    code, _, err = run(capsys, "repair", str(script), "--on", "delta", "--no-store", *argv)
    assert code == 2 and words in err


def test_port_repair_needs_verify(capsys: pytest.CaptureFixture[str],
                                  files: tuple[Path, Path]) -> None:
    script, _ = files
    code, _, err = run(capsys, "port", str(script), "--to", "vista", "--repair")
    assert code == 2 and "--repair and --review need --verify" in err


def test_unknown_cluster_is_a_clear_error(capsys: pytest.CaptureFixture[str],
                                          files: tuple[Path, Path]) -> None:
    script, log = files
    code, _, err = run(capsys, "repair", str(script), "--on", "summit", "--log", str(log))
    assert code == 2 and "summit" in err


def test_log_of_a_hardware_fault_gets_advice_and_no_fix(capsys: pytest.CaptureFixture[str],
                                                         files: tuple[Path, Path],
                                                         tmp_path: Path) -> None:
    script, _ = files
    log = tmp_path / "ecc.out"
    log.write_text("RuntimeError: CUDA error: uncorrectable ECC error encountered\n")
    code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log))
    assert code == 1 and "## Not a launch-script problem" in out
    assert "No script fix is proposed." in out and "```diff" not in out
    code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log),
                       "--json")
    data = json.loads(out)
    assert data["verdict"] == "not_script" and data["proposed"] is None
    assert data["not_script"]["record_id"] == "gpu-ecc-uncorrectable"
    assert data["not_script"]["advice"] and data["not_script"]["references"]


def test_log_needing_a_token_asks_then_answer_fixes(capsys: pytest.CaptureFixture[str],
                                                    files: tuple[Path, Path],
                                                    tmp_path: Path) -> None:
    script, _ = files
    log = tmp_path / "gated.out"
    log.write_text("huggingface_hub.errors.GatedRepoError: 401 Client Error. Cannot access "
                   "gated repo for url https://huggingface.co/meta-llama/Llama-3.2-1B/"
                   "resolve/main/config.json.\n")
    code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log),
                       "--json")
    data = json.loads(out)
    assert code == 1 and data["verdict"] == "ask" and data["proposed"] is None
    assert data["question"]["needs"] == ["hf_token_file"]
    assert data["question"]["answer_with"] == ["--answer hf_token_file=VALUE"]
    assert "hf auth login" in data["question"]["advice"]  # how to get the file, not a secret
    token = "/home/u/.cache/huggingface/token"
    code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log),
                       "--json", "--answer", f"hf_token_file={token}")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "fix"
    assert data["proposed"]["record_id"] == "hf-authentication"
    assert f"+export HF_TOKEN_PATH={token}" in data["proposed"]["diff"]
    assert "HF_TOKEN=" not in data["proposed"]["diff"]  # the token itself stays out


def test_token_file_answer_must_be_absolute(capsys: pytest.CaptureFixture[str],
                                            files: tuple[Path, Path], tmp_path: Path) -> None:
    """A quoted ``~`` or ``$HOME`` is not expanded in the job: the answer is refused, with why,
    and the question stays."""
    script, _ = files
    log = tmp_path / "gated.out"
    log.write_text("OSError: You are trying to access a gated repo.\n")
    for given in ("~/.cache/huggingface/token", "$HOME/.cache/huggingface/token"):
        code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log),
                           "--json", "--answer", f"hf_token_file={given}")
        data = json.loads(out)
        assert code == 1 and data["verdict"] == "ask" and data["proposed"] is None
        assert any("absolute path" in r for r in data["question"]["refused"])
    code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log),
                       "--answer", "hf_token_file=token.txt")
    assert "Your answer was not used" in out and "absolute path" in out
