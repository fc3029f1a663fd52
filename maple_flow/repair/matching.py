"""Matching the knowledge base's signatures to a failed job's logs, and building a diagnosis
from a record: the primitives :mod:`classify` and :mod:`entity` share (log views without line
prefixes, lower-cased or re-joined; signature conditions; specificity)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any, Literal

try:  # the regular-expression parser, to measure a pattern's literal text
    import re._parser as sre_parse  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - Python < 3.11
    import sre_parse  # type: ignore[no-redef, unused-ignore]

from maple_flow.errors import MapleError
from maple_flow.knowledge.directives import detect_scheduler
from maple_flow.models import ClusterProfile
from maple_flow.repair.models import (
    Diagnosis,
    FailureEvidence,
    FailureRecord,
    Fix,
    ScriptFact,
    Signature,
    Verdict,
)
from maple_flow.repair.prefilter import may_match
from maple_flow.repair.resolve import Context, resolve_fix
from maple_flow.repair.resources import misses_named

Method = Literal["signature", "similarity", "structure"]
MAX_SIMILAR = 3
MAX_EVIDENCE = 5
MAX_LOG_LINES = 25
#: A log line that may say what went wrong (the rest is progress output).
ERROR_LINE = re.compile(
    r"(?i)error|fail|fatal|cannot|can't|could not|unable|denied|refused|timed? ?out|killed|"
    r"cancel|not found|no such|unknown|warn|traceback|exception|missing|exceed|invalid|"
    r"not (?:set|available|supported)|out of memory|terminated"
)
#: Specificity added by each condition a signature puts on the job (state, exit code,
#: scheduler) and by a condition on the script (rarer, so worth more).
JOB_CONDITION = 10.0
SCRIPT_CONDITION = 30.0
#: Added to records that concern named clusters only: site knowledge beats the general rule.
SITE_RECORD = 20.0
#: Log text of the GPU runtime or its collectives: similarity never acts on it.
GPU_RUNTIME_TEXT = re.compile(r"(?i)\bcuda|\bnccl|\bnvrm\b|\bxid\b|cudnn|cublas")


@cache
def compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.M)


@cache
def compiled_anycase(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.M | re.I)


def found_in(pattern: str, text: str) -> bool:
    """Whether ``pattern`` (re.M) matches in ``text``; a text that lacks the literals the
    pattern needs is not searched, nor the pattern compiled (``prefilter``)."""
    return may_match(pattern, text) and compiled(pattern).search(text) is not None


#: A line that says something in letters, none of them upper case.
_LOWER_LINE = re.compile(r"^(?=[^A-Z\n]*[a-z])[^A-Z\n]*$", re.M)


@lru_cache(maxsize=32)
def lower_case_lines(text: str) -> str:
    """The lines of ``text`` written all in lower case: a tool that lower-cases what it
    relays (a workflow manager's log, a wrapper) loses the case signatures are written in."""
    return "\n".join(m.group(0) for m in _LOWER_LINE.finditer(text))


#: A line at least this long may have been wrapped (a terminal, a mail, a wrapping tool).
WRAP_WIDTH = 50
#: The most lines one wrapped message is read back from.
WRAP_LINES = 4


@lru_cache(maxsize=32)
def rejoined_lines(text: str) -> str:
    """Each line of ``text`` long enough to have been wrapped, joined by spaces with the
    lines after it while each is long enough to have been wrapped too (at most WRAP_LINES),
    one such run a line: a wrapped message reads whole again, and no match spans more than
    the lines joined."""
    lines = [ln.strip() for ln in text.split("\n")]
    runs = []
    for i in range(len(lines)):
        end = i
        while (end + 1 < len(lines) and end - i + 1 < WRAP_LINES
               and len(lines[end]) >= WRAP_WIDTH and lines[end + 1]):
            end += 1
        if end > i:
            runs.append(" ".join(lines[i:end + 1]))
    return "\n".join(runs)


#: What launchers and tools put before each line of a process's output: srun -l (``3: ``,
#: `` 3: `` padded to the widest task number), torch >= 2.2 (``[rank3]:``), torchrun --tee
#: (``[default3]:``, ``[trainer3]:`` with --role), mpirun --tag-output (``[1,3]<stderr>:``),
#: pdsh and multi-node launchers (``192.168.13.81: ``, ``gpu187: ``, ``[gpu187:1]:``), Cray
#: PALS ``mpiexec --label`` (``x3102c0s1b0n0.hsn.cm.polaris.alcf.anl.gov 84: ``), Ray's actors
#: (``(RayTrainWorker pid=2657296, ip=10.0.0.12) ``, ``(pid=123) ``), loggers' time stamps
#: (``[2025-03-04 10:11:12,345] ``, ``2025-03-04T10:11:12.345 - ``, a CI runner's
#: ``2024-05-01T12:34:56.4840189Z ``) with a logger's level and place after them (DeepSpeed's
#: ``[INFO] [launch.py:151:main] ``); a host name is read as one only when it holds a digit.
LINE_PREFIX = re.compile(
    r"^(?:\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?Z?\]?(?: - |: ?| )"
    r"(?:\[(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\] \[[\w.-]+:\d+(?::[\w.<>-]+)?\] )?"
    r"| {0,3}\d+: |\[[A-Za-z_]+\d+\]: ?|\[\d+,\d+\]<(?:stdout|stderr)>: ?"
    r"|\((?:[\w.-]+ )?pid=\d+(?:, ip=[\d.]+)?\) "
    r"|\d{1,3}(?:\.\d{1,3}){3}: |\[[\w.-]+:\d+\]: ?"
    r"|(?=[\w.-]*\d)[A-Za-z][\w-]*(?:\.[\w-]+)*(?: \d+)?: )+",
    re.M)


@lru_cache(maxsize=32)
def unprefixed_lines(text: str) -> str:
    """``text`` with the rank or host prefix of each line taken off (:data:`LINE_PREFIX`), so
    a message over several lines, each prefixed, reads as the process wrote it."""
    return LINE_PREFIX.sub("", text)


#: The time stamp part of a line prefix (it differs line by line; the rank part does not).
_PREFIX_STAMP = re.compile(
    r"\[?\d{4}-\d\d-\d\d[ T][\d:.,]+Z?\]?(?: - |: ?| )(?:\[\w+\] \[[^\]]*\] )?")


@lru_cache(maxsize=32)
def per_process_lines(text: str) -> str:
    """The lines of ``text`` grouped by the process their prefix names (rank, task, host; a
    time stamp is not a process), each group in its order, prefixes off: two ranks' messages
    printed at once read whole again. ``""`` when fewer than two processes interleave."""
    groups: dict[str, list[str]] = {}
    order: list[str] = []
    for line in text.split("\n"):
        found = LINE_PREFIX.match(line)
        key = _PREFIX_STAMP.sub("", found.group(0)) if found else ""
        if not order or order[-1] != key:
            order.append(key)
        groups.setdefault(key, []).append(line[found.end():] if found else line)
    if len([k for k in groups if k]) < 2 or len(order) == len(groups):
        return ""
    return "\n".join(line for key in groups for line in groups[key])


@lru_cache(maxsize=32)
def distinct_lines(text: str) -> str:
    """``text`` with each run of one line repeated (several ranks printing the same message)
    read once; ``""`` when no line repeats."""
    lines = text.split("\n")
    kept = [ln for i, ln in enumerate(lines) if i == 0 or ln != lines[i - 1] or not ln.strip()]
    return "\n".join(kept) if len(kept) < len(lines) else ""


@lru_cache(maxsize=32)
def log_views(text: str) -> tuple[tuple[str, bool], ...]:
    """The texts a signature is searched in, in order, each with whether case is ignored:
    the text; its all-lower-case lines; its wrapped lines joined; the same two without line
    prefixes; the lines of each process apart (:func:`per_process_lines`); each repeated line
    once (:func:`distinct_lines`)."""
    views = [(text, False), (lower_case_lines(text), True), (rejoined_lines(text), False)]
    plain = unprefixed_lines(text)
    if plain != text:
        views += [(plain, False), (rejoined_lines(plain), False)]
    views += [(per_process_lines(text), False), (distinct_lines(plain), False)]
    return tuple((view, anycase) for view, anycase in views if view)


def _search(pattern: str, text: str) -> tuple[re.Match[str], str] | None:
    """The first match of ``pattern`` in the first of ``text``'s views (:func:`log_views`) that
    has one, with that view (a view that lacks the pattern's literals is not searched:
    ``prefilter``)."""
    for view, anycase in log_views(text):
        if not may_match(pattern, view, anycase):
            continue
        found = (compiled_anycase if anycase else compiled)(pattern).search(view)
        if found:
            return found, view
    return None


def may_occur(pattern: str, text: str) -> bool:
    """False only when no view of ``text`` (:func:`log_views`) can hold a match of
    ``pattern``: each lacks the literals it needs (``prefilter``); nothing is compiled."""
    return any(may_match(pattern, view, anycase) for view, anycase in log_views(text))


def _min_literal(items: Any) -> float:
    """The number of literal characters every match of a parsed pattern contains."""
    total = 0.0
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            total += 1
        elif name == "SUBPATTERN":
            total += _min_literal(arg[-1])
        elif name == "BRANCH":
            total += min(_min_literal(branch) for branch in arg[1])
        elif name in {"MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"}:
            total += arg[0] * _min_literal(arg[2])
    return total


@cache
def literal_length(pattern: str) -> float:
    """Characters a pattern always matches literally (alternatives count their shortest)."""
    try:
        return _min_literal(sre_parse.parse(pattern))
    except (re.error, TypeError, AttributeError):  # an unusual pattern: count its letters
        return float(len(re.sub(r"\\.|[^A-Za-z0-9 ]", "", pattern)))


def specificity(signature: Signature) -> float:
    """How specific a signature is: the literal text it always matches, plus its conditions."""
    job = sum(bool(c) for c in (signature.job_states, signature.exit_codes, signature.scheduler))
    script = sum(bool(c) for c in (signature.script, signature.script_lacks,
                                    signature.script_fact))
    return (literal_length(signature.pattern) + JOB_CONDITION * job + SCRIPT_CONDITION * script
            + signature.weight)


def log_parts(ev: FailureEvidence) -> dict[str, str]:
    return {
        "stdout": ev.stdout, "stderr": ev.stderr, "submit": ev.submit_message,
        "reasons": "\n".join(ev.reasons), "log": f"{ev.stdout}\n{ev.stderr}",
    }


def scheduler_of(ev: FailureEvidence, profile: ClusterProfile | None) -> str | None:
    if ev.scheduler:
        return ev.scheduler
    if profile is not None:
        return profile.scheduler
    return detect_scheduler(ev.script) if ev.script else None


def conditions_hold(sig: Signature, ev: FailureEvidence, scheduler: str | None,
                     cluster: str | None = None) -> bool:
    if sig.job_states and (ev.job_state or "").upper() not in sig.job_states:
        return False
    if sig.exit_codes and ev.exit_code not in sig.exit_codes:
        return False
    if sig.scheduler and sig.scheduler != scheduler:
        return False
    if sig.script and not any(found_in(sig.script, t) for t in script_views(ev.script)):
        return False
    if sig.script_fact and not _fact_holds(sig.script_fact, ev.script, cluster or ev.cluster):
        return False
    if sig.log_lacks and found_in(sig.log_lacks, f"{ev.stdout}\n{ev.stderr}"):
        return False
    return not (sig.script_lacks and any(found_in(sig.script_lacks, t)
                                         for t in script_views(ev.script)))


@lru_cache(maxsize=32)
def script_views(script: str) -> tuple[str, ...]:
    """The texts a signature's script condition is read in: the script, and the script with
    each Slurm directive line written as the records write it, one ``#SBATCH --long=value``
    a line (users write ``-N 2``, ``--nodes 2``, ``#SBATCH<TAB>--nodes=2``, several options a
    line; sbatch reads them all alike)."""
    from maple_flow.knowledge.directives import parse_directives

    if "#SBATCH" not in script:
        return (script,)
    by_line: dict[int, list[str]] = {}
    for d in parse_directives(script, "slurm"):
        by_line.setdefault(d.line, []).append(
            f"#SBATCH --{d.option}" + ("" if d.value is None else f"={d.value}"))
    lines = script.split("\n")
    for number, written in by_line.items():
        if 0 < number <= len(lines):
            lines[number - 1] = "\n".join(written)
    canonical = "\n".join(lines)
    return (script,) if canonical == script else (script, canonical)


def _cluster_profile(cluster: str | None) -> ClusterProfile | None:
    """The profile of ``cluster``, None when unknown."""
    if not cluster:
        return None
    from maple_flow.knowledge.clusters import get_profile

    try:
        return get_profile(cluster)
    except MapleError:
        return None


@cache
def _fact_holds(fact: ScriptFact, script: str, cluster: str | None) -> bool:
    from maple_flow.repair.script_facts import holds

    return holds(fact, script, _cluster_profile(cluster))


def _lines_of(text: str, match: re.Match[str]) -> list[str]:
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    block = text[start:] if end < 0 else text[start:end]
    return [ln.strip() for ln in block.splitlines() if ln.strip()][:MAX_EVIDENCE]


def match_signature(
    sig: Signature, ev: FailureEvidence, scheduler: str | None = None,
    cluster: str | None = None,
) -> tuple[re.Match[str], list[str]] | None:
    """The first match of ``sig`` in ``ev`` and the lines it covers, or None."""
    parts = log_parts(ev)
    if not any(may_occur(sig.pattern, parts[where]) for where in sig.where):
        return None  # no view holds the pattern's literals: it cannot match (prefilter)
    if not conditions_hold(sig, ev, scheduler, cluster):
        return None
    for where in sig.where:
        hit = _search(sig.pattern, parts[where])
        if hit:
            found, text = hit
            if not figures_hold(found):
                return None
            if sig.port_of_script and not _port_holds(found, parts[where], ev.script):
                return None
            if sig.absent_from_script and (not ev.script.strip() or named_in_script(
                    found.groupdict().get(sig.absent_from_script), ev.script)):
                # with no script to read, nothing shows the name absent from it
                return None
            site = cluster or ev.cluster
            if sig.site_lacks and _site_has(sig.site_lacks, found, ev.script, site):
                return None
            if sig.resolves and not _resolves(sig.resolves, found, ev.script, site):
                return None
            return found, _lines_of(text, found)
    return None


def named_in_script(value: str | None, script: str) -> bool:
    """Whether a line of ``script`` (outside comments) names ``value`` or its part before '/'
    as a whole word; True when the match captured nothing (nothing shows it absent)."""
    if not value:
        return True
    code = "\n".join(line.split("#", 1)[0] for line in script.splitlines())
    names = {value, value.split("/", 1)[0]}
    return any(re.search(rf"(?<![\w.+/-]){re.escape(name)}(?![\w+-])", code) for name in names)


_SIZE = re.compile(r"([\d.]+)\s*([KMGT])i?B")
_SCALE = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def _bytes(text: str) -> float | None:
    m = _SIZE.search(text)
    try:
        return float(m.group(1)) * _SCALE[m.group(2)] if m else None
    except ValueError:
        return None


def figures_hold(found: re.Match[str]) -> bool:
    """Whether the sizes a signature captured bear out its cause. A signature may capture a
    failed memory request (``need``), memory held but unused (``spare``) and the device's size
    (``capacity``): unused memory explains the failure only when it holds the request twice
    over and, with a capacity, is at least a twentieth of the device; else the device is
    simply full. Without those groups (or sizes that do not read) it holds."""
    groups = found.groupdict()
    need, spare = groups.get("need"), groups.get("spare")
    if need is None or spare is None:
        return True
    n, s = _bytes(need), _bytes(spare)
    if n is None or s is None:
        return True
    c = _bytes(groups.get("capacity") or "")
    return s >= 2 * n and (c is None or s >= c / 20)


def _port_holds(found: re.Match[str], text: str, script: str) -> bool:
    """Whether the port the match (else the log) names may be the script's own (s31r2)."""
    from maple_flow.repair.script_port import rendezvous_port_holds

    return rendezvous_port_holds(text, script, found.groupdict().get("port"))


def _resolves(template: str, found: re.Match[str], script: str, cluster: str | None) -> bool:
    """Whether ``template`` resolves from the match and the script (``resolves``): unlike
    ``site_lacks``, an unknown site does not make it hold."""
    from maple_flow.repair.resolve import Unresolved, fill

    try:
        fill(template, Context(found.groupdict(), _cluster_profile(cluster), script))
    except Unresolved:
        return False
    return True


def _site_has(template: str, found: re.Match[str], script: str, cluster: str | None) -> bool:
    """Whether the site resolves ``template`` from the match (a module of the version the log
    names): a signature with ``site_lacks`` then does not hold."""
    from maple_flow.repair.resolve import Unresolved, fill

    profile = _cluster_profile(cluster)
    if profile is None:
        return True  # an unknown site is not known to lack anything
    try:
        fill(template, Context(found.groupdict(), profile, script))
    except Unresolved:
        return False
    return True


def diagnosis_of(record: FailureRecord, score: float, method: Method, evidence: list[str],
               ctx: Context, *, hint: bool = False, refusal: list[str] | None = None) -> Diagnosis:
    # a submit error's record must change what the message names (no partition for memory),
    # in the line it matched or in the other lines of the same refusal (``refusal``: sbatch's
    # "Memory specification can not be satisfied" before "Requested node configuration is
    # not available"); the values its signature captured (a partition called gpu-x) are
    # names, not resources
    named_in = [*evidence, *(refusal or [])]
    hint = hint or (record.family == "scheduler"
                    and misses_named(record.fix, _without_values(named_in, ctx.groups)))
    ops, needs, unresolved = resolve_fix(record.fix, ctx)
    fix = Fix(record_id=record.id, cause=record.cause, ops=ops, references=record.references,
              advice=site_advice(record.advice, ctx))
    captures = {k: v for k, v in ctx.groups.items() if v is not None}
    verdict: Verdict = "hint" if hint else "script" if record.script_problem else "not_script"
    return Diagnosis(record_id=record.id, score=round(score, 4), method=method,
                     evidence=evidence, fix=fix, needs=needs, unresolved=unresolved,
                     captures=captures, verdict=verdict)


def site_advice(advice: str | None, ctx: Context) -> str | None:
    """``advice`` with the site's facts it names (``{profile.container.command}``) filled in
    from the profile, and the values the log's match captured (``{m.NAME}``); other braces
    (shell variables) are left alone, and advice whose site fact or value is missing is given
    as written."""
    if not advice or ("{profile." not in advice and "{m." not in advice):
        return advice
    from maple_flow.repair.resolve import Unresolved, fill

    try:
        return fill(advice, ctx)
    except Unresolved:
        return advice


def _without_values(lines: list[str], groups: Mapping[str, str | None]) -> list[str]:
    """``lines`` with the values a signature captured taken out."""
    values = sorted((v for v in groups.values() if v), key=len, reverse=True)
    for value in values:
        lines = [line.replace(value, " ") for line in lines]
    return lines


