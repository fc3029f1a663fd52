"""Run the `maple` command line in this process, for tests."""

from __future__ import annotations

import pytest

from maple_flow.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run ``maple ARGV`` in this process: exit code, stdout, stderr."""
    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err
