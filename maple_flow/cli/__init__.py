"""The `maple` command line. Each command group lives in its own module of this package."""

from __future__ import annotations

import importlib
import sys

import typer
from pydantic import ValidationError

from maple_flow.errors import MapleError

app = typer.Typer(
    name="maple",
    help=(
        "Write, check, run and repair launch scripts for distributed training on HPC GPU "
        "clusters.\n\nStart with `maple clusters` to see the ten clusters, "
        "`maple render --help` to write a script from a job description."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: Modules that register commands on ``app`` when imported (each calls ``register(app)``).
COMMAND_MODULES: tuple[str, ...] = (
    "maple_flow.cli.catalog",
    "maple_flow.cli.generate",
    "maple_flow.cli.verify",
    "maple_flow.cli.endpoints",
    "maple_flow.cli.twin",
    "maple_flow.cli.workflows",
    "maple_flow.cli.store",
    "maple_flow.cli.repair",
)


def _register_all() -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(app)


def _validation_message(exc: ValidationError) -> str:
    """One line per invalid value: which field, what is wrong."""
    parts = []
    for err in exc.errors():
        field = ".".join(str(p) for p in err["loc"]) or "value"
        parts.append(f"{field}: {err['msg']} (got {err.get('input')!r})")
    return "invalid values:\n  - " + "\n  - ".join(parts)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `maple` console script: user errors exit 2 with a message on stderr."""
    _register_all()
    try:
        code = app(args=argv, standalone_mode=False)
    except MapleError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except ValidationError as exc:
        typer.echo(f"error: {_validation_message(exc)}", err=True)
        sys.exit(2)
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        typer.echo(f"error: cannot use{where}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        typer.echo("aborted", err=True)
        sys.exit(130)
    except Exception as exc:  # click usage errors carry their own exit code and message
        import click

        if isinstance(exc, click.ClickException):
            exc.show()
            sys.exit(2)
        raise
    # Without standalone mode click returns the code of a typer.Exit instead of raising it.
    if isinstance(code, int) and code != 0:
        sys.exit(code)
