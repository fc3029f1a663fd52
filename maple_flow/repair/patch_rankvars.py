"""Rank wiring of a user's script, found through its launch lines and shell bodies (pure).

Three mistakes the ranks' logs show and the fixes that write the launcher's own variables
(the names come from the fixed tables below or the site profile, never from free text):

- a local rank taken from the global rank (``LOCAL_RANK=$SLURM_PROCID``,
  ``--local_rank=\\$SLURM_PROCID``) where it is read per rank (a ``bash -c``/``-c`` body a
  site launcher starts, an escaped reference, a script srun runs itself): on the second node
  the rank asks for a GPU the node lacks. It is rewritten to the same launcher's local id.
- a literal ``WORLD_SIZE=N`` that is not the number of ranks the job starts: rewritten to
  the job's own count (the site launcher's ``-n`` word, or ``$SLURM_NTASKS``).
- ranks that mpiexec starts several a node straight into the program with nothing giving each
  its GPU: the program is started through a one-line shell that sets the visible devices from
  the site's local-rank variable (what ALCF's ``set_affinity_gpu_polaris.sh`` does).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from maple_flow.errors import MapleError
from maple_flow.repair.parsed import parse_or_refuse
from maple_flow.repair.text import (
    FixNotApplicable,
    is_code,
    line_starts,
    logical_span,
    replace,
    words_of,
)
from maple_flow.scriptparse import ParsedScript, parse_script
from maple_flow.scriptparse.facts import directive_size
from maple_flow.scriptparse.launch import LAUNCH_CMDS, PER_NODE_LAUNCHERS, Stage, same_launcher
from maple_flow.scriptparse.values import to_int

#: Each launcher's global rank variable and its local-rank counterpart (same launcher).
GLOBAL_TO_LOCAL: dict[str, str] = {
    "SLURM_PROCID": "SLURM_LOCALID",
    "PMI_RANK": "PMI_LOCAL_RANK",
    "PALS_RANKID": "PALS_LOCAL_RANKID",
    "OMPI_COMM_WORLD_RANK": "OMPI_COMM_WORLD_LOCAL_RANK",
    "MV2_COMM_WORLD_RANK": "MV2_COMM_WORLD_LOCAL_RANK",
}
#: Site launchers that start the ranks (a ``-c`` body after one runs in every rank).
SITE_LAUNCHERS = LAUNCH_CMDS
_SITE_WORD = re.compile(rf"(?:^|[\s/;|&(])(?:{'|'.join(sorted(LAUNCH_CMDS))})(?:\s|$)")
_GLOBALS = "|".join(GLOBAL_TO_LOCAL)
#: A local rank set from a global rank: an assignment or a program option.
_LOCAL_FROM_GLOBAL = re.compile(
    r"(?<![\w-])(?P<name>LOCAL_RANK=|LOCALRANK=|--local[_-]rank(?:=|[ \t]+))"
    rf"(?P<ref>\\?\$(?P<brace>\{{)?(?P<src>{_GLOBALS})\b(?(brace)\}}))")
#: A literal world size: an assignment of a plain count.
_WORLD_LITERAL = re.compile(r"(?<![\w-])WORLD_SIZE=(?P<count>\d+)(?=$|[\s;'\"])", re.M)
#: A count word the fix may write: a whole variable reference or a number.
_COUNT_WORD = re.compile(r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\d+)$")
#: Per-node launchers (scriptparse's PER_NODE_LAUNCHERS) set WORLD_SIZE and LOCAL_RANK for
#: their workers themselves.
_PER_NODE = PER_NODE_LAUNCHERS
#: The variable that limits the GPUs a process sees, by vendor.
VISIBLE_DEVICES = {"nvidia": "CUDA_VISIBLE_DEVICES"}


@dataclass(frozen=True)
class _Context:
    """Where an offset of the script stands: the quote it is in (``'``, ``"`` or ``""``),
    whether that quoted word follows ``-c`` (a shell body), and the command's start."""

    quote: str
    body: bool
    command_start: int


def _context(text: str, offset: int) -> _Context:
    """The quoting context of ``text[offset]`` (a small scanner: quotes, escapes, comments)."""
    i, quote, opened, command = 0, "", 0, 0
    while i < offset:
        ch = text[i]
        if quote == "'":
            if ch == "'":
                quote = ""
            i += 1
            continue
        if ch == "\\":
            i += 2
            continue
        if quote == '"':
            if ch == '"':
                quote = ""
            i += 1
            continue
        if ch in "'\"":
            quote, opened = ch, i
        elif ch == "#" and (i == 0 or text[i - 1] in " \t\n;"):
            end = text.find("\n", i)
            i = offset if end < 0 or end >= offset else end
            continue
        elif ch in ";|&" or (ch == "\n" and not text[:i].rstrip(" \t").endswith("\\")):
            command = i + 1
        i += 1
    body = bool(quote) and re.search(r"(?:^|\s)-c\s*$", text[command:opened]) is not None
    return _Context(quote, body, command)


def _per_rank_script(p: ParsedScript) -> bool:
    """A script with no scheduler directives and no site launcher of its own: one that a
    site launcher runs in every rank (``srun ./rank.sh``), so its own lines are per rank."""
    return not p.directives and not any(s.name in SITE_LAUNCHERS for s in p.launch.stages)


@dataclass(frozen=True)
class LocalFromGlobal:
    """One local rank set from a global rank: where the reference is, what it reads, and
    what the fix writes (or why it cannot)."""

    start: int
    end: int
    source: str
    new: str
    problem: str


def local_from_global(text: str, p: ParsedScript | None = None) -> list[LocalFromGlobal]:
    """Every place ``text`` sets a local rank from a global one, with the rewrite. Read from
    the text (a launch scriptparse does not follow, a container's ``-c`` body, still counts);
    the parse, when there is one, only tells a script that srun runs in every rank."""
    if p is None:
        try:
            p = parse_script(text)
        except (MapleError, ValueError, IndexError):
            p = None
    found: list[LocalFromGlobal] = []
    per_rank_script = p is not None and _per_rank_script(p)
    for m in _LOCAL_FROM_GLOBAL.finditer(text):
        start = m.start("ref")
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].lstrip().startswith("#"):
            continue  # a comment
        escaped = m.group("ref").startswith("\\")
        local = GLOBAL_TO_LOCAL[m.group("src")]
        ref = f"${{{local}}}" if m.group("brace") else f"${local}"
        ctx = _context(text, m.start())
        launcher = _SITE_WORD.search(text[ctx.command_start:m.start()]) is not None
        problem = ""
        if ctx.quote and ctx.body and launcher:
            # in a body each rank's shell runs: single quotes keep the reference for it;
            # double quotes need it escaped (else the batch shell expands it once)
            new = ("\\" if escaped or ctx.quote == '"' else "") + ref
        elif per_rank_script and ctx.quote != "'" and not ctx.body:
            new = ("\\" if escaped else "") + ref
        else:
            new = ""
            problem = (f"{m.group('name').rstrip('= ')} reads ${m.group('src')} where the batch "
                       "shell expands it once (the same value for every rank), not in the body "
                       "each rank runs")
        found.append(LocalFromGlobal(start, m.end("ref"), m.group("src"), new, problem))
    return found


def local_rank_from_global_rank(p: ParsedScript | None, text: str) -> bool:
    """Whether the script sets a local rank from the global rank where each rank reads it."""
    return any(not f.problem for f in local_from_global(text, p))


def local_rank_from_local_id(text: str) -> str:
    """``text`` whose per-rank local ranks read the launcher's local id (see
    ops.LocalRankFromLocalId)."""
    found = local_from_global(text)
    if not found:
        raise FixNotApplicable("the script sets no local rank from a global rank "
                               f"({', '.join(GLOBAL_TO_LOCAL)})")
    fixable = [f for f in found if not f.problem]
    if not fixable:
        raise FixNotApplicable(found[0].problem)
    for f in sorted(fixable, key=lambda f: f.start, reverse=True):
        text = replace(text, f.start, f.end, f.new)
    return text


def _site_stage(p: ParsedScript) -> Stage | None:
    return next((s for s in p.launch.stages if s.name in SITE_LAUNCHERS), None)


def job_rank_count_word(p: ParsedScript) -> str:
    """The word that names how many ranks the job starts: the site launcher's ``-n`` word,
    else ``$SLURM_NTASKS`` where the directives set the task count; FixNotApplicable else."""
    if any(s.name in _PER_NODE for s in p.launch.stages):
        raise FixNotApplicable("a per-node launcher (torchrun, deepspeed, accelerate) sets "
                               "WORLD_SIZE for its workers itself")
    stage = _site_stage(p)
    if stage is None:
        raise FixNotApplicable("no site launcher starts the ranks: the job's rank count is "
                               "not the script's to name")
    given = stage.get("-n", "--ntasks", "-np", "--np", "--n")
    if given is not None:
        word = str(given).strip('"')
        if not _COUNT_WORD.match(word):
            raise FixNotApplicable(f"the rank count {word!r} of {stage.name} is not a plain "
                                   "number or variable")
        return word
    if stage.name == "srun" and (p.directive("ntasks") or p.directive("ntasks-per-node")):
        return "$SLURM_NTASKS"
    raise FixNotApplicable(f"{stage.name} is given no rank count and the directives set no "
                           "task count the job exports")


def job_rank_count(p: ParsedScript) -> int | None:
    """How many ranks the job starts, where the script says it in numbers (None: unknown)."""
    stage = _site_stage(p)
    if stage is None:
        return None
    known = {**p.variables, **p.env}
    count = to_int(stage.get("-n", "--ntasks", "-np", "--np", "--n"), known)
    if count:
        return count
    size = directive_size(p)
    nodes = to_int(stage.get("-N", "--nodes"), known) or size["nodes"] or 1
    per_node = to_int(stage.get("--ntasks-per-node", "--ppn", "-ppn", "--npernode",
                                "-npernode"), known)
    if per_node:
        return nodes * per_node
    if stage.name == "srun":
        return size["tasks"] or (size["tpn"] * nodes if size["tpn"] else None)
    return None


def world_size_off_the_ranks(p: ParsedScript | None, text: str) -> bool:
    """Whether the script writes a literal WORLD_SIZE that is not the number of ranks the
    job starts (a site launcher starts them, no per-node launcher sets it)."""
    if p is None or any(s.name in _PER_NODE for s in p.launch.stages):
        return False
    count = job_rank_count(p)
    literals = [int(m.group("count")) for m in _WORLD_LITERAL.finditer(text)
                if not text[text.rfind("\n", 0, m.start()) + 1:m.start()].lstrip()
                .startswith("#")]
    return count is not None and any(n != count for n in literals)


def _count_in(word: str, ctx: _Context, p: ParsedScript) -> str:
    """The count ``word`` as written where the WORLD_SIZE stands: in a rank's ``-c`` body a
    batch-shell variable is not there unless exported (srun's own SLURM_NTASKS always is)."""
    if not word.startswith("$"):
        return word
    if not (ctx.quote and ctx.body):
        return word if ctx.quote else f'"{word}"'
    stage = _site_stage(p)
    name = word.strip("${}")
    if stage is not None and stage.name == "srun":
        word, name = "$SLURM_NTASKS", "SLURM_NTASKS"
    elif name not in p.env:
        raise FixNotApplicable(f"the rank count {word} is a batch-shell variable the ranks' "
                               "shells do not have (it is not exported)")
    return ("\\" if ctx.quote == '"' else "") + word


def world_size_from_job(text: str) -> str:
    """``text`` whose literal WORLD_SIZE is the job's own rank count (see
    ops.WorldSizeFromJob)."""
    p = parse_or_refuse(text)
    word = job_rank_count_word(p)
    matches = [m for m in _WORLD_LITERAL.finditer(text)
               if not text[text.rfind("\n", 0, m.start()) + 1:m.start()].lstrip()
               .startswith("#")]
    if not matches:
        raise FixNotApplicable("the script writes no literal WORLD_SIZE")
    count = job_rank_count(p)
    for m in reversed(matches):
        if count is not None and int(m.group("count")) == count:
            continue
        ctx = _context(text, m.start())
        new = _count_in(word, ctx, p)
        text = replace(text, m.start("count"), m.end("count"), new)
    return text


#: Words that already give each rank its own GPU (a wrapper, a device list, a binding).
_BOUND = re.compile(r"set_affinity|gpu_tile_compact|select_gpu|VISIBLE_DEVICES|ZE_AFFINITY_MASK"
                    r"|--gpu-bind|--gpus-per-task|LOCAL_RANK=|LOCALRANK=")


_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")


def command_lines(text: str, is_command: Callable[[str], bool]) -> list[int]:
    """1-based lines that start a logical command (comments aside) whose command word, its
    first word that is no assignment, ``is_command`` accepts."""
    found, starts, seen_end = [], line_starts(text), -1
    for number, start in enumerate(starts, 1):
        if start <= seen_end:
            continue
        line = text[start:text.find("\n", start) if "\n" in text[start:] else len(text)]
        if not is_code(line):
            continue
        begin, end = logical_span(text, number)
        seen_end = end
        words = words_of(text[begin:end], begin)
        first = next((w for w in words if not _ASSIGNMENT.match(w.value)), None)
        if first is not None and is_command(first.value):
            found.append(number)
    return found


def prefix_programs(text: str, numbers: list[int], prefix: str,
                    is_program: Callable[[str], bool]) -> str:
    """``text`` with ``prefix`` before the program that the launcher commands starting on lines
    ``numbers`` run, where ``is_program`` accepts that program's word."""
    from maple_flow.repair.patch_launch import _walk  # the launcher-option rules

    changed = text
    for number in reversed(numbers):
        begin, end = logical_span(changed, number)
        words = words_of(changed[begin:end], begin)
        first = next(i for i, w in enumerate(words) if not _ASSIGNMENT.match(w.value))
        _, program = _walk(words, first + 1)
        if program < len(words) and is_program(words[program].value):
            changed = replace(changed, words[program].start, words[program].start, prefix)
    return changed


def _site_launcher_word(word: str) -> bool:
    return same_launcher(word.rsplit("/", 1)[-1]) in {"mpiexec", "mpirun"}  # orterun too


def mpiexec_ranks_unbound(p: ParsedScript | None, text: str) -> bool:
    """Whether mpiexec/mpirun starts the Python program itself, several ranks a node, and
    nothing in the script gives each rank its own GPU."""
    if p is None:
        return False
    stage = p.launch.stage("mpiexec") or p.launch.stage("mpirun")
    if stage is None or p.launch.command or any(s.name in _PER_NODE for s in p.launch.stages):
        return False
    if _BOUND.search(text):
        return False
    known = {**p.variables, **p.env}
    per_node = to_int(stage.get("--ppn", "-ppn", "--npernode", "-npernode", "-N"), known)
    if per_node is None:
        count = to_int(stage.get("-n", "-np", "--np", "--n"), known)
        nodes = directive_size(p)["nodes"] or 1
        per_node = count // nodes if count else None
    return (per_node or 0) > 1


def bind_rank_gpus(text: str, local_rank_var: str, vendor: str) -> str:
    """``text`` whose mpiexec/mpirun ranks each see one GPU, the one of their local rank (see
    ops.BindRankGpus): the program is started through ``bash -c 'export
    CUDA_VISIBLE_DEVICES=$LOCAL; exec "$@"' bash``."""
    p = parse_or_refuse(text)
    if not mpiexec_ranks_unbound(p, text):
        raise FixNotApplicable("no mpiexec/mpirun line starts several ranks a node straight "
                               "into the program with nothing binding their GPUs")
    visible = VISIBLE_DEVICES.get(vendor)
    if visible is None:
        raise FixNotApplicable(f"the site's GPUs ({vendor}) are bound by the site's own helper, "
                               "not by a visible-devices list of the local rank")
    if local_rank_var not in GLOBAL_TO_LOCAL.values():
        raise FixNotApplicable(f"{local_rank_var} is not a launcher's local-rank variable")
    if local_rank_var.startswith("SLURM_"):
        raise FixNotApplicable("under mpiexec/mpirun in a Slurm job SLURM_LOCALID is the MPI "
                               "daemon's, not each rank's: bind the GPUs with srun instead")
    prefix = f"bash -c 'export {visible}=${local_rank_var}; exec \"$@\"' bash "
    changed = prefix_programs(text, command_lines(text, _site_launcher_word), prefix,
                              lambda word: bool(re.search(r"python", word)))
    if changed == text:
        raise FixNotApplicable("no mpiexec/mpirun line starts a Python program")
    return changed
