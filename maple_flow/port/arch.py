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
              profile: ClusterProfile, script: str = "") -> list[str]:
    """A note when the source's nodes had another CPU architecture than the target's, or,
    when the source's is not known, when the target's is not x86_64 (the GPU clusters'
    usual one); and a note naming the ported job's own package installs (``script``, the
    port) that then run on the target's architecture."""
    named = directive_arch(directives)
    arch, said = (named[0], f"`{named[1]}`") if named else (source_profile_arch, "its site's")
    target = profile.node.arch
    if not target or arch == target or (not arch and target == "x86_64"):
        return []
    notes = [f"CPU architecture: the source ran on {arch} nodes ({said}); {profile.name}'s are "
             f"{target}: conda envs, venvs, containers and compiled extensions built for the "
             "source do not run there: build them again on the target" if arch else
             f"CPU architecture: {profile.name}'s nodes are {target}; the script does not say "
             "what its source's were (most GPU clusters' are x86_64): conda envs, venvs, "
             f"containers and compiled extensions built for another architecture do not run "
             "there: build them again on the target"]
    installs = [m.group(0).strip() for m in _INSTALL.finditer(script)]
    if installs:
        pages = sorted({u for line in installs for u in _WHEEL_PAGE.findall(line)})
        notes.append(
            f"the job installs packages itself ({'; '.join(f'`{short(x)}`' for x in installs)})"
            f": on {profile.name} they install for {target}: a package with compiled code "
            f"(PyTorch, its CUDA extensions, a `-cu` build) must have a build for {target} and "
            f"{profile.name}'s CUDA, or pip builds it from source or fails"
            + (f"; the wheel page(s) {', '.join(pages)} must offer {target} wheels "
               "(check, or build those packages on the target)" if pages else ""))
    return notes


#: A package install the ported script runs (``pip3 install ...``, ``conda install ...``).
_INSTALL = re.compile(r"(?m)(?:^|[\s;&|'])(?:pip[\d.]*|python[\d.]*\s+-m\s+pip|conda|mamba"
                      r"|micromamba)\s+install\s[^\n;&|]*")
#: A wheel page or index an install reads (``-f URL``, ``--index-url URL``).
_WHEEL_PAGE = re.compile(r"(?:-f|--find-links|--index-url|--extra-index-url)[=\s]+(\S+)")


def short(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters."""
    return text if len(text) <= limit else text[:limit - 3] + "..."
