"""Raise a PBS job's memory request to what PBS saw it use (issue 17, helper s29r2logs).

PBS (OpenPBS / PBS Pro mom, Torque) kills a job whose processes pass its ``mem`` limit and
writes both figures: ``=>> PBS: job killed: mem 59756048kb exceeded limit 20971520kb`` (also
``mem job total 4323312 kb exceeded limit 3145728 kb``). When that limit is the script's own
request - the ``mem=`` of its select chunks times their counts (or one chunk's, the limit of the
host that chunk ran on, when every chunk asks the same), or a job-wide ``-l mem=`` /
Torque ``nodes=...,mem=`` - the line at fault is that request, and the figure used is the
lowest value the job needs. :func:`pbs_raise_mem` writes each chunk's (or the job-wide) mem
scaled up to the used figure with a quarter headroom, rounded up to whole gigabytes.

It refuses (FixNotApplicable, with the reason) when a figure cannot be read, when the script
asks no mem, or when the killed limit is not what the script asks (a queue default, a vmem
limit, a per-process pmem: the value at fault is elsewhere and only the user or the site knows
it). The used figure is a lower bound: the mom samples memory, so the job may need more.
"""

from __future__ import annotations

import math
import re

from maple_flow.repair import patch_directives as pd
from maple_flow.repair.text import FixNotApplicable

#: A PBS size: a whole number with an optional unit (b, kb, mb, gb, tb; w for words is not read).
_SIZE = re.compile(r"^\s*(?P<num>\d+)\s*(?P<unit>[kmgt]?b)?\s*$", re.IGNORECASE)
_KB = {"b": 1 / 1024, "kb": 1, "mb": 1024, "gb": 1024 ** 2, "tb": 1024 ** 3}
#: The headroom over the used figure (PBS samples memory: the real peak is at least this).
HEADROOM = 1.25


def size_kb(text: str, default_unit: str = "b") -> float:
    """``text`` (``20gb``, ``4323312 kb``, ``2147483648``) in kilobytes; a bare number is
    ``default_unit`` (PBS reads a bare size as bytes). FixNotApplicable when it is no size."""
    found = _SIZE.match(text or "")
    if not found:
        raise FixNotApplicable(f"{text!r} is not a PBS size")
    unit = (found.group("unit") or default_unit).lower()
    return int(found.group("num")) * _KB[unit]


def _chunk_mem(chunk: str) -> tuple[int, str | None]:
    """The chunk count and the ``mem=`` value of one ``N:res=val:...`` select chunk."""
    fields = chunk.split(":")
    count = int(fields[0]) if fields and fields[0].isdigit() else 1
    mems = [f.split("=", 1)[1] for f in fields if f.lower().startswith("mem=")]
    return count, (mems[-1] if mems else None)


def _gb(kb: float) -> str:
    return f"{max(1, math.ceil(kb / 1024 ** 2))}gb"


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 0.01 * max(a, b)


def _raise_select(text: str, select: str, used: float, limit: float) -> str:
    chunks = select.split("+")
    parsed = [_chunk_mem(c) for c in chunks]
    if any(mem is None for _, mem in parsed):
        raise FixNotApplicable("a select chunk asks no mem: the limit is not all the script's")
    sizes = {size_kb(str(mem)) for _, mem in parsed}
    asked = sum(n * size_kb(str(mem)) for n, mem in parsed)
    # the mom kills on one host's use: the job's total, or (scattered chunks) one chunk's mem
    if not (_same(asked, limit) or (len(sizes) == 1 and _same(sizes.pop(), limit))):
        raise FixNotApplicable("the killed limit is not the script's select mem "
                               f"({asked:.0f} kb asked, {limit:.0f} kb limit)")
    scale = used / limit * HEADROOM
    out = []
    for chunk, (_, mem) in zip(chunks, parsed, strict=True):
        new = "mem=" + _gb(size_kb(str(mem)) * scale)
        out.append(re.sub(r"(?i)(?<![\w.])mem=[^:+]*", new, chunk))
    return pd.set_directive(text, "pbs", "select", "+".join(out))


def pbs_raise_mem(text: str, used: str, limit: str) -> str:
    """``text`` with its PBS mem request raised above ``used`` (module docstring)."""
    used_kb, limit_kb = size_kb(used), size_kb(limit)
    if used_kb <= limit_kb:
        raise FixNotApplicable("PBS names no use above the limit")
    select = pd.directive_value(text, "pbs", "select")
    if select and "mem=" in select.lower():
        return _raise_select(text, select, used_kb, limit_kb)
    mem = pd.directive_value(text, "pbs", "mem")
    if mem is None:
        raise FixNotApplicable("the script asks no PBS mem: the limit is the site's default, "
                               "the value to ask is the user's")
    if not _same(size_kb(mem), limit_kb):
        raise FixNotApplicable(f"the killed limit is not the script's mem={mem}")
    return pd.set_directive(text, "pbs", "mem", _gb(size_kb(mem) * used_kb / limit_kb
                                                     * HEADROOM))
