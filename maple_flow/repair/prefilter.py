"""A literal prefilter for the knowledge base's signatures: what text every match of a pattern
must contain, so that a pattern whose literals a log lacks is neither compiled nor searched.

Compiling the ~1,700 signature patterns was most of a fresh diagnosis's time (s39: ~0.5 s
of 1.17 s), and most of them cannot match a given log. ``needs(pattern)`` reads the pattern's
parse tree: runs of literal characters, the literals of a group, of a repeat taken at least
once, and of every branch of an alternation (one of them) are required. ``may_match`` is False
only when a view lacks one of those requirements - then the regular expression finds no match
there either (tests/test_repair_prefilter.py checks this against the compiled patterns of
every record). A pattern with nothing required (``\\d+``) is always searched.

Case: a literal the pattern matches ignoring case ((?i), a (?i:...) group, or a view searched
with re.I) is looked for in the view folded to lower case, and only its ASCII part counts:
under re.I an ASCII letter also matches four other characters (``\u0130``, ``\u0131``,
``\u017f``, ``\u212a``), which the fold maps to that letter, and a non-ASCII literal
character may match an ASCII one (``\u212a`` matches "k"), so it is never required.

Parsing a pattern costs most of what compiling it does, so the requirements of the knowledge
base's patterns are kept in its disk cache (``kb._load`` calls ``remember``); a pattern not
seen there is read on first use.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

try:  # the regular-expression parser and its opcodes
    import re._constants as sre_constants  # type: ignore[import-not-found, unused-ignore]
    import re._parser as sre_parse  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - Python < 3.11
    import sre_constants  # type: ignore[no-redef, unused-ignore]
    import sre_parse  # type: ignore[no-redef, unused-ignore]

#: One literal a match may contain: its exact text (None when the pattern ignores case
#: there) and its text folded (:func:`folded`; its longest ASCII run, lower case).
Literal = tuple[str | None, str]
#: What every match contains: each entry a choice of literals, one of which it contains.
Needs = tuple[tuple[Literal, ...], ...]

#: The characters re.I matches with an ASCII letter besides its own two cases.
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
#: The most requirements kept for a pattern (the most selective first).
MAX_NEEDS = 4

_LITERAL = sre_constants.LITERAL
_SUBPATTERN = sre_constants.SUBPATTERN
_BRANCH = sre_constants.BRANCH
_REPEATS = {sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT,
            *(getattr(sre_constants, name) for name in ("POSSESSIVE_REPEAT",)
              if hasattr(sre_constants, name))}
_ATOMIC = getattr(sre_constants, "ATOMIC_GROUP", None)

_table: dict[str, Needs] = {}


def _ascii_part(text: str) -> str:
    """The longest run of ASCII characters of ``text``, lower case."""
    runs = re.split(r"[^\x00-\x7f]+", text)
    return max(runs, key=len).lower()


def _literal(text: str, anycase: bool) -> Literal:
    return (None if anycase else text, _ascii_part(text))


def _strength(choice: frozenset[Literal]) -> int:
    """How selective a choice is: the shortest folded literal among its options."""
    return min(len(folded) for _, folded in choice)


def _required(items: Any, anycase: bool) -> list[frozenset[Literal]]:
    """What every match of the parsed sequence ``items`` contains (see :data:`Needs`)."""
    out: list[frozenset[Literal]] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            out.append(frozenset({_literal("".join(run), anycase)}))
            run.clear()

    for op, arg in items:
        if op == _LITERAL:
            run.append(chr(arg))
            continue
        flush()
        if op == _SUBPATTERN:
            _, add, remove, sub = arg
            inner = (anycase or bool(add & re.I)) and not remove & re.I
            out += _required(sub, inner)
        elif _ATOMIC is not None and op == _ATOMIC:
            out += _required(arg, anycase)
        elif op in _REPEATS:
            low, _, sub = arg
            if low >= 1:
                out += _required(sub, anycase)
        elif op == _BRANCH:
            options: set[Literal] = set()
            for branch in arg[1]:
                best = _best(_required(branch, anycase))
                if best is None:
                    break
                options |= best
            else:
                if options:
                    out.append(frozenset(options))
        # anything else (classes, anchors, back references, look-arounds, conditionals)
        # requires nothing here, and ends a run of literals
    flush()
    return out


def _best(choices: list[frozenset[Literal]]) -> frozenset[Literal] | None:
    useful = [c for c in choices if _strength(c) > 0]
    return max(useful, key=_strength) if useful else None


def read_needs(pattern: str) -> Needs:
    """What every match of ``pattern`` contains, read from its parse tree (the most selective
    requirements first, at most MAX_NEEDS); empty when nothing is required or the pattern
    does not parse."""
    try:
        parsed = sre_parse.parse(pattern)
        anycase = bool(parsed.state.flags & re.I)
        choices = _required(parsed, anycase)
    except (re.error, TypeError, ValueError, AttributeError, RecursionError):
        return ()
    useful = sorted({c for c in choices if _strength(c) > 0}, key=lambda c: (-_strength(c),
                                                                             sorted(c)))
    return tuple(tuple(sorted(c, key=lambda lit: (lit[1], lit[0] or ""))) for c in
                 useful[:MAX_NEEDS])


def needs(pattern: str) -> Needs:
    """:func:`read_needs` of ``pattern``, from the table the knowledge base's cache filled."""
    found = _table.get(pattern)
    if found is None:
        found = _table[pattern] = read_needs(pattern)
    return found


def table(patterns: list[str]) -> dict[str, Needs]:
    """The requirements of ``patterns`` (what the knowledge base's disk cache keeps)."""
    return {p: read_needs(p) for p in dict.fromkeys(patterns)}


def remember(known: dict[str, Needs]) -> None:
    """Take the requirements read in an earlier process (the knowledge base's cache)."""
    _table.update(known)


@lru_cache(maxsize=64)
def folded(text: str) -> str:
    """``text`` in lower case, the characters re.I matches with an ASCII letter made it."""
    return text.lower() if text.isascii() else text.translate(_FOLD).lower()


def may_match(pattern: str, view: str, anycase: bool = False) -> bool:
    """False only when ``pattern`` (searched in ``view``, ignoring case when ``anycase``)
    cannot match: the view lacks every literal of one of its requirements."""
    for choice in needs(pattern):
        if not any((folded(view).find(low) >= 0) if anycase or exact is None
                   else (exact in view) for exact, low in choice):
            return False
    return True
