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


def test_port_results_are_repaired_in_place() -> None:
    """`maple port --verify --repair`: failed targets go through the loop, the rest stay."""
    from maple_flow.cli.repair import repair_port_results
    from maple_flow.models import ClusterProfile
    from maple_flow.port.api import port
    from maple_flow.repair import Diagnosis, FailureEvidence, Fix
    from maple_flow.repair.loop import Loop
    from maple_flow.repair.ops import RemoveDirective
    from maple_flow.verify import VerifyReport, VerifyTarget

    source = (Path(__file__).parents[1] / "examples" / "perlmutter_vit_ddp.sbatch").read_text()
    results = port(source, ["vista", "delta"])
    message = "sbatch: error: --mem is not accepted on Vista"
    broken = results["vista"].script.replace("#SBATCH -J", "#SBATCH --mem=64G\n#SBATCH -J", 1)
    results["vista"].script, results["vista"].status = broken, "failed"
    results["vista"].report = VerifyReport(cluster="vista", endpoint="twin", status="failed",
                                           state="REJECTED", scheduler_message=message,
                                           reasons=[f"rejected at submission: {message}"])

    def site(targets: list[VerifyTarget]) -> list[VerifyReport]:
        return [VerifyReport(cluster=t.cluster, endpoint="twin",
                             status="failed" if "--mem" in t.script else "verified")
                for t in targets]

    def kb(ev: FailureEvidence, profile: ClusterProfile | None) -> list[Diagnosis]:
        fix = Fix(record_id="tacc-unsupported-option", cause="TACC rejects --mem",
                  ops=[RemoveDirective(option="mem")])
        return [Diagnosis(record_id=fix.record_id, score=9.0, method="signature",
                          evidence=[ev.submit_message], fix=fix)]

    repaired = repair_port_results(results, Loop(verify=site, classify=kb))
    assert list(repaired) == ["vista"] and results["delta"].status == "generated"
    assert results["vista"].status == "verified" and "--mem" not in results["vista"].script
    assert results["vista"].notes[-1].startswith(
        "repair: verified after 1 attempt(s) (tacc-unsupported-option)")


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
    assert data["question"]["needs"] == ["hf_token"]
    assert data["question"]["answer_with"] == ["--answer hf_token=VALUE"]
    code, out, _ = run(capsys, "repair", str(script), "--on", "delta", "--log", str(log),
                       "--json", "--answer", "hf_token=hf_abc123")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "fix"
    assert data["proposed"]["record_id"] == "hf-authentication"
    assert "HF_TOKEN=hf_abc123" in data["proposed"]["diff"]
