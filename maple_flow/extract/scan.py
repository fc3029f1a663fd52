"""A working copy of a request that phrase rules read from and blank out as they match."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from maple_flow.errors import Contradiction


@dataclass
class Finding:
    """A value for one field and the words of the request it came from."""

    value: object
    phrase: str


@dataclass
class Scan:
    """The request text (number words already digits) and what the rules found in it."""

    text: str
    found: dict[str, list[Finding]] = field(default_factory=dict)
    #: Words read and deliberately not used, each with the reason (phrase, reason).
    ignored: list[tuple[str, str]] = field(default_factory=list)

    def add(self, name: str, value: object, phrase: str) -> None:
        self.found.setdefault(name, []).append(Finding(value, phrase.strip()))

    def ignore(self, phrase: str, reason: str) -> None:
        """Record words that are read but give no field, and why."""
        self.ignored.append((phrase.strip(), reason))

    def matches(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """Matches of ``pattern``; each one the caller has read is blanked out of the text
        (all at once when the caller is done: linear in the text, however many matches)."""
        read: list[tuple[int, int]] = []
        try:
            for match in list(pattern.finditer(self.text)):
                read.append(match.span())
                yield match
        finally:
            self.blank_spans(read)

    def blank(self, start: int, end: int) -> None:
        self.blank_spans([(start, end)])

    def blank_spans(self, spans: list[tuple[int, int]]) -> None:
        """Replace each (start, end) span of the text with spaces, in one pass."""
        if not spans:
            return
        pieces, pos = [], 0
        for start, end in sorted(spans):
            start = max(start, pos)
            if end > start:
                pieces += [self.text[pos:start], " " * (end - start)]
                pos = end
        self.text = "".join([*pieces, self.text[pos:]])

    def apply(self, pattern: re.Pattern[str], on_match: Callable[[re.Match[str]], bool]) -> None:
        """Call ``on_match`` for each match; blank the match only when it returns True."""
        self.blank_spans([m.span() for m in list(pattern.finditer(self.text)) if on_match(m)])

    def value(self, name: str) -> object | None:
        """The one value found for ``name``; two different values are a Contradiction."""
        items = self.found.get(name, [])
        distinct: dict[object, Finding] = {}
        for item in items:
            distinct.setdefault(item.value, item)
        if len(distinct) > 1:
            said = "; ".join(f"{f.phrase!r} says {v}" for v, f in distinct.items())
            raise Contradiction(f"the request gives more than one {name.replace('_', ' ')}: {said}")
        return next(iter(distinct), None)

    def phrase(self, name: str) -> str:
        items = self.found.get(name, [])
        return items[0].phrase if items else ""
