"""End-of-port order check: a kept line never moves above a line that sets a variable it reads.

A port re-orders the user's lines only by putting the target's own lines around them; a line
of the source kept in the port (the same text) that reads ``$Y`` where the source set ``Y``
above it must still find a line setting ``Y`` above it in the port. Where the port has every
setter of ``Y`` below it, the line would read ``Y`` unset (``export PYTHONPATH="$P/x"`` before
``P=...``): the port says so, naming both lines."""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.port.words import short

_READ = re.compile(r"\$\{?([A-Za-z_]\w*)")
_SINGLE_QUOTED = re.compile(r"'[^']*'")
_EXPORT_ASSIGN = re.compile(r"export\s+([A-Za-z_]\w*=\S.*)")


@lru_cache(maxsize=1024)
def _setter(name: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?"
                      rf"{re.escape(name)}=")


def _reads(line: str) -> set[str]:
    """The variables ``line`` reads outside single quotes (its own assignment's name aside)."""
    bare = _SINGLE_QUOTED.sub("''", line.split(" #", 1)[0])
    return set(_READ.findall(bare))


def _prefix_line(line: str, src: list[str]) -> int | None:
    """The source line whose ``NAME=VALUE`` an ``export NAME=VALUE`` of the port carries (a
    variable set in front of a command, ``NAME=VALUE python ...``), else None."""
    found = _EXPORT_ASSIGN.fullmatch(line)
    if not found:
        return None
    word = found.group(1)
    return next((k for k, x in enumerate(src) if x.startswith(word + " ")), None)


def _setting(setter: re.Pattern[str], name: str, lines: list[str]) -> list[int]:
    """The indices of ``lines`` that ``setter`` (``name``'s) matches: only a line that holds
    ``name=`` can (the words before it are checked by the pattern)."""
    word = name + "="
    return [k for k, x in enumerate(lines) if word in x and setter.match(x)]


def moved_above_setter_note(source: str, script: str) -> list[str]:
    """One note per kept line of ``script`` that reads a variable only lines below it set,
    where the source set it above that line."""
    src = [x.strip() for x in source.split("\n")]
    out = [x.strip() for x in script.split("\n")]
    in_source = {x: i for i, x in reversed(list(enumerate(src))) if x and not x.startswith("#")}
    notes: list[str] = []
    in_src: dict[str, list[int]] = {}  # per name: the source's lines that set it
    in_out: dict[str, list[int]] = {}  # per name: the port's lines that set it
    for j, line in enumerate(out):
        i = in_source.get(line)
        if i is None:
            i = _prefix_line(line, src)
        if i is None:
            continue
        for name in sorted(_reads(line)):
            setter = _setter(name)
            if name not in in_src:
                in_src[name] = _setting(setter, name, src)
            before_src = [k for k in in_src[name] if k < i]
            if not before_src or setter.match(line):
                continue
            if name not in in_out:
                in_out[name] = _setting(setter, name, out)
            setters_port = in_out[name]
            if setters_port and all(k > j for k in setters_port):
                first = out[setters_port[0]]
                notes.append(
                    f"the port's line `{short(line)}` reads ${name}, which your script sets above "
                    f"it (`{short(src[before_src[-1]])}`), but in the port every line that sets "
                    f"it (`{short(first)}`) comes after it: there it reads ${name} unset; move it "
                    "below that line")
    return notes


__all__ = ["moved_above_setter_note"]
