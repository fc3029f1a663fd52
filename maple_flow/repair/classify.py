"""Classify a failed job against the knowledge base: signatures first, then similarity.

Signatures are regular expressions over the job's logs, the submission message and the
verifier's reasons; every matching record is a candidate, ranked by how specific its
signature is (literal text, plus each condition on state, exit code, scheduler or script).
Only when no signature matches are the records ranked by similarity of their cause and
examples to the log's error lines: all-MiniLM-L6-v2 offline when the ``embed`` extra is
installed, BM25 otherwise. No network, no clock; the model is imported on first use.

Every diagnosis has a verdict: ``script`` (a fix, or a question for a value only the user has),
``not_script`` (a record of hardware, fabric, program or library failures: advice, no fix) or
``hint`` (a similarity match that is not confident, or any similarity match of a log that
speaks of CUDA or NCCL: such text is too alike across unrelated failures to act on; a
similarity match whose log lacks the record's evidence, ``evidence_gate.may_act``; any script
record on a log that is only a launcher's summary of a failed rank; any similarity match of a
log that ends in an exception of the user's program with no symptom of the launch,
``program_error.program_failure``). A hint is shown, never
applied: below the floor the answer is "not recognised".
"""

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
from maple_flow.repair.entity import entity_diagnoses
from maple_flow.repair.evidence_gate import SUMMARY_LINE, may_act, summary_only
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.models import (
    Diagnosis,
    FailureEvidence,
    FailureRecord,
    Fix,
    KnowledgeBase,
    ScriptFact,
    Signature,
    Verdict,
)
from maple_flow.repair.program_error import program_failure
from maple_flow.repair.resolve import Context, resolve_fix
from maple_flow.repair.resources import misses_named
from maple_flow.repair.similarity import confident, rank_documents

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
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.M)


@cache
def _compiled_anycase(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.M | re.I)


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


#: What launchers and tools put before each line of a process's output: srun -l (``3: ``),
#: torch >= 2.2 (``[rank3]:``), torchrun --tee (``[default3]:``), mpirun --tag-output
#: (``[1,3]<stderr>:``), pdsh and multi-node launchers (``192.168.13.81: ``, ``gpu187: ``,
#: ``[gpu187:1]:``), loggers' time stamps (``[2025-03-04 10:11:12,345] ``,
#: ``2025-03-04T10:11:12.345 - ``); a host name is read as one only when it holds a digit.
LINE_PREFIX = re.compile(
    r"^(?:\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?\]?(?: - |: ?| )"
    r"|\d+: |\[rank\d+\]: ?|\[default\d+\]: ?|\[\d+,\d+\]<(?:stdout|stderr)>: ?"
    r"|\d{1,3}(?:\.\d{1,3}){3}: |\[[\w.-]+:\d+\]: ?|(?=[\w.-]*\d)[A-Za-z][\w-]*(?:\.[\w-]+)*: )+",
    re.M)


@lru_cache(maxsize=32)
def unprefixed_lines(text: str) -> str:
    """``text`` with the rank or host prefix of each line taken off (:data:`LINE_PREFIX`), so
    a message over several lines, each prefixed, reads as the process wrote it."""
    return LINE_PREFIX.sub("", text)


@lru_cache(maxsize=32)
def _views(text: str) -> tuple[tuple[str, bool], ...]:
    """The texts a signature is searched in, in order, each with whether case is ignored:
    the text; its all-lower-case lines; its wrapped lines joined; the same two without line
    prefixes."""
    views = [(text, False), (lower_case_lines(text), True), (rejoined_lines(text), False)]
    plain = unprefixed_lines(text)
    if plain != text:
        views += [(plain, False), (rejoined_lines(plain), False)]
    return tuple((view, anycase) for view, anycase in views if view)


def _search(pattern: str, text: str) -> tuple[re.Match[str], str] | None:
    """The first match of ``pattern`` in the first of ``text``'s views (:func:`_views`) that
    has one, with that view."""
    for view, anycase in _views(text):
        found = (_compiled_anycase if anycase else _compiled)(pattern).search(view)
        if found:
            return found, view
    return None


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


def _parts(ev: FailureEvidence) -> dict[str, str]:
    return {
        "stdout": ev.stdout, "stderr": ev.stderr, "submit": ev.submit_message,
        "reasons": "\n".join(ev.reasons), "log": f"{ev.stdout}\n{ev.stderr}",
    }


def _scheduler(ev: FailureEvidence, profile: ClusterProfile | None) -> str | None:
    if ev.scheduler:
        return ev.scheduler
    if profile is not None:
        return profile.scheduler
    return detect_scheduler(ev.script) if ev.script else None


def _conditions_hold(sig: Signature, ev: FailureEvidence, scheduler: str | None,
                     cluster: str | None = None) -> bool:
    if sig.job_states and (ev.job_state or "").upper() not in sig.job_states:
        return False
    if sig.exit_codes and ev.exit_code not in sig.exit_codes:
        return False
    if sig.scheduler and sig.scheduler != scheduler:
        return False
    if sig.script and not _compiled(sig.script).search(ev.script):
        return False
    if sig.script_fact and not _fact_holds(sig.script_fact, ev.script, cluster or ev.cluster):
        return False
    return not (sig.script_lacks and _compiled(sig.script_lacks).search(ev.script))


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
    if not _conditions_hold(sig, ev, scheduler, cluster):
        return None
    parts = _parts(ev)
    for where in sig.where:
        hit = _search(sig.pattern, parts[where])
        if hit:
            found, text = hit
            site = cluster or ev.cluster
            if sig.site_lacks and _site_has(sig.site_lacks, found, ev.script, site):
                return None
            return found, _lines_of(text, found)
    return None


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


def _diagnosis(record: FailureRecord, score: float, method: Method, evidence: list[str],
               ctx: Context, *, hint: bool = False) -> Diagnosis:
    # a submit error's record must change what the message names (no partition for memory);
    # the values its signature captured (a partition called gpu-x) are names, not resources
    hint = hint or (record.family == "scheduler"
                    and misses_named(record.fix, _without_values(evidence, ctx.groups)))
    ops, needs, unresolved = resolve_fix(record.fix, ctx)
    fix = Fix(record_id=record.id, cause=record.cause, ops=ops, references=record.references,
              advice=record.advice)
    captures = {k: v for k, v in ctx.groups.items() if v is not None}
    verdict: Verdict = "hint" if hint else "script" if record.script_problem else "not_script"
    return Diagnosis(record_id=record.id, score=round(score, 4), method=method,
                     evidence=evidence, fix=fix, needs=needs, unresolved=unresolved,
                     captures=captures, verdict=verdict)


def _without_values(lines: list[str], groups: Mapping[str, str | None]) -> list[str]:
    """``lines`` with the values a signature captured taken out."""
    values = sorted((v for v in groups.values() if v), key=len, reverse=True)
    for value in values:
        lines = [line.replace(value, " ") for line in lines]
    return lines


def _by_signature(records: list[FailureRecord], ev: FailureEvidence,
                  profile: ClusterProfile | None) -> list[Diagnosis]:
    scheduler = _scheduler(ev, profile)
    found: list[Diagnosis] = []
    for record in records:
        best: tuple[float, re.Match[str], list[str]] | None = None
        for sig in record.signatures:
            hit = match_signature(sig, ev, scheduler, profile.id if profile else None)
            if hit and (best is None or specificity(sig) > best[0]):
                best = (specificity(sig), *hit)
        if best is not None:
            score, match, lines = best
            score += 0.0 if "all" in record.clusters else SITE_RECORD
            ctx = Context(match.groupdict(), profile, ev.script)
            found.append(_diagnosis(record, score, "signature", lines, ctx))
    # the most specific first, whatever it offers (a fix, a question, "not the script"),
    # except that a script record whose fix cannot be made concrete here goes last
    return sorted(found, key=lambda d: (_inapplicable(d), -d.score))


def _inapplicable(d: Diagnosis) -> bool:
    return d.verdict == "script" and not d.fix.ops and not d.needs


def record_text(record: FailureRecord) -> str:
    """What similarity compares a log with: the record's cause and example lines."""
    return " ".join([record.cause, *record.examples])


def evidence_text(ev: FailureEvidence) -> str:
    """The error-looking lines of the logs, without their rank or host prefixes, with the
    reasons and the submit message; a log with no such line contributes nothing (a clean log
    resembles no failure)."""
    logs = [ln for ln in unprefixed_lines(f"{ev.stdout}\n{ev.stderr}").splitlines()
            if ERROR_LINE.search(ln)]
    lines = [ev.submit_message, *ev.reasons, *logs[-MAX_LOG_LINES:]]
    return "\n".join(ln.strip() for ln in lines if ln.strip())


def summary_log(ev: FailureEvidence) -> bool:
    """Whether every error line of ``ev`` is a launcher's summary of a failed rank
    (``evidence_gate.summary_only``): the cause is in the first failing rank's own log."""
    return summary_only([ln for ln in evidence_text(ev).splitlines() if ERROR_LINE.search(ln)])


def record_schedulers(record: FailureRecord) -> frozenset[str] | None:
    """The schedulers a record is about: those its signatures name, when every signature
    names one; None (any scheduler) otherwise."""
    named = [sig.scheduler for sig in record.signatures]
    return None if None in named else frozenset(s for s in named if s)


def for_scheduler(records: list[FailureRecord], scheduler: str | None) -> list[FailureRecord]:
    """``records`` less those about another scheduler than ``scheduler`` (all when unknown)."""
    if scheduler is None:
        return records
    return [r for r in records if (s := record_schedulers(r)) is None or scheduler in s]


def _script_fits(sig: Signature, script: str) -> bool:
    if sig.script and not _compiled(sig.script).search(script):
        return False
    return not (sig.script_lacks and _compiled(sig.script_lacks).search(script))


def for_script(records: list[FailureRecord], script: str) -> list[FailureRecord]:
    """``records`` less those whose every signature asks the script for a shape (a pinned
    CUDA_VISIBLE_DEVICES, several tasks per node) that ``script`` does not have."""
    return [r for r in records if any(_script_fits(sig, script) for sig in r.signatures)]


def _similar_candidates(records: list[FailureRecord], ev: FailureEvidence,
                        profile: ClusterProfile | None) -> list[FailureRecord]:
    """The records similarity may offer: of this scheduler, for this script's shape, and not
    decided by a figure only a signature reads."""
    records = for_script(for_scheduler(records, _scheduler(ev, profile)), ev.script)
    return [r for r in records if not r.signature_only]


def _by_similarity(records: list[FailureRecord], ev: FailureEvidence,
                   profile: ClusterProfile | None, kb: KnowledgeBase) -> list[Diagnosis]:
    records = _similar_candidates(records, ev, profile)
    query = evidence_text(ev)
    if not query.strip() or not records:
        return []
    _, ranked = rank_documents(query, [record_text(r) for r in records])
    lines = [ln for ln in query.splitlines() if ln.strip()]
    evidence = lines[-MAX_EVIDENCE:]
    # CUDA/NCCL text is alike across unrelated failures; a launcher's summary says no cause;
    # an exception of the program with no symptom of the launch is not the script's to fix
    unsure = (bool(GPU_RUNTIME_TEXT.search(query))
              or program_failure(unprefixed_lines(f"{ev.stdout}\n{ev.stderr}")))
    messages = "\n".join(ln for ln in lines if ERROR_LINE.search(ln))
    return [
        _diagnosis(records[i], score, "similarity", evidence, Context({}, profile, ev.script),
                   hint=unsure or not confident(cosine)
                   or not may_act(records[i], query, messages, kb, cosine))
        for i, score, cosine in ranked[:MAX_SIMILAR]
    ]


def _profile_for(ev: FailureEvidence, profile: ClusterProfile | None) -> ClusterProfile | None:
    if profile is not None or not ev.cluster:
        return profile
    from maple_flow.knowledge.clusters import get_profile

    try:
        return get_profile(ev.cluster)
    except MapleError:
        return None


def classify(
    evidence: FailureEvidence,
    kb: KnowledgeBase | None = None,
    profile: ClusterProfile | None = None,
) -> list[Diagnosis]:
    """Candidate diagnoses of a failed job, best first (empty when nothing fits).

    Records for other clusters are skipped. ``profile`` (default: the evidence's cluster's)
    fills profile facts into the fixes. The logs are read bounded (``logtext.bound_evidence``)
    and other wordings of an error are read as the records write it (``lognorm.normalised``).
    """
    from maple_flow.repair.lognorm import normalised
    from maple_flow.repair.logtext import bound_evidence

    evidence = bound_evidence(evidence)  # a huge or binary log costs what a normal one does
    evidence = normalised(evidence)  # other versions' wordings of an error, as records write it
    kb = kb or load_knowledge_base()
    profile = _profile_for(evidence, profile)
    cluster = profile.id if profile is not None else evidence.cluster
    records = [r for r in kb.records if r.applies_to(cluster)]
    plain = [r for r in records if not r.anchor]
    # the error line names a thing of the script (entity.py): after the records' own
    # signatures (a question or an edit of that line when theirs does not apply), before
    # similarity
    anchored = entity_diagnoses([r for r in records if r.anchor], evidence, profile,
                                _scheduler(evidence, profile))
    found = _by_signature(plain, evidence, profile)
    if not found:
        found = anchored + _by_similarity(plain, evidence, profile, kb)
    elif _only_drops_modules(found[0]) and (asks := [d for d in anchored if d.needs
                                                       and not _about_modules(d, kb)]):
        # the log also names another thing of the script only the user can give (a program
        # or a path the job needs): dropping the module loads cannot bring it, so ask first
        found = asks + found + [d for d in anchored if d not in asks]
    else:
        found = found + anchored
    if summary_log(evidence):
        # a launcher's report that a rank failed says not why: no script record acts on it,
        # unless its signature read a line that says why (deepspeed's "Detected
        # CUDA_VISIBLE_DEVICES=2: setting --include" before the traceback it causes)
        found = [d.model_copy(update={"verdict": "hint"})
                 if d.verdict == "script" and not _names_cause(d) else d for d in found]
    # the log's structure, when nothing specific was found: a traceback of the program, a GPU
    # fault, a file-system or numeric failure with no word of the launch
    return _by_structure(records, evidence, profile, found) + found


def _by_structure(records: list[FailureRecord], ev: FailureEvidence,
                  profile: ClusterProfile | None, found: list[Diagnosis]) -> list[Diagnosis]:
    """A structural reading of the log (``structure.read``: not the launch script's, by the
    traceback's frames and final exception, GPU fault, file-system, numeric or signal
    evidence), when no signature matched and no similarity match offers a script fix; its
    record's advice, no fix. Empty otherwise."""
    from maple_flow.repair.structure import read

    if any(d.method == "signature" or d.verdict == "script" for d in found):
        return []
    reading = read(unprefixed_lines(f"{ev.stdout}\n{ev.stderr}"))
    record = next((r for r in records if reading and r.id == reading.record_id), None)
    if reading is None or record is None:
        return []
    ctx = Context({}, profile, ev.script)
    return [_diagnosis(record, 0.0, "structure", list(reading.evidence), ctx)]


def _about_modules(d: Diagnosis, kb: KnowledgeBase) -> bool:
    """Whether ``d`` is a diagnosis by a record of the modules family."""
    try:
        return kb.get(d.record_id).family == "modules"
    except KeyError:
        return False


def _only_drops_modules(d: Diagnosis) -> bool:
    """Whether ``d`` is a script fix that only removes module loads."""
    return d.verdict == "script" and bool(d.fix.ops) and all(
        op.op == "remove_module" for op in d.fix.ops)


def _names_cause(d: Diagnosis) -> bool:
    """Whether a signature diagnosis matched a line that is not a launcher's summary."""
    return d.method == "signature" and any(
        ln.strip() and not SUMMARY_LINE.search(ln) for ln in d.evidence)


def answer(
    diagnosis: Diagnosis,
    answers: dict[str, str],
    kb: KnowledgeBase | None = None,
    profile: ClusterProfile | None = None,
    script: str = "",
) -> Diagnosis:
    """``diagnosis`` with its fix made again with the user's values for its ``needs``.

    The values are data: they fill ``{ask:NAME}`` placeholders and are validated and
    shell-quoted like any other value, never parsed as placeholders themselves.
    """
    record = (kb or load_knowledge_base()).get(diagnosis.record_id)
    ctx = Context(diagnosis.captures, profile, script, answers=dict(answers))
    return _diagnosis(record, diagnosis.score, diagnosis.method, diagnosis.evidence, ctx,
                      hint=diagnosis.verdict == "hint")

