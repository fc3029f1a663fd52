"""Stage "notes": where the source's scheduler started the job. PBS (Torque, PBS Pro) starts a
job in the user's home directory, Slurm and the ported scripts in the directory it was
submitted from: a relative ``cd`` before any ``cd $PBS_O_WORKDIR`` led somewhere under $HOME in
the source and leads under the submit directory in the port. Said, never left silent."""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.steps import Step

#: Directives that set the start directory of a PBS job (Torque ``-d``/``-w``; NCI Gadi's
#: ``-l wd``, "start the job in the directory it was submitted from", NCI's PBS directives
#: page https://opus.nci.org.au/spaces/Help/pages/236880086/PBS+Directives...).
START_DIR_OPTIONS = frozenset({"d", "w", "initdir", "workdir", "wd"})
#: A ``cd`` operand that is a relative path (not absolute, home, a variable or a quote).
_RELATIVE = re.compile(r"^(?![/~$\"'`-])[\w.]")


#: A file operand: a path with a directory part or a file name with an extension (``a/b``,
#: ``train.py``), or a glob of the start directory (``*``, ``*.log``).
_FILE_WORD = re.compile(r"^(?:[\w.-]+/[\w./*-]*|[\w-]+\.[A-Za-z]\w{0,5}|\*[\w.*-]*)$")
#: Commands whose operands name files where the job runs.
_FILE_COMMANDS = frozenset({"cp", "mv", "rsync", "tar", "source", ".", "bash", "sh", "python",
                            "python3"})
#: Commands that change the directory.
_CHDIR = frozenset({"cd", "pushd"})


def _relative_file(word: str) -> str:
    """``word`` (quotes dropped, the value of ``--opt=value``) when it names a file relative
    to the start directory, else ``""``."""
    word = word.strip("'\"")
    word = word.partition("=")[2] if "=" in word else word
    glob = word.startswith("*")
    relative = glob or bool(_RELATIVE.match(word))
    return word if relative and "://" not in word and _FILE_WORD.match(word) else ""


def _named(text: str) -> str:
    """The relative file one simple command names (its program, or a file operand of a
    command that reads or copies files), or ``""``."""
    words = text.split()
    if not words or words[0].startswith("#"):
        return ""
    files = [w for w in words[1:] if not w.startswith("-")] if (
        words[0] in _FILE_COMMANDS) else []
    found = [f for f in [_relative_file(words[0]) if "/" in words[0] else "",
                         *map(_relative_file, files)] if f]
    return found[0] if found else ""


def _first_relative(p: ParsedScript, steps: list[Step]) -> tuple[str, str]:
    """(what, the relative file it names) of the first command of a job that changes
    directory nowhere before it, or ("", "")."""
    for step in steps:
        words = step.text.split()
        if any(w in _CHDIR for w in words):
            return "", ""
        if where := _named(step.text):
            return f"line {step.line} `{step.text}`", where
    if any(c in p.launch_prefix.split() for c in _CHDIR) or p.workdirs:
        return "", ""
    launch = p.launch
    entry = "" if launch.module or launch.command else launch.entrypoint
    found = [f for f in [_relative_file(entry) if entry else "",
                         *(_relative_file(a) for a in launch.args)] if f]
    if found:
        return "the launch", found[0]
    for block in p.after:
        for cmd in block.commands:
            if any(w in _CHDIR for w in cmd.words):
                return "", ""
            if where := _named(" ".join(cmd.words)):
                return f"line {cmd.line} `{' '.join(cmd.words)}` (after the launch)", where
    return "", ""


def home_start_note(p: ParsedScript, steps: list[Step], profile: ClusterProfile) -> list[str]:
    """The note on a PBS source whose first ``cd`` is relative to the home directory, or
    that never changes directory and names a relative file (``python sub/train.py``)."""
    if p.scheduler != "pbs" or p.grid_engine or any(
            d.option in START_DIR_OPTIONS for d in p.directives):
        return []
    first = next((s for s in steps if s.text.split()[:1] == ["cd"]), None)
    words = first.text.split() if first is not None else []
    if first is None or len(words) < 2 or words[1] == "." or not _RELATIVE.match(words[1]):
        what, where = _first_relative(p, steps)
        return [f"{what} names {where}, a path relative to where the job starts, and the "
                "job changes directory nowhere before it: PBS started the job in your home "
                f"directory, so it was $HOME/{where}; on {profile.name} the job starts in the "
                "directory you submit from: submit from your home directory, or write "
                "`cd \"$HOME\"` before it"] if where else []
    where = words[1]
    return [f"line {first.line} `{first.text}` is a relative path: PBS started the job in "
            f"your home directory, so it led to $HOME/{where}; on {profile.name} the job "
            "starts in the directory you submit from: submit from your home directory, or "
            f"write `cd \"$HOME\"/{where}`"]
