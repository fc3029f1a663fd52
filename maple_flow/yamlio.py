"""YAML loading with libyaml's C loader when present (ten times faster than pure Python)."""

from __future__ import annotations

from typing import Any


def load_yaml(text: str) -> Any:
    """Parse YAML safely (no arbitrary objects), like ``yaml.safe_load``.

    PyYAML is imported on first use: a fresh `maple` whose profiles and templates come from
    the disk cache (maple_flow.diskcache) never parses YAML.
    """
    import yaml

    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(text, Loader=loader)
