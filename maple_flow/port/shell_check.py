"""The end-of-port shell check: a port is an edit of the user's script, so it must parse
wherever the source parses. A port whose text bash cannot read (a function's closing ``}``
lost, an ``if`` without ``fi``, an open quote or heredoc) would never start on the target:
it is never returned; the port is refused naming the construct bash stops at.

The check runs ``bash -n`` (read, never run) on the source and on the port, at the edge, the
way ``maple_flow.lint`` runs shellcheck; where no bash is found, or the source is written for
another shell (csh, zsh...), it says nothing."""

from __future__ import annotations

import re
import shutil
import subprocess

#: A first line naming a shell other than sh/bash: its grammar is not bash's.
_OTHER_SHELL = re.compile(r"^#!\s*\S*(?:/env\s+)?\S*\b(?:csh|tcsh|zsh|ksh|fish)\b")
#: bash -n's message: ``bash: line N: syntax error ...``.
_AT_LINE = re.compile(r"line (\d+): (.*)")


def _bash_error(text: str) -> str | None:
    """bash -n's first complaint about ``text`` ("" when it parses; None when no bash)."""
    bash = shutil.which("bash")
    if bash is None:
        return None
    try:
        proc = subprocess.run([bash, "-n"], input=text, text=True, capture_output=True,
                              timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if proc.returncode == 0:
        return ""
    return proc.stderr.strip().splitlines()[0] if proc.stderr.strip() else "syntax error"


def _named(error: str, script: str) -> str:
    """``error`` with the port's line it names shown (``line 178 `function f {```)."""
    found = _AT_LINE.search(error)
    if not found:
        return error
    number, what = int(found.group(1)), found.group(2)
    lines = script.split("\n")
    shown = lines[number - 1].strip() if 0 < number <= len(lines) else ""
    return f"line {number}{f' `{shown}`' if shown else ''}: {what}"


def broken_shell(source: str, script: str) -> str:
    """A refusal's words when ``script`` (the port) does not parse though ``source`` does;
    ``""`` when it parses, when the source itself does not, or when the check cannot run."""
    if _OTHER_SHELL.match(source.lstrip()):
        return ""
    port_error = _bash_error(script)
    if not port_error:
        return ""
    if _bash_error(source) != "":
        return ""  # the source does not parse either (or no bash): nothing to compare
    return ("the ported script does not parse as bash though your script does ("
            f"{_named(port_error, script)}): the port's edit broke the script's structure (a "
            "function, if/fi, case/esac, loop, heredoc or quote left open or closed twice), so "
            "the job would not start; port the script by hand, keeping its structure")


__all__ = ["broken_shell"]
