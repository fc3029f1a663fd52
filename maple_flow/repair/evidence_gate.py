"""When a similarity match may act: the log must carry the record's discriminating evidence.

Similarity ranks records by how alike their text is to the log's, and short or generic logs
(``RuntimeError: Socket Timeout``, ``Connection reset by peer``, a srun task summary) are alike
to many records whose cause is something else. A record's *key words* are the words its
signatures always match literally that few records' signatures share (at most KEY_RECORDS):
the error code, the resource or the message only that cause prints. A similarity match whose
log has none of them is a hint, never a fix.

A log with key words of no record, and few words of its own (fewer than CONTENT_WORDS
besides the generic ones), is too thin for similarity to act on; a longer log may still be
acted on by meaning alone (a message said another way): advice ("not the script") at any
confident cosine, a change of the script only at MEANING_COSINE or more (the evidence floor:
a fix needs more evidence than advice, because a wrong fix edits the user's script).
A record whose signature reads a figure (a named group of digits: SeqNum, a count) is
decided by that figure, which similarity does not read: similarity never acts on it; nor on
a script record one of whose figures the log contradicts (figure_gate).

Anchors (``anchor_coverage``): the words one of a record's signatures always matches
literally, less the generic ones; a log *anchors* a record when it holds at least
ANCHOR_WORDS of one signature's anchor words. A change of the script by similarity needs a
close meaning (STRONG_COSINE) or anchors covering SCRIPT_COVERAGE of that signature; "not the
script" (advice, no fix) may be said on anchors alone, covering NOT_SCRIPT_COVERAGE of a
signature with one of the record's key words, at any qualifying cosine (``anchored_not_script``).
Calibrated on the tune halves of the released real-log sets and all of bench/reallogs8/9
(bench/s18abstain_probe/README.md): every invented or wrong similarity fix there had anchors
under 40 % or a single anchor word, at cosines 0.60-0.63.

A log whose every error line is a summary (a launcher's report that a process failed:
``ChildFailedError``, ``failed (exitcode: -9)``, srun's ``Exited with exit code``,
``Segmentation fault``, ``Killed``) does not say why; the answer is to read the first failing
rank's own log.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

from maple_flow.repair.figure_gate import figure_contradicted
from maple_flow.repair.log_values import contradicts, prescribed
from maple_flow.repair.missing_gate import python_stack_untied
from maple_flow.repair.models import FailureRecord, KnowledgeBase

try:  # the regular-expression parser, to read a pattern's literal text
    import re._parser as sre_parse  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - Python < 3.11
    import sre_parse  # type: ignore[no-redef, unused-ignore]

#: A word shared by more records' signatures than this says nothing of one cause.
KEY_RECORDS = 3
#: The shortest word read as a key word.
KEY_LENGTH = 4
_WORD = re.compile(rf"[a-z][a-z0-9_]{{{KEY_LENGTH - 1},}}")
#: Words of every failure, whatever the cause (never key words however rare in signatures).
GENERIC_WORDS = frozenset({
    "error", "errors", "failed", "failure", "fail", "fails", "timeout", "timed", "socket",
    "connection", "reset", "peer", "refused", "runtimeerror", "exception", "traceback",
    "warn", "warning", "info", "with", "from", "that", "this", "have", "been", "were", "will",
    "file", "line", "most", "recent", "call", "last", "process", "processes", "rank", "task",
    "tasks", "exit", "code", "exited", "killed", "signal", "core", "dumped", "segmentation",
    "fault", "terminated", "abort", "aborted", "unknown", "invalid", "cannot", "could",
    "unable", "while", "when", "after", "before", "operation", "retrying", "connect",
    "torch", "distributed", "python", "srun", "slurmstepd", "elastic", "multiprocessing",
    "childfailederror", "some", "your", "other", "than", "into", "over", "there", "specified",
})
#: What to do with a log that only says a process failed.
SUMMARY_ADVICE = ("the log only reports that a process failed (a launcher's summary, no "
                  "cause): read the first failing rank's own log, its first error")
#: A log with fewer words than this besides the generic ones is thin.
CONTENT_WORDS = 5
#: The evidence floor: a similarity match that carries none of its record's key words
#: changes the script only when its cosine reaches this (calibrated on the tune halves of
#: the released real-log sets, bench/repair10_probe/README.md); below it the record is a hint.
MEANING_COSINE = 0.60
#: The fewest anchor words of one signature a log must hold to anchor its record.
ANCHOR_WORDS = 2
#: A similarity match changes the script only at this cosine, or with anchors covering
#: SCRIPT_COVERAGE of one of its record's signatures: the invented and wrong fixes of the
#: calibration sets lay at 0.60-0.63 with at most one anchor word; 0.66 is the midpoint of
#: 0.63 and the next right fix without anchors (0.69).
STRONG_COSINE = 0.66
SCRIPT_COVERAGE = 0.4
#: Anchors covering this much of a not-script record's signature (with one of its key words)
#: let similarity say "not the script" whatever the cosine (above the qualifying floor).
NOT_SCRIPT_COVERAGE = 0.6
#: A named group that captures a figure.
_FIGURE_GROUP = re.compile(r"\(\?P<\w+>\\d")
#: A launcher's line that a process failed, without why.
SUMMARY_LINE = re.compile(
    r"(?i)ChildFailedError|\bfailed \(exitcode: -?\d+\)|Exited with exit code \d+"
    r"|\bsegmentation fault\b|^\s*(?:\S+: )?killed\s*$|\bcore dumped\b|"
    r"^\s*(?:Failures|Root Cause|traceback|rank\d+ \(local rank|<NO[ _]OTHER[ _]FAILURES>)"
    r"|^\s*(?:error[ _]file|exitcode)\b|^\s*\S+ FAILED\s*$"
    r"|srun: (?:error: )?(?:Terminating job step|Force Terminated)")
#: Slurm's (21+) lines at the end of a step that a task ended: srun terminating the step, its
#: report that tasks died on an abort or a termination, and the scheduler's cancellation of the
#: step with no reason given (no "DUE TO ...") or because a task failed. Like SUMMARY_LINE they
#: say not why, so a log of only these and summaries is a summary (``summary_only``); they are
#: kept apart because the structural reading counts a cancellation as a kill that may explain a
#: peer's stall.
STEP_END_LINE = re.compile(
    r"srun: (?:error: )?Terminating StepId="
    r"|\btasks? [\d,-]+: (?:Aborted|Terminated)\s*$"
    r"|\*\*\* (?:JOB|STEP) \S+ ON \S+ CANCELLED AT \S+ \*\*\*"
    # slurmstepd cancelling the step because one of its tasks failed (Slurm 23.11+,
    # src/slurmd/slurmstepd/req.c): the failing task's own output says why
    r"|\*\*\* (?:JOB|STEP) \S+ (?:ON \S+ )?CANCELLED (?:AT \S+ )?DUE TO TASK FAILURE \*\*\*")


def _literal_runs(items: object, runs: list[str], current: list[str]) -> None:
    """Collect the runs of literal characters every match of a parsed pattern contains."""
    for op, arg in items:  # type: ignore[attr-defined]
        name = str(op)
        if name == "LITERAL":
            current.append(chr(arg))
            continue
        runs.append("".join(current))
        current.clear()
        if name == "SUBPATTERN":
            _literal_runs(arg[-1], runs, current)
        elif name in {"MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"} and arg[0] >= 1:
            _literal_runs(arg[2], runs, current)
        runs.append("".join(current))
        current.clear()
    runs.append("".join(current))
    current.clear()


@cache
def pattern_words(pattern: str) -> frozenset[str]:
    """The words (lower case) a pattern always matches literally."""
    runs: list[str] = []
    try:
        _literal_runs(sre_parse.parse(pattern), runs, [])
    except (re.error, TypeError, AttributeError, ValueError):
        return frozenset()
    return frozenset(w for run in runs for w in _WORD.findall(run.lower()))


def record_words(record: FailureRecord) -> frozenset[str]:
    """The words any of a record's signatures always matches, generic words left out."""
    words = {w for sig in record.signatures for w in pattern_words(sig.pattern)}
    return frozenset(words - GENERIC_WORDS)


_KEYS: dict[int, tuple[KnowledgeBase, dict[str, frozenset[str]]]] = {}


def key_words(kb: KnowledgeBase) -> dict[str, frozenset[str]]:
    """Each record's key words: its signature words that at most KEY_RECORDS of the records
    similarity can offer share (a signature-only record is never offered, so its words take
    no key word from another record); computed once per knowledge base."""
    held = _KEYS.get(id(kb))
    if held is not None and held[0] is kb:
        return held[1]
    per_record = {r.id: record_words(r) for r in kb.records}
    offered = {r.id for r in kb.records if not r.signature_only}
    counts = Counter(w for rid, words in per_record.items() if rid in offered for w in words)
    keys = {rid: frozenset(w for w in words if counts[w] <= KEY_RECORDS)
            for rid, words in per_record.items()}
    _KEYS[id(kb)] = (kb, keys)
    return keys


def carries_key_evidence(record: FailureRecord, log_text: str, kb: KnowledgeBase) -> bool:
    """Whether ``log_text`` holds one of ``record``'s key words (as a word, any case)."""
    words = set(_WORD.findall(log_text.lower()))
    return bool(key_words(kb).get(record.id, frozenset()) & words)


_PATH = re.compile(r"\S*/\S*")


def content_words(message_text: str) -> frozenset[str]:
    """The words of ``message_text`` (lower case) other than the generic ones and paths."""
    text = _PATH.sub(" ", message_text.lower())
    return frozenset(w for w in _WORD.findall(text) if w not in GENERIC_WORDS)


def anchor_coverage(record: FailureRecord, log_text: str) -> tuple[float, int]:
    """(share, count) of the anchor words of ``record``'s best-covered signature that
    ``log_text`` holds (as words, any case); (0.0, 0) for a record without anchor words."""
    words = set(_WORD.findall(log_text.lower()))
    best = (0.0, 0)
    for sig in record.signatures:
        anchors = pattern_words(sig.pattern) - GENERIC_WORDS
        if anchors:
            held = len(anchors & words)
            best = max(best, (held / len(anchors), held))
    return best


def anchored(record: FailureRecord, log_text: str, coverage: float) -> bool:
    """Whether ``log_text`` holds at least ANCHOR_WORDS of one of ``record``'s signatures'
    anchor words, covering at least ``coverage`` of them."""
    share, held = anchor_coverage(record, log_text)
    return held >= ANCHOR_WORDS and share >= coverage


def strong_for_script(record: FailureRecord, log_text: str, cosine: float) -> bool:
    """Whether a similarity match of a script record has the stronger evidence a change of
    the script needs: a close meaning (STRONG_COSINE) or anchors (SCRIPT_COVERAGE)."""
    return cosine >= STRONG_COSINE or anchored(record, log_text, SCRIPT_COVERAGE)


def anchored_not_script(record: FailureRecord, log_text: str, kb: KnowledgeBase) -> bool:
    """Whether a not-script record may be the answer by its anchors alone: the log holds
    NOT_SCRIPT_COVERAGE of one signature's anchor words (at least ANCHOR_WORDS) and one of
    the record's key words; never a record decided by a figure."""
    return (not record.script_problem and not decided_by_figure(record)
            and anchored(record, log_text, NOT_SCRIPT_COVERAGE)
            and carries_key_evidence(record, log_text, kb))


def decided_by_figure(record: FailureRecord) -> bool:
    """Whether every signature of a script record reads a figure (a named group of digits)."""
    return record.script_problem and all(_FIGURE_GROUP.search(sig.pattern)
                                         for sig in record.signatures)


def may_act(record: FailureRecord, log_text: str, message_text: str,
            kb: KnowledgeBase, cosine: float = 1.0) -> bool:
    """Whether a confident similarity match of ``record`` to ``log_text`` may act (propose
    its fix, or say "not the script"): not decided by a figure, and the log carries the
    record's key words; or its messages (``message_text``: the lines that say what went
    wrong) are not thin and, for a record that would change the script, the match is close
    in meaning (``cosine`` of at least MEANING_COSINE): the evidence floor. A record that
    would change the script needs, besides, a close meaning or anchors (``strong_for_script``)."""
    if decided_by_figure(record):
        return False
    if record.script_problem and figure_contradicted(record, log_text):
        return False  # the log names another figure than the record's (figure_gate)
    if record.script_problem and not strong_for_script(record, log_text, cosine):
        return False
    if carries_key_evidence(record, log_text, kb):
        return True
    if len(content_words(message_text)) < CONTENT_WORDS:
        return False
    return not record.script_problem or cosine >= MEANING_COSINE


def summary_only(error_lines: list[str]) -> bool:
    """Whether every error line is a launcher's summary that a process failed (and there is
    at least one): the cause is in the first failing rank's own log."""
    lines = [ln for ln in error_lines if ln.strip()]
    return bool(lines) and all(SUMMARY_LINE.search(ln) or STEP_END_LINE.search(ln)
                               for ln in lines)


# -- ties: a fix must follow from evidence that ties the log to a line of this script ------------
#
# A symptom-only message (an OOM kill, a missing CUDA library, a collective timeout) says what
# went wrong but not which line of the script made it go wrong. A record's fix for it is an
# edit of the script only when the evidence ties the symptom to the entity the fix changes:
# the script states that entity (a memory request, a CUDA module, a job over several nodes)
# or the log states the value (the limit the job hit). Without a tie the answer is the
# record's advice and a question (``needs``: confirm it, and the record's edit is made), never
# an edit; a fix made only of diagnostic settings changes nothing of the failure (no fix).

#: A kill for host memory, in the words of Slurm, the kernel or the program's summary.
OOM_SYMPTOM = re.compile(r"(?i)\boom[-_ ]?kill|\bOut Of Memory\b|exceeded (?:job |step )?memory "
                         r"limit|Memory cgroup out of memory")
#: A log that states the sizes it hit ("exceeded memory limit (626359956 > 512000000)").
MEMORY_SIZES = re.compile(r"\(\d+ > \d+\)")
#: A memory request of the script (Slurm, PBS).
MEMORY_LINE = re.compile(r"(?m)^\s*#(?:SBATCH|PBS)\b.*?(?:--mem(?:-per-(?:cpu|gpu))?[= ]|"
                         r"[:\s,]mem=)")
#: A job on a shared node: its partition or QOS is a shared one (Anvil `shared`, Perlmutter's
#: `shared` QOS, Bridges-2 `RM-shared`, Expanse `shared`, OSC's shared nodes). Such a job that
#: asks no memory gets the site's small per-core default (memory follows the cores asked), the
#: classic cause of an OOM kill; a whole-node job gets the node's memory whatever it asks.
SHARED_NODE_LINE = re.compile(r"(?mi)^\s*#SBATCH\s+(?:-p\s*|--partition[= ]|-q\s*|--qos[= ])"
                              r"\S*\bshared\b")
#: A whole-node job (Slurm's bare --exclusive) that asks no memory: Slurm gives it every CPU of
#: its nodes but "only as much memory as it requested" (sbatch --exclusive; "to request all the
#: memory on a node, use --mem=0"), so it runs under the per-CPU default times its tasks - the
#: tie of an OOM kill to the script, as on a shared node; the user's intent for the whole node
#: is stated, and --mem=0 asks its memory without inventing a size (s40rl48).
EXCLUSIVE_LINE = re.compile(r"(?m)^\s*#SBATCH\s+--exclusive\s*(?:#.*)?$")
#: A CUDA runtime library the loader or Python could not find.
MISSING_CUDA_LIBRARY = re.compile(r"lib(?:cudart|cublas|cublasLt|cudnn|cufft|curand|cusparse|"
                                  r"cusolver|nvrtc)\w*\.so[.\d]*: cannot open shared object")
#: A module load of the script, its name in group 1.
_MODULE_LOAD = re.compile(r"(?m)^[^#\n]*\bmodule\s+(?:load|add)\s+([^\n;&|]+)")
#: The job's node count (Slurm or PBS directive).
_NODES = re.compile(r"(?m)^\s*#SBATCH\s+(?:--nodes[= ]|-N\s*)(\d+)\s*$|"
                    r"^\s*#PBS\s+-l\s+(?:select|nodes)=(\d+)\b")
#: A collective that timed out (the watchdog's report): a symptom, on one node not of the
#: inter-node transport.
COLLECTIVE_TIMEOUT = re.compile(r"(?i)Watchdog caught collective operation timeout|"
                                r"collective operation timeout")
#: Settings that only make a failure say more (logging), never change it.
DIAGNOSTIC_ENV = frozenset({
    "NCCL_DEBUG", "NCCL_DEBUG_SUBSYS", "NCCL_DEBUG_FILE", "TORCH_DISTRIBUTED_DEBUG",
    "TORCH_CPP_LOG_LEVEL", "TORCH_SHOW_CPP_STACKTRACES", "FI_LOG_LEVEL", "UCX_LOG_LEVEL",
})
_MEMORY_OPTIONS = frozenset({"mem", "mem-per-cpu", "mem-per-gpu", "exclusive"})
#: An out-of-memory kill of the container image import (pyxis running enroot's import, its
#: squashfs step) before the program starts: the import's need, not a growing program (s32b2).
IMAGE_IMPORT_KILLED = re.compile(r"pyxis: child \d+ failed with error code: 137\b|"
                                 r"\bKilled\s[^\n]*enroot-mksquashovlfs")
#: Why a fix is not tied, as the question put to the user (the need's name, its words).
CONFIRM_MEMORY = "confirm_memory"
CONFIRM_MODULE = "confirm_module"
QUESTIONS = {
    CONFIRM_MEMORY: ("the log reports an out-of-memory kill but names no size, and the script "
                     "asks no memory: if the program's use grows during the run (a leak, an "
                     "option that holds data), more memory only delays the kill; confirm the "
                     "job needs more memory to have the record's edit made"),
    CONFIRM_MODULE: ("the log names a missing CUDA library but no module of the script: a "
                     "prebuilt program or a Python package built for another CUDA is not cured "
                     "by loading a module; confirm the program expects the site's CUDA module to "
                     "have the record's edit made"),
}


def _op_name(op: object, field: str) -> str:
    return str(getattr(op, field, "") or "")


def _edits_memory_only(ops: list[object]) -> bool:
    return bool(ops) and all(getattr(op, "op", "") == "set_directive"
                             and _op_name(op, "option") in _MEMORY_OPTIONS for op in ops)


def _module_base(name: str) -> str:
    return name.strip().split("/")[0].lower()


def _loads_like(script: str, module: str) -> bool:
    """Whether ``script`` loads a module of ``module``'s family (its name before '/', or a CUDA
    toolkit of any spelling for a CUDA module)."""
    base = _module_base(module)
    loaded = {_module_base(m) for line in _MODULE_LOAD.findall(script) for m in line.split()
              if not m.startswith("-")}
    cuda = {b for b in loaded if b.startswith("cuda") or b in {"nvhpc", "nvidia-hpc-sdk"}}
    return base in loaded or (base.startswith("cuda") and bool(cuda))


def node_count(script: str) -> int | None:
    """The job's node count from its directives; None when the script states none."""
    m = _NODES.search(script)
    return int(m.group(1) or m.group(2)) if m else None


def untied(ops: list[object], log_text: str, script: str,
           network_env: frozenset[str] = frozenset()) -> tuple[list[object], str | None, str]:
    """(ops kept, the need to ask, why) for a script fix of ``ops`` on ``log_text``:

    - an edit of the memory request on an out-of-memory kill, when the script asks no memory,
      runs on no shared node (SHARED_NODE_LINE: there the small per-core default is the tie),
      is no whole-node job without a memory request (EXCLUSIVE_LINE: the same default is the
      tie there) and the log states no size, unless the kill hit the container image import
      before the program started (IMAGE_IMPORT_KILLED): no ops, ask CONFIRM_MEMORY;
    - a CUDA module added for a missing CUDA library, when the script loads no CUDA module:
      no ops, ask CONFIRM_MODULE;
    - module loads for a missing Python launcher, interpreter or core package, when the script
      loads a Python module already or none of the loads gives one: no ops
      (missing_gate.python_stack_untied);
    - an export of a variable the log itself says to set to another value is dropped
      (log_values);
    - diagnostic settings (DIAGNOSTIC_ENV) are dropped; on a collective timeout, what remains
      of the site's inter-node settings (``network_env``) on a job of one node is dropped too
      (a one-node job uses no inter-node transport): no need, the fix is what is left
      (perhaps nothing).
    Unchanged (ops, None, "") when the fix is tied to the script."""
    if (_edits_memory_only(ops) and OOM_SYMPTOM.search(log_text)
            and not MEMORY_SIZES.search(log_text) and not MEMORY_LINE.search(script)
            and not SHARED_NODE_LINE.search(script) and not EXCLUSIVE_LINE.search(script)
            and not IMAGE_IMPORT_KILLED.search(log_text)):
        return [], CONFIRM_MEMORY, QUESTIONS[CONFIRM_MEMORY]
    modules = [op for op in ops if getattr(op, "op", "") == "add_module"]
    if (modules and len(modules) == len(ops) and MISSING_CUDA_LIBRARY.search(log_text)
            and not any(_loads_like(script, _op_name(op, "name")) for op in modules)):
        return [], CONFIRM_MODULE, QUESTIONS[CONFIRM_MODULE]
    kept, stack_why = python_stack_untied(ops, log_text, script)
    if stack_why:  # module loads that cannot give a missing launcher (missing_gate, s38precA)
        return kept, None, stack_why
    wanted = prescribed(log_text)
    against = [op for op in ops if contradicts(op, wanted)]
    if against:  # the log names the value to set, and the fix sets another (log_values)
        kept = [op for op in ops if op not in against]
        return kept, None, "" if kept else (
            "the log itself says to set " + ", ".join(
                f"{_op_name(op, 'name')}={'/'.join(sorted(wanted[_op_name(op, 'name')]))}"
                for op in against) + "; the fix would set another value")
    kept = [op for op in ops if not (getattr(op, "op", "") == "export_env"
                                     and _op_name(op, "name") in DIAGNOSTIC_ENV)]
    why = "diagnostic settings only (they make the failure say more, never cure it)"
    one_node_timeout = COLLECTIVE_TIMEOUT.search(log_text) and node_count(script) == 1
    if kept and network_env and one_node_timeout and all(
            getattr(op, "op", "") == "export_env" and _op_name(op, "name") in network_env
            for op in kept):
        kept, why = [], "the site's inter-node settings, on a job of one node"
    if len(kept) == len(ops):
        return ops, None, ""
    return kept, None, why if not kept else ""
