"""Where users keep their files (``templates/sites/filesystems.yaml``): each target's own storage
areas, and the path prefixes and storage variables of the sites users port from. A port reads it
to say which site a path of the script belongs to and what the target offers instead."""

from __future__ import annotations

import re
from functools import cache

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict


class Area(Strict):
    """One storage area of a target (``scratch``: ``$PSCRATCH``)."""

    name: str = Field(min_length=1)
    where: str = Field(min_length=1)


class TargetStorage(Strict):
    """A target's storage areas, as its documentation names them."""

    areas: list[Area] = Field(min_length=1)
    #: The storage variables its login environment sets.
    variables: list[str]
    source: str = Field(min_length=1)
    doubts: list[str] = Field(default_factory=list)
    #: The directory on each compute node's own disk (or memory) a job may write
    #: (``/tmp``, ``/local/scratch``, ``$LOCAL``), and where that is written.
    node_local: str = "/tmp"
    node_local_source: str = ""


class Prefix(Strict):
    """A path prefix only one site uses (a regex anchored at the path's start)."""

    re: str = Field(min_length=2)
    area: str = Field(min_length=1)
    #: Targets that mount the same file system (a path there is theirs too).
    targets: list[str] = Field(default_factory=list)


class SiteStorage(Strict):
    """A site's own path prefixes and storage variables."""

    site: str = Field(min_length=1)
    prefixes: list[Prefix]
    #: Variables only that site sets, and what each one names.
    variables: dict[str, str]
    source: str = Field(min_length=1)


class _File(Strict):
    targets: dict[str, TargetStorage]
    sites: list[SiteStorage]
    area_variables: list[str]


@cache
def _data() -> _File:
    return template_data(_File, "sites", "filesystems.yaml")


def target_storage(cluster: str) -> TargetStorage | None:
    """The storage areas of ``cluster`` (a profile id), or None when the data file has none."""
    return _data().targets.get(cluster)


def site_of_path(path: str) -> tuple[str, str, tuple[str, ...]] | None:
    """``(site, area, targets mounting it)`` of an absolute ``path`` whose prefix only one site
    uses; None else."""
    for site in _data().sites:
        for prefix in site.prefixes:
            if re.match(prefix.re, path):
                return site.site, prefix.area, tuple(prefix.targets)
    return None


def site_variable(name: str) -> tuple[str, str] | None:
    """``(site, what)`` for a storage variable only one site sets (``CINECA_SCRATCH``)."""
    for site in _data().sites:
        if name in site.variables:
            return site.site, site.variables[name]
    return None


def area_variables() -> frozenset[str]:
    """Storage variables several sites set, each with its own meaning (``WORK``, ``SCRATCH``)."""
    return frozenset(_data().area_variables)


def storage_variable_names() -> frozenset[str]:
    """Every storage variable the data names: those several sites set and each site's own."""
    return area_variables() | {name for site in _data().sites for name in site.variables}


__all__ = ["Area", "SiteStorage", "TargetStorage", "area_variables", "site_of_path",
           "site_variable", "storage_variable_names", "target_storage"]
