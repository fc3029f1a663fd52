"""Where maple_flow's data folders live, in a source checkout and in an installed wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_DATA_FOLDERS = ("templates", "endpoints", "miniapps", "workflows")


@cache
def data_dir(name: str) -> Path:
    """Return the folder ``name`` (templates, endpoints, miniapps, workflows).

    A source checkout (or an editable install) reads the top-level folder of the repository;
    a wheel carries the same folders under ``maple_flow/_data``.
    """
    if name not in _DATA_FOLDERS:
        raise ValueError(f"unknown data folder {name!r}; expected one of {_DATA_FOLDERS}")
    for candidate in (_PACKAGE.parent / name, _PACKAGE / "_data" / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"maple_flow data folder {name!r} is missing from the installation")


def templates_dir() -> Path:
    """The folder with cluster profiles (``clusters/``) and launch templates (``launch/``)."""
    return data_dir("templates")


def miniapps_dir() -> Path:
    """The folder with the verification mini-apps."""
    return data_dir("miniapps")


def endpoints_dir() -> Path:
    """The folder with the endpoint registry and the Globus Compute endpoint configs."""
    return data_dir("endpoints")
