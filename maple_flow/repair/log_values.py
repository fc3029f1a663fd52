"""Values a log itself prescribes: ``you need to set MPICH_GPU_SUPPORT_ENABLED=1``.

A program that knows its own fix often prints it (PETSc's GPU-aware MPI check lists, per MPI,
the variable to set and its value). A fix that exports one of those variables with another
value contradicts the log (a similar record's ``MPICH_GPU_SUPPORT_ENABLED=0`` on PETSc's
``set MPICH_GPU_SUPPORT_ENABLED=1``): such an op is dropped, never applied. Only prescriptive
wording counts (need/should/must/please/try/you can ... set/export/use): a log line that echoes
the job's current setting (``NCCL_SOCKET_IFNAME=eth0`` in a trace) prescribes nothing.
"""

from __future__ import annotations

import re

#: "you need to set NAME=VALUE", "please export NAME=VALUE", "try setting NAME=VALUE",
#: "you can set the environment variable NAME=VALUE".
PRESCRIBED = re.compile(
    r"(?i:\b(?:need|needs|should|must|please|try|you\s+can|you\s+may)\b(?:\s+to)?\s+"
    r"(?:set|export|use|setting|exporting|using)\b[^\n=]{0,40}?)"
    r"\b(?P<name>[A-Z][A-Z0-9_]{2,})=(?P<value>[^\s,;'\"()`]+?)[.]?(?=[\s,;'\"()`]|$)")


def prescribed(log_text: str) -> dict[str, set[str]]:
    """The variables the log says to set, each with the values it names."""
    found: dict[str, set[str]] = {}
    for m in PRESCRIBED.finditer(log_text):
        found.setdefault(m.group("name"), set()).add(m.group("value").strip().lower())
    return found


def contradicts(op: object, wanted: dict[str, set[str]]) -> bool:
    """Whether ``op`` exports a variable the log prescribes with a value it does not name."""
    if getattr(op, "op", "") != "export_env":
        return False
    name = str(getattr(op, "name", "") or "")
    value = str(getattr(op, "value", "") or "").strip().strip("'\"").lower()
    return name in wanted and value not in wanted[name]
