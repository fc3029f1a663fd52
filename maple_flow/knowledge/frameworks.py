"""Frameworks other than PyTorch a job script can show (``templates/sites/frameworks.yaml``):
TensorFlow, Keras, JAX, RAPIDS, CuPy, MXNet. No template runs them; a port that meets one says
so instead of reading the job as PyTorch DDP."""

from __future__ import annotations

import re
from functools import cache

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict


class Framework(Strict):
    """One framework, the words that show it, and how its multi-process mode finds peers."""

    name: str
    words: list[str] = Field(min_length=1)
    cluster: str
    source: str


class Frameworks(Strict):
    frameworks: list[Framework] = Field(min_length=1)


@cache
def frameworks() -> Frameworks:
    """The data, read once."""
    return template_data(Frameworks, "sites", "frameworks.yaml")


@cache
def _word_patterns() -> tuple[re.Pattern[str], tuple[tuple[Framework, re.Pattern[str]], ...]]:
    """Every framework word as one pattern (a quick "none here"), and each word's own pattern
    in the data's order (which framework and word come first)."""
    def bounded(word: str) -> str:
        return rf"(?<![A-Za-z])(?:{word})(?![A-Za-z])"
    each = tuple((fw, re.compile(bounded(word), re.I))
                 for fw in frameworks().frameworks for word in fw.words)
    anyone = re.compile("|".join(f"(?:{bounded(w)})" for fw in frameworks().frameworks
                                 for w in fw.words), re.I)
    return anyone, each


def framework_named(text: str) -> tuple[Framework, str] | None:
    """The first framework whose words ``text`` shows, with the word as written; None when none."""
    anyone, each = _word_patterns()
    if anyone.search(text) is None:
        return None
    for fw, pattern in each:
        found = pattern.search(text)
        if found:
            return fw, found.group(0)
    return None
