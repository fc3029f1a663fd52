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
applied: below the floor the answer is "not recognised". A not-script record whose anchors the
log holds (``evidence_gate.anchored_not_script``) is accepted as the answer whatever those
doubts (it gives advice, never a fix), and put first when no similarity match changes the
script; a script record needs a close meaning or anchors (``evidence_gate.strong_for_script``).
"""

from __future__ import annotations

import re

from maple_flow.errors import MapleError
from maple_flow.models import ClusterProfile
from maple_flow.repair.entity import entity_diagnoses
from maple_flow.repair.evidence_gate import (
    STEP_END_LINE,
    SUMMARY_LINE,
    anchored_not_script,
    may_act,
    summary_only,
    untied,
)
from maple_flow.repair.interpreter_fault import argv_argument_missing
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.matching import (
    ERROR_LINE,
    GPU_RUNTIME_TEXT,
    MAX_EVIDENCE,
    MAX_LOG_LINES,
    MAX_SIMILAR,
    SITE_RECORD,
    diagnosis_of,
    found_in,
    match_signature,
    scheduler_of,
    specificity,
    unprefixed_lines,
)
from maple_flow.repair.missing_gate import refused_by_signature
from maple_flow.repair.models import (
    Diagnosis,
    FailureEvidence,
    FailureRecord,
    KnowledgeBase,
    Signature,
)
from maple_flow.repair.module_library import module_library_missing
from maple_flow.repair.program_error import program_failure
from maple_flow.repair.refusal import answers_refusal
from maple_flow.repair.resolve import Context
from maple_flow.repair.resources import submit_lines
from maple_flow.repair.script_shown import script_shows_cause
from maple_flow.repair.similarity import confident, rank_documents


def _by_signature(records: list[FailureRecord], ev: FailureEvidence,
                  profile: ClusterProfile | None) -> list[Diagnosis]:
    scheduler = scheduler_of(ev, profile)
    refusal = submit_lines(f"{ev.submit_message}\n{ev.stdout}\n{ev.stderr}", ev.script)
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
            found.append(diagnosis_of(record, score, "signature", lines, ctx, refusal=refusal))
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
    if sig.script and not found_in(sig.script, script):
        return False
    return not (sig.script_lacks and found_in(sig.script_lacks, script))


def for_script(records: list[FailureRecord], script: str) -> list[FailureRecord]:
    """``records`` less those whose every signature asks the script for a shape (a pinned
    CUDA_VISIBLE_DEVICES, several tasks per node) that ``script`` does not have."""
    return [r for r in records if any(_script_fits(sig, script) for sig in r.signatures)]


def _similar_candidates(records: list[FailureRecord], ev: FailureEvidence,
                        profile: ClusterProfile | None) -> list[FailureRecord]:
    """The records similarity may offer: of this scheduler, for this script's shape, not
    decided by a figure only a signature reads, and not refused by one of their signatures
    for this log (``missing_gate.refused_by_signature``)."""
    records = for_script(for_scheduler(records, scheduler_of(ev, profile)), ev.script)
    log = f"{ev.stdout}\n{ev.stderr}"
    return [r for r in records if not r.signature_only and not _foreign_port(r, ev)
            and not refused_by_signature(r, log)]


def _foreign_port(record: FailureRecord, ev: FailureEvidence) -> bool:
    """Whether ``record`` fixes the script's port (a signature with ``port_of_script``) while
    the port the log names is none the script sets, derives or its launcher defaults to."""
    if not any(sig.port_of_script for sig in record.signatures):
        return False
    from maple_flow.repair.script_port import rendezvous_port_holds

    return not rendezvous_port_holds(f"{ev.stdout}\n{ev.stderr}", ev.script)


def _by_similarity(records: list[FailureRecord], ev: FailureEvidence,
                   profile: ClusterProfile | None, kb: KnowledgeBase) -> list[Diagnosis]:
    every = records
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
    # a missing library of a module or environment (oneAPI, MPI), or a not-script record's
    # message whose script_lacks line the script has: the job's environment or its own line is
    # in play, so a resemblance does not say "not the script" (module_library, script_shown)
    script_in_play = module_library_missing(query) or script_shows_cause(
        every, f"{ev.stdout}\n{ev.stderr}", ev.script)
    anchors = {i for i, _, _ in ranked[:MAX_SIMILAR]
               if anchored_not_script(records[i], query, kb) and not script_in_play}
    found = [
        diagnosis_of(records[i], score, "similarity", evidence, Context({}, profile, ev.script),
                   hint=i not in anchors and (
                       unsure or not confident(cosine)
                       or (script_in_play and not records[i].script_problem)
                       or not may_act(records[i], query, messages, kb, cosine)
                       or (records[i].script_problem
                           and not answers_refusal(records[i], query))))
        for i, score, cosine in ranked[:MAX_SIMILAR]
    ]
    return _anchored_first(found, {records[i].id for i in anchors})


def _anchored_first(found: list[Diagnosis], anchored: set[str]) -> list[Diagnosis]:
    """``found`` with its first not-script diagnosis accepted by its anchors first, when no
    similarity match may change the script: what ranks above it is only a hint or a weaker
    "not the script"."""
    if any(d.verdict == "script" for d in found):
        return found
    first = next((d for d in found if d.record_id in anchored), None)
    return found if first is None else [first, *(d for d in found if d is not first)]


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
                                scheduler_of(evidence, profile))
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
    # every module the script loads reported unknown at once: the node's module tree, not the
    # names (dropping them all would run the job without its software)
    found = _module_tree_unreadable(records, evidence, profile, found, kb) + found
    # the log's structure, when nothing specific was found: a traceback of the program, a GPU
    # fault, a file-system or numeric failure with no word of the launch
    found = _by_structure(records, evidence, profile, found) + found
    # the job script's own line failed (the shell reports it): the script is in play, so the
    # program's or a library's failure after it is not shown to be "not the script" (s23)
    # or the program read a positional argument the launch line did not give (s38)
    if script_line_failed(f"{evidence.stdout}\n{evidence.stderr}") or argv_argument_missing(
            unprefixed_lines(f"{evidence.stdout}\n{evidence.stderr}")):
        found = [d.model_copy(update={"verdict": "hint"})
                 if d.verdict == "not_script" and _family_of(d, kb) in ("program", "library")
                 else d for d in found]
    # a script fix of a symptom-only message must be tied to a line of this script
    # (evidence_gate.untied): else advice and a question, never an edit
    return [_tied(d, evidence, profile) for d in found]


#: The shell's report that a line of the job script itself failed (``slurm_script: line 23:
#: triton-5: No such file or directory``, ``run.sh: line 4: --lr: command not found``); not its
#: report of a child that died on a signal (``line 12: 265387 Illegal instruction``).
_SCRIPT_LINE_FAILED = re.compile(
    r"(?m)^\S*?(?:slurm_script|[\w.-]+\.(?:sh|bash|sbatch|slurm|pbs|job|qsub|batch)): line \d+: "
    r"(?!\s*\d+\s)[^\n]*(?:command not found|No such file or directory|"
    r"File or directory not found|Permission denied|syntax error|unbound variable|"
    r"bad substitution|ambiguous redirect)")


def script_line_failed(log: str) -> bool:
    """Whether the shell reports that a line of the job script itself failed."""
    return bool(_SCRIPT_LINE_FAILED.search(log))


def _family_of(d: Diagnosis, kb: KnowledgeBase) -> str | None:
    try:
        return str(kb.get(d.record_id).family)
    except KeyError:
        return None


def _tied(d: Diagnosis, ev: FailureEvidence, profile: ClusterProfile | None) -> Diagnosis:
    """``d`` with a fix the evidence does not tie to the script made a question (its needs),
    or its diagnostic-only or inapplicable operations dropped (``evidence_gate.untied``)."""
    if d.verdict != "script" or not d.fix.ops:
        return d
    network = profile.network.env if profile is not None and profile.network else {}
    log = f"{ev.submit_message}\n{ev.stdout}\n{ev.stderr}"
    ops, need, why = untied(list(d.fix.ops), log, ev.script, frozenset(network))
    if need is None and len(ops) == len(d.fix.ops):
        return d
    fix = d.fix.model_copy(update={"ops": ops})
    needs = [*d.needs, need] if need else d.needs
    unresolved = [*d.unresolved, why] if why else d.unresolved
    return d.model_copy(update={"fix": fix, "needs": needs, "unresolved": unresolved})


#: Lmod's report of modules it does not know; group 1 holds the quoted names.
_UNKNOWN_MODULES = re.compile(r'The following module\(s\) are\s+unknown:\s+((?:"[^"\n]+"[\s,]*)+)')
MODULE_TREE_RECORD = "lmod-module-tree-unreadable"


def _module_tree_unreadable(records: list[FailureRecord], ev: FailureEvidence,
                            profile: ClusterProfile | None,
                            found: list[Diagnosis], kb: KnowledgeBase) -> list[Diagnosis]:
    """The site record of an unreadable module tree when the best diagnosis is a script fix of
    the modules family and the log reports every module the script loads (two or more)
    unknown: no single name is then shown to be the script's fault. Empty otherwise."""
    if not found or not _module_load_answer(found[0], kb) or _other_script_fault(found, kb):
        return []
    from maple_flow.errors import ParseError
    from maple_flow.scriptparse.script import parse_script  # the parser, only when needed

    log = f"{ev.stdout}\n{ev.stderr}"
    unknown = {name for m in _UNKNOWN_MODULES.finditer(log)
               for name in re.findall(r'"([^"\n]+)"', m.group(1))}
    try:
        loaded = set(parse_script(ev.script).modules)
    except (ParseError, ValueError):
        return []
    record = next((r for r in records if r.id == MODULE_TREE_RECORD), None)
    if record is None or len(loaded) < 2 or not loaded <= unknown:
        return []
    lines = [ln.strip() for ln in log.splitlines() if ("are" in ln and "unknown" in ln)
             or ln.strip().startswith("unknown:")][:4]
    ctx = Context({}, profile, ev.script)
    return [diagnosis_of(record, 0.0, "signature", lines, ctx)]


#: Structural readings that outweigh a similarity match's script fix (s23): the final
#: exception of the program's own traceback, a library's own failed assertion, a missing file
#: of the program's; an application's own report that its input is wrong (s30); the
#: interpreter's own words about the program's objects, the graph compiler's report that it
#: could not trace the code (s38).
STRUCTURE_OVER_SIMILARITY = frozenset({"program", "data", "internal", "datapath", "damaged",
                                       "package", "appinput", "interpreter", "compiletrace"})
#: Structural readings that outweigh a signature match whose fix cannot be made here (no edit,
#: no question): a missing file the script names nowhere (s23); a file whose own structure
#: says it was cut short, which no edit of the script makes whole (s24).
STRUCTURE_OVER_INAPPLICABLE = frozenset({"datapath", "damaged"})
#: Structural readings whose evidence is that nothing failed (s34): a job state other than a
#: plain failure (TIMEOUT, OUT_OF_MEMORY, CANCELLED...) says why the job ended instead.
STATE_SAYS_WHY = frozenset({"stopped"})


def _by_structure(records: list[FailureRecord], ev: FailureEvidence,
                  profile: ClusterProfile | None, found: list[Diagnosis]) -> list[Diagnosis]:
    """A structural reading of the log (``structure.read``: not the launch script's, by the
    traceback's frames and final exception, GPU fault, file-system, numeric or signal
    evidence), when no signature matched and no similarity match offers a script fix; its
    record's advice, no fix. A similarity match whose script fix is empty here (no edit, no
    question) cannot change the script and does not stand in its way (s22); nor does any
    similarity match where the log shows the program's own exception, a library's failed
    assert or a missing file of the program's (s23, :data:`STRUCTURE_OVER_SIMILARITY`), nor a
    signature whose fix is empty here where the reading is such a missing file (s23). Empty
    otherwise."""
    from maple_flow.repair.structure import read

    reading = read(unprefixed_lines(f"{ev.stdout}\n{ev.stderr}"), ev.script)
    record = next((r for r in records if reading and r.id == reading.record_id), None)
    if reading is None or record is None:
        return []
    if reading.category in STATE_SAYS_WHY and (ev.job_state or "FAILED").upper() != "FAILED":
        return []  # a quiet log of a job the scheduler ended (a limit, memory, a cancel): its own
    # a signature match names its cause, even where its fix cannot be made here - except a
    # missing file's, when the reading has shown that the script names that path nowhere (the
    # very thing such a record's fix needs: an argument of the script holding the path; s23),
    # and any, where the file read is shown cut short by its own structure (s24)
    if any(d.method == "signature"
           and not (_inapplicable(d) and reading.category in STRUCTURE_OVER_INAPPLICABLE)
           for d in found):
        return []
    # a similarity match is a resemblance, not evidence: where the log itself shows why the
    # job failed (the worker's own exception, a fault, a missing file of the program) and says
    # nothing of the launch, it does not outweigh that (s23)
    if (reading.category not in STRUCTURE_OVER_SIMILARITY
            and any(d.verdict == "script" and not _inapplicable(d) for d in found)):
        return []
    ctx = Context({}, profile, ev.script)
    return [diagnosis_of(record, 0.0, "structure", list(reading.evidence), ctx)]


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


_MODULE_OPS = ("remove_module", "swap_module")
#: What missing software makes a job print next to Lmod's "unknown": its commands, its Python
#: packages or its libraries not found (the modules' consequence, no fault of its own).
_MODULE_CONSEQUENCE = re.compile(r"command not found|No module named|cannot open shared object|"
                                 r":\s*not found\b|No such file or directory[^\n]*\b(?:bin|lib)\b")


def _other_script_fault(found: list[Diagnosis], kb: KnowledgeBase) -> bool:
    """Whether the log also shows a fault of the script that missing modules do not explain
    (a signature finding outside the modules family, such as a ``cd`` into a folder that does
    not exist): the unknown names are then the script's too, not an unreadable tree."""
    return any(d.verdict == "script" and d.method == "signature" and not _about_modules(d, kb)
               and not any(_MODULE_CONSEQUENCE.search(line) for line in d.evidence)
               for d in found)


def _module_load_answer(d: Diagnosis, kb: KnowledgeBase) -> bool:
    """Whether ``d`` is a script answer that only removes or swaps module loads: its fix, or
    (a swap the site cannot resolve, s34wrong) its record's fix templates."""
    if d.verdict != "script":
        return False
    if d.fix.ops:
        return all(op.op in _MODULE_OPS for op in d.fix.ops)
    try:
        fix = kb.get(d.record_id).fix
    except KeyError:
        return False
    return bool(fix) and all(t.get("op") in _MODULE_OPS for t in fix)


def _names_cause(d: Diagnosis) -> bool:
    """Whether a signature diagnosis matched a line that is not a launcher's summary."""
    return d.method == "signature" and any(
        ln.strip() and not (SUMMARY_LINE.search(ln) or STEP_END_LINE.search(ln))
        for ln in d.evidence)


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
    return diagnosis_of(record, diagnosis.score, diagnosis.method, diagnosis.evidence, ctx,
                      hint=diagnosis.verdict == "hint")

