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


def framework_named(text: str) -> tuple[Framework, str] | None:
    """The first framework whose words ``text`` shows, with the word as written; None when none."""
    for fw in frameworks().frameworks:
        for word in fw.words:
            found = re.search(rf"(?<![A-Za-z])(?:{word})(?![A-Za-z])", text, re.I)
            if found:
                return fw, found.group(0)
    return None
