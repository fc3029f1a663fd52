"""The `maple` command line. Each command group lives in its own module of this package and is
imported only when one of its commands runs (or help lists them), so `maple generate` does not
pay for Parsl, the twin or the endpoint code."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import typer
from typer.core import TyperGroup

from maple_flow.errors import MapleError

#: Command name -> the module whose ``register(app)`` adds it, in the order help lists them.
COMMANDS: dict[str, str] = {
    "clusters": "maple_flow.cli.catalog",
    "templates": "maple_flow.cli.catalog",
    "render": "maple_flow.cli.catalog",
    "generate": "maple_flow.cli.generate",
    "port": "maple_flow.cli.generate",
    "verify": "maple_flow.cli.verify",
    "batch": "maple_flow.cli.workflows",
    "revalidate": "maple_flow.cli.workflows",
    "endpoints": "maple_flow.cli.endpoints",
    "twin": "maple_flow.cli.twin",
    "repair": "maple_flow.cli.repair",
}
#: Kept for callers that listed the command modules.
COMMAND_MODULES: tuple[str, ...] = tuple(dict.fromkeys(COMMANDS.values()))


class LazyGroup(TyperGroup):
    """A typer group that imports a command's module the first time the command is asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(dict.fromkeys([*COMMANDS, *self.commands]))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            self._load(COMMANDS[cmd_name])
        return self.commands.get(cmd_name)

    def _load(self, module_name: str) -> None:
        holder = typer.Typer(add_completion=False)
        importlib.import_module(module_name).register(holder)
        group = typer.main.get_group(holder)
        for name, command in group.commands.items():
            self.add_command(command, name)


app = typer.Typer(
    name="maple",
    cls=LazyGroup,
    help=(
        "Write, check, run and repair launch scripts for distributed training on HPC GPU "
        "clusters.\n\nStart with `maple clusters` to see the ten clusters, "
        "`maple render --help` to write a script from a job description.\n\n"
        'Example: maple generate "train.py on 8 GPUs across 2 nodes on Polaris"'
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Write, check, run and repair launch scripts for distributed training on HPC clusters."""


def _register_all() -> None:
    """Import every command module now (commands otherwise load on first use)."""
    for name in COMMAND_MODULES:
        importlib.import_module(name)


def _validation_message(exc: Any) -> str:
    """One line per invalid value of a pydantic ValidationError: which field, what is wrong."""
    parts = []
    for err in exc.errors():
        field = ".".join(str(p) for p in err["loc"]) or "value"
        parts.append(f"{field}: {err['msg']} (got {err.get('input')!r})")
    return "invalid values:\n  - " + "\n  - ".join(parts)


def _is_click_error(exc: BaseException) -> bool:
    """Whether ``exc`` is a click error (typer bundles its own click; a plain click may be
    installed too, so both are recognised by their class name)."""
    return any(k.__name__ == "ClickException" for k in type(exc).__mro__)


def _user_error(exc: Exception) -> str | None:
    """The message for an error the user can fix, or None for a bug."""
    if isinstance(exc, MapleError):
        return str(exc)
    if type(exc).__name__ == "ValidationError" and hasattr(exc, "errors"):
        return _validation_message(exc)
    if isinstance(exc, OSError):
        where = f" {exc.filename}" if exc.filename else ""
        return f"cannot use{where}: {exc.strerror or exc}"
    if isinstance(exc, ValueError):
        return str(exc)
    return None


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `maple` console script.

    Usage errors (unknown command or option, missing or bad value) print the usage line, a
    pointer to --help and the error on stderr, and exit 2; so do user errors (MapleError).
    """
    try:
        code = app(args=argv, prog_name="maple", standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        typer.echo("aborted", err=True)
        sys.exit(130)
    except Exception as exc:
        if _is_click_error(exc):
            exc.show()  # type: ignore[attr-defined]
            sys.exit(2)
        message = _user_error(exc)
        if message is None:
            raise
        typer.echo(f"error: {message}", err=True)
        sys.exit(2)
    # Without standalone mode click returns the code of a typer.Exit instead of raising it.
    if isinstance(code, int) and code != 0:
        sys.exit(code)
