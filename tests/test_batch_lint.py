"""Batch linting (issue 14): a batch lints its ports in a few shellcheck runs, and every
port's findings and notes are the ones it gets when linted alone."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from maple_flow import lint, port
from maple_flow.errors import MapleError
from maple_flow.lint import LintAhead, linting_ahead, shellcheck
from maple_flow.workflows.scale import batch_port, batch_to_dir

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "perlmutter_vit_ddp.sbatch"
SCRIPTS = [
    "#!/bin/bash\necho $1\ncd $DIR\n",  # info/warning findings
    "#!/bin/bash\nif [ 1 ]\nthen echo\n",  # an error: unterminated if
    "#!/bin/bash\nprintf '%s\\n' \"$HOME\"\n",  # clean
    "#!/bin/bash\n!#SBATCH --signal=USR1@90\nsrun python x.py $@\n",
]
TARGETS = ["polaris", "vista", "aurora"]
BATCH = {
    "vit": EXAMPLE.read_text(),
    "user": "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
            "source env.sh\ncd $WORK/run\nsrun python train.py --lr 1e-3 $@ > log\n",
    "broken": "#!/bin/bash\necho no launch here\n",
}


def _count_shellcheck_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    runs = [0]
    real_run, real_popen = subprocess.run, subprocess.Popen

    def counting_run(cmd: Any, *a: Any, **k: Any) -> Any:
        runs[0] += "shellcheck" in str(cmd[0])
        return real_run(cmd, *a, **k)

    class CountingPopen(real_popen):  # type: ignore[misc,valid-type]
        def __init__(self, cmd: Any, *a: Any, **k: Any) -> None:
            runs[0] += "shellcheck" in str(cmd[0])
            super().__init__(cmd, *a, **k)

    monkeypatch.setattr(subprocess, "run", counting_run)
    monkeypatch.setattr(subprocess, "Popen", CountingPopen)
    return runs


def test_lint_ahead_gives_each_script_its_own_findings() -> None:
    alone = [shellcheck(s) for s in SCRIPTS]
    assert any(f.severity == "error" for f in alone[1]) and alone[2] == []
    with linting_ahead(chunk=2) as ahead:
        assert [shellcheck(s) for s in SCRIPTS] == [[]] * len(SCRIPTS)  # queued
        ahead.finish()
        assert [shellcheck(s) for s in SCRIPTS] == alone
        assert shellcheck("#!/bin/bash\necho $x\n") == lint._run_shellcheck(
            "#!/bin/bash\necho $x\n", "bash")  # never queued: linted alone
    assert lint._AHEAD is None


def test_lint_ahead_falls_back_to_one_run_per_script_when_a_batch_run_fails(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ahead = LintAhead()
    ahead.take(SCRIPTS[0])
    monkeypatch.setattr(lint, "shellcheck_binary", lambda: "/nonexistent/shellcheck")
    ahead.finish()
    monkeypatch.undo()
    assert ahead.take(SCRIPTS[0]) == shellcheck(SCRIPTS[0])
    ahead.close()


def test_batch_lints_in_a_few_runs_and_notes_match_single_ports(
        monkeypatch: pytest.MonkeyPatch) -> None:
    runs = _count_shellcheck_runs(monkeypatch)
    batch = batch_port(BATCH, TARGETS)
    ported = sum(map(len, batch.results.values()))
    assert ported >= 6 and runs[0] == 1  # one shellcheck run, not one per port
    monkeypatch.undo()
    for name, text in BATCH.items():
        for target in TARGETS:
            try:
                alone = port(text, [target])[target]
            except MapleError as exc:
                assert batch.errors[name][target] == str(exc)
                continue
            if alone.status == "refused":
                assert target in batch.errors[name]
                continue
            got = batch.results[name][target]
            assert (got.script, got.notes, got.spec) == (alone.script, alone.notes, alone.spec)
    assert any(n.startswith("shellcheck:") for per in batch.results.values()
               for r in per.values() for n in r.notes)


def test_batch_to_dir_lints_in_a_few_runs(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    paths = []
    for name, text in BATCH.items():
        (tmp_path / f"{name}.sbatch").write_text(text)
        paths.append(tmp_path / f"{name}.sbatch")
    runs = _count_shellcheck_runs(monkeypatch)
    batch = batch_to_dir(paths, TARGETS, tmp_path / "out")
    assert sum(map(len, batch.results.values())) >= 6 and runs[0] == 1
    notes = batch.results["vit"]["polaris"].notes
    monkeypatch.undo()
    assert notes == port(BATCH["vit"], ["polaris"])["polaris"].notes
