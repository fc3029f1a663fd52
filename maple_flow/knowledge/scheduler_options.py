"""Program options tied to the source scheduler (``templates/sites/scheduler_options.yaml``):
``--launcher slurm``, ``--slurm True``, ``trainer.plugins=SLURMEnvironment``. With one of them the
program reads that scheduler's own variables, which another scheduler's launcher does not set."""

from __future__ import annotations

from functools import cache

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict


class SchedulerOption(Strict):
    """One option, the values that tie it to ``scheduler``, and what to write elsewhere."""

    option: str
    values: list[str] = Field(min_length=1)
    scheduler: str
    what: str
    change: dict[str, str]
    source: str


class SchedulerOptions(Strict):
    options: list[SchedulerOption] = Field(min_length=1)


@cache
def scheduler_options() -> SchedulerOptions:
    """The data, read once."""
    return template_data(SchedulerOptions, "sites", "scheduler_options.yaml")


def _unquoted(word: str) -> str:
    return word.strip("'\"").lower()


def coupled_options(args: list[str]) -> list[tuple[str, SchedulerOption]]:
    """The options among ``args`` (a program's arguments, as passed) that tie it to a
    scheduler: ``(the words as written, the option)``, in order."""
    found: list[tuple[str, SchedulerOption]] = []
    known = scheduler_options().options
    for i, word in enumerate(args):
        name, eq, value = word.partition("=")
        for opt in known:
            if name != opt.option:
                continue
            if eq:
                written, given = word, value
            elif i + 1 < len(args) and not args[i + 1].startswith("-"):
                written, given = f"{word} {args[i + 1]}", args[i + 1]
            else:
                written, given = word, ""
            if _unquoted(given) in {v.lower() for v in opt.values}:
                found.append((written, opt))
    return found
