"""A Ray head started on a wildcard address given the head node's own address.

``ray start --head --node-ip-address 0.0.0.0`` makes the head advertise the wildcard as its
node's address, which the other nodes cannot reach: their workers and the actors placed on
them become unavailable. The option's value becomes the variable the script already sets from
the head node's address (``$(... hostname --ip-address)``, ``-i``, ``-I``), read from the
script whatever its name; without such a variable there is nothing known to put there.
"""

from __future__ import annotations

import os
import re

from maple_flow.repair.text import FixNotApplicable, Word, line_starts, lines, replace, words_of

#: Addresses that mean "every interface": what a head must not advertise.
WILDCARDS = frozenset({"0.0.0.0", "::", "[::]"})
_OPTION = "--node-ip-address"
#: ``NAME=$(... hostname --ip-address)``: a variable set from a node's own address.
_ADDRESS_VARIABLE = re.compile(
    r"^\s*(?:export\s+)?(?P<name>[A-Za-z_]\w*)=[\"']?\$\([^)\n]*\bhostname\s+"
    r"(?:--ip-address|-i|-I)\b")


def _address_variable(text: str, before: int) -> str | None:
    """The last variable set from a node's own address on the lines before ``before``."""
    found = [m.group("name") for line in lines(text)[:before]
             if (m := _ADDRESS_VARIABLE.match(line))]
    return found[-1] if found else None


def _wildcard_value(words: list[Word]) -> tuple[int, int] | None:
    """The span of a wildcard ``--node-ip-address`` value of a ``ray start --head`` command."""
    names = [os.path.basename(w.value) for w in words]
    at = next((i for i in range(len(names) - 1) if names[i] == "ray"
               and names[i + 1] == "start"), None)
    if at is None or "--head" not in names[at:]:
        return None
    for i in range(at + 2, len(words)):
        word = words[i]
        if word.value.startswith(f"{_OPTION}="):
            if word.value.partition("=")[2] in WILDCARDS:
                return word.start + len(_OPTION) + 1, word.end
        elif word.value == _OPTION and i + 1 < len(words) \
                and words[i + 1].value in WILDCARDS:
            return words[i + 1].start, words[i + 1].end
    return None


def ray_head_address(text: str) -> str:
    """``text`` with each ``ray start --head`` that advertises a wildcard address given the
    variable the script sets from the head node's address; FixNotApplicable when the script
    starts no such head or sets no such variable before it."""
    starts = line_starts(text)
    spans = []
    for index, line in enumerate(lines(text)):
        if "ray" not in line or line.lstrip().startswith("#"):
            continue
        span = _wildcard_value(words_of(line, starts[index]))
        if span is not None:
            spans.append((index, span))
    if not spans:
        raise FixNotApplicable("the script starts no Ray head on a wildcard address")
    for index, (start, end) in reversed(spans):  # from the end: earlier spans stay valid
        variable = _address_variable(text, index)
        if variable is None:
            raise FixNotApplicable("the script sets no variable from the head node's address "
                                   "(hostname --ip-address) before it starts the head")
        text = replace(text, start, end, f'"${variable}"')
    return text
