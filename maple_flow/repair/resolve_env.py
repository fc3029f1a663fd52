"""Environment variables that name a thing the log says the node lacks (issue 17, s30).

A variable can force a choice a library would otherwise make itself: ``NCCL_NET=IB`` makes NCCL
use the InfiniBand network and no other, and when the NCCL the job runs has no such network (no
plugin for it, no device) NCCL stops with ``Error: network IB not found.``. Support staff read
that line as "the job names a network this node does not have" and look for where the job
names it. Three readings, and only one of them is a script line to change:

- a line of the script sets the variable to exactly the value the log names, and the site does
  not document that value: the script forces the network (copied from another system, an
  image's profile) and dropping it lets NCCL pick the one the site has;
- the site itself documents the value (Polaris: ``NCCL_NET="AWS Libfabric"``): the network is
  the right one and its plugin is what is missing, so dropping the variable would only fall
  back to slow sockets; no fix here, and the reason says so;
- no line of the script sets it (or sets another value): the value comes from the environment
  the job starts in (a profile it sources, a module, the container image, the submit shell);
  no line of the script is at fault and the reason names the line that is missing.

Pure functions of the script text, the site's documented environment and the log's value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from maple_flow.errors import MapleError
from maple_flow.repair.unresolved import Unresolved


class EnvUnresolved(Unresolved):
    """No script line is at fault for the variable's value (the reason is the message)."""


def assignments(script: str) -> dict[str, str]:
    """Every variable the script sets (exported or not, as scriptparse reads them; exported
    last), or EnvUnresolved when the script cannot be parsed."""
    from maple_flow.scriptparse import parse_script  # the parser, on first use (s40)

    try:
        parsed = parse_script(script)
    except MapleError as exc:
        raise EnvUnresolved(f"the script cannot be parsed: {exc}") from None
    return {**parsed.variables, **parsed.env}


def _same(a: str, b: str) -> bool:
    """Whether two values of a variable are the same (quotes and case aside)."""
    return a.strip().strip("'\"").strip().lower() == b.strip().strip("'\"").strip().lower()


def _line_of(script: str, name: str) -> int | None:
    """The number of the last uncommented line that assigns ``name`` (1-based), or None."""
    found = None
    pattern = re.compile(rf"^\s*(?:export\s+|declare\s+-x\s+)?{re.escape(name)}=")
    for number, line in enumerate(script.splitlines(), 1):
        if pattern.match(line):
            found = number
    return found


def forced_by_script(script: str, name: str, value: str,
                     site_env: Mapping[str, str] | None = None, site: str = "the site") -> str:
    """``name`` when a line of ``script`` sets it to ``value`` (the value a log line names as
    missing) and ``site_env`` (the site's documented environment) does not give it that value;
    else EnvUnresolved with the reason (the line that is missing, or the site's own value)."""
    documented = (site_env or {}).get(name)
    if documented is not None and _same(documented, value):
        raise EnvUnresolved(
            f"{site} documents {name}={documented}: the network is the site's own and its "
            f"plugin is not loaded (load the site's NCCL plugin module or library path); "
            f"dropping {name} would only fall back to sockets")
    written = assignments(script).get(name)
    if written is None:
        raise EnvUnresolved(
            f"no line of the script sets {name} (the log names {name}={value}): it comes "
            f"from the environment the job starts in (a profile or file the script sources, "
            f"a module, the container image or the submit shell); the missing line is "
            f"`unset {name}` (or {name} set to a network the nodes have) before the launch")
    if not _same(written, value):
        raise EnvUnresolved(
            f"line {_line_of(script, name)} of the script sets {name}={written}, not the "
            f"{value} the log names: the value in force comes from elsewhere (a file the "
            f"script sources, a module or the container image)")
    return name
