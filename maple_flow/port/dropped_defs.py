"""Names a port's dropped line defined while its kept lines still use them (end-of-port).

A port drops lines of the user's script (a sourced file of the source's filesystem, a function
that calls the source's scheduler); a kept line may still use what the dropped one defined:
``. setup_env.sh --source-only`` dropped while ``setup_env "$X"`` is kept, a function
``submit_again() {...}`` dropped while ``trap submit_again USR1`` is kept. The port cannot
know what the file holds, so it keeps what it kept and says, naming both lines, what then
fails on the target (command not found; under ``set -e`` the job stops there)."""

from __future__ import annotations

import re

from maple_flow.port.words import short

#: ``. FILE ...`` / ``source FILE ...`` at the start of a line: the file (group 1).
_SOURCED = re.compile(r"^\s*(?:\.|source)\s+(\S+)")
#: A function's definition line: ``name() {``, ``function name {``, ``function name() {``.
_FUNCTION = re.compile(r"^\s*(?:function\s+([\w.:-]+)\s*(?:\(\s*\))?|([\w.:-]+)\s*\(\s*\))\s*\{?")
#: A command word of a line: its first word, or the handler a ``trap`` names.
_CALLED = re.compile(r"^\s*(?:trap\s+['\"]?)?([A-Za-z_][\w.:-]*)\b")


#: Environment tools whose init file (``profile.d/conda.sh``, ``lmod/init/bash``) the port
#: replaces with the target's own set-up (its modules, its conda): a dropped init of these is
#: the source site's, and the target's set-up gives the command (said by the drop's own note).
_ENV_TOOLS = frozenset({"conda", "mamba", "micromamba", "module", "ml", "spack", "lmod",
                        "modules", "bash", "init"})


def _stem(path: str) -> str:
    """``setup_env`` of ``"$PROJECT_HOME"/scripts/setup_env.sh``."""
    name = path.strip("'\"").rsplit("/", 1)[-1]
    return re.sub(r"\.(?:sh|bash)$", "", name)


def _defined(script: str) -> set[str]:
    """The functions ``script`` defines."""
    found = (_FUNCTION.match(line) for line in script.split("\n"))
    return {m.group(1) or m.group(2) for m in found if m and (m.group(1) or m.group(2))}


def _calls(script: str, name: str) -> str:
    """The first line of ``script`` that calls ``name`` (as a command or a trap's handler)."""
    for line in script.split("\n"):
        m = _CALLED.match(line)
        if m and m.group(1) == name and not _FUNCTION.match(line):
            return line.strip()
    return ""


def dropped_definitions_note(source: str, script: str) -> list[str]:
    """One note per name a dropped source line defined (a sourced file's function named as the
    file, a function of the script) that a kept line of ``script`` still calls."""
    kept = {line.strip() for line in script.split("\n")}
    mine = _defined(script)
    notes: list[str] = []
    for number, line in enumerate(source.split("\n"), 1):
        if line.strip() in kept:
            continue
        sourced = _SOURCED.match(line)
        head = None if sourced else _FUNCTION.match(line)
        name = _stem(sourced.group(1)) if sourced else (
            (head.group(1) or head.group(2) or "") if head else "")
        if (not name or name in mine or (sourced and name in _ENV_TOOLS)
                or not (call := _calls(script, name))):
            continue
        what = (f"sources a file that may define `{name}`" if sourced
                else f"defines the function `{name}`")
        notes.append(
            f"line {number} `{short(line.strip())}` is not in the port, and it {what}, which the "
            f"port's kept line `{short(call)}` still calls: on the target that call finds no "
            f"`{name}` (command not found; under `set -e` the job stops there, and a trap's "
            "handler does not run): copy what it defines into the port, or drop that call")
    return notes


__all__ = ["dropped_definitions_note"]
