"""Stage "notes": the CPU architecture the source's nodes had (its profile, or what its
directives name: ``model=gh200``, ``-C grace``, a POWER9 queue) against the target's. Conda
envs, venvs and compiled extensions built on one do not run on the other: the port says so."""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import Directive
from maple_flow.models import ClusterProfile

#: Words in a directive's value that name a node's CPU architecture.
_ARCH_WORDS = ((re.compile(r"(?i)gh200|grace|aarch64|arm64|neoverse|a64fx"), "aarch64"),
               (re.compile(r"(?i)power9|power10|ppc64"), "ppc64le"))
#: Directives whose value may name the node type.
_NODE_TYPE = frozenset({"constraint", "partition", "queue", "select", "gres", "gpus",
                        "gpus-per-node", "nodes"})


def directive_arch(directives: list[Directive]) -> tuple[str, str] | None:
    """The architecture the source's directives name, with the directive; None if none."""
    for d in directives:
        if d.option not in _NODE_TYPE:
            continue
        for pattern, arch in _ARCH_WORDS:
            if pattern.search(d.value or ""):
                return arch, d.raw.strip()
    return None


def arch_note(directives: list[Directive], source_profile_arch: str | None,
              profile: ClusterProfile) -> list[str]:
    """A note when the source's nodes had another CPU architecture than the target's."""
    named = directive_arch(directives)
    arch, said = (named[0], f"`{named[1]}`") if named else (source_profile_arch, "its site's")
    target = profile.node.arch
    if not arch or not target or arch == target:
        return []
    return [f"CPU architecture: the source ran on {arch} nodes ({said}); {profile.name}'s are "
            f"{target}: conda envs, venvs, containers and compiled extensions built for the "
            "source do not run there: build them again on the target"]
