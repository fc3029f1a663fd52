"""The job script parsed by scriptparse, as the repair's facts and patches read it (pure)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from maple_flow.errors import MapleError
from maple_flow.repair.text import FixNotApplicable

if TYPE_CHECKING:  # the parser is imported on first use (s40: `maple repair --log` latency)
    from maple_flow.scriptparse import ParsedScript


def parse_or_refuse(text: str) -> ParsedScript:
    """``text`` parsed; FixNotApplicable (why) when it does not parse: no edit is made then."""
    from maple_flow.scriptparse import parse_script

    try:
        return parse_script(text)
    except MapleError as exc:
        raise FixNotApplicable(f"the script cannot be parsed: {exc}") from exc


@lru_cache(maxsize=32)
def parsed_or_none(script: str) -> ParsedScript | None:
    """The script parsed once for all the facts a diagnosis asks of it (None: it does not
    parse; no fact changes the parsed script)."""
    from maple_flow.scriptparse import parse_script

    try:
        return parse_script(script)
    except (MapleError, ValueError, IndexError):
        return None
