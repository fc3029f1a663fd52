"""A last check of a port's refusal against its source (issue 14, s24remedy): a refusal must
name the obstacles the user has to act on, in the user's own lines.

A refusal written for one part of the job (a launch ported on its own, with the job's
directives but not its other lines) can miss an obstacle only the whole script shows: the
source ran the whole batch script in a pyxis container (``#SBATCH --container-image``) and its
own lines use that container's mount points (``--container-mounts=SRC:DST``), which exist only
inside it. Following a refusal that names only the image (provide one the target runs) gives a
job that still stops at those paths; so the mounts are named too, with their host sources.

Pure: reads the refusal, the source's directives and text; returns the refusal."""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import Directive
from maple_flow.port.container_lost import pyxis_mounts_used

#: How a refusal names the source's pyxis container (``severity.container_reason`` and
#: ``container_lost.pyxis_mounts_refusal`` write it so).
_PYXIS = "the whole batch script in its pyxis container"


def checked_refusal(refusal: str, directives: list[Directive], source: str) -> str:
    """``refusal`` with the pyxis container's mount points the script's lines use added where
    it names the container but not them; ``refusal`` as it is otherwise."""
    if _PYXIS not in refusal:
        return refusal
    mounts = pyxis_mounts_used(directives, source)
    named = re.findall(r"(\S+ \(from [^)]*\))", mounts)
    if not mounts or (named and all(m in refusal for m in named)) or (
            not named and "mount point" in refusal):
        return refusal  # none used, or the refusal names each already
    return (f"{refusal}; besides, {mounts}: on the target bind each of them to its host "
            "source in the image's runtime (`-B SRC:DST`) or write the host paths in place of "
            "the mount points, then port again")
