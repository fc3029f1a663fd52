"""Parse existing Slurm and PBS launch scripts (bashlex for the shell, directives by option).

The names below are imported from their modules on first use (module ``__getattr__``): a
caller that needs only a part (``scriptparse.shell``'s command splitting, as a diagnosis
does) does not load the whole parser (s40: `maple repair --log` latency).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from maple_flow.scriptparse.facts import ScriptFacts, read_facts
    from maple_flow.scriptparse.launch import LaunchLine, Stage
    from maple_flow.scriptparse.script import ParsedScript, decode_script, parse_script
    from maple_flow.scriptparse.spec import guess_cluster, script_to_spec, spec_fields

__all__ = [
    "LaunchLine",
    "ParsedScript",
    "ScriptFacts",
    "Stage",
    "decode_script",
    "guess_cluster",
    "parse_script",
    "read_facts",
    "script_to_spec",
    "spec_fields",
]

#: The module each exported name lives in.
_HOME = {"ScriptFacts": "facts", "read_facts": "facts", "LaunchLine": "launch",
         "Stage": "launch", "ParsedScript": "script", "decode_script": "script",
         "parse_script": "script", "guess_cluster": "spec", "script_to_spec": "spec",
         "spec_fields": "spec"}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'maple_flow.scriptparse' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"maple_flow.scriptparse.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME])
