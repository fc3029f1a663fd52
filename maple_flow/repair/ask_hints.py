"""How a user finds a value maple asks for (s37ask): hints by the value's name.

A record that needs a value only the user has (``{ask:NAME}``, or a resolver's question) asks
for it; the question should also say where the answer is found (the command, the page).
The hints are data (``templates/asks/how_to_find.yaml``, each with its source); this module
only picks them by name, and by scheduler where a hint has a variant for one (``pbs:`` under
``account``: PBS sites have no ``sacctmgr``). Pure apart from reading that file once.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from maple_flow.paths import templates_dir


def hints_path() -> Path:
    """The shipped hint table."""
    return templates_dir() / "asks" / "how_to_find.yaml"


#: Schedulers a hint may have its own variant for (the profiles' ``scheduler`` values).
SCHEDULERS = ("slurm", "pbs")


@lru_cache(maxsize=4)
def load_scheduler_hints(path: Path | None = None) -> dict[str, dict[str, dict[str, str]]]:
    """NAME -> {"" (any scheduler) or SCHEDULER -> {"how", "source"}} of the table at ``path``
    (default: shipped)."""
    data: dict[str, Any] = yaml.safe_load((path or hints_path()).read_text(encoding="utf-8"))
    table: dict[str, dict[str, dict[str, str]]] = {}
    for name, h in (data.get("hints") or {}).items():
        table[str(name)] = {"": {"how": str(h["how"]), "source": str(h["source"])}}
        for sched in SCHEDULERS:
            if isinstance(h.get(sched), dict):
                table[str(name)][sched] = {"how": str(h[sched]["how"]),
                                           "source": str(h[sched]["source"])}
    return table


def load_hints(path: Path | None = None) -> dict[str, dict[str, str]]:
    """NAME -> {"how", "source"} of every hint's default (any scheduler) text."""
    return {name: variants[""] for name, variants in load_scheduler_hints(path).items()}


def how_to_find(needs: list[str] | tuple[str, ...],
                hints: dict[str, dict[str, str]] | None = None,
                scheduler: str | None = None) -> list[dict[str, str]]:
    """For each value in ``needs`` that the table knows: {"need", "how", "source"}, in order;
    the variant for ``scheduler`` where the shipped table has one."""
    if hints is not None:
        return [{"need": n, **hints[n]} for n in needs if n in hints]
    table = load_scheduler_hints()
    return [{"need": n, **table[n].get(scheduler or "", table[n][""])}
            for n in needs if n in table]


def question_advice(record_advice: str | None, found: list[dict[str, str]]) -> str | None:
    """The advice a question shows: the record's own, else the hints' joined text."""
    if record_advice:
        return record_advice
    return " ".join(h["how"] for h in found) or None
