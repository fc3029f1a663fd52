"""conda's shell function set up before a script's ``conda activate`` (pure).

``conda activate`` is a shell function that ``conda init`` writes into an interactive shell's
start-up file; a batch script's non-interactive shell never reads it, so the line reaches the
conda program, which answers "Run 'conda init' before 'conda activate'". The program ran, so
conda is on PATH: ``eval "$(conda shell.bash hook)"`` (conda's own documented way to define
the function in a script) just before the first activation defines it there. A script that
already sets the function up before that line (a hook, conda's ``etc/profile.d/conda.sh``) is
left alone: the hook is then not what is missing.
"""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable, indent_of, insert_line, is_code, lines

_ACTIVATE = re.compile(r"^\s*(?:[^#\n]*?(?:&&|\|\||;|\bthen|\bdo)\s+)?conda\s+activate\b")
_SET_UP = re.compile(r"conda\s+shell\.\w+\s+hook|etc/profile\.d/conda\.sh")
#: conda's hook shell name for the script's interpreter (its #! line).
_SHELLS = {"bash": "bash", "sh": "posix", "dash": "posix", "ksh": "posix", "zsh": "zsh"}


def _hook_shell(text: str) -> str:
    """conda's name for the shell the script runs in (bash when it has no #! line)."""
    first = lines(text)[0] if text else ""
    if not first.startswith("#!"):
        return "bash"
    words = first[2:].split()
    name = words[1] if words and words[0].endswith("/env") and len(words) > 1 else \
        (words[0].rsplit("/", 1)[-1] if words else "")
    if name not in _SHELLS:
        raise FixNotApplicable(f"the script runs in {name or 'an unnamed shell'}, for which no "
                               f"conda hook line is written")
    return _SHELLS[name]


def _command_start(parts: list[str], index: int) -> int:
    """The first line of the command that line ``index`` continues (``\\`` endings)."""
    while index > 0 and parts[index - 1].endswith("\\"):
        index -= 1
    return index


def conda_shell_hook(text: str) -> str:
    """``text`` with ``eval "$(conda shell.SHELL hook)"`` just before its first ``conda
    activate`` line; FixNotApplicable when no line activates or the script already sets
    conda's shell function up before it."""
    parts = lines(text)
    found = next((i for i, line in enumerate(parts)
                  if is_code(line) and _ACTIVATE.match(line)), None)
    if found is None:
        raise FixNotApplicable("no line of the script runs conda activate")
    if any(is_code(line) and _SET_UP.search(line) for line in parts[:found + 1]):
        raise FixNotApplicable(f"the script sets conda's shell function up before line "
                               f"{found + 1}, so the hook is not what is missing")
    at = _command_start(parts, found)
    hook = f'eval "$(conda shell.{_hook_shell(text)} hook)"'
    return insert_line(text, at, f"{indent_of(parts[at])}{hook}")
