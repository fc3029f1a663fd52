"""Paths of a job script's staging directives (pure): the lines a burst-buffer or staging
plugin reads among the batch directives - ``#STAGE IN|OUT FROM TO`` (Slurm's burst_buffer/lua
as Sigma2 documents it), ``#DW stage_in|stage_out source=... destination=...`` (Cray
DataWarp), ``#BB stage_in|stage_out`` - which the shell takes for comments. A copy that fails
on such a path names the directive's line (s37rl42)."""

from __future__ import annotations

import re

_STAGE = re.compile(r"^#\s*(?:STAGE\s+(?:IN|OUT)|(?:DW|BB)\s+stage_(?:in|out))\b(?P<rest>.*)$",
                    re.I)


def staged_paths(script: str) -> list[tuple[str, int]]:
    """(path, line) of each path a staging directive names (``source=``/``destination=``
    values too), in script order; words without a ``/`` or with an expansion are left out."""
    found: list[tuple[str, int]] = []
    for number, line in enumerate(script.splitlines(), 1):
        m = _STAGE.match(line.strip())
        if m is None:
            continue
        for word in m.group("rest").split():
            value = word.split("=", 1)[1] if "=" in word else word
            value = value.strip("'\"")
            if "/" in value and "$" not in value and "`" not in value:
                found.append((value, number))
    return found
