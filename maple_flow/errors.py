"""The exceptions maple_flow raises. Every one carries a message a user can act on."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class MapleError(Exception):
    """Base class of every error maple_flow raises on purpose."""


class MapleWarning(UserWarning):
    """Something maple_flow skipped and went on without; the command line prints it as
    ``warning: ...``."""


class UnknownCluster(MapleError):
    """A cluster name that matches no profile id or alias."""


class ProfileError(MapleError):
    """A cluster profile or launch template on disk does not validate."""


class TemplateNotFound(MapleError):
    """No launch template matches the requested cluster, framework and strategy."""


class RenderError(MapleError):
    """A template could not be rendered (a missing value, a template bug)."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a request, with a hint that fixes it."""

    field: str
    message: str
    hint: str = ""
    code: str = ""
    scheduler_message: str = ""

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" + (f" (hint: {self.hint})" if self.hint else "")


@dataclass
class PolicyViolation(MapleError):
    """A job request breaks one or more rules of the target cluster; all are listed."""

    cluster: str
    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        lines = [f"the request does not fit {self.cluster}:"]
        lines += [f"  - {p}" for p in self.problems]
        return "\n".join(lines)


@dataclass
class MissingInformation(MapleError):
    """A request lacks fields that have no default; each names what would fill it."""

    missing: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        lines = ["the request is missing information:"]
        lines += [f"  - {name}: {how}" for name, how in self.missing.items()]
        return "\n".join(lines)


@dataclass
class Contradiction(MapleError):
    """Two statements in a request disagree (e.g. 8 GPUs across 2 nodes, 3 per node)."""

    message: str

    def __str__(self) -> str:
        return self.message


@dataclass
class NotOneJob(MapleError):
    """The request asks for many independent tasks sharing GPUs, not one distributed job."""

    phrase: str
    hint: str

    def __str__(self) -> str:
        return (f"this asks for independent tasks sharing GPUs ({self.phrase!r}), not one "
                f"distributed training job; `maple triples` writes that job:\n  {self.hint}")


class ParseError(MapleError):
    """An input script or request could not be understood."""


class CpuOnlyJob(ParseError):
    """A script that reads as a CPU-only job (a CPU Dask cluster): maple ports GPU jobs."""


class InvalidValue(MapleError, ValueError):
    """A value a job, profile or template cannot have; the message names each field."""


def _field_lines(exc: ValueError) -> list[str]:
    """``field: what is wrong (got value)`` per error of a pydantic ValidationError."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return [str(exc)]
    lines = []
    for err in errors():
        field = ".".join(str(p) for p in err.get("loc", ())) or "value"
        message = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        got = repr(err.get("input"))
        lines.append(f"{field}: {message} (got {got[:80] + '...' if len(got) > 80 else got})")
    return lines


def invalid_value(exc: ValueError, context: str = "") -> InvalidValue:
    """A ValueError (pydantic's ValidationError included) as an InvalidValue naming the field."""
    title = getattr(exc, "title", "")
    lines = _field_lines(exc)
    head = context or (f"invalid {title}" if title else "invalid value")
    if len(lines) == 1:
        return InvalidValue(f"{head}: {lines[0]}")
    return InvalidValue(head + ":\n  - " + "\n  - ".join(lines))


def api_boundary(func: Callable[P, R]) -> Callable[P, R]:
    """Make ``func`` raise only MapleError: a ValueError (e.g. a pydantic ValidationError) that
    escapes it becomes an InvalidValue naming the offending field."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except MapleError:
            raise
        except ValueError as exc:
            raise invalid_value(exc) from exc

    return wrapper
