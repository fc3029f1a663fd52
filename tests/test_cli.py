"""The `maple` command line: every command and subcommand teaches with --help (an example
included); every usage error prints the usage line and a pointer to --help on stderr and exits
2, without a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from cli_run import run

from maple_flow.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "perlmutter_vit_ddp.sbatch"


def _walk(command: Any, ctx: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for name in getattr(command, "list_commands", lambda _ctx: [])(ctx):
        sub = command.get_command(ctx, name)
        found.append((*path, name))
        found += _walk(sub, ctx, (*path, name))
    return found


def _all_commands() -> list[tuple[str, ...]]:
    root = typer.main.get_command(app)
    ctx = root.make_context("maple", ["--help"], resilient_parsing=True)
    return _walk(root, ctx)


COMMANDS = _all_commands()




def test_every_command_is_covered() -> None:
    expected = {
        ("clusters",), ("clusters", "show"), ("templates",), ("templates", "list"),
        ("templates", "show"), ("render",), ("generate",), ("port",), ("verify",), ("batch",),
        ("revalidate",), ("endpoints",), ("endpoints", "list"), ("endpoints", "check"),
        ("endpoints", "write-configs"), ("twin",), ("twin", "install"), ("twin", "up"),
        ("twin", "down"), ("twin", "status"), ("twin", "submit"), ("twin", "describe"),
    }
    assert expected <= set(COMMANDS)


@pytest.mark.parametrize("path", [(), *COMMANDS], ids=lambda p: " ".join(p) or "maple")
def test_help_teaches_with_an_example(path: tuple[str, ...],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([*path, "--help"], capsys)
    assert code == 0, err
    assert "Usage: maple" in out and " ".join(("maple", *path)) in out
    assert "Example" in out, f"`maple {' '.join(path)} --help` shows no example"


@pytest.mark.parametrize("path", [(), *COMMANDS], ids=lambda p: " ".join(p) or "maple")
def test_unknown_option_is_a_usage_error(path: tuple[str, ...],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([*path, "--no-such-option"], capsys)
    assert code == 2
    assert "Traceback" not in err + out
    assert "Usage: maple" in err and "--help" in err and "No such option" in err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["generate"], "Missing argument"),
        (["nosuch"], "No such command 'nosuch'"),
        (["render", "--nodes", "abc"], "Invalid value for '--nodes'"),
        (["port", str(EXAMPLE), "--to", ""], "no target cluster given"),
        (["port", str(EXAMPLE), "--to", " , "], "no target cluster given"),
        (["port", str(EXAMPLE), "--to", "frontier"], "unknown cluster 'frontier'"),
        (["port", str(EXAMPLE)], "Missing option '--to'"),
        (["batch", str(EXAMPLE), "--to", ""], "no target cluster given"),
        (["batch", str(EXAMPLE), "--to", "summit,polaris"], "unknown cluster 'summit'"),
        (["batch", "/no/such/file.sbatch", "--to", "polaris"], "does not exist"),
        (["clusters", "show"], "Missing argument"),
        (["twin", "submit", "polaris"], "Missing argument"),
    ],
)
def test_usage_errors_exit_2_without_traceback(argv: list[str], says: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2, (out, err)
    assert "Traceback" not in out + err
    assert says in err
    assert "Usage: maple" in err and "--help" in err


def test_unknown_target_lists_known_clusters(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["port", str(EXAMPLE), "--to", ""], capsys)
    assert code == 2
    for cluster in ("perlmutter", "polaris", "aurora", "vista", "bridges2"):
        assert cluster in err


def test_user_error_exits_2_with_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["generate", "train.py on 2 nodes on Frontier"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: unknown cluster 'Frontier'; known clusters:")


def test_console_script_usage_error_has_no_traceback() -> None:
    """The real process: python -m maple_flow.cli, as the `maple` script runs it."""
    proc = subprocess.run([sys.executable, "-m", "maple_flow.cli", "generate"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "Usage: maple generate" in proc.stderr and "Try 'maple generate --help'" in proc.stderr


def test_generate_loads_only_its_command_group() -> None:
    """`maple generate` does not import the twin, Parsl, the endpoints, rich or even typer
    (its fast path, maple_flow.cli.fast, runs from the command's description)."""
    probe = ("import sys; from maple_flow.cli import main\n"
             "try:\n    main(['generate', 'train.py on 2 nodes of Perlmutter'])\n"
             "except SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith(('maple_flow.twin', "
             "'maple_flow.cli.', 'parsl', 'rich', 'maple_flow.verify', "
             "'maple_flow.scriptparse', 'typer'))))")
    proc = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == (
        "['maple_flow.cli.fast', 'maple_flow.cli.generate_spec', 'maple_flow.cli.spec']")
