"""The line count of a PBS/Torque node file, read as the job's slots (not its nodes).

``NP=$(wc -l < $PBS_NODEFILE)`` and ``NP=`cat $PBS_NODEFILE | wc -l``` count the file's
lines, and PBS writes one line per slot: Torque ``nodes=N:ppn=P`` gives N x P lines, PBS
Pro ``select=N:mpiprocs=M`` N x M (``mpiprocs`` is 1 when not given, and Torque's ``ppn``
too). Only a de-duplicated count (``sort -u``, ``uniq``) is the node count. Sources: Torque
Administrator Guide, "PBS_NODEFILE" (one line per processor slot, a host repeated ppn times);
PBS Professional User's Guide, "The Job's Node File" (a host listed once per mpiprocs).
"""

from __future__ import annotations

import re

#: A de-duplication in the counting pipeline: what is left is one line per host.
_DEDUP = re.compile(r"\bsort\b[^|]*?(?:\s-\w*u\w*\b|\s--unique\b)|\buniq\b")
#: A whole value that is only a line count of the PBS node file (backticks or ``$( )``).
_LINE_COUNT = re.compile(
    r"""^(?:\$\(|`)\s*(?:wc\s+-l\s*<\s*["']?\$\{?PBS_NODEFILE\}?["']?"""
    r"""|cat\s+["']?\$\{?PBS_NODEFILE\}?["']?\s*(?:\|\s*(?:sort|uniq)[^|`)]*)*\|\s*wc\s+-l"""
    r"""|(?:sort|uniq)[^|`)]*\$\{?PBS_NODEFILE\}?["']?\s*(?:\|\s*(?:sort|uniq)[^|`)]*)*"""
    r"""\|\s*wc\s+-l"""
    r"""|wc\s+-l\s+["']?\$\{?PBS_NODEFILE\}?["']?\s*\|\s*awk\s+["']\{\s*print\s+\$1;?\s*\}["'])"""
    r"""\s*(?:\)|`)$""")


def counts_nodefile_slots(value: str) -> bool:
    """Whether ``value`` (a variable's whole value) counts the lines of ``$PBS_NODEFILE``
    without de-duplicating them: the job's slots, not its nodes."""
    text = value.strip().strip('"')
    return bool(_LINE_COUNT.match(text)) and not _DEDUP.search(text)


def nodefile_lines(nodes: int | None, slots_per_node: int | None) -> int | None:
    """The node file's line count for ``nodes`` chunks of ``slots_per_node`` lines each
    (``ppn``/``mpiprocs``; 1 when the directive gives none); None when the nodes are unknown."""
    if not nodes:
        return None
    return nodes * (slots_per_node or 1)
