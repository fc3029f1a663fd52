"""The extraction's patterns run on requests up to 8 KiB, in which read words are blanked to
spaces: a pattern that lets two whitespace runs meet around an optional token (``\\s*,?\\s*``,
``\\s*\\(?\\s*``) backtracks quadratically over a long run of blanks (0.3 s of CPU for one fuzz
request). Written ``\\s*(?:,\\s*)?`` it matches the same text in linear time. (``(?:\\s*,)?\\s*``
is linear: the group's blanks must be followed by the comma.)"""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

_TOKEN = r"(?:\\.|\[[^\]]*\]|[^\\()\[\]|])"
_QUADRATIC = re.compile(rf"\\s\*{_TOKEN}\?\\s\*")


def _patterns() -> list[tuple[str, str]]:
    found = []
    package = importlib.import_module("maple_flow.extract")
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"maple_flow.extract.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                found.append((f"{info.name}.{name}", value.pattern))
    return found


def test_the_detector_finds_the_shapes() -> None:
    for shape in (r"\d+\s*,?\s*is", r"nodes\s*\(?\s*or", r"a\s*[=:]?\s*x"):
        assert _QUADRATIC.search(shape), shape
    for linear in (r"\d+\s*(?:,\s*)?is", r"(?:\s*[=:])?\s*x", r"\s+(?:of)?\s*x"):
        assert not _QUADRATIC.search(linear), linear


@pytest.mark.parametrize(("where", "pattern"), _patterns())
def test_no_extraction_pattern_backtracks_over_blank_runs(where: str, pattern: str) -> None:
    assert not _QUADRATIC.search(pattern), where
