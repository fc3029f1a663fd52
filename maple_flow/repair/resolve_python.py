"""The site's Python module for a venv whose interpreter cannot load its libpython (s35rl36).

A venv made from a module Python links that module's ``libpythonX.Y.so``: only a module of
the same X.Y gives it back. Pure function of the profile's module names and the version the
log names (``libpython3.12.so.1.0`` -> ``3.12``).
"""

from __future__ import annotations

import re

#: The question asked when the site lists no module of the venv's version (the user's answer:
#: the module, with its version, that built the venv).
PYTHON_MODULE = "python_module"
#: Module families that give a Python interpreter at the ten sites.
PYTHON_FAMILIES = ("python", "python3", "cray-python")


def _version(name: str) -> tuple[int, ...]:
    tail = name.split("/", 1)[1] if "/" in name else ""
    return tuple(int(n) for n in re.findall(r"\d+", tail))


def python_module(available: list[str], loaded: list[str], wanted: str) -> str:
    """The module of ``available`` whose version is ``wanted`` (major.minor). ``ValueError``
    when the site lists no module of that version: loading another version, or a module
    without a version (whose default version maple does not know), would not surely give the
    venv its library, so the answer names the version instead of guessing."""
    want = tuple(int(n) for n in re.findall(r"\d+", wanted))[:2]
    if len(want) < 2:
        raise ValueError(f"no Python version in {wanted!r}")
    family = [m for m in available if m.split("/", 1)[0].lower() in PYTHON_FAMILIES]
    versioned = [m for m in family if _version(m)]
    hits = [m for m in versioned if _version(m)[:2] == want]
    if hits:
        return max(hits, key=_version)
    version = ".".join(map(str, want))
    if versioned:
        raise ValueError(f"the site lists no Python {version} module "
                         f"(only {', '.join(sorted(versioned))})")
    if family:
        raise ValueError(f"the venv needs Python {version}; the site's {family[0]!r} module "
                         "has no version in its profile: load the module (and version) that "
                         "built the venv before activating it")
    raise ValueError("the site lists no Python module")
