"""The `maple` command line. The typer application (maple_flow.cli.root) loads each command
group's module on first use; `maple generate` with plain arguments runs without typer at all
(maple_flow.cli.fast), so a fresh `maple generate` pays for neither."""

from __future__ import annotations

import functools
import gc
import importlib
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

# Nothing else is imported here: until main() runs, a Ctrl-C can only end in a traceback, so
# this module's own import is kept as short as it can be (maple_flow.errors loads on use).


def __getattr__(name: str) -> Any:
    if name == "app":  # the typer application, imported on first use
        return importlib.import_module("maple_flow.cli.root").app
    if name in ("COMMANDS", "COMMAND_MODULES"):  # the command table (maple_flow.cli.commands)
        return getattr(importlib.import_module("maple_flow.cli.commands"), name)
    raise AttributeError(f"module 'maple_flow.cli' has no attribute {name!r}")


def _register_all() -> None:
    """Import every command module now (commands otherwise load on first use)."""
    from maple_flow.cli.commands import COMMAND_MODULES

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
    from maple_flow.errors import MapleError

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


def _echo_error(text: str) -> None:
    from maple_flow.cli.fast import echo

    if "typer" in sys.modules:
        sys.modules["typer"].echo(text, err=True)
    else:
        echo(text, err=True)


def wants_json(args: list[str]) -> bool:
    """Whether a command line asks for JSON output (``--json`` before any ``--``)."""
    for arg in args:
        if arg == "--":
            return False
        if arg == "--json":
            return True
    return False


def json_error(message: str) -> None:
    """The one JSON object a ``--json`` command prints on stdout when it fails."""
    import json

    sys.stdout.write(json.dumps({"error": message}) + "\n")
    sys.stdout.flush()


def report_error(message: str, as_json: bool) -> None:
    """``error: MESSAGE`` on stderr, and with ``as_json`` ``{"error": MESSAGE}`` on stdout."""
    _echo_error(f"error: {message}")
    if as_json:
        json_error(message)


def _exit_for(exc: Exception, as_json: bool = False) -> int | None:
    """The exit status for an exception the command line reports itself, else None."""
    from maple_flow.cli.fast import Aborted

    typer = sys.modules.get("typer")  # typer's exceptions exist only once it is imported
    if typer is not None and isinstance(exc, typer.Exit):
        return int(exc.exit_code)
    if isinstance(exc, Aborted) or (typer is not None and isinstance(exc, typer.Abort)):
        _echo_error("aborted")
        if as_json:
            json_error("aborted")
        return 130
    if _is_click_error(exc):
        exc.show()  # type: ignore[attr-defined]
        if as_json:
            json_error(exc.format_message())  # type: ignore[attr-defined]
        return 2
    message = _user_error(exc)
    if message is None:
        return None
    report_error(message, as_json)
    return 2


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: Any = None, line: str | None = None) -> None:
    """maple_flow's own warnings as ``warning: ...`` lines; others as Python shows them."""
    from maple_flow.errors import MapleWarning

    if issubclass(category, MapleWarning):
        _echo_error(f"warning: {message}")
    else:
        warnings._showwarnmsg_impl(  # type: ignore[attr-defined]
            warnings.WarningMessage(message, category, filename, lineno, file, line))


@contextmanager
def _no_pydantic_plugins() -> Iterator[None]:
    """pydantic searches every installed package's entry points for plugins the first time it
    builds a validator (~5 ms in a large environment). A fast-path command validates only
    maple_flow's own models and starts no process, so it skips that search unless the user
    set PYDANTIC_DISABLE_PLUGINS; the environment is restored afterwards."""
    if "PYDANTIC_DISABLE_PLUGINS" in os.environ:
        yield
        return
    os.environ["PYDANTIC_DISABLE_PLUGINS"] = "__all__"
    try:
        yield
    finally:
        os.environ.pop("PYDANTIC_DISABLE_PLUGINS", None)


@contextmanager
def _no_cyclic_gc(until_exit: bool) -> Iterator[None]:
    """Pause the cycle collector while a fast-path command runs. Its imports create hundreds
    of thousands of objects that live until the process ends, and Python's full collection
    at exit walks them all (~10 ms of a 0.17 s `maple generate`); run as the program
    (``until_exit``), the collector stays off, since the interpreter exits next. Reference
    counting frees everything else as usual."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if not until_exit:
            gc.enable()


def main(argv: list[str] | None = None, *, fast: bool = True) -> None:
    """Entry point of the `maple` console script.

    Usage errors (unknown command or option, missing or bad value) print the usage line, a
    pointer to --help and the error on stderr, and exit 2; so do user errors (MapleError).
    ``fast=False`` always runs the typer application (the fast path gives the same result).
    Without ``argv`` main is the program (the console script, ``python -m maple_flow.cli``):
    after a fast-path command the process ends, and the cycle collector is left off.
    """
    try:  # the first statement: a Ctrl-C from here on ends in status 130, not a traceback
        code = _main(argv, fast)
    except KeyboardInterrupt:  # before click took over (imports, the fast path)
        _echo_error("aborted")
        if wants_json(sys.argv[1:] if argv is None else list(argv)):
            json_error("interrupted")
        sys.exit(130)
    # Without standalone mode click returns the code of a typer.Exit instead of raising it.
    if isinstance(code, int) and code != 0:
        sys.exit(code)


def _main(argv: list[str] | None, fast: bool) -> Any:
    """main's work: the command's result, or its failure reported and turned into an exit."""
    args = sys.argv[1:] if argv is None else list(argv)
    as_json = wants_json(args)
    unraisable = sys.unraisablehook
    sys.unraisablehook = functools.partial(_interrupt_again, unraisable)
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            code = _run(args, argv, fast)
    except Exception as exc:
        if _caused_by_ctrl_c(exc):
            raise KeyboardInterrupt from None
        status = _exit_for(exc, as_json)
        if status is None:
            if as_json:
                json_error(f"internal error: {type(exc).__name__}: {exc}")
            raise
        sys.exit(status)
    finally:
        sys.unraisablehook = unraisable
    if code == 130 and as_json:  # typer's answer to a Ctrl-C inside a command
        json_error("interrupted")
    return code


def _caused_by_ctrl_c(exc: BaseException) -> bool:
    """Whether ``exc`` wraps a KeyboardInterrupt (Python turns one raised while a class is
    created, in ``__set_name__``, into a RuntimeError)."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _interrupt_again(previous: Callable[[Any], object], hook: Any) -> None:
    """A Ctrl-C that lands in a callback Python cannot raise from (an import lock's weakref)
    is printed as "Exception ignored" with a traceback and lost; raise it again in the main
    thread instead, where main() ends the command with status 130."""
    if issubclass(hook.exc_type, KeyboardInterrupt):
        import _thread

        _thread.interrupt_main()
        return
    previous(hook)


def _run(args: list[str], argv: list[str] | None, fast: bool) -> Any:
    """Run the command: its fast path when it has one, else the typer application."""
    from maple_flow.cli.fast import fast_command

    command = fast_command(args) if fast else None
    if command is not None:
        with _no_pydantic_plugins(), _no_cyclic_gc(until_exit=argv is None):
            return command()
    from maple_flow.cli.root import app

    return app(args=argv, prog_name="maple", standalone_mode=False)
