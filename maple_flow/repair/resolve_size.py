"""``{size:X}``: a Slurm memory directive's value in a form sbatch reads.

Slurm reads ``--mem``, ``--mem-per-cpu``, ``--mem-per-gpu`` and ``--tmp`` as a whole number
with one unit letter (K, M, G, T; a bare number is megabytes): src/common/slurm_opt.c,
COMMON_MBYTES_OPTION -> ``Invalid --mem-per-cpu specification`` (and arg_set_mem ->
``Invalid --mem specification``). ``{size:X}`` takes the option named by the match's group X,
reads the script's last directive of it and writes the same size so: ``1.5G`` -> ``1536M``,
``64GB`` -> ``64G``, ``4 G`` -> ``4G``. It is unresolved when the script sets no such directive,
when its value is empty or not a size, or when it is already valid (the bad value is
elsewhere: the command line, an SBATCH_* variable).
"""

from __future__ import annotations

import math
import re

from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.repair.unresolved import Unresolved

#: What sbatch takes: digits and at most one unit letter.
_VALID = re.compile(r"^\d+[KMGTkmgt]?$")
#: What a user means: a number (maybe a fraction), a unit with an optional i?B, spaces.
_LOOSE = re.compile(r"^(?P<num>\d+(?:\.\d+)?|\.\d+)\s*(?P<unit>[KMGTkmgt])?(?:i?[Bb])?$")
_MB = {"K": 1 / 1024, "M": 1, "G": 1024, "T": 1024 * 1024}
_OPTIONS = frozenset({"mem", "mem-per-cpu", "mem-per-gpu", "tmp"})


class SizeUnresolved(Unresolved):
    """The directive gives no size to mend."""


def size_mended(groups: dict[str, str | None] | object, script: str, arg: str) -> str:
    """The memory directive named by group ``arg`` written as sbatch reads it."""
    option = (groups.get(arg) if isinstance(groups, dict) else None) or arg.replace("_", "-")
    option = option.lstrip("-").lower()
    if option not in _OPTIONS:
        raise SizeUnresolved(f"--{option} is not a memory size option")
    value = last_value(parse_directives(script, "slurm"), option)
    if value is None:
        raise SizeUnresolved(f"the script sets no --{option}: the bad value is not in it")
    plain = value.strip().strip("'\"").strip()
    if not plain:
        raise SizeUnresolved(f"the script's --{option} is empty")
    if _VALID.match(plain):
        raise SizeUnresolved(f"the script's --{option}={plain} is valid: the bad value is "
                             "elsewhere")
    found = _LOOSE.match(plain)
    if not found:
        raise SizeUnresolved(f"--{option}={plain} is not a size")
    number = float(found.group("num"))
    unit = (found.group("unit") or "M").upper()
    if number.is_integer():
        return f"{int(number)}{unit}"
    megabytes = math.ceil(number * _MB[unit])
    if megabytes <= 0:
        raise SizeUnresolved(f"--{option}={plain} is no memory")
    return f"{megabytes}M"
