"""Raise a PBS job's CPU request to what PBS saw it use (issue 17, helper s37empty).

The PBS mom (OpenPBS / PBS Pro) kills a job whose processes keep more cores busy than its
``ncpus`` request and writes both figures: ``=>> PBS: job killed: ncpus 58.88 exceeded limit 16
(sum)``. When that limit is the script's own request - the ``ncpus=`` of its select chunks
(every chunk's, or their total) or a job-wide ``-l ncpus=`` - the line at fault is that
request, and the figure used is the least the program takes. :func:`pbs_raise_ncpus` writes each
chunk's (or the job-wide) ncpus scaled up to the used figure with a quarter headroom, capped at
the CPUs one node has (the profile's hardware threads, as PBS counts them).

It refuses (FixNotApplicable, with the reason) when the script asks no ncpus, when the killed
limit is not what the script asks (a queue default), or when the use is above what one node has
(more ranks or threads than the nodes hold: the layout or the thread count is the user's to
change, not the request).
"""

from __future__ import annotations

import math
import re

from maple_flow.repair import patch_directives as pd
from maple_flow.repair.text import FixNotApplicable

#: The headroom over the used figure (the mom samples CPU use: the peak is at least this).
HEADROOM = 1.25
_NCPUS = re.compile(r"(?i)(?<![\w.])ncpus=(\d+)")


def _figure(text: str) -> float:
    try:
        return float(text)
    except ValueError as exc:
        raise FixNotApplicable(f"{text!r} is not a CPU count") from exc


def _wanted(asked: int, used: float, limit: float, node_cpus: int | None) -> int:
    """``asked`` scaled to the use (with headroom), within one node's CPUs."""
    need = math.ceil(asked * used / limit)
    if node_cpus is not None and need > node_cpus:
        raise FixNotApplicable(
            f"the job used {used:g} CPUs where it asks {limit:g}: more than a node's "
            f"{node_cpus}, so the rank or thread count is what to lower, not the request")
    want = math.ceil(asked * used / limit * HEADROOM)
    return min(want, node_cpus) if node_cpus is not None else want


def _raise_select(text: str, select: str, used: float, limit: float,
                  node_cpus: int | None) -> str:
    chunks = select.split("+")
    found = [_NCPUS.search(c) for c in chunks]
    if any(m is None for m in found):
        raise FixNotApplicable("a select chunk asks no ncpus: the limit is not all the script's")
    counts = [int(c.split(":")[0]) if c.split(":")[0].isdigit() else 1 for c in chunks]
    sizes = [int(m.group(1)) for m in found if m is not None]
    total = sum(n * s for n, s in zip(counts, sizes, strict=True))
    if not (total == limit or (len(set(sizes)) == 1 and sizes[0] == limit)):
        raise FixNotApplicable(f"the killed limit {limit:g} is not the script's select ncpus "
                               f"({total} asked)")
    out = [_NCPUS.sub(f"ncpus={_wanted(s, used, limit, node_cpus)}", c)
           for c, s in zip(chunks, sizes, strict=True)]
    return pd.set_directive(text, "pbs", "select", "+".join(out))


def pbs_raise_ncpus(text: str, used: str, limit: str, node_cpus: int | None = None) -> str:
    """``text`` with its PBS ncpus request raised above ``used`` (module docstring)."""
    used_n, limit_n = _figure(used), _figure(limit)
    if limit_n <= 0 or used_n <= limit_n:
        raise FixNotApplicable("PBS names no use above the limit")
    select = pd.directive_value(text, "pbs", "select")
    if select and _NCPUS.search(select):
        return _raise_select(text, select, used_n, limit_n, node_cpus)
    asked = pd.directive_value(text, "pbs", "ncpus")
    if asked is None or not asked.strip().isdigit():
        raise FixNotApplicable("the script asks no PBS ncpus: the limit is the site's default, "
                               "the count to ask is the user's")
    if int(asked) != limit_n:
        raise FixNotApplicable(f"the killed limit {limit_n:g} is not the script's ncpus={asked}")
    return pd.set_directive(text, "pbs", "ncpus",
                            str(_wanted(int(asked), used_n, limit_n, node_cpus)))
