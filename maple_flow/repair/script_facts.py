"""Facts a failure signature may ask of the script, read through scriptparse (pure).

A regular expression over the text only sees one spelling (``#SBATCH --ntasks-per-node=4``);
these read what the script does, wherever and however it says it (an option on the srun
line, a variable, a task count), so a record matches users' scripts as well as maple's.
"""

from __future__ import annotations

from collections.abc import Callable

from maple_flow.errors import MapleError
from maple_flow.repair.models import ScriptFact
from maple_flow.repair.patch_layout import several_launchers_per_node
from maple_flow.scriptparse import ParsedScript, parse_script

_FACTS: dict[str, Callable[[ParsedScript], bool]] = {
    "several_launchers_per_node": several_launchers_per_node,
}


def holds(fact: ScriptFact, script: str) -> bool:
    """Whether ``fact`` holds of ``script`` (False for a script that does not parse)."""
    if not script.strip():
        return False
    try:
        parsed = parse_script(script)
    except (MapleError, ValueError, IndexError):
        return False
    return _FACTS[fact](parsed)
