"""Load the cluster profiles from ``templates/clusters`` and resolve names and aliases."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from pathlib import Path

from pydantic import ValidationError

from maple_flow.errors import ProfileError, UnknownCluster
from maple_flow.models import ClusterProfile
from maple_flow.paths import templates_dir
from maple_flow.yamlio import load_yaml

CLUSTER_IDS: tuple[str, ...] = (
    "perlmutter", "polaris", "aurora", "lonestar6", "stampede3",
    "vista", "delta", "deltaai", "anvil", "bridges2",
)


_POSSESSIVE = re.compile(r"'s\b")
_NOT_ALNUM = re.compile(r"[^a-z0-9]")


@lru_cache(maxsize=4096)
def normalise_name(text: str) -> str:
    """Lower-case a name and keep only letters and digits ("Delta AI" -> "deltaai"); a pure
    function of a string, asked of the same few names many times a port (cached)."""
    return _NOT_ALNUM.sub("", _POSSESSIVE.sub("", text.lower()))


def load_profile_file(path: Path) -> ClusterProfile:
    """Read and validate one profile YAML; a bad file raises ProfileError naming it."""
    import yaml

    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
        return ClusterProfile.model_validate(data)
    except (yaml.YAMLError, ValidationError, OSError) as exc:
        raise ProfileError(f"{path}: {exc}") from exc


@cache
def _profiles(folder: Path) -> dict[str, ClusterProfile]:
    from maple_flow.diskcache import load_cached

    paths = sorted(folder.glob("*.yaml"))
    return load_cached("profiles", paths, lambda: _read_profiles(paths))


def _read_profiles(paths: list[Path]) -> dict[str, ClusterProfile]:
    profiles: dict[str, ClusterProfile] = {}
    for path in paths:
        profile = load_profile_file(path)
        if profile.id != path.stem:
            raise ProfileError(f"{path}: id {profile.id!r} differs from the file name")
        profiles[profile.id] = profile
    return profiles


def all_profiles(folder: Path | None = None) -> dict[str, ClusterProfile]:
    """Every profile, keyed by id, in the canonical cluster order."""
    return dict(_ordered(folder))


@cache
def _ordered(folder: Path | None) -> dict[str, ClusterProfile]:
    """``_profiles`` of ``folder`` (default: the templates' ``clusters``) in the canonical
    cluster order, sorted once (every port asks)."""
    profiles = _profiles(folder or templates_dir() / "clusters")
    order = {cid: i for i, cid in enumerate(CLUSTER_IDS)}
    return dict(sorted(profiles.items(), key=lambda kv: (order.get(kv[0], 99), kv[0])))


@cache
def _alias_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for profile in all_profiles().values():
        names = [profile.id, profile.name, *profile.aliases]
        names.append(f"{profile.center} {profile.name}")
        for name in names:
            index.setdefault(normalise_name(name), profile.id)
    return index


def alias_index() -> dict[str, str]:
    """Normalised name or alias -> cluster id."""
    return dict(_alias_index())


def resolve_cluster(name: str) -> str:
    """The cluster id for an id, name or alias in any case ("PM", "TACC LS6", "Delta AI")."""
    key = normalise_name(name)
    index = _alias_index()
    if key in index:
        return index[key]
    for prefix in {normalise_name(p.center) for p in all_profiles().values()}:
        if key.startswith(prefix) and key[len(prefix):] in index:
            return index[key[len(prefix):]]
    raise UnknownCluster(f"unknown cluster {name!r}; known clusters: {known_clusters()}")


def known_clusters() -> str:
    """The cluster ids, comma-separated, for messages."""
    return ", ".join(all_profiles())


def no_target_message() -> str:
    """What to say when no target cluster was given."""
    return f"no target cluster given; name one or more of: {known_clusters()}"


#: The profile a port on one of a cluster's other node types sees for that cluster (its
#: ``ClusterProfile.on_node_type``), set by :func:`on_node_type` for the port's duration.
_ON_NODE_TYPE: ContextVar[ClusterProfile | None] = ContextVar("on_node_type", default=None)


@contextmanager
def on_node_type(profile: ClusterProfile) -> Iterator[ClusterProfile]:
    """Within the block, :func:`get_profile` of ``profile.id`` gives ``profile`` (a cluster
    as seen on another of its node types), so every stage of a port sees those nodes."""
    token = _ON_NODE_TYPE.set(profile)
    try:
        yield profile
    finally:
        _ON_NODE_TYPE.reset(token)


def get_profile(name: str) -> ClusterProfile:
    """The profile of a cluster given by id or alias (as seen on the node type a port chose,
    inside :func:`on_node_type`)."""
    cid = resolve_cluster(name)
    chosen = _ON_NODE_TYPE.get()
    return chosen if chosen is not None and chosen.id == cid else all_profiles()[cid]


def iter_profiles() -> Iterator[ClusterProfile]:
    """Profiles in canonical order."""
    yield from all_profiles().values()
