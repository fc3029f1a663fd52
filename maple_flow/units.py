"""Memory sizes as the schedulers write them, in MiB (pure).

One grammar for every scheduler: a number (``4000``, ``1.5``), an optional unit letter
``k``/``m``/``g``/``t`` (any case, powers of 1024) with an optional ``b`` or ``ib`` after it
(``32gb``, ``4GiB``), and blanks around. A lone ``b`` suffix means bytes. What differs between
schedulers is the unit of a bare number, which :data:`BARE_NUMBER_UNIT` names for each.
"""

from __future__ import annotations

import re
from typing import Literal

SizeDialect = Literal["slurm", "pbs", "lsf", "sge"]

#: The unit of a number written without one: Slurm's ``--mem=4000`` is megabytes; PBS's
#: ``mem=4000`` and Grid Engine's ``h_vmem=4000`` are bytes; LSF's ``-M 4000`` is read as
#: megabytes (the unit ``LSF_UNIT_FOR_LIMITS=MB`` gives; the port's note says it read so).
BARE_NUMBER_UNIT: dict[SizeDialect, str] = {"slurm": "m", "pbs": "b", "lsf": "m", "sge": "b"}

_UNIT_MB = {"b": 1 / 2**20, "k": 1 / 1024, "m": 1.0, "g": 1024.0, "t": 1024.0**2}
_SIZE = re.compile(r"(?i)\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*")


def size_mb(value: str | None, dialect: SizeDialect) -> float | None:
    """A memory size (``512G``, ``32gb``, ``4000``) in MiB, a bare number in ``dialect``'s
    unit; None when ``value`` is not a size."""
    found = _SIZE.fullmatch(value or "")
    if not found:
        return None
    unit = found.group(2).lower() or ("b" if found.group(3) else BARE_NUMBER_UNIT[dialect])
    return float(found.group(1)) * _UNIT_MB[unit]


__all__ = ["BARE_NUMBER_UNIT", "SizeDialect", "size_mb"]
