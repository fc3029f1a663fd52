"""Which words of a request gave each field, and which were read but not used (and why)."""

from __future__ import annotations

import shlex

from maple_flow.extract.command import Command
from maple_flow.extract.scan import Scan

#: Slots of the size grammar that fill nodes and GPUs per node together.
_SIZE_SLOTS = {"total": ("nodes", "gpus_per_node"), "gpus_either": ("gpus_per_node",)}


def words_by_field(scan: Scan, command: Command | None) -> dict[str, str]:
    """Field -> the request's words it was read from ('ignored' lists words read, not used)."""
    words: dict[str, list[str]] = {}
    for name, findings in scan.found.items():
        for field in _SIZE_SLOTS.get(name, (name,)):
            for finding in findings:
                if finding.phrase not in words.setdefault(field, []):
                    words[field].append(finding.phrase)
    if "framework" in words and "strategy" not in words:
        words["strategy"] = list(words["framework"])
    if command is not None:
        program = (["python", "-m"] if command.module else []) + [command.entrypoint]
        words["entrypoint"] = [shlex.join(program)]
        if command.args:
            words["args"] = [shlex.join(command.args)]
    out = {field: "; ".join(repr(w) for w in said) for field, said in words.items()}
    if scan.ignored:
        out["ignored"] = "; ".join(f"{p!r} ({why})" for p, why in scan.ignored)
    return out
