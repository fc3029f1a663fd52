"""`maple generate` with plain arguments runs without typer (maple_flow.cli.fast). For every
invocation here the fast path and the typer command must print the same bytes on stdout and
stderr, write the same file and exit with the same status; the fast path must be taken
exactly where the case says (typer never imported), and anything unusual goes to typer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from maple_flow.cli.fast import parse
from maple_flow.cli.generate_spec import GENERATE

ROOT = Path(__file__).resolve().parent.parent
REQUEST = "train.py with torchrun on 2 nodes with 4 GPUs each on Perlmutter"

#: id -> (arguments after `maple`, whether the fast path runs them)
CASES: dict[str, tuple[list[str | bytes], bool]] = {
    "script": (["generate", REQUEST], True),
    "json": (["generate", REQUEST, "--json"], True),
    "json-first": (["generate", "--json", REQUEST], True),
    "explain": (["generate", "--explain", REQUEST], True),
    "output-explain": (["generate", REQUEST, "-o", "job.sh", "--explain"], True),
    "output-long": (["generate", "--output", "job.sh", REQUEST], True),
    "policy-warnings": (["generate", "train.py on 5000 nodes on Polaris"], True),
    "unknown-cluster": (["generate", "train.py on 2 nodes on Frontier"], True),
    "missing-information": (["generate", "train.py with torchrun"], True),
    "impossible-value": (["generate", "train.py on 70 GPUs per node on Polaris"], True),
    "zero-walltime": (["generate", "train.py on 2 nodes on Perlmutter for 0 minutes"], True),
    "ansi-codes": (["generate", "train.py --tag \x1b[31mred\x1b[0m on 2 nodes on Vista"], True),
    "unwritable-output": (["generate", REQUEST, "-o", "no/such/dir/job.sh"], True),
    "empty-request": (["generate", ""], True),
    "output-is-a-folder": (["generate", REQUEST, "-o", "."], True),
    "not-utf8": (["generate", b"train.py on 2 nodes on Vista \xff"], False),
    "help": (["generate", "--help"], False),
    "no-request": (["generate"], False),
    "unknown-option": (["generate", REQUEST, "--bogus"], False),
    "two-requests": (["generate", "a.py on 2 nodes", "on Polaris"], False),
    "output-without-value": (["generate", REQUEST, "-o"], False),
    "output-looks-like-option": (["generate", REQUEST, "-o", "--json"], False),
    "repeated-flag": (["generate", REQUEST, "--json", "--json"], False),
    "equals-form": (["generate", REQUEST, "--output=job.sh"], False),
    "other-command": (["clusters"], False),
}

#: Runs main(ARGS) and records, at exit, whether typer was imported.
PROBE = (
    "import atexit, sys\n"
    "atexit.register(lambda: open(sys.argv[1], 'w').write(str('typer' in sys.modules)))\n"
    "from maple_flow.cli import main\n"
    "main(sys.argv[3:], fast=sys.argv[2] == 'fast')\n"
)


def _run(argv: list[str | bytes], mode: str, where: Path) -> dict[str, object]:
    where.mkdir()
    marker = where / "typer-loaded"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MAPLE_STORE": str(where / "none.db"),
           "COLUMNS": "100"}
    env.pop("_MAPLE_COMPLETE", None)
    args = [os.fsencode(a) for a in (sys.executable, "-c", PROBE, str(marker), mode, *argv)]
    proc = subprocess.run(args, cwd=where,
                          capture_output=True, timeout=120, stdin=subprocess.DEVNULL, env=env)
    written = where / "job.sh"
    return {"code": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr,
            "file": written.read_bytes() if written.exists() else None,
            "typer": marker.read_text()}


@pytest.mark.parametrize("case", list(CASES))
def test_fast_path_matches_typer_byte_for_byte(case: str, tmp_path: Path) -> None:
    argv, takes_fast_path = CASES[case]
    typer_run = _run(argv, "typer", tmp_path / "typer")
    fast_run = _run(argv, "fast", tmp_path / "fast")
    assert typer_run["typer"] == "True"
    assert fast_run["typer"] == str(not takes_fast_path), "fast path taken or not as expected"
    assert b"Traceback" not in typer_run["stderr"]  # type: ignore[operator]
    for key in ("code", "stdout", "stderr", "file"):
        assert fast_run[key] == typer_run[key], key


def test_the_cases_cover_success_json_errors_and_refusals() -> None:
    """The comparison above is only worth something if both paths really did something."""
    assert {"script", "json", "output-explain", "policy-warnings", "unknown-cluster",
            "missing-information", "help"} <= set(CASES)


def test_parse_reads_only_what_typer_would_read_the_same_way() -> None:
    values = parse(GENERATE, ["x on 2 nodes on Vista", "--explain", "-o", "a.sh"])
    assert values == {"request": "x on 2 nodes on Vista", "explain": True,
                      "output": Path("a.sh"), "as_json": False}
    for args in ([], ["a", "b"], ["--json"], ["a", "-o"], ["a", "-o", ""], ["a", "--", "b"],
                 ["a", "-x"], ["a", "--help"], ["a", "--output=b"], ["a", "-o", "b", "-o", "c"]):
        assert parse(GENERATE, args) is None, args


def test_typer_command_is_built_from_the_same_description() -> None:
    import typer

    from maple_flow.cli.generate import generate_cmd

    app = typer.Typer(add_completion=False)
    app.command("generate")(generate_cmd)
    command = typer.main.get_command(app)
    by_name = {p.name: p for p in command.params}
    for param in GENERATE.params:
        assert param.dest in by_name
        assert tuple(by_name[param.dest].opts) == (param.names or (param.dest,))
    assert len(command.params) == len(GENERATE.params)


@pytest.mark.parametrize("user_value", [None, "logfire"])
def test_plugin_search_is_skipped_only_while_the_fast_command_runs(
        user_value: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from maple_flow.cli import fast, main

    seen: list[str | None] = []
    spec = dataclasses.replace(
        GENERATE, run=lambda values, echo, prompt: seen.append(
            os.environ.get("PYDANTIC_DISABLE_PLUGINS")))
    monkeypatch.setattr(fast, "_fast_specs", lambda: {"generate": spec})
    if user_value is None:
        monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    else:
        monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", user_value)
    main(["generate", REQUEST])
    assert seen == [user_value or "__all__"]
    assert os.environ.get("PYDANTIC_DISABLE_PLUGINS") == user_value


@pytest.mark.parametrize(("call", "enabled_after"),
                         [("main(['generate', R])", True), ("main()", False)])
def test_cycle_collector_is_paused_and_back_on_unless_the_process_ends(
        call: str, enabled_after: bool, tmp_path: Path) -> None:
    """In-process callers get the collector back; the program itself leaves it off, as the
    interpreter exits next (its exit-time full collection is what costs)."""
    probe = ("import gc, sys\n"
             f"R = {REQUEST!r}\n"
             "sys.argv = ['maple', 'generate', R]\n"
             "from maple_flow.cli import main, fast\n"
             "seen = []\n"
             "spec = fast._fast_specs()['generate']\n"
             "fast._fast_specs = lambda: {'generate': type(spec)(spec.name, spec.help, "
             "spec.params, lambda v, e, p: seen.append(gc.isenabled()))}\n"
             f"{call}\n"
             "print(seen, gc.isenabled())\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["[False]", str(enabled_after)]
