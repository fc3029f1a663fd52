"""A safety net run on every port (issue 14): each executable line of the source is accounted
for. A line is kept (the same shell words, its variables possibly renamed for the target's
scheduler), is the launch (rewritten by the launch stages, which say why), carries over through
what it names (an assignment whose variable the port still uses, a command whose files the port
still runs), or is named by a note that says why it was dropped. So is each directive line (kept,
verbatim or as a comment, or named by a note, unless all it asks is what the port re-chooses for
the target: size, time, account, queue, hardware) and each tool or wrapper in front of the
program on the launch line (its command word in the port or in a note; the launchers themselves
are the target's). What the port dropped with no word about it is named in one note, so that
nothing the user wrote disappears silently."""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.knowledge.directives import Directive
from maple_flow.port.header import RECHOSEN
from maple_flow.port.words import short
from maple_flow.scriptparse.launch import (
    PER_NODE_LAUNCHERS,
    PER_RANK_LAUNCHERS,
    LaunchLine,
    Stage,
)
from maple_flow.scriptparse.script import launch_command_line
from maple_flow.scriptparse.shell import logical_lines
from maple_flow.shellquote import split_words

_VAR = re.compile(r"\$\{?[A-Za-z_]\w*\}?")
_ASSIGN = re.compile(r"^(?:export\s+|declare\s+-\w+\s+|local\s+|readonly\s+)?(\w+)\+?=")
_HEREDOC_TARGET = re.compile(r"<<-?\s*['\"]?\w+['\"]?.*?>\s*(\S+)")
#: Lines that only close or continue a shape whose opening line is checked itself.
_CLOSERS = frozenset({"done", "fi", "else", "then", "do", "}", "{", "esac", ";;", ")", "wait"})


def _words(text: str) -> list[str]:
    return list(split_words(text))


@lru_cache(maxsize=8192)
def _shape(text: str) -> str:
    """A line's shell words with every variable reference the same (``$JOBID`` renamed to
    ``$PBS_JOBID`` by the port is the same line)."""
    return _VAR.sub("$V", " ".join(_words(text)))


def _named(number: int, first: str, notes: str) -> bool:
    words = _words(first)
    shape = " ".join(words)
    return (f"line {number} " in notes or first[:40] in notes or (shape and shape[:40] in notes)
            or (words[0] in ("module", "ml") and any(w in notes for w in words[2:])))


def _carried(first: str, script: str, notes: str) -> bool:
    """A heredoc whose file the port still writes; an assignment whose variable the port or a
    note still names; a command whose files (words with a dot or a slash, no variable) the
    port or a note still names."""
    written = _HEREDOC_TARGET.search(first)
    if written:  # a heredoc written to a file: carried when the port writes that file
        return bool(re.search(r">\s*" + re.escape(written.group(1)), script))
    assigned = _ASSIGN.match(first)
    if assigned:  # the name used, not only set again (``x=b`` in a kept if-block)
        used = re.compile(rf"(?<![\w$]){re.escape(assigned.group(1))}\b(?!\+?=)"
                          rf"|\${{?{re.escape(assigned.group(1))}\b")
        said = "\n".join(n for n in notes.split("\n")  # not lines quoted as kept
                          if not n.startswith(("shellcheck:", "set-up kept:")))
        return bool(used.search(script)) or assigned.group(1) in said
    files = [w for w in _words(first)
             if not w.startswith("-") and ("." in w or "/" in w) and "$" not in w]
    return bool(files) and all(f in script or f in notes for f in files)


@lru_cache(maxsize=256)
def source_launch_line(source: str) -> int | None:
    """The source's launch line (one parse a source, not one a target)."""
    return launch_command_line(source)


@lru_cache(maxsize=256)
def _executable_lines(source: str) -> tuple[tuple[int, str, str], ...]:
    """(line number, first line, its words one space apart) of each source line that has shell
    words, not a comment, a closer or the launch line: what a port must account for (one read
    a source, not one a target)."""
    launch = source_launch_line(source)
    found = []
    for number, text in logical_lines(source):
        first = text.split("\n", 1)[0].strip()
        if (not first or first.startswith("#") or number == launch
                or first.rstrip(";") in _CLOSERS or not _words(first)):
            continue
        found.append((number, first, " ".join(first.split())))
    return tuple(found)


def unaccounted_lines(source: str, script: str, notes: list[str]) -> list[tuple[int, str]]:
    """(line number, first line) of each executable source line the port neither keeps nor
    uses nor names in a note; the launch line is the launch stages' to rewrite."""
    port_lines = [text for _, text in logical_lines(script)]
    verbatim = {" ".join(text.split()) for text in port_lines}
    kept = ""  # the shapes of the port's lines, one a line
    said = "\n".join(notes)
    found = []
    for number, first, spaced in _executable_lines(source):
        if spaced in verbatim:
            continue
        kept = kept or "\n".join(_shape(t) for t in port_lines)  # made once, when needed
        if _shape(first) in kept or _named(number, first, said):
            continue
        if _carried(first, script, said):
            continue
        found.append((number, first))
    return found


def unaccounted_directives(directives: list[Directive], script: str,
                           notes: list[str]) -> list[tuple[int, str]]:
    """(line number, text) of each source directive line the port neither keeps (verbatim or
    as a comment) nor names in a note, and that asks more than the port re-chooses."""
    said = " ".join(" ".join(notes).split())
    lines: dict[int, list[Directive]] = {}
    for d in directives:
        lines.setdefault(d.line, []).append(d)
    found = []
    for number, given in sorted(lines.items()):
        raw = " ".join(given[0].raw.split())
        if raw in said or given[0].raw.strip() in script or all(
                d.option in RECHOSEN for d in given):
            continue
        found.append((number, raw))
    return found


#: Launch words the target's own launch replaces (its launchers), said by the launch notes.
_LAUNCHERS = PER_RANK_LAUNCHERS | PER_NODE_LAUNCHERS | {"jsrun", "aprun"}


def unaccounted_stages(launch: LaunchLine, line: int, script: str,
                       notes: list[str]) -> list[tuple[int, str]]:
    """(launch line, words) for each tool or wrapper in front of the source's program (not a
    launcher) whose command word is in neither the port nor a note."""
    said = "\n".join(notes)
    return [(line, f"{_stage_text(stage)} (in front of the program)") for stage in launch.stages
            if stage.name not in _LAUNCHERS
            and not all(w in script or w in said for w in _stage_words(stage))]


def _stage_text(stage: Stage) -> str:
    return " ".join(stage.operands) if stage.name == "env" and stage.operands else stage.name


def _stage_words(stage: Stage) -> list[str]:
    """The words that show a stage carried or named: its command word; for ``env X=1`` (or a
    bare ``X=1`` in front of the program) the names it sets."""
    names = [w.split("=", 1)[0] for w in stage.operands if "=" in w]
    return names if stage.name == "env" and names else [stage.name.split()[0]]


def _clip(text: str) -> str:
    return text if len(text) <= 70 else text[:67] + "..."


def unaccounted_note(lines: list[tuple[int, str]], target: str) -> list[str]:
    """One note naming the source lines the port dropped without a reason."""
    if not lines:
        return []
    quoted = ", ".join(f"line {n} `{_clip(short(text))}`" for n, text in lines)
    return [f"not in the port, and no other note says why: {quoted}; the port does not "
            f"know what they did for the job: check whether it needs them on {target} and put "
            "them back by hand if so"]


#: Assignments: ``X=``, ``export X=``, ``local``/``declare``/``readonly`` ones, ``X+=``, array
#: items, and ``for X in``, ``read X``, ``${X:=v}``, ``printf -v X``, ``getopts s X``.
_SETS = (
    # at a line's start (indented too), after a separator, a case arm's `pattern)`, a keyword
    re.compile(r"(?:^[ \t]*|[;&|(){`]\s*|\$\(\s*|\b(?:then|do|else|env|export|local|readonly"
               r"|typeset|declare(?:\s+-\w+)*)\s+)([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=", re.M),
    re.compile(r"\b(?:for|select)\s+([A-Za-z_]\w*)\s+in\b"),
    re.compile(r"\$\{([A-Za-z_]\w*):?="),
    re.compile(r"\bprintf\s+-v\s+([A-Za-z_]\w*)"),
    re.compile(r"\bgetopts\s+\S+\s+([A-Za-z_]\w*)"),
)
_READS_INTO = re.compile(r"\b(?:read|mapfile|readarray)((?:\s+(?:-\w+(?:\s+\S+)?|[A-Za-z_]\w*))+)")
#: A variable read: ``$X``, ``${X}``, ``${X[...]}``, ``${X%...}``; not ``${X:-v}``,
#: ``${X-v}``, ``${X:=v}``, ``${X:+v}``: those stand without X.
_READ = re.compile(r"\$(?:\{([A-Za-z_]\w*)([^}]*)\}|([A-Za-z_]\w*))")
_DEFAULTED = re.compile(r"^(?:\[[^\]]*\])?:?[-=+]")
#: What the scheduler, the launcher, the login or the node set: read from the environment.
RUNTIME = re.compile(r"^(?:SLURM_|PBS_|PALS_|PMI_|PMIX_|OMPI_|MPI_|LSB_|SGE_|JOB_|COBALT_"
                      r"|FLUX_|CUDA_VISIBLE_DEVICES$|ZE_|ROCR_|HIP_VISIBLE|HOSTNAME$|HOST$"
                      r"|HOME$|USER$|LOGNAME$|PATH$|PWD$|OLDPWD$|SHELL$|TMPDIR$|SCRATCH$"
                      r"|WORK$|PROJECT$|RANDOM$|SECONDS$|LINENO$|BASH|IFS$|UID$|EUID$"
                      r"|CONDA_|VIRTUAL_ENV$|MODULE|LMOD|TACC_|NERSC_|ALCF_|LD_LIBRARY_PATH$"
                      r"|PYTHONPATH$|MANPATH$|CPATH$|LIBRARY_PATH$|PKG_CONFIG_PATH$|OMP_NUM_THREADS$)")
_QUOTED_SINGLE = re.compile(r"'[^'\n]*'")


#: A quoted heredoc's opening (``<<'EOF'``, ``<<-"EOF"``): group 2 its closing word.
_QUOTED_HEREDOC = re.compile(r"<<-?\s*(['\"])(\w+)\1")


@lru_cache(maxsize=1024)
def _code(text: str) -> tuple[tuple[int, str], ...]:
    """The script's lines (number, text) with comment lines and quoted heredoc bodies out
    (the batch shell does not expand them); kept per text (a port is read more than once)."""
    lines, closing = [], ""
    for number, raw in enumerate(text.splitlines(), 1):
        if closing:
            if raw.strip() == closing:
                closing = ""
            continue
        m = _QUOTED_HEREDOC.search(raw) if "<<" in raw else None
        if m:
            closing = m.group(2)
        if raw.lstrip().startswith("#"):
            continue
        lines.append((number, raw))
    return tuple(lines)


def set_names(text: str) -> set[str]:
    """The variables ``text`` assigns anywhere (any form the shell has)."""
    return set(_set_names(text))


@lru_cache(maxsize=512)
def _set_names(text: str) -> frozenset[str]:
    """:func:`set_names`, memoised (a source is read once for each of its targets)."""
    body = "\n".join(raw for _, raw in _code(text))
    names = {m.group(1) for rx in _SETS for m in rx.finditer(body)}
    for m in _READS_INTO.finditer(body):
        names.update(w for w in m.group(1).split() if re.fullmatch(r"[A-Za-z_]\w*", w))
    return frozenset(names)


def read_names(text: str) -> set[str]:
    """The variables ``text`` reads where no default stands for them (``${X:-v}`` does not read
    X in that sense), outside single quotes (literal there: ``'${now:%H}'`` is Hydra's)."""
    found = set()
    for m in _READ.finditer(_QUOTED_SINGLE.sub("''", text)):
        if not (m.group(1) and _DEFAULTED.match(m.group(2))):
            found.add(m.group(1) or m.group(3))
    return found


def unset_reads(source: str, script: str) -> list[tuple[str, int, str, int, str]]:
    """(name, port line, its text, source line, its text) for each variable the port reads
    that the source set and the port sets nowhere: the line that gave it its value was
    dropped while a kept line still reads it (empty, or the job stops under ``set -u``)."""
    given = _set_names(source)
    have = _set_names(script)
    if given <= have:  # every name the source sets, the port sets too: none to look for
        return []
    found: dict[str, tuple[int, str]] = {}
    for number, raw in _code(script):
        for m in _READ.finditer(_QUOTED_SINGLE.sub("''", raw)):
            name = m.group(1) or m.group(3)
            if (m.group(1) and _DEFAULTED.match(m.group(2))) or name in found:
                continue
            if name in given and name not in have and not RUNTIME.match(name):
                found[name] = (number, raw.strip())
    out, source_lines = [], _code(source) if found else []
    for name, (number, raw) in found.items():
        at = next(((n, r.strip()) for n, r in source_lines
                   if any(m.group(1) == name for rx in _SETS for m in rx.finditer(r))),
                  (0, ""))
        out.append((name, number, raw, at[0], at[1]))
    return out


def unset_reads_note(found: list[tuple[str, int, str, int, str]], target: str) -> list[str]:
    """One note naming the variables the port reads but no longer sets."""
    if not found:
        return []
    said = "; ".join(
        f"${name} (read at line {n} of the port, `{_clip(text)}`"
        + (f"; the source sets it at its line {m}, `{_clip(src)}`)" if m else
           "; the source sets it)")
        for name, n, text, m, src in found)
    return [f"variables the port reads but sets nowhere, though the source sets them: {said}; "
            f"on {target} they are empty where the source had a value (a job under `set -u` "
            "stops there): put the lines that set them back, or set them by hand"]
