"""The GPU vendor a script's own settings point to (pure)."""

from __future__ import annotations

import re
from functools import lru_cache

_INTEL = re.compile(r"\b(?:ze_|ccl_|zex_|xpu|oneccl|frameworks/|gpu_tile_compact|pvc)")
_AMD = re.compile(r"\b(?:rocm|hip_|miopen|rccl|hsa_|amdgpu)")
_NVIDIA = re.compile(r"\b(?:nccl_|cuda|nvidia)")


def vendor_of_script(env: dict[str, str], modules: list[str], words: list[str]) -> str | None:
    """The GPU vendor a script's own settings point to, when it says (Intel, AMD, NVIDIA)."""
    return _vendor_of(" ".join([*env, *env.values(), *modules, *words]).lower())


@lru_cache(maxsize=1024)
def _vendor_of(text: str) -> str | None:
    """:func:`vendor_of_script` on its words joined and lower-cased, memoised: a batch asks it
    of each script once a target."""
    for vendor, pattern in (("intel", _INTEL), ("amd", _AMD), ("nvidia", _NVIDIA)):
        if pattern.search(text):
            return vendor
    return None


__all__ = ["vendor_of_script"]
