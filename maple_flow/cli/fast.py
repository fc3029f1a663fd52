"""The fast path of the `maple` command: a command that has one (`generate`), called with
plain arguments (its one positional text, its own options, each at most once), runs from its
CommandSpec without importing typer (typer, its click and the pydantic adapters it builds
for each parameter cost ~20 ms of a fresh `maple generate`).

Anything else returns None and the full typer CLI runs: help, unknown or repeated options,
``--opt=value`` forms, a missing or extra argument, an option value that starts with ``-``,
shell completion, arguments that are not valid UTF-8, standard streams click would rewrap.
Output, exit codes and messages are the typer command's (tests/test_cli_fast.py compares
them byte for byte).
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from maple_flow.cli.spec import CommandSpec, Param

#: What click's echo removes from text written to something that is not a terminal.
_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")
#: The variable that asks click for shell completion (typer's default for prog "maple").
_COMPLETE_VAR = "_MAPLE_COMPLETE"


def _fast_specs() -> dict[str, CommandSpec]:
    """The commands that have a fast path, by name."""
    from maple_flow.cli.generate_spec import GENERATE

    return {GENERATE.name: GENERATE}


def _plain_stream(stream: Any) -> bool:
    """Whether click would write to ``stream`` as it is (a text stream with an encoding other
    than ASCII and an error handler), so writing to it here gives the same bytes."""
    encoding = getattr(stream, "encoding", None)
    if not encoding or getattr(stream, "errors", None) is None:
        return False
    if os.name == "nt" or type(stream).__module__.startswith("ipykernel."):
        return False  # click wraps Windows consoles and keeps ANSI codes for Jupyter
    try:
        return codecs.lookup(encoding).name != "ascii"
    except LookupError:
        return False


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except Exception:
        return False


def echo(message: str | None = None, nl: bool = True, err: bool = False) -> None:
    """``typer.echo`` for text on a plain stream: the newline, ANSI codes removed when the
    stream is not a terminal, a flush."""
    stream = sys.stderr if err else sys.stdout
    out = (message or "") + "\n" if nl else message
    if not out:
        stream.flush()
        return
    if not _isatty(stream):
        out = _ANSI.sub("", out)
    stream.write(out)
    stream.flush()


def prompt(text: str) -> Any:
    """``typer.prompt`` (typer is imported only when a question is asked)."""
    import typer

    return typer.prompt(text)


def _option_value(param: Param, value: str) -> Any:
    """The value of an option, or None where typer must judge it."""
    if param.kind != "path" or not value or value.startswith("-"):
        return None
    path = Path(value)
    if os.path.exists(path) and not os.access(path, os.R_OK):
        return None  # typer reports "... is not readable"
    return path


def parse(spec: CommandSpec, args: list[str]) -> dict[str, Any] | None:
    """``args`` (after the command name) as the command's values, or None when they are not
    plain enough to be read here exactly as typer would."""
    options = {name: p for p in spec.params for name in p.names}
    values: dict[str, Any] = {p.dest: p.default for p in spec.params if not p.required}
    positional = [p for p in spec.params if p.required]
    seen: set[str] = set()
    texts: list[str] = []
    tokens = iter(args)
    for token in tokens:
        param = options.get(token)
        if param is None:
            if token.startswith("-"):
                return None
            texts.append(token)
            continue
        if param.dest in seen:
            return None
        seen.add(param.dest)
        if param.kind == "flag":
            values[param.dest] = True
            continue
        value = _option_value(param, next(tokens, ""))
        if value is None:
            return None
        values[param.dest] = value
    if len(texts) != len(positional) or len(positional) != 1:
        return None
    values[positional[0].dest] = texts[0]
    return values


def _encodable(args: list[str]) -> bool:
    try:
        for arg in args:
            arg.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def fast_command(args: list[str]) -> Callable[[], int | None] | None:
    """A call that runs ``maple ARGS`` without typer, or None when typer must run it."""
    spec = _fast_specs().get(args[0]) if args else None
    if spec is None or os.environ.get(_COMPLETE_VAR):
        return None
    if not (_plain_stream(sys.stdout) and _plain_stream(sys.stderr) and _encodable(args)):
        return None
    values = parse(spec, args[1:])
    if values is None:
        return None
    return lambda: _run(spec, values)


def _run(spec: CommandSpec, values: dict[str, Any]) -> int | None:
    """Run the command as typer's main loop would: Ctrl-C exits 130, a closed pipe exits 1
    quietly, end of input aborts."""
    try:
        spec.run(values, echo, prompt)
    except KeyboardInterrupt:
        return 130
    except EOFError:
        sys.stderr.write("\n")
        sys.stderr.flush()
        raise Aborted() from None
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        sys.stdout = _QuietFlush(sys.stdout)
        sys.stderr = _QuietFlush(sys.stderr)
        return 1
    return None


class Aborted(Exception):
    """End of input on the fast path (typer raises Abort there); main says "aborted"."""


class _QuietFlush:
    """A stream whose flush ignores a closed pipe, so the interpreter's last flush of a
    reader that went away prints nothing (click's PacifyFlushWrapper)."""

    def __init__(self, wrapped: IO[str]) -> None:
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)
