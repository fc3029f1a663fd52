"""A ``module purge`` before TACC's ibrun written as the site's ``module reset``.

ibrun finds the MPI stack through the site's default modules; a purge takes them away and ibrun
stops ("Could not determine MPI stack"). On a site whose ``module reset`` is purge plus the
default modules (templates/sites/module_reset.yaml) the purge line becomes that reset: the
script's own loads after it still follow.
"""

from __future__ import annotations

import re
from functools import cache

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict
from maple_flow.repair.text import FixNotApplicable

_PURGE = re.compile(r"^(\s*)(?:module\s+(?:--force\s+)?purge|ml\s+purge)\s*(?:#.*)?$")
_IBRUN = re.compile(r"^[^#\n]*\bibrun\b")


class _Site(Strict):
    reset: str
    source: str


class _File(Strict):
    sites: dict[str, _Site]


@cache
def _sites() -> dict[str, _Site]:
    return template_data(_File, "sites", "module_reset.yaml").sites


def site_module_reset(text: str, site: str) -> str:
    """``text`` with each module purge above its first ibrun line written as ``site``'s
    reset; refused on another site, without ibrun, or without a purge before it."""
    fact = _sites().get(site)
    if fact is None:
        raise FixNotApplicable(f"{site or 'this site'} has no documented module reset")
    parts = text.split("\n")
    launch = next((i for i, line in enumerate(parts) if _IBRUN.match(line)), None)
    if launch is None:
        raise FixNotApplicable("the script starts nothing with ibrun")
    hits = [i for i in range(launch) if _PURGE.match(parts[i])]
    if not hits:
        raise FixNotApplicable("no module purge comes before ibrun")
    for i in hits:
        found = _PURGE.match(parts[i])
        assert found is not None
        parts[i] = found.group(1) + fact.reset
    return "\n".join(parts)
