"""Entity-anchored diagnosis: an error line of the log that names something the script contains.

A new phrasing of a failure needs no record of its own when its error line names a thing the
job script holds - a module of a ``module load`` line, a path the script sources, enters or
runs, a command it runs, an option or directive value, the value of an environment variable
it sets, a host. The records of this kind (``anchor`` set, templates/failures/
entity_anchored.yaml) hold only the generic phrase around the thing (``<X>: No such file or
directory``, ``<X>: command not found``, ``Unable to find address for: <X>``), its named group
``e`` the thing. A record acts only when that thing is found, through scriptparse, at exactly
one line of the script (whatever the script's variable names); its fix then edits that line
(``{m.line}``, ``{m.e}``: the thing as the script writes it) or asks the user for the value
(``{ask:...}``). Never on a log that ends in an exception of the user's program
(program_error.program_failure): an entity named there is the program's, not the launch's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from maple_flow.knowledge.directives import parse_directives
from maple_flow.models import ClusterProfile
from maple_flow.repair.matching import (
    conditions_hold,
    diagnosis_of,
    log_parts,
    log_views,
    may_occur,
    unprefixed_lines,
)
from maple_flow.repair.models import Diagnosis, EntityKind, FailureEvidence, FailureRecord
from maple_flow.repair.prefilter import may_match
from maple_flow.repair.stage_paths import staged_paths
from maple_flow.scriptparse.launch import with_other_names
from maple_flow.scriptparse.shell import split_commands

#: Score of an entity-anchored diagnosis: below the specific signatures of the records.
ENTITY_SCORE = 15.0
#: Words that start another program on the same line (their options come before it).
_LAUNCHERS = with_other_names({"srun", "mpirun", "mpiexec", "ibrun", "aprun", "jsrun", "exec",
                                "time", "env", "nohup", "stdbuf", "numactl", "taskset"})
#: A count (``4``, ``2:1``) written as an option's value after a blank.
_COUNT = re.compile(r"^\d+(?::\d+)?$")
#: A count read from one variable or arithmetic (``$SLURM_NTASKS``, ``${NP}``, ``$((N*4))``).
_VAR_COUNT = re.compile(r"^\$(?:[A-Za-z_]\w*|\{[A-Za-z_]\w*\}|\(\([^()]*\)\))$")
#: Commands the site provides, whose absence no script line can mend (other records' work).
_SITE_COMMANDS = with_other_names({"srun", "sbatch", "salloc", "scontrol", "squeue", "mpirun",
                                   "mpiexec", "module", "ml", "conda", "source", "cd", "export",
                                   "python", "python3", "bash", "sh", "singularity", "apptainer",
                                   "qsub", "ibrun", "echo", "head", "cat", "sed", "awk",
                                   "hostname"})
#: A word that is a file the script names (by a directory part or a file extension).
_FILE_LIKE = re.compile(r"/|\.(?:py|sh|sif|simg|sqsh|img|yaml|yml|json|toml|txt|cfg|conf|pth)$")
#: A ``NAME=VALUE`` word that env(1) (or a shell prefix) sets before the program it runs.
_ENV_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
#: An environment variable whose value names a host or an interface.
_HOST_VAR = re.compile(r"(?:ADDR|HOST|HOSTNAME|NODE|IFNAME|IFACE)$")
_HOST_WORD = re.compile(r"^[A-Za-z][A-Za-z0-9.-]*$")


@dataclass(frozen=True)
class Entity:
    """One thing the script names: its kind, as the script writes it, the line (1-based) and,
    for a variable's or option's value, the variable's or option's name."""

    kind: EntityKind
    text: str
    line: int
    name: str = ""


#: Tools whose ``activate`` names an environment.
_CONDA_TOOLS = frozenset({"conda", "mamba", "micromamba"})


def _literal(word: str) -> bool:
    """A word the script writes as is: no expansion, no blank (a ``bash -c`` body)."""
    return bool(word) and "$" not in word and "`" not in word and not any(
        c.isspace() for c in word)


def _module_words(words: tuple[str, ...]) -> list[str]:
    if len(words) < 3 or words[1] not in {"load", "add", "try-load", "swap", "switch"}:
        return []
    return [w for w in words[2:] if not w.startswith("-")]


def _command_entities(words: tuple[str, ...], line: int) -> list[Entity]:
    found: list[Entity] = []
    program = True  # the next non-option word runs a program
    option = None  # the option just before, written without its value (`-np 2`)
    for word in words:
        if word.startswith("-"):  # `--nodes="$N"`: an option, whatever its value
            name, eq, value = word.partition("=")
            if _literal(name):
                found.append(Entity("option", name, line))
            if value and _literal(value):
                found.append(Entity("value", value, line, name))
            option = None if eq else name
            continue
        if program and option and (_COUNT.match(word) or _VAR_COUNT.match(word)):
            # a count after a launcher's option (`mpirun -np 2 julia`) is that option's value:
            # no program is a number, and the launcher's program still comes next (a count
            # read from a variable, `mpirun -np $SLURM_NTASKS wrf.exe`, is no program either)
            if _literal(word):
                found.append(Entity("value", word, line, option))
            option = None
            continue
        option = None
        if program and _ENV_ASSIGNMENT.match(word):
            # `env NAME=VALUE prog`: the assignments env(1) makes come before its program
            continue
        if not _literal(word):
            program = False
            continue
        if program:
            found.append(Entity("command", word, line))
        if _FILE_LIKE.search(word):
            found.append(Entity("path", word, line))
        program = word in _LAUNCHERS
    return found


def _assignment_entities(name: str, value: str, line: int) -> list[Entity]:
    if not _literal(value):
        return []
    found = [Entity("env_value", value, line, name)]
    if _HOST_VAR.search(name) and _HOST_WORD.match(value):
        found.append(Entity("host", value, line, name))
    if _FILE_LIKE.search(value):
        found.append(Entity("path", value, line, name))
    return found


@lru_cache(maxsize=64)
def script_entities(script: str) -> tuple[Entity, ...]:
    """Everything ``script`` names that an error line may name back, read through scriptparse
    (directives by option, commands by word): no variable name of maple's is assumed."""
    found: list[Entity] = []
    lines = script.splitlines()
    for d in parse_directives(script):
        found.append(Entity("option", f"--{d.option}", d.line))
        spelled = d.spelled.partition("=")[0]
        if spelled != f"--{d.option}" and _literal(spelled):  # `-l`, as getopt names it
            found.append(Entity("option", spelled, d.line))
        if d.value and _literal(d.value):
            found.append(Entity("value", d.value, d.line, d.option))
    for cmd in split_commands(script):
        words, line = cmd.words, cmd.line
        for name, value in cmd.assignments:
            found += _assignment_entities(name, value, line)
        if not words:
            continue
        head = words[0]
        if head == "export":
            for word in words[1:]:
                name, eq, value = word.partition("=")
                if eq:
                    found += _assignment_entities(name, value, line)
        elif head in {"module", "ml"}:
            found += [Entity("module", w, line) for w in _module_words(words) if _literal(w)]
        elif head in {"source", ".", "cd", "pushd"}:
            found += [Entity("path", w, line) for w in words[1:2] if _literal(w)]
            found += _conda_env_entities(words, line)
        else:
            found += _on_own_line(lines, line, _command_entities(words, line))
            found += _body_entities(words, line)
            found += _conda_env_entities(words, line)
    # the paths of staging directives (#STAGE OUT, #DW stage_out: comments to the shell)
    found += [Entity("path", path, number) for path, number in staged_paths(script)]
    return tuple(found)


def _conda_env_entities(words: tuple[str, ...], line: int) -> list[Entity]:
    """The environment ``conda activate NAME`` (mamba, micromamba; conda's older ``source
    activate NAME``) names: a name or a prefix path conda looks up, which its
    EnvironmentNameNotFound names back (s35pyenv)."""
    if len(words) < 3 or words[0] not in _CONDA_TOOLS | {"source", "."} or words[1] != "activate":
        return []
    env = next((w for w in words[2:] if not w.startswith("-")), "")
    return [Entity("path", env, line)] if _literal(env) else []


def _on_own_line(lines: list[str], start: int, found: list[Entity]) -> list[Entity]:
    """``found`` with each thing at the physical line of a ``\\``-continued command that
    writes it (a fix edits that line), not the command's first line."""
    span = [start]
    while span[-1] <= len(lines) and lines[span[-1] - 1].rstrip().endswith("\\"):
        span.append(span[-1] + 1)
    if len(span) == 1:
        return found
    out = []
    for e in found:
        at = next((n for n in span if n <= len(lines) and e.text in lines[n - 1]), e.line)
        out.append(Entity(e.kind, e.text, at, e.name))
    return out


def _body_entities(words: tuple[str, ...], line: int) -> list[Entity]:
    """The things a ``bash -c``/``sh -c`` body on the line names (``srun bash -c "cd x &&
    torchrun ..."``), at the script line each body line stands on."""
    found: list[Entity] = []
    for k, word in enumerate(words[:-2]):
        if word.rsplit("/", 1)[-1] in {"bash", "sh"} and words[k + 1] == "-c":
            body = words[k + 2]
            for inner in split_commands(body):
                at = line + inner.line - 1
                for e in script_entities("#!/bin/bash\n" + inner.text):
                    found.append(Entity(e.kind, e.text, at, e.name))
            if "$@" in body and len(words) > k + 4:  # `bash -c '...exec "$@"' NAME prog args`
                found += _command_entities(words[k + 4:], line)
            break
    return found


def same_thing(named: str, written: str, kind: EntityKind) -> bool:
    """Whether the thing an error line names (``named``) is what the script writes
    (``written``): the same word, or for a path the same file written relative to the
    working directory or home (``./x.sif`` and ``x.sif``; ``~/venv/bin/activate`` and
    ``/home/u/venv/bin/activate``)."""
    named, written = named.strip("'\"`"), written.strip("'\"`")
    if kind == "option" and len(named) == 1 and named.isalnum():
        return written == f"-{named}"  # getopt's ``invalid option -- 'l'``: the short option
    if len(named) < 2 or len(written) < 2:
        return False
    if named == written:
        return True
    if kind == "option":
        # a tool that names the option without its dashes (Hydra's ``unrecognized argument
        # oversubscribe``, getopt's ``invalid option -- 'l'`` for a short option) or with its
        # value (``unrecognized option '--x=v'``)
        # or with another count of dashes (Open MPI reports `-hosts` as `--hosts`)
        bare = named.partition("=")[0]
        return bare == written or (len(bare.lstrip("-")) >= 2
                                   and written.lstrip("-") == bare.lstrip("-"))
    if kind != "path" and kind != "command":
        return False
    a, b = named.removeprefix("./"), written.removeprefix("./")
    if a == b or _bind_source(a, b):
        return True
    if b.startswith("~/"):
        return a.startswith("/") and a.endswith(b[1:])
    return "/" in b and a.startswith("/") and not b.startswith("/") and a.endswith("/" + b)


def _bind_source(named: str, written: str) -> bool:
    """Whether ``written`` is a container bind ``SRC:DEST[:OPTS]`` (Apptainer's -B, podman's
    -v) whose source is the absolute path ``named`` (s36ctr)."""
    src, sep, dest = written.partition(":")
    return bool(sep) and named.startswith("/") and src == named and dest.startswith("/")


def _anchored(record: FailureRecord, ev: FailureEvidence, scheduler: str | None,
              cluster: str | None) -> tuple[Entity, str, dict[str, str]] | None:
    """The one script entity a signature of ``record`` names in ``ev``, with the log line it
    was named on; None when none does, or when the named thing stands on more than one line
    of the script (which one is meant is then unknown)."""

    entities = [e for e in script_entities(ev.script) if e.kind in record.anchor]
    if not entities:
        return None
    parts = log_parts(ev)
    for sig in record.signatures:
        if not any(may_occur(sig.pattern, parts[where]) for where in sig.where):
            continue  # no view holds the pattern's literals (prefilter)
        if not conditions_hold(sig, ev, scheduler, cluster):
            continue
        for where in sig.where:
            for view, anycase in log_views(parts[where]):
                if not may_match(sig.pattern, view, anycase):
                    continue
                flags = re.M | (re.I if anycase else 0)
                for m in re.finditer(sig.pattern, view, flags):
                    named = m.groupdict().get("e")
                    if not named:
                        continue
                    hits = [e for e in entities if same_thing(named, e.text, e.kind)]
                    if record.anchor and "command" in record.anchor:
                        hits = [e for e in hits if e.kind != "command"
                                or e.text not in _SITE_COMMANDS]
                    if len({e.line for e in hits}) == 1:
                        start = view.rfind("\n", 0, m.start()) + 1
                        end = view.find("\n", m.end())
                        others = {k: v for k, v in m.groupdict().items()
                                  if k != "e" and v is not None}
                        return (hits[0], view[start:end if end >= 0 else None].strip(),
                                others)
    return None


def entity_diagnoses(records: list[FailureRecord], ev: FailureEvidence,
                     profile: ClusterProfile | None, scheduler: str | None) -> list[Diagnosis]:
    """The diagnoses of the entity-anchored ``records`` whose error line names a thing of
    ``ev.script`` at one line: their fix edits that line, or asks for the value. None for a
    log that ends in an exception of the user's program."""
    from maple_flow.repair.program_error import program_failure
    from maple_flow.repair.resolve import Context

    if not ev.script or program_failure(unprefixed_lines(f"{ev.stdout}\n{ev.stderr}")):
        return []
    found: list[Diagnosis] = []
    cluster = profile.id if profile is not None else ev.cluster
    for record in records:
        hit = _anchored(record, ev, scheduler, cluster)
        if hit is None:
            continue
        entity, line, others = hit
        groups = {"v": "", **others,
                  "e": entity.text, "line": str(entity.line), "name": entity.name}
        found.append(diagnosis_of(record, ENTITY_SCORE + record.signatures[0].weight,
                                "signature", [line], Context(groups, profile, ev.script)))
    return sorted(found, key=lambda d: -d.score)
