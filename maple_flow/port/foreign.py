"""The last stage of a port: a safety net run on every ported script. A launcher or scheduler
word of another site left in a shape the port does not rewrite (``timeout 11h srun python
x.py``, ``CMD="srun ..."`` run later, a function body, ``bash -c "..."``, ``$(squeue ...)``,
an unmapped ``$SLURM_*``) would run on a target that does not have it. A launcher the target
lacks on an executable line refuses the port, naming the line and what to change; a scheduler
query or variable of another scheduler is a note naming the line. Comments and heredoc bodies
(text written to a file, carried verbatim elsewhere) are not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from maple_flow.models import ClusterProfile
from maple_flow.port.words import short
from maple_flow.scriptparse.launch import LAUNCH_CMDS
from maple_flow.scriptparse.shell import HEREDOC, ShellCommand, logical_lines, split_commands
from maple_flow.scriptparse.steps import SCHEDULER_QUERIES, past_prefixes

_SUBST = re.compile(r"\$\(([^()]*(?:\([^()]*\)[^()]*)*)\)|`([^`]*)`")
_SCHED_VAR = re.compile(r"\$\{?((SLURM|PBS|LSB)_\w+)")
_VAR_PREFIX = {"slurm": "SLURM", "pbs": "PBS", "lsf": "LSB"}


@dataclass
class Leftovers:
    """What of another site a ported script still runs: refusals (the job would fail) and
    notes (a query or variable of another scheduler), each naming its line."""

    refusals: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _executable_text(script: str) -> str:
    """``script`` with its heredoc bodies blanked (line numbers kept)."""
    lines = script.split("\n")
    for number, text in logical_lines(script):
        first = text.split("\n", 1)[0]
        if HEREDOC.search(first) and "\n" in text:
            start, count = number, text.count("\n")  # the body and its closing word
            lines[number - 1] = HEREDOC.sub("", first)
            for k in range(start, min(start + count, len(lines))):
                lines[k] = ""
    return "\n".join(lines)


def _command_word(words: tuple[str, ...]) -> tuple[str, bool]:
    """The command ``words`` runs past prefix commands, and whether it is behind one."""
    k = past_prefixes(words)
    return (words[k].rsplit("/", 1)[-1] if k < len(words) else ""), k > 0


def _launchers_lacked(scheduler: str, launchers: tuple[str, ...]) -> frozenset[str]:
    """The site launchers a target with ``launchers`` (and srun, under Slurm) lacks."""
    have = set(launchers) | ({"srun"} if scheduler == "slurm" else set())
    return frozenset(w for w in LAUNCH_CMDS if w not in have)


def _foreign_launchers(profile: ClusterProfile) -> frozenset[str]:
    """The site launchers of other sites that ``profile``'s nodes do not run (mpirun and
    mpiexec are taken as present everywhere; see ``_pals_only``)."""
    lacked = _launchers_lacked(profile.scheduler, tuple(profile.launchers))
    return lacked - {"mpirun", "mpiexec"}


def _pals_only(words: tuple[str, ...], profile: ClusterProfile) -> bool:
    """``mpiexec --ppn`` (PBS+PALS) on a target whose launchers have no mpiexec."""
    return "mpiexec" not in profile.launchers and any(
        w == "--ppn" or w.startswith("--ppn=") for w in words)


def _bodies(cmd: ShellCommand) -> list[str]:
    """Shell text a command runs itself: ``bash -c BODY``, ``eval BODY``, and the values of
    its assignments (``CMD="srun ..."``, run later as ``$CMD``)."""
    words = cmd.words
    out = [v for _, v in cmd.assignments]
    if words[:1] == ("export",) or words[:1] == ("local",) or words[:1] == ("readonly",):
        out += [w.split("=", 1)[1] for w in words[1:] if re.match(r"^\w+=", w)]
    if words[:1] == ("eval",):
        out.append(" ".join(words[1:]))
    if words[:1] and words[0].rsplit("/", 1)[-1] in {"bash", "sh"} and "-c" in words:
        k = words.index("-c")
        out += list(words[k + 1:k + 2])
    return out


def _queries(scheduler: str) -> frozenset[str]:
    """The commands of the schedulers other than ``scheduler``."""
    return frozenset(w for s, ws in SCHEDULER_QUERIES.items() if s != scheduler for w in ws)


def _candidates(profile: ClusterProfile) -> re.Pattern[str]:
    """Any word the scan may report for ``profile`` (a quick test before parsing)."""
    return _candidate_pattern(profile.scheduler, tuple(profile.launchers))


@cache
def _candidate_pattern(scheduler: str, launchers: tuple[str, ...]) -> re.Pattern[str]:
    words = _launchers_lacked(scheduler, launchers) | _queries(scheduler)
    return re.compile(r"\b(?:" + "|".join(sorted(words)) + r")\b")


def _scan(text: str, profile: ClusterProfile, outer: ShellCommand | None, found: Leftovers,
          source_lines: list[str], depth: int = 0) -> None:
    foreign, queries = _foreign_launchers(profile), _queries(profile.scheduler)
    for cmd in split_commands(text):
        line = outer or cmd
        word, behind = _command_word(cmd.words)
        where = "" if word not in foreign | queries | {"mpiexec"} else _where(
            line.line, line.text, source_lines)
        alone = cmd.words[-1:] == (word,)  # a word, not a command (``MODE="srun"``)
        if alone:
            pass
        elif word in foreign or (word == "mpiexec" and _pals_only(cmd.words, profile)):
            shape = "behind a prefix command" if behind else "in a shape the port does not read"
            found.refusals.append(
                f"{where} runs {word}, which {profile.name} does not have "
                f"({profile.scheduler}; its launchers: {', '.join(profile.launchers)}), "
                f"{shape if depth == 0 else 'inside a command the script runs later'}: the port "
                "rewrites a launch written as a line of its own (`srun ... python prog.py`), "
                f"so write it that way, or replace {word} by {profile.launchers[0]} "
                "by hand, then port again")
        elif word in queries:
            found.notes.append(f"{where} runs {word}, a {_scheduler_of(word)} command that "
                               f"{profile.name} ({profile.scheduler}) does not have: replace it "
                               "or remove it on the target")
        if depth < 2 and _candidates(profile).search(cmd.text):
            for body in _bodies(cmd) + [a or b for a, b in _SUBST.findall(cmd.text)]:
                _scan(body, profile, line, found, source_lines, depth + 1)


def _scheduler_of(word: str) -> str:
    return next(s for s, ws in SCHEDULER_QUERIES.items() if word in ws)


def _where(line: int, text: str, source_lines: list[str]) -> str:
    """``line N: `text``` with N the user's line where it is one of the source's."""
    flat = " ".join(text.split())
    number = next((k + 1 for k, s in enumerate(source_lines) if " ".join(s.split()) == flat),
                  None)
    return (f"line {number}: `{short(text)}`" if number is not None
            else f"the line `{short(text)}` (line {line} of the port)")


def _variables(script: str, profile: ClusterProfile, found: Leftovers,
               source_lines: list[str]) -> None:
    own = _VAR_PREFIX.get(profile.scheduler, "")
    set_here = set(re.findall(r"(?m)^\s*(?:export\s+|local\s+)?(\w+)=", script))
    for cmd in split_commands(script):
        names = sorted({m.group(1) for m in _SCHED_VAR.finditer(cmd.text)
                        if m.group(2) != own and m.group(1) not in set_here})
        if names:
            found.notes.append(
                f"{_where(cmd.line, cmd.text, source_lines)} reads "
                f"{', '.join('$' + n for n in names)}, which {profile.name}'s scheduler "
                f"({profile.scheduler}) does not set: the port did not map it; "
                + (_per_rank_counterparts(names, profile) or
                   "give it the target's value (or remove it)"))


def _per_rank_counterparts(names: list[str], profile: ClusterProfile) -> str:
    """Slurm's per-task variables among ``names`` with the variable the target's launcher
    sets in each rank for the same value (the profile's launch facts); ``""`` when none."""
    launch = profile.launch
    counterpart = {"SLURM_PROCID": launch.rank_var, "SLURM_LOCALID": launch.local_rank_var,
                   "SLURM_NODEID": launch.node_rank_var, "SLURM_NTASKS": "NRANKS",
                   "SLURM_NPROCS": "NRANKS"}
    pairs = [f"${n} -> ${counterpart[n]}" for n in names
             if n in counterpart and counterpart[n] != n]
    if not pairs:
        return ""
    return (f"the same values on {profile.name} are {', '.join(pairs)} ({launch.launcher} sets "
            "the rank variables in each rank it starts, not in the batch shell; NRANKS is the "
            "port's own total): write those where the program reads them, inside the command "
            "each rank runs")


def leftovers(script: str, profile: ClusterProfile, source: str = "") -> Leftovers:
    """What of another site's launchers, scheduler commands and variables ``script`` (a port
    for ``profile``) still runs; ``source``: the user's script, to name its line numbers."""
    found = Leftovers()
    words = bool(_candidates(profile).search(script))
    variables = any(m.group(2) != _VAR_PREFIX.get(profile.scheduler)
                    for m in _SCHED_VAR.finditer(script))
    if not (words or variables):
        return found
    text, source_lines = _executable_text(script), source.split("\n")
    if words:
        _scan(text, profile, None, found, source_lines)
    if variables:
        _variables(text, profile, found, source_lines)
    found.refusals = list(dict.fromkeys(found.refusals))
    found.notes = list(dict.fromkeys(found.notes))
    return found
