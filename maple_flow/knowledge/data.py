"""Site data files under ``templates/``, read and validated by their pydantic model."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from maple_flow.paths import templates_dir
from maple_flow.yamlio import load_yaml

M = TypeVar("M", bound=BaseModel)


def template_data(model: type[M], *parts: str) -> M:
    """``templates/<parts...>`` parsed and validated as ``model``."""
    path = templates_dir().joinpath(*parts)
    return model.model_validate(load_yaml(path.read_text(encoding="utf-8")))
