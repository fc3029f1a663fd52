"""A container bind list of the job script that names a source the node lacks (s37rl43).

Apptainer/Singularity stop with ``mount source /X doesn't exist`` when a bind's source is not
on the node (apptainer/apptainer@917d6657 container_linux.go: "mount source %s doesn't
exist"). The bind can come from the site's configuration (``bind path`` in singularity.conf),
from ``-B`` on a command line, or from a bind list variable the job exports
(SINGULARITY_BINDPATH, SINGULARITY_BIND, APPTAINER_BINDPATH, APPTAINER_BIND). Only the last
is decided here: when exactly one such export of the script lists the missing source as one of
its comma-separated items (``/X`` or ``/X:/dest[:opts]``), the list without that item is the
fix, written in place of the list on that line (the file system named is not there, so the
bind can never succeed); with no such line, or a list left empty, the answer stays advice.

Pure functions of the script text and the log's path.
"""

from __future__ import annotations

import re

from maple_flow.repair.unresolved import Unresolved

#: The bind list variables of Apptainer and Singularity (user guide, "Bind paths and mounts").
BIND_VARIABLES = ("SINGULARITY_BINDPATH", "SINGULARITY_BIND", "APPTAINER_BINDPATH",
                  "APPTAINER_BIND")
_EXPORT = re.compile(r"^\s*(?:export\s+)?(?P<name>" + "|".join(BIND_VARIABLES)
                     + r")=(?P<q>[\"']?)(?P<value>[^\"'\s$`;]*)(?P=q)\s*(?:#.*)?$")


class BindUnresolved(Unresolved):
    """No single export line of the script lists that source (the reason is the message)."""


def _source(item: str) -> str:
    return item.split(":", 1)[0].rstrip("/") or "/"


def bind_list_without(script: str, source: str) -> tuple[int, str, str]:
    """(line number, list as written, list without ``source``) of the one export line whose
    bind list names ``source``."""
    wanted = source.rstrip("/") or "/"
    found: list[tuple[int, str, str]] = []
    for number, line in enumerate(script.splitlines(), 1):
        m = _EXPORT.match(line)
        if m is None:
            continue
        items = [i for i in m.group("value").split(",") if i]
        kept = [i for i in items if _source(i) != wanted]
        if len(kept) < len(items):
            found.append((number, m.group("value"), ",".join(kept)))
    if not found:
        raise BindUnresolved(f"no bind list the script exports names {source} (the bind comes "
                             "from -B or the site's configuration)")
    if len(found) > 1:
        raise BindUnresolved(f"several lines of the script bind {source}")
    if not found[0][2]:
        raise BindUnresolved(f"line {found[0][0]} binds only {source}: without it the list "
                             "is empty")
    return found[0]
