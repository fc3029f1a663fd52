"""Parse existing Slurm and PBS launch scripts (bashlex for the shell, directives by option)."""

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
