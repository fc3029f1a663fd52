"""Edits of the directive block: set or remove one scheduler option, in any spelling."""

from __future__ import annotations

import re
from dataclasses import replace

from maple_flow.knowledge.directives import PBS_FLAGS, PBS_SHORT, Directive, parse_directives
from maple_flow.repair.text import (
    FixNotApplicable,
    delete_line,
    insert_line,
    lines,
)
from maple_flow.repair.text import quote_directive as quote

_PBS_LETTER = {long: letter for letter, long in PBS_SHORT.items()}
_PBS_RESOURCE_VALUE = re.compile(r"^[A-Za-z0-9_.:=+,@/-]+$")
_PREFIX = {"slurm": "#SBATCH", "pbs": "#PBS"}


def _option_text(scheduler: str, option: str, value: str | None) -> str:
    """How one option is written on a directive line (value quoted)."""
    if scheduler == "slurm":
        return f"--{option}" if value is None else f"--{option}={quote(value)}"
    if option in _PBS_LETTER or option in PBS_FLAGS:
        letter = _PBS_LETTER.get(option, option)
        return f"-{letter}" if value is None else f"-{letter} {quote(value)}"
    if value is None:
        raise FixNotApplicable(f"PBS resource {option} needs a value")
    if not _PBS_RESOURCE_VALUE.match(value):
        raise FixNotApplicable(f"PBS resource value {value!r} has characters qsub does not take")
    return f"-l {option}={value}"


def directive_line(scheduler: str, option: str, value: str | None) -> str:
    """A whole directive line setting one option."""
    return f"{_PREFIX[scheduler]} {_option_text(scheduler, option, value)}"


def _rewrite_line(scheduler: str, keep: list[Directive]) -> str:
    return f"{_PREFIX[scheduler]} " + " ".join(
        _option_text(scheduler, d.option, d.value) for d in keep
    )


def directive_block_line(scheduler: str, keep: list[Directive]) -> str:
    """One directive line that sets the options ``keep`` (each in its long spelling)."""
    return _rewrite_line(scheduler, keep)


def _drop(text: str, scheduler: str, option: str) -> tuple[str, int | None]:
    """``text`` without ``option``; the 0-based index of the line it was last on."""
    ds = parse_directives(text, scheduler)  # type: ignore[arg-type]
    hits = [d for d in ds if d.option == option]
    if not hits:
        return text, None
    last_line = hits[-1].line - 1
    for number in sorted({d.line for d in hits}, reverse=True):
        on_line = [d for d in ds if d.line == number]
        keep = [d for d in on_line if d.option != option]
        parts = lines(text)
        if keep:
            parts[number - 1] = _rewrite_line(scheduler, keep)
            text = "\n".join(parts)
        else:
            text = delete_line(text, number - 1)
            if number - 1 < last_line:
                last_line -= 1
    return text, last_line


def _insert_at(text: str, scheduler: str) -> int:
    ds = parse_directives(text, scheduler)  # type: ignore[arg-type]
    if ds:
        return max(d.line for d in ds)
    return 1 if text.startswith("#!") else 0


#: Slurm's memory options, of which sbatch takes one ("--mem, --mem-per-cpu, and
#: --mem-per-gpu are mutually exclusive").
_SLURM_MEMORY = ("mem", "mem-per-cpu", "mem-per-gpu")


def set_directive(text: str, scheduler: str, option: str, value: str | None) -> str:
    """Set ``option`` to ``value`` (a flag when None): one line, where the last one was. A
    Slurm memory option replaces the other two (sbatch takes one of them)."""
    ds = parse_directives(text, scheduler)  # type: ignore[arg-type]
    hits = [d for d in ds if d.option == option]
    rivals = [o for o in _SLURM_MEMORY if o != option] \
        if scheduler == "slurm" and option in _SLURM_MEMORY else []
    if len(hits) == 1 and hits[0].value == value and not any(d.option in rivals for d in ds):
        return text
    new = directive_line(scheduler, option, value)  # refuses what the scheduler does not take
    written = new.split("=", 1)[1] if scheduler == "pbs" and " -l " in new else None
    kept = None if any(d.option in rivals for d in ds) else _respelled(text, ds, hits, value,
                                                                        written)
    if kept is not None:
        return kept
    rival_at = None
    for rival in rivals:
        text, was = _drop(text, scheduler, rival)
        rival_at = was if was is not None else rival_at
    text, at = _drop(text, scheduler, option)
    at = rival_at if at is None else at
    return insert_line(text, _insert_at(text, scheduler) if at is None else at, new)


def _respelled(text: str, ds: list[Directive], hits: list[Directive], value: str | None,
               written: str | None = None) -> str | None:
    """``text`` with the value of the one directive in ``hits`` replaced where it is written
    (``#SBATCH -n 64  # tasks`` -> ``#SBATCH -n 32  # tasks``), keeping the user's spelling
    (``written``: the value as the scheduler takes it, a PBS resource unquoted); None when
    that is not a plain edit (several hits, other options on its line, a flag)."""
    if len(hits) != 1 or value is None or not hits[0].value:
        return None
    hit = hits[0]
    if sum(d.line == hit.line for d in ds) != 1:
        return None
    parts = lines(text)
    m = re.match(r"^(.*?)(\s+#.*)?$", parts[hit.line - 1])
    if m is None:
        return None
    body, comment = m.group(1), m.group(2) or ""
    new_value = written or quote(value)
    edited = re.sub(rf"(?<=[=\s]){re.escape(str(hit.value))}(\s*)$",
                    lambda v: new_value + v.group(1), body, count=1)
    if edited == body:
        return None
    parts[hit.line - 1] = edited + comment
    return "\n".join(parts)


def _without_chunk_resource(value: str, option: str) -> str:
    """A PBS select value without ``option=...`` in any of its chunks."""
    return "+".join(":".join(p for p in chunk.split(":") if p.split("=", 1)[0] != option)
                    for chunk in value.split("+"))


def _drop_chunk_resource(text: str, option: str) -> str:
    """``text`` without the PBS chunk resource ``option`` in its select directives."""
    ds = parse_directives(text, "pbs")
    for d in ds:
        if d.option != "select" or not d.value:
            continue
        value = _without_chunk_resource(d.value, option)
        if value != d.value:
            on_line = [replace(x, value=value) if x is d else x for x in ds if x.line == d.line]
            parts = lines(text)
            parts[d.line - 1] = _rewrite_line("pbs", on_line)
            text = "\n".join(parts)
            ds = parse_directives(text, "pbs")
    return text


def remove_directive(text: str, scheduler: str, option: str) -> str:
    """Remove every directive setting ``option`` (on PBS also a chunk resource of the select:
    ``select=2:ngpus=4`` less ``ngpus``); no-op when there is none."""
    text = _drop(text, scheduler, option)[0]
    return _drop_chunk_resource(text, option) if scheduler == "pbs" else text


def directive_value(text: str, scheduler: str, option: str) -> str | None:
    """The value of the last directive setting ``option``."""
    hits = [d for d in parse_directives(text, scheduler)  # type: ignore[arg-type]
            if d.option == option]
    return hits[-1].value if hits else None
