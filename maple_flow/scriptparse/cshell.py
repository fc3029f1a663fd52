"""Scripts written for csh/tcsh. The port writes bash, and bash has no ``setenv``, no
``set V = value``, no ``if (...) then``/``endif``, no ``foreach``: a csh line kept in a bash
port fails there, or does something else. Such a source is refused, naming its shell, each
csh-only line (the first few) and, for the simple forms, the bash line to write instead."""

from __future__ import annotations

import re

from maple_flow.scriptparse.shell import logical_lines

#: The shell a script names for itself: its ``#!`` line, or the scheduler's shell option
#: (``#PBS -S``, ``#$ -S``, ``#BSUB -L``).
_SHEBANG = re.compile(r"^#!\s*(?:\S*/)?(?:env\s+)?(t?csh)\b")
_SHELL_OPTION = re.compile(r"^#(?:PBS|\$|BSUB)\s+.*?-[SL]\s+(?:\S*/)?(t?csh)\b")
_SETENV = re.compile(r"^setenv\s+(\w+)(?:\s+(.*))?$")
_SET = re.compile(r"^set\s+(\w+)\s*=\s*(.*)$")
#: Lines only csh reads: each pattern is matched on one logical line, stripped.
_CSH_ONLY = (
    _SETENV,
    _SET,
    re.compile(r"^(?:unsetenv|foreach|endif|endsw|breaksw|switch\s*\(|onintr)\b"),
    re.compile(r"^(?:else\s+)?if\s*\((?!\().*\)\s*then\s*$"),
    re.compile(r"^@\s+\w+"),
    re.compile(r"^(?:source|\.)\s+\S+\.t?csh(?:rc)?\b"),
    re.compile(r"^end\s*$"),
)
_SHOWN = 4


def _shell(text: str) -> tuple[str, str]:
    """(shell, where it is named) for a csh/tcsh script; ("", "") otherwise."""
    for number, line in enumerate(text.splitlines()[:200], 1):
        found = (_SHEBANG.match(line) if number == 1 else None) or _SHELL_OPTION.match(line)
        if found:
            return found.group(1), f"line {number}: `{line.strip()}`"
    return "", ""


def _bash_form(line: str) -> str:
    """The bash line for a simple csh form, or ``""``."""
    setenv = _SETENV.match(line)
    if setenv:
        return f"export {setenv.group(1)}={setenv.group(2) or ''}".rstrip()
    assigned = _SET.match(line)
    if assigned and not assigned.group(2).startswith("("):  # a csh list has no bash twin here
        return f"{assigned.group(1)}={assigned.group(2)}"
    return ""


def csh_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) of each executable line only csh reads (heredoc bodies and comments
    are not read)."""
    found = []
    for number, logical in logical_lines(text):
        first = logical.split("\n", 1)[0].strip()
        if first and not first.startswith("#") and any(p.match(first) for p in _CSH_ONLY):
            found.append((number, first))
    return found


def csh_reason(text: str) -> str:
    """Why a csh/tcsh script is refused (its shell and its csh-only lines, named), or ``""``
    when it has no csh-only line (bash runs it the same)."""
    lines = csh_lines(text)
    if not lines:
        return ""
    shell, where = _shell(text)
    said = (f"the script runs under {shell} ({where})" if shell else
            "the script has lines only csh/tcsh reads")
    shown = []
    for number, line in lines[:_SHOWN]:
        bash = _bash_form(line)
        shown.append(f"line {number}: `{line}`" + (f" (in bash: `{bash}`)" if bash else ""))
    more = f" and {len(lines) - _SHOWN} more" if len(lines) > _SHOWN else ""
    return (f"{said}, and the port writes bash, which does not read csh syntax: "
            f"{'; '.join(shown)}{more}; rewrite the script in bash (setenv V x -> export V=x, "
            "set V = x -> V=x, if (...) then/endif -> if [ ... ]; then/fi, foreach -> for, a "
            "sourced .csh file -> its bash version) and port that")
