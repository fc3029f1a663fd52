"""Commands described once, as data: the parameters of a command (names, help, type, default)
from which both the typer command and the typer-free fast path (maple_flow.cli.fast) are built.

Nothing here imports typer: `maple generate` with plain arguments runs without it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

#: How the fast path reads a parameter: the positional text, an option with a path value, or
#: a flag. The typer command gets the same from ``annotation`` and ``default``.
Kind = Literal["text", "path", "flag"]

#: Writes one message the way ``typer.echo(message, nl=..., err=...)`` does.
Echo = Callable[..., None]
#: Asks a question on the terminal, as ``typer.prompt(text)``.
Prompt = Callable[[str], Any]


@dataclass(frozen=True)
class Param:
    """One parameter of a command: ``names`` empty for the positional argument."""

    dest: str
    names: tuple[str, ...]
    help: str
    kind: Kind
    annotation: Any
    default: Any = None

    @property
    def required(self) -> bool:
        return not self.names


@dataclass(frozen=True)
class CommandSpec:
    """A command: its name, help text (typer shows it for --help), parameters and body.

    ``run(values, echo, prompt)`` does the work; ``values`` maps each ``dest`` to its value.
    """

    name: str
    help: str
    params: tuple[Param, ...]
    run: Callable[[dict[str, Any], Echo, Prompt], None]
