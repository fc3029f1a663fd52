"""GPU models a source script may ask for by name (``templates/sites/gpu_models.yaml``): the
memory sizes each is made in, to compare a source's GPU request with a target's GPU."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict


class GpuModel(Strict):
    """One GPU model, as its maker's data sheet states."""

    name: str = Field(min_length=1)
    #: The words a request writes it with (``a100``, ``v100l``, ``rtx3090``), lower case.
    tokens: list[str] = Field(min_length=1)
    #: The memory sizes it is made in (GB per GPU), smallest first.
    memory_gb: list[int] = Field(min_length=1)
    source: str = Field(min_length=1)


class _ModelFile(Strict):
    models: dict[str, GpuModel]


@cache
def gpu_models() -> dict[str, GpuModel]:
    """Every model of the data file, by id."""
    return template_data(_ModelFile, "sites", "gpu_models.yaml").models


#: A memory size right after a model's token: ``a100_80``, ``a100-40gb``, ``a100m40``.
_SIZE_AFTER = r"(?=(?:[_.-]|m(?=\d))?[1-9]\d{1,2}g?b?\b)"


@lru_cache(maxsize=1024)
def model_named(value: str) -> tuple[str, GpuModel] | None:
    """The model a request value names (``gpu:a100:4``, ``v100l:1``, ``a100_80``,
    ``a100m40`` (a memory suffix written with an ``m``, as NTNU IDUN's gres types are),
    ``gpu-a100-q``), longest token first; None when it names none."""
    found: list[tuple[int, str, GpuModel]] = []
    for key, model in gpu_models().items():
        for token in model.tokens:
            if re.search(rf"(?i)(?<![a-z0-9]){re.escape(token)}(?![a-z0-9])", value) or \
                    re.search(rf"(?i)(?<![a-z0-9]){re.escape(token)}{_SIZE_AFTER}", value):
                found.append((len(token), key, model))
    if not found:
        return None
    _, key, model = max(found, key=lambda f: f[0])
    return key, model


def model_of_profile(model: str) -> str | None:
    """The id of the model a cluster profile's ``gpu.model`` names (``A100-SXM4-40GB``);
    None when the data file has none of its tokens."""
    named = model_named(model.replace(" ", "-"))
    return named[0] if named else None


__all__ = ["GpuModel", "gpu_models", "model_named", "model_of_profile"]
