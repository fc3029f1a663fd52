"""maple_flow: write, check and repair launch scripts for distributed training on HPC clusters.

The public names are imported on first use, so ``import maple_flow.errors`` (or the CLI) does
not pay for the whole package.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from maple_flow.version import __version__

if TYPE_CHECKING:
    from maple_flow.errors import MapleError, MissingInformation
    from maple_flow.extract import extract
    from maple_flow.generate import GenerateResult, generate, generate_from_spec
    from maple_flow.models import JobSpec
    from maple_flow.port.api import PortResult, port
    from maple_flow.render import render
    from maple_flow.triples.job import TriplesJob, render_triples
    from maple_flow.triples.verify import verify_triples

#: Public name -> the module that defines it.
_LAZY: dict[str, str] = {
    "GenerateResult": "maple_flow.generate",
    "JobSpec": "maple_flow.models",
    "MapleError": "maple_flow.errors",
    "MissingInformation": "maple_flow.errors",
    "PortResult": "maple_flow.port.api",
    "extract": "maple_flow.extract",
    "generate": "maple_flow.generate",
    "generate_from_spec": "maple_flow.generate",
    "port": "maple_flow.port.api",
    "render": "maple_flow.render",
    "TriplesJob": "maple_flow.triples.job",
    "render_triples": "maple_flow.triples.job",
    "verify_triples": "maple_flow.triples.verify",
}

__all__ = [
    "GenerateResult",
    "JobSpec",
    "MapleError",
    "MissingInformation",
    "PortResult",
    "TriplesJob",
    "__version__",
    "extract",
    "generate",
    "generate_from_spec",
    "port",
    "render",
    "render_triples",
    "verify_triples",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'maple_flow' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


class _Package(ModuleType):
    """Keeps ``maple_flow.port.api`` (and the other public functions named like their modules)
    the function: importing the submodule ``maple_flow.port.api`` must not rebind the name."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _LAZY and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
