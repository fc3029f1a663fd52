"""Commands only some centres install (``templates/sites/commands.yaml``): a port to another
site does not copy a set-up line that runs one, and says what it did at the source."""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict


class SiteCommand(Strict):
    """One centre's own command: where it exists, what it does, what to do instead."""

    centre: str = Field(min_length=1)
    #: maple_flow cluster ids that have the command (a port there keeps the line).
    sites: list[str] = Field(default=[])
    does: str = Field(min_length=1)
    instead: str = Field(min_length=1)
    #: What the command prints when a script stores its output (``device=`free-gpu```):
    #: ``gpu_ids``, the ids of GPUs the job may use; the port then sets the variable to the
    #: first GPU its own job's processes see (the target's scheduler gives the job its GPUs).
    prints: Literal["gpu_ids"] | None = None
    sources: list[str] = Field(min_length=1)


class SiteCommands(Strict):
    """Every centre-only command, by its name."""

    commands: dict[str, SiteCommand]

    def model_post_init(self, _: object) -> None:
        bad = [n for n in self.commands if not re.fullmatch(r"[\w.+-]+", n)]
        if bad:
            raise ValueError(f"not command names: {bad}")


@cache
def site_commands() -> SiteCommands:
    """The centre-only command data, read once."""
    return template_data(SiteCommands, "sites", "commands.yaml")


def site_command(word: str, cluster: str) -> SiteCommand | None:
    """The centre-only command ``word`` names when ``cluster`` does not have it, else None."""
    found = site_commands().commands.get(word.rsplit("/", 1)[-1])
    return found if found is not None and cluster not in found.sites else None
