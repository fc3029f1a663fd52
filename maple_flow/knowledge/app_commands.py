"""Installed commands a launcher starts on its ranks (``templates/sites/app_commands.yaml``):
which are Python console scripts (a Python distributed job) and which options of the other
programs, MPI/GPU applications, fix GPU, rank or thread counts themselves."""

from __future__ import annotations

from functools import cache

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict


class LauncherProgram(Strict):
    """A Python program file that is itself a distributed launcher (GPT-NeoX's deepy.py)."""

    file: str
    project: str
    #: What it starts, and from where its layout comes.
    starts: str
    #: What the user does on the target instead.
    instead: str


class AppCommands(Strict):
    """Known Python console scripts, and the count options of MPI/GPU applications."""

    python_commands: list[str] = Field(min_length=1)
    gpu_options: list[str] = Field(min_length=1)
    launcher_programs: list[LauncherProgram] = Field(default_factory=list)


@cache
def app_commands() -> AppCommands:
    """The data, read once."""
    return template_data(AppCommands, "sites", "app_commands.yaml")


def is_python_command(word: str) -> bool:
    """``word`` (a name or a path) names a known Python console script."""
    return word.rsplit("/", 1)[-1] in app_commands().python_commands


def launcher_program(word: str) -> LauncherProgram | None:
    """The launcher that the program file ``word`` (a name or a path) is, if it is one."""
    name = word.rsplit("/", 1)[-1]
    return next((p for p in app_commands().launcher_programs if p.file == name), None)


def count_options(args: list[str]) -> list[str]:
    """The options among ``args`` that fix the application's own GPU, rank or thread counts,
    each with the values that follow it up to the next option (``-k on g 2``)."""
    known, found = set(app_commands().gpu_options), []
    for i, word in enumerate(args):
        name = word.split("=", 1)[0]
        if name not in known and not any(word.startswith(o) and word[len(o):].isdigit()
                                         for o in known if o.startswith("+")):
            continue
        found.append(" ".join([word, *_values(args[i + 1:], 3 if name in _PHRASES else 1)]))
    return found


#: Options whose value is a phrase of words (LAMMPS ``-k on g 2``, ``-pk gpu 2``).
_PHRASES = frozenset({"-k", "-pk"})


def _values(rest: list[str], most: int) -> list[str]:
    """The words after an option up to the next option, at most ``most`` of them."""
    out: list[str] = []
    for word in rest[:most]:
        if word.startswith(("-", "+")):
            break
        out.append(word)
    return out
