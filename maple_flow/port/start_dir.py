"""Stage "notes": where the source's scheduler started the job. PBS (Torque, PBS Pro) starts a
job in the user's home directory, Slurm and the ported scripts in the directory it was
submitted from: a relative ``cd`` before any ``cd $PBS_O_WORKDIR`` led somewhere under $HOME in
the source and leads under the submit directory in the port. Said, never left silent."""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.steps import Step

#: Directives that set the start directory of a PBS job (Torque ``-d``/``-w``).
_START_DIR_OPTIONS = frozenset({"d", "w", "initdir", "workdir"})
#: A ``cd`` operand that is a relative path (not absolute, home, a variable or a quote).
_RELATIVE = re.compile(r"^(?![/~$\"'`-])[\w.]")


def home_start_note(p: ParsedScript, steps: list[Step], profile: ClusterProfile) -> list[str]:
    """The note on a PBS source whose first ``cd`` is relative to the home directory."""
    if p.scheduler != "pbs" or p.grid_engine or any(
            d.option in _START_DIR_OPTIONS for d in p.directives):
        return []
    first = next((s for s in steps if s.text.split()[:1] == ["cd"]), None)
    words = first.text.split() if first is not None else []
    if first is None or len(words) < 2 or words[1] == "." or not _RELATIVE.match(words[1]):
        return []
    where = words[1]
    return [f"line {first.line} `{first.text}` is a relative path: PBS started the job in "
            f"your home directory, so it led to $HOME/{where}; on {profile.name} the job "
            "starts in the directory you submit from: submit from your home directory, or "
            f"write `cd \"$HOME\"/{where}`"]
