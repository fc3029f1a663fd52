"""Commands Python packages install (``templates/sites/entry_points.yaml``): which name a job
meant when it calls a launcher by a name no package installs but that spells a known one with
``_``, ``-`` or a blank elsewhere (``cosmos_rl`` -> ``cosmos-rl``)."""

from __future__ import annotations

import re
from functools import cache

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict


class EntryPointPackage(Strict):
    """One package and every command name it installs (a subcommand pair as ``cli sub``)."""

    package: str
    commands: list[str] = Field(min_length=1)
    source: str


class EntryPoints(Strict):
    """The packages whose whole list of command names is known."""

    packages: list[EntryPointPackage] = Field(min_length=1)


@cache
def entry_points() -> EntryPoints:
    """The data, read once."""
    return template_data(EntryPoints, "sites", "entry_points.yaml")


def _key(name: str) -> str:
    return re.sub(r"[-_ ]", "", name.lower())


def respelling(name: str) -> str | None:
    """The one known command ``name`` misspells (separators or case only), or None when
    ``name`` is itself a known command, spells none, or spells several."""
    known = [c for p in entry_points().packages for c in p.commands]
    if name in known:
        return None
    matches = {c for c in known if _key(c) == _key(name)}
    return matches.pop() if len(matches) == 1 else None
