"""Another scheduler's ``-l`` resource list on an ``#SBATCH`` line written as Slurm options.

sbatch has no ``-l``; a Grid Engine or PBS list (``-l h_vmem=15G``, ``-l walltime=1:00:00``)
copied into a Slurm header stops submission. Each resource is written as the Slurm option that
says the same thing (templates/schedulers/foreign_resources.yaml), only where every word of the
line maps one-to-one; anything else is refused, so the repair asks instead.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from maple_flow.knowledge.data import template_data
from maple_flow.knowledge.directives import parse_directives
from maple_flow.models.common import Strict
from maple_flow.repair.text import FixNotApplicable

_LINE = re.compile(r"^#SBATCH[ \t]+-l[ \t]")
_SHEBANG = re.compile(r"^#!\s*/\S*(?:sh|bash)\b")
_SIZE = re.compile(r"^([1-9]\d{0,6})([KMGT])$")
_TIME = re.compile(r"^\d{1,4}(?::\d{1,2}){0,2}$")
_MEMORY = ("mem", "mem-per-cpu", "mem-per-gpu")


class _Resource(Strict):
    option: str
    kind: Literal["time", "size", "count"]
    source: str


class _File(Strict):
    resources: dict[str, _Resource]


@cache
def _table() -> dict[str, _Resource]:
    return template_data(_File, "schedulers", "foreign_resources.yaml").resources


def _value(kind: str, raw: str) -> str:
    """``raw`` written for Slurm, or FixNotApplicable when it does not map exactly."""
    if kind == "size" and _SIZE.match(raw):
        return raw
    if kind == "count" and re.fullmatch(r"[1-9]\d{0,4}", raw):
        return raw
    if kind == "time" and _TIME.match(raw):
        if ":" in raw:
            return raw
        seconds = int(raw)  # seconds there, minutes in Slurm
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    raise FixNotApplicable(f"{raw!r} has no one-to-one Slurm form")


def _items(words: list[str], has_shebang: bool) -> list[tuple[str, str]]:
    """The (Slurm option, value) pairs one foreign line's words say; refused on any other word."""
    out: list[tuple[str, str]] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "-l" and index + 1 < len(words):
            for item in words[index + 1].split(","):
                key, _, raw = item.partition("=")
                resource = _table().get(key)
                if resource is None or not raw:
                    raise FixNotApplicable(f"resource {item!r} has no one-to-one Slurm option")
                out.append((resource.option, _value(resource.kind, raw)))
            index += 2
        elif word == "-S" and index + 1 < len(words) and has_shebang:
            index += 2  # Grid Engine's job shell: the script's first line names it
        else:
            raise FixNotApplicable(f"{word!r} on a foreign #SBATCH line is not translated")
    return out


def _conflicts(text: str, items: list[tuple[str, str]], skip: set[int]) -> None:
    """Refuse when the script already asks the same thing with another value (or another
    memory option): which one the user meant is not known."""
    for d in parse_directives(text, "slurm"):
        if d.line in skip:
            continue
        for option, value in items:
            same = d.option == option or (option in _MEMORY and d.option in _MEMORY)
            if same and (d.option != option or d.value != value):
                raise FixNotApplicable(f"the script also sets --{d.option}={d.value}")


_GB = {"K": 1 / 1024 ** 2, "M": 1 / 1024, "G": 1, "T": 1024}


def _cpus_per_node(text: str, skip: set[int]) -> int:
    """The CPUs per node the script's Slurm directives ask (tasks per node x CPUs per task)."""
    given = {d.option: d.value for d in parse_directives(text, "slurm") if d.line not in skip}

    def count(option: str) -> int:
        value = given.get(option) or ""
        return int(value) if value.isdigit() and int(value) > 0 else 0

    nodes = count("nodes") or 1
    tasks = count("ntasks-per-node") or (count("ntasks") + nodes - 1) // nodes or 1
    return tasks * (count("cpus-per-task") or 1)


def _fits(text: str, items: list[tuple[str, str]], skip: set[int],
          node_memory_gb: int | None) -> None:
    """Refuse a per-CPU size that asks more memory per node than the site's node has."""
    for option, value in items:
        if option != "mem-per-cpu" or not node_memory_gb:
            continue
        found = _SIZE.match(value)
        assert found is not None
        asked = int(found.group(1)) * _GB[found.group(2)] * _cpus_per_node(text, skip)
        if asked > node_memory_gb:
            raise FixNotApplicable(f"--mem-per-cpu={value} on this job's CPUs asks {asked:g} GB "
                                   f"a node, more than the site's {node_memory_gb} GB")


def foreign_resources(text: str, node_memory_gb: int | None = None) -> str:
    """``text`` with each ``#SBATCH -l ...`` line written as the Slurm options it means; a
    per-slot size is refused when it asks more per node than ``node_memory_gb``."""
    parts = text.split("\n")
    has_shebang = bool(parts) and _SHEBANG.match(parts[0]) is not None
    found = {n: _items(line.split()[1:], has_shebang)
             for n, line in enumerate(parts, 1) if _LINE.match(line)}
    if not found:
        raise FixNotApplicable("no #SBATCH line carries a -l resource list")
    every = [item for items in found.values() for item in items]
    if len({o for o, _ in every}) != len(every):
        raise FixNotApplicable("one option is asked twice on the foreign lines")
    _conflicts(text, every, set(found))
    _fits(text, every, set(found), node_memory_gb)
    have = {(d.option, d.value) for d in parse_directives(text, "slurm") if d.line not in found}
    out: list[str] = []
    for number, line in enumerate(parts, 1):
        if number not in found:
            out.append(line)
            continue
        out.extend(f"#SBATCH --{o}={v}" for o, v in found[number] if (o, v) not in have)
    return "\n".join(out)
