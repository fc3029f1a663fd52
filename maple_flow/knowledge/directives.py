"""Parse the scheduler directives (``#SBATCH`` / ``#PBS``) at the top of a batch script.

Pure functions. Like sbatch and qsub, parsing stops at the first executable line. Every
option is reported under its long name (``-N 2`` and ``--nodes=2`` both give ``nodes``);
PBS ``-l`` resources are reported one by one under the resource name (``select``,
``walltime``, ``filesystems``, ``place``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from maple_flow.models.common import scheduler_walltime_seconds
from maple_flow.shellquote import split_words

SLURM_SHORT: dict[str, str] = {
    "A": "account", "B": "extra-node-info", "C": "constraint", "D": "chdir", "G": "gpus",
    "H": "hold", "J": "job-name", "L": "licenses", "M": "clusters", "N": "nodes",
    "O": "overcommit", "Q": "quiet", "S": "core-spec", "W": "wait", "a": "array",
    "b": "begin", "c": "cpus-per-task", "d": "dependency", "e": "error", "i": "input",
    "k": "no-kill", "m": "distribution", "n": "ntasks", "o": "output", "p": "partition",
    "q": "qos", "s": "oversubscribe", "t": "time", "v": "verbose", "w": "nodelist",
    "x": "exclude",
}
#: Other spellings sbatch accepts for an option, reported under its documented name
#: (``--tasks-per-node`` is sbatch's alias of ``--ntasks-per-node``).
SLURM_ALIASES: dict[str, str] = {"tasks-per-node": "ntasks-per-node"}
#: Slurm options that never take a value (``--exclusive`` takes an optional one via ``=``).
SLURM_FLAGS = frozenset({
    "exclusive", "requeue", "no-requeue", "hold", "overcommit", "contiguous", "spread-job",
    "use-min-nodes", "wait", "parsable", "test-only", "verbose", "quiet", "ignore-pbs",
    "oversubscribe", "no-kill", "get-user-env",
})
PBS_SHORT: dict[str, str] = {
    "A": "account", "q": "queue", "N": "job-name", "j": "join", "k": "keep", "o": "output",
    "e": "error", "v": "variables", "W": "attributes", "r": "rerunnable", "M": "mail-users",
    "m": "mail-options", "J": "array", "S": "shell", "p": "priority", "a": "begin",
    "P": "account",  # PBS Pro's project, what sites such as NCI and NSCC charge the job to
}
PBS_FLAGS = frozenset({"V", "I", "X", "h", "z"})

Kind = Literal["slurm", "pbs"]
_PREFIX = {"slurm": "#SBATCH", "pbs": "#PBS"}
#: Directive prefixes of schedulers whose options the port does not read, and their names.
UNREAD_SCHEDULERS = {"#$": "Grid Engine", "#PJM": "Fujitsu PJM", "#@": "LoadLeveler",
                     "#MSUB": "Moab", "#COBALT": "Cobalt", "#OAR": "OAR", "#MOAB": "Moab",
                     "#FLUX:": "Flux", "#JSUB": "Jhinno JH UniScheduler"}
#: A directive line of any batch scheduler a source script may come from: the ones read
#: (Slurm, PBS, LSF) and the ones above.
_ANY_DIRECTIVE = re.compile(
    r"^\s*(?:" + "|".join(re.escape(p) for p in ("#SBATCH", "#PBS", "#BSUB", "#FLUX",
                                                   *UNREAD_SCHEDULERS)) + r")(?![A-Za-z0-9_])")

#: A directive the scheduler reads as a comment: a blank after the ``#`` (``# SBATCH
#: --ntasks=16``) or a doubled ``#`` (``##SBATCH``); its scheduler in group 1, its options in 2.
INERT_DIRECTIVE = re.compile(r"^[ \t]*#(?:[ \t]+|#+[ \t]*)(SBATCH|PBS|BSUB)[ \t]+(\S.*)$", re.M)

#: Fujitsu PJM's time limit in a ``-L``/``--rsc-list`` resource list: ``elapse=4:00:00``,
#: ``"rscgrp=x,elapse=10:00"``; its value is ``[[hour:]minute:]second`` (Fujitsu Technical
#: Computing Suite, Job Operation Software: pjsub ``-L elapse=``).
_PJM_ELAPSE = re.compile(r"""^#PJM\s.*?(?:-L|--rsc-list)\s*["']?(?:[\w-]+=[^,"'\s]*,)*"""
                         r"""elapse=(\d+(?::\d+){0,2})\b""")


def pjm_walltime(lines: list[str]) -> tuple[int, str] | None:
    """(seconds, the directive) of the source's Fujitsu PJM time limit (``#PJM -L
    "elapse=4:00:00"``), or None when it sets none."""
    for line in lines:
        found = _PJM_ELAPSE.match(line.strip())
        if found:  # PJM's elapse reads as PBS's walltime: [[hours:]minutes:]seconds
            seconds = scheduler_walltime_seconds(found.group(1), "pbs")
            if seconds:
                return seconds, line.strip()
    return None


#: Job variables of other schedulers written in an output/error path, as Slurm's file-name
#: patterns (sbatch expands no shell variable in a directive: ``%j`` is how it names the job).
FILE_PATTERN_VARS: dict[str, dict[str, str]] = {
    "pbs": {"PBS_JOBID": "%j", "PBS_JOBNAME": "%x", "PBS_ARRAYID": "%a",
            "PBS_ARRAY_INDEX": "%a", "PBS_ARRAY_ID": "%A"},
    "sge": {"JOB_ID": "%j", "JOB_NAME": "%x", "TASK_ID": "%a", "SGE_TASK_ID": "%a"},
}
#: The submit directory's variable: a path under it is the same path relative (where sbatch
#: writes a relative output path).
_SUBMIT_DIR_VARS = {"pbs": "PBS_O_WORKDIR", "sge": "SGE_O_WORKDIR"}
_SHELL_VAR = re.compile(r"\$(?:\{(\w+)\}|(\w+))")


def slurm_file_pattern(value: str, scheduler: str) -> str:
    """An output/error path of ``scheduler`` with its job variables (``$PBS_JOBID``,
    ``${JOB_NAME}``) as Slurm's file-name patterns and a leading submit directory dropped;
    other variables stay as written."""
    submit = _SUBMIT_DIR_VARS.get(scheduler)
    if submit:
        value = re.sub(rf"^\$(?:\{{{submit}\}}|{submit}\b)/", "", value)
    table = FILE_PATTERN_VARS.get(scheduler, {})
    return _SHELL_VAR.sub(lambda m: table.get(m.group(1) or m.group(2), m.group(0)), value)


def is_directive_line(line: str) -> bool:
    """Whether ``line`` is a directive of any batch scheduler (``#SBATCH``, ``#PBS``, ``#BSUB``,
    and those of :data:`UNREAD_SCHEDULERS`)."""
    return bool(_ANY_DIRECTIVE.match(line))


def is_header_line(line: str) -> bool:
    """A directive of any scheduler, or a ``#!`` interpreter line: the script's header."""
    return line.lstrip().startswith("#!") or is_directive_line(line)


@dataclass(frozen=True)
class Directive:
    """One scheduler option from a directive line."""

    scheduler: Kind
    option: str
    value: str | None
    line: int
    raw: str
    spelled: str = ""


def detect_scheduler(text: str) -> Kind | None:
    """``slurm`` or ``pbs`` by the directives present (the more numerous wins), else None."""
    slurm = len(re.findall(r"^\s*#SBATCH\b", text, re.M))
    pbs = len(re.findall(r"^\s*#PBS\b", text, re.M))
    if not slurm and not pbs:
        return None
    return "slurm" if slurm >= pbs else "pbs"


def _directive_lines(text: str, scheduler: Kind) -> list[tuple[int, str, str]]:
    """(line number, raw line, option text) for each directive before the first command."""
    prefix = _PREFIX[scheduler]
    found: list[tuple[int, str, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or (stripped.startswith("#") and not stripped.startswith(prefix)):
            continue
        if not stripped.startswith(prefix):
            break  # the first executable line ends the directives, as in sbatch and qsub
        rest = stripped[len(prefix):]
        if rest and not rest[0].isspace():
            continue  # e.g. "#SBATCHX": not a directive
        found.append((number, raw, rest.strip()))
    return found


def _split(options: str) -> list[str]:
    return list(split_words(options))  # an unbalanced quote: split at whitespace, keep going


def _slurm_options(words: list[str]) -> list[tuple[str, str | None, str]]:
    out: list[tuple[str, str | None, str]] = []
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word.startswith("--"):
            name, eq, value = word[2:].partition("=")
            name = SLURM_ALIASES.get(name, name)
            if eq:
                out.append((name, value, word))
            elif name in SLURM_FLAGS or i >= len(words) or words[i].startswith("-"):
                out.append((name, None, word))
            else:
                out.append((name, words[i], word))
                i += 1
        elif word.startswith("-") and len(word) >= 2:
            long = SLURM_SHORT.get(word[1], word[1])
            if len(word) > 2:
                out.append((long, word[2:].lstrip("="), word))
            elif long in SLURM_FLAGS or i >= len(words) or words[i].startswith("-"):
                out.append((long, None, word))
            else:
                out.append((long, words[i], word))
                i += 1
    return out


def _pbs_resources(value: str) -> list[tuple[str, str | None]]:
    pairs: list[tuple[str, str | None]] = []
    for part in re.split(r",(?=[A-Za-z_]+=)", value):
        name, eq, val = part.partition("=")
        if name:
            pairs.append((name.strip(), val.strip() if eq else None))
    return pairs


def _pbs_options(words: list[str]) -> list[tuple[str, str | None, str]]:
    out: list[tuple[str, str | None, str]] = []
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if not word.startswith("-") or len(word) < 2:
            continue
        letter, attached = word[1], word[2:]
        if letter in PBS_FLAGS:
            out.append((word.lstrip("-"), None, word))
            continue
        value = attached or (words[i] if i < len(words) else None)
        if not attached and value is not None:
            i += 1
        if letter == "l" and value is not None:
            out += [(name, val, "-l") for name, val in _pbs_resources(value)]
        else:
            out.append((PBS_SHORT.get(letter, letter), value, word))
    return out


def parse_directives(text: str, scheduler: Kind | None = None) -> list[Directive]:
    """Every scheduler option of ``text``'s directive block, in order."""
    kind = scheduler or detect_scheduler(text)
    if kind is None:
        return []
    parse = _slurm_options if kind == "slurm" else _pbs_options
    result: list[Directive] = []
    for number, raw, options in _directive_lines(text, kind):
        for option, value, spelled in parse(_split(options)):
            result.append(Directive(kind, option, value, number, raw, spelled))
    return result


def directives_once(text: str, scheduler: Kind | None = None) -> list[Directive]:
    """``parse_directives`` parsed once per script text and scheduler (the repair's script
    facts each read the same script): a fresh list of the cached, immutable parse."""
    return list(_directives_cached(text, scheduler))


@lru_cache(maxsize=32)
def _directives_cached(text: str, scheduler: Kind | None) -> tuple[Directive, ...]:
    return tuple(parse_directives(text, scheduler))


def last_value(directives: list[Directive], *options: str) -> str | None:
    """The value of the last directive among ``options`` (later directives win, as in sbatch)."""
    for d in reversed(directives):
        if d.option in options:
            return d.value
    return None


def cpus_per_node(directives: list[Directive]) -> int | None:
    """The CPUs per node Slurm directives ask: ``--cpus-per-task`` x ``--ntasks-per-node``
    (the last of each, 1 for one not given); None when neither is given, or when one is not a
    whole number of at least 1 (sbatch refuses it)."""
    asked = [last_value(directives, o) for o in ("cpus-per-task", "ntasks-per-node")]
    if asked == [None, None]:
        return None
    counts = [v or "1" for v in asked]
    if not all(v.isdigit() and int(v) >= 1 for v in counts):
        return None
    return int(counts[0]) * int(counts[1])
