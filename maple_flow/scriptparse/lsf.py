"""LSF batch scripts (``#BSUB``, ``jsrun``: Summit, Lassen and other IBM systems) read as a
source: each directive as the Slurm option with the same meaning, and jsrun's resource sets as
ranks and ranks per node."""

from __future__ import annotations

import re
import shlex

from maple_flow.knowledge.directives import Directive

#: A ``#BSUB`` directive line; group 1 is its words.
_LINE = re.compile(r"^\s*#BSUB\s+(.*)$")
#: LSF option -> the Slurm option it means (values converted where the forms differ).
_OPTIONS = {"-nnodes": "nodes", "-W": "time", "-P": "account", "-G": "account", "-q": "queue",
            "-J": "job-name", "-n": "ntasks", "-o": "output", "-e": "error", "-cwd": "chdir",
            "-u": "mail-user", "-oo": "output", "-eo": "error"}
#: LSF's file-name placeholders (``-o %J_%I.out``) as Slurm's: the job id and the array index.
_LSF_FILE_PATTERNS = {"%J": "%j", "%I": "%a"}
#: LSF options read elsewhere (memory: maple_flow.port.memory): no directive of their own.
_READ_ELSEWHERE = frozenset({"-M"})
#: LSF options that take no value (``#BSUB -N``: mail at the end).
_FLAGS = frozenset({"-N", "-B", "-x", "-rn", "-K", "-I", "-Is", "-r", "-H", "-csm"})
_GPU_NUM = re.compile(r"\bnum=(\d{1,3})")
_PTILE = re.compile(r"span\[ptile=(\d{1,4})\]")
#: ``-J name[1-10]%2``: a job array (its indices, at most 2 running at once); the same index
#: specification as Slurm's ``--array``.
_ARRAY_NAME = re.compile(r"^([^\[\]]*)\[([\d,:-]+)\](%\d+)?$")
#: ``span[hosts=1]``: every task of the job on one host (one node).
_ONE_HOST = re.compile(r"span\[hosts=1\]")
#: GPUs a host gives the job in the older ``-R "rusage[ngpus_physical=4]"`` form (LSF before
#: ``-gpu``; ``ngpus_excl_p``/``ngpus_shared`` on sites that named the resource so).
_RUSAGE_GPUS = re.compile(
    r"rusage\s*\[[^\]]*?\bngpus(?:_physical|_excl_p|_shared)?\s*=\s*(\d{1,3})")


def has_lsf(text: str) -> bool:
    """Whether a script has ``#BSUB`` directive lines."""
    return any(_LINE.match(line) for line in text.splitlines())


def directive_words(text: str) -> list[str]:
    """The words of every ``#BSUB`` line, in order; a line whose quotes do not close is
    passed over."""
    words: list[str] = []
    for line in text.splitlines():
        found = _LINE.match(line)
        if found:
            try:
                words += shlex.split(found.group(1), comments=True)
            except ValueError:
                continue
    return words


def _value(option: str, value: str) -> tuple[str, str] | None:
    if option == "-W":  # [H:]M
        parts = value.split(":")
        if not all(p.isdigit() for p in parts) or len(parts) > 2:
            return None
        hours, minutes = (int(parts[0]), int(parts[1])) if len(parts) == 2 else (0, int(parts[0]))
        return "time", f"{hours:02d}:{minutes:02d}:00"
    if option == "-gpu":
        num = _GPU_NUM.search(value)
        return ("gpus-per-node", num.group(1)) if num else None
    name = _OPTIONS.get(option)
    if name in {"output", "error"}:
        value = re.sub(r"%[JI]", lambda m: _LSF_FILE_PATTERNS[m.group(0)], value)
    return (name, value) if name else None


def _resources(value: str) -> list[tuple[str, str]]:
    """``-R`` requirements that state a size: ``span[ptile=N]`` (tasks per host) and the GPUs
    of ``rusage[ngpus_physical=N]``."""
    found = [("ntasks-per-node", m.group(1)) for m in [_PTILE.search(value)] if m]
    found += [("nodes", "1") for m in [_ONE_HOST.search(value)] if m]
    return found + [("gpus-per-node", m.group(1)) for m in [_RUSAGE_GPUS.search(value)] if m]


def _pairs(words: list[str]) -> list[tuple[str, str | None]]:
    """``#BSUB`` words as (option, value) pairs; a flag (``-N``) has no value."""
    out: list[tuple[str, str | None]] = []
    i = 0
    while i < len(words):
        option = words[i]
        takes = option not in _FLAGS and i + 1 < len(words)
        out.append((option, words[i + 1] if takes else None))
        i += 2 if takes else 1
    return out


def _memory_only(option: str, value: str | None) -> bool:
    """A ``-R`` requirement that only asks memory (``rusage[mem=4GB]``: port.memory reads it)."""
    return option == "-R" and bool(value) and bool(re.fullmatch(
        r"\s*rusage\s*\[\s*mem\s*=\s*[\w.]+\s*\]\s*", value or ""))


def lsf_directives(text: str) -> list[Directive]:
    """The ``#BSUB`` lines as Slurm-equivalent directives (``raw`` keeps the LSF line)."""
    found: list[Directive] = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = _LINE.match(line)
        if not match:
            continue
        try:
            words = shlex.split(match.group(1), comments=True)
        except ValueError:
            continue
        for option, value in _pairs(words):
            one = _value(option, value) if value is not None else None
            mapped = _resources(value or "") if option == "-R" else [one] if one else []
            array = _ARRAY_NAME.match(value) if option == "-J" and value else None
            if array:  # `-J name[1-10]%2`
                name, spec, limit = array.groups()
                mapped = [("job-name", name)] if name else []
                mapped.append(("array", spec + (limit or "")))
            found += [Directive("slurm", name, val, number, line, option) for name, val in mapped]
            if not mapped and option not in _READ_ELSEWHERE and not _memory_only(option, value):
                # not carried: kept as a comment with a note (port.header), never dropped
                found.append(Directive("slurm", f"bsub{option}", value, number, line, option))
    # ``-gpu num=N`` is the GPU request; an older rusage form counts only without it
    if any(d.spelled == "-gpu" for d in found):
        found = [d for d in found if not (d.spelled == "-R" and d.option == "gpus-per-node")]
    if any(d.spelled == "-nnodes" for d in found):  # Summit-style node count: it decides
        found = [d for d in found if not (d.spelled == "-R" and d.option == "nodes")]
    return found
