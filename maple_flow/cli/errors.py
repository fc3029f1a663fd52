"""How the commands report a user's error: one line on stderr, exit status 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from pydantic import ValidationError

from maple_flow.errors import MapleError


@contextmanager
def user_errors(as_json: bool = False) -> Iterator[None]:
    """Report maple_flow and validation errors on stderr (with ``as_json`` also as a JSON
    object on stdout) and exit 2.

    SystemExit rather than typer.Exit: `maple_flow.cli.main` runs click with
    standalone_mode=False, where typer.Exit(2) becomes a return value, not an exit status.
    """
    from maple_flow.cli import report_error

    try:
        yield
    except MapleError as exc:
        report_error(str(exc), as_json)
        raise SystemExit(2) from exc
    except ValidationError as exc:
        lines = [f"  - {'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
        report_error("invalid job description:\n" + "\n".join(lines), as_json)
        raise SystemExit(2) from exc
