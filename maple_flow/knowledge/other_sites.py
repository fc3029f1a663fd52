"""GPU centres outside the ten clusters (``templates/sites/other_sites.yaml``): what a port
reads from a script written for one of them (its GPU vendor, its own directives)."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.knowledge.directives import Directive
from maple_flow.models.common import Strict

#: The launchers a site's own launcher command may stand for (scriptparse.launch reads them).
_KNOWN_LAUNCHERS = frozenset({"accelerate", "torchrun", "deepspeed", "srun", "mpiexec"})


class OtherSite(Strict):
    """One centre outside the ten, as its documentation states."""

    name: str = Field(min_length=1)
    gpu_vendor: str = Field(pattern=r"^(?:nvidia|amd|intel)$")
    #: GPUs a node has (AMD: GCDs), when the site has one count for its GPU nodes.
    gpus_per_node: int | None = Field(default=None, ge=1)
    #: Partition names only this site has.
    partitions: list[str]
    #: Its account names (a regex), or "" when they have no form of their own.
    account_pattern: str
    #: Directives (Slurm long options) of its own, and what each one does.
    directives: dict[str, str] = Field(default={})
    #: Commands of its own software that stand for ``python`` (a container's runscripts).
    pythons: dict[str, str] = Field(default={})
    #: Its own launcher commands: ``LAUNCHER|what it does`` (the launcher it stands for).
    launchers: dict[str, str] = Field(default={})

    def model_post_init(self, _: object) -> None:
        re.compile(self.account_pattern)  # a bad expression is an error when the data is read
        for name, value in self.launchers.items():
            if value.split("|", 1)[0] not in _KNOWN_LAUNCHERS or "|" not in value:
                raise ValueError(f"launchers.{name}: 'LAUNCHER|what it does' with LAUNCHER one "
                                 f"of {sorted(_KNOWN_LAUNCHERS)}")
    source: str = Field(min_length=1)


class CountFeature(Strict):
    """A node feature (``--constraint``) of a site that names how many GPUs its nodes have
    (DESY Maxwell's ``GPUx4``): the job gets such a node, all of its GPUs."""

    pattern: str = Field(min_length=1)
    site: str = Field(min_length=1)
    source: str = Field(min_length=1)

    def model_post_init(self, _: object) -> None:
        if re.compile(self.pattern).groups != 1:
            raise ValueError(f"{self.pattern!r}: one group, the GPU count")


class OtherSites(Strict):
    sites: dict[str, OtherSite]
    gpu_count_features: list[CountFeature] = Field(default=[])


def constraint_gpus(value: str | None) -> tuple[int, str] | None:
    """(GPUs a node, the site) a ``--constraint`` names with a feature that counts its nodes'
    GPUs (``"V100&GPUx4"``: 4), or None; alternatives (``GPUx4|GPUx8``) count only when they
    agree."""
    if not value:
        return None
    features = [f.strip().strip("[]()") for f in re.split(r"[&|,]", value.strip("\"'"))]
    found: set[tuple[int, str]] = set()
    kinds = _data().gpu_count_features
    for feature in features:
        for kind in kinds:
            match = re.fullmatch(kind.pattern, feature)
            if match:
                found.add((int(match.group(1)), kind.site))
    counts = {n for n, _ in found}
    if len(counts) != 1 or not next(iter(counts)):
        return None
    return min(found)


@cache
def _data() -> OtherSites:
    """The data file, read and validated once."""
    return template_data(OtherSites, "sites", "other_sites.yaml")


def other_sites() -> dict[str, OtherSite]:
    """Every site of the data file, by id."""
    return _data().sites


def _names(site: OtherSite, d: Directive) -> bool:
    value = (d.value or "").strip()
    if d.option in site.directives:
        return True
    if d.option == "partition":
        return bool(set(value.split(",")) & set(site.partitions))
    return d.option == "account" and bool(site.account_pattern) and bool(
        re.match(site.account_pattern, value))


def other_site_of(directives: list[Directive]) -> OtherSite | None:
    """The site outside the ten that the script's directives name (one of its own partitions,
    its account form or one of its own directives), or None."""
    return _other_site_of(tuple(directives))


@lru_cache(maxsize=256)
def _other_site_of(directives: tuple[Directive, ...]) -> OtherSite | None:
    """:func:`other_site_of`, kept per source's directives (asked again for every target)."""
    found = [s for s in other_sites().values() if any(_names(s, d) for d in directives)]
    return found[0] if len(found) == 1 else None


def site_python(command: str) -> tuple[OtherSite, str] | None:
    """The site whose own command ``command`` stands for ``python``, and what it does first."""
    return next(((s, s.pythons[command]) for s in other_sites().values()
                 if command in s.pythons), None)


def site_option_meaning(option: str) -> str:
    """What ``--option`` of a site's own Slurm plugin does, naming the site ("" when none)."""
    name = option.lstrip("-")
    return next((f"{s.directives[name]} ({s.name}'s own option)" for s in other_sites().values()
                 if name in s.directives), "")


def site_launcher(command: str) -> tuple[OtherSite, str, str] | None:
    """The site whose own command ``command`` stands for a launcher: the site, the launcher
    (``accelerate``) and what the command does; None for any other command."""
    for site in other_sites().values():
        if command in site.launchers:
            launcher, what = site.launchers[command].split("|", 1)
            return site, launcher, " ".join(what.split())
    return None
