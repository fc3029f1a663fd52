"""Counts written in words ("two", "a pair of", "a dozen") rewritten as digits."""

from __future__ import annotations

import re

_UNITS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
_TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
#: Idioms that stand for a count, longest first so "half a dozen" wins over "a dozen".
_IDIOMS: tuple[tuple[str, str], ...] = (
    (r"half\s+a\s+dozen", "6"),
    (r"a\s+couple\s+(?:of\s+)?dozen", "24"),
    (r"(?:a|one)\s+dozen", "12"),
    (r"two\s+dozen", "24"),
    (r"a\s+pair\s+of", "2"),
    (r"a\s+couple\s+of", "2"),
    (r"a\s+couple", "2"),
    (r"a\s+single", "1"),
    (r"a\s+lone", "1"),
    (r"one\s+hundred", "100"),
    (r"a\s+hundred", "100"),
    (r"dual", "2"),
    (r"quad", "4"),
    (r"single", "1"),
    (r"both", "2"),
)
_IDIOM_RE = [(re.compile(rf"\b{pat}\b", re.IGNORECASE), rep) for pat, rep in _IDIOMS]
_COMPOUND_RE = re.compile(
    rf"\b({'|'.join(_TENS)})(?:[\s-]+({'|'.join(k for k in _UNITS if _UNITS[k] < 10)}))?\b",
    re.IGNORECASE,
)
_UNIT_RE = re.compile(rf"\b({'|'.join(_UNITS)})\b", re.IGNORECASE)


def word_to_int(word: str) -> int | None:
    """The value of a single number word or digit string, else None."""
    low = word.lower()
    if low.isdigit() and len(low) <= 7:
        return int(low)
    if low in _UNITS:
        return _UNITS[low]
    return _TENS.get(low)


def _compound(match: re.Match[str]) -> str:
    tens = _TENS[match.group(1).lower()]
    unit = _UNITS[match.group(2).lower()] if match.group(2) else 0
    return str(tens + unit)


def words_to_digits(text: str) -> str:
    """``text`` with number words and count idioms replaced by digits.

    "a pair of nodes with four GPUs each" -> "2 nodes with 4 GPUs each". The
    indefinite article alone is left for the phrase rules ("a node", "an H100").
    """
    for pattern, rep in _IDIOM_RE:
        text = pattern.sub(rep, text)
    text = _COMPOUND_RE.sub(_compound, text)
    return _UNIT_RE.sub(lambda m: str(_UNITS[m.group(1).lower()]), text)
