"""Other versions' wordings of one error, written the way the knowledge base writes it.

A CUDA runtime error is ``CUDA error: <message>`` in current PyTorch, but other versions and
libraries print the same error as ``cuda runtime error (N) : <message>`` (PyTorch < 1.5),
``THCudaCheck FAIL file=... error=N : <message>`` (THC), ``NCCL WARN Cuda failure N
'<message>'`` (NCCL), ``CUDA failure N: <message>`` (ONNX Runtime) or ``CUDA_ERROR_X:
<message>`` (the driver API). The records' signatures are written for the first form;
:func:`canonical_lines` gives that form of every other one, so one signature recognises all.
Spacing and quotes vary too: a line's words may be separated by several blanks or a tab
(aligned columns, a pasted terminal), and quotes may be typographic (a web page, a chat):
:func:`plain_spacing` reads them as single spaces and ASCII quotes. PyTorch's NCCL watchdog
reports a hung collective as ``Timeout at NCCL work: N, last enqueued NCCL work: M, last
completed NCCL work: K.`` and, in later releases, as ``failure detected by watchdog at work
sequence id: N PG status: last enqueued work: M, last completed work: K``; the deepspeed
launcher's failing ssh to a host is ``Command '['ssh H hostname -I']' ...`` in DeepSpeed
before 2022 and ``Command 'ssh -o PasswordAuthentication=no H hostname' ...`` since: each other
wording is given in the one the records write (:data:`WORDINGS`); so is a shell's localized
``command not found`` (``torchrun：未找到命令``, ``Befehl nicht gefunden``). A CUDA wording on a
line a glog-style logger wrote at warning level is left as it is (:data:`_WARNING_LINE`): a
warning names a condition the library works around, not the failure. Pure: text in, text
out.
"""

from __future__ import annotations

import html
import re

from maple_flow.repair.models import FailureEvidence

#: Other wordings of a CUDA runtime error; group ``msg`` is the error's message.
CUDA_WORDINGS: tuple[re.Pattern[str], ...] = tuple(re.compile(p, re.M) for p in (
    r"cuda runtime error \(\d+\) : (?P<msg>[a-z][^\n]*?)(?: at \S+:\d+)?[ \t]*$",
    r"THCudaCheck FAIL file=\S+ line=\d+ error=\d+ : (?P<msg>[a-z][^\n]*?)[ \t]*$",
    r"Cuda failure (?:\d+ )?'(?P<msg>[a-z][^'\n]*)'",
    r"CUDA failure \d+: (?P<msg>[a-z][^;\n]*?)[ \t]*(?:;|$)",
    r"CUDA_ERROR_[A-Z_]+: (?P<msg>[a-z][^:\n]*?)[ \t]*(?:::|$)",
))
CANONICAL = "CUDA error: {}"
#: Other wordings of the NCCL watchdog's report of a collective that never completed.
NCCL_WORK_WORDINGS: tuple[re.Pattern[str], ...] = (re.compile(
    r"failure detected by watchdog at work sequence id: (?P<seq>\d+)\s+PG status: "
    r"last enqueued work: (?P<enq>\d+), last completed work: (?P<done>\d+)"),)
NCCL_WORK_CANONICAL = ("Timeout at NCCL work: {seq}, last enqueued NCCL work: {enq}, "
                       "last completed NCCL work: {done}.")
#: The deepspeed launcher's first ssh to a hostfile's host failing, as DeepSpeed wrote it before
#: its passwordless-ssh check (deepspeedai/DeepSpeed#1832, 2022): it asked the host its address.
DEEPSPEED_SSH_WORDINGS: tuple[re.Pattern[str], ...] = (re.compile(
    r"Command '\['ssh (?P<host>[\w.:-]+) hostname -I'\]' returned non-zero exit status "
    r"(?P<code>\d+)"),)
DEEPSPEED_SSH_CANONICAL = ("Command 'ssh -o PasswordAuthentication=no {host} hostname' "
                           "returned non-zero exit status {code}.")
#: A shell's "command not found" in other locales (bash/zsh/dash message catalogues: zh_CN,
#: zh_TW, de, fr, ja, es, it, pt, ru), full-width colon included; bash's localized "line N"
#: prefix (``行 18:``, ``Zeile 18:``, ``ligne 18:``) is kept as it is.
COMMAND_NOT_FOUND_WORDINGS: tuple[re.Pattern[str], ...] = (re.compile(
    r"(?P<cmd>[^\s:\uff1a]+)[ \t]*[:\uff1a][ \t]*(?:未找到命令|找不到命令|命令未找到|"
    r"Befehl nicht gefunden|Kommando nicht gefunden|commande introuvable|"
    r"コマンドが見つかりません|orden no encontrada|comando no encontrado|comando non trovato|"
    r"comando não encontrado|команда не найдена)"),)
COMMAND_NOT_FOUND_CANONICAL = "{cmd}: command not found"
#: Slurm's refusal of a job's request as the interactive clients print it: ``salloc`` says
#: ``Job submit/allocate failed: <reason>`` and ``srun`` (a step that makes its own
#: allocation) ``Unable to allocate resources: <reason>`` where ``sbatch`` says ``Batch job
#: submission failed: <reason>`` - the same slurmctld reply (slurm_strerror of one error code;
#: src/salloc/salloc.c, src/srun/allocate.c, src/sbatch/sbatch.c); and every other
#: ``salloc: error:`` line is the option check sbatch prints word for word (src/common/
#: slurm_opt.c, shared by both). The records write sbatch's form. A log quoted without the
#: client's name (``error: Job submit/allocate failed: ...``, as manuals and threads copy it)
#: is the same reply.
SLURM_ALLOCATE_WORDINGS: tuple[re.Pattern[str], ...] = (re.compile(
    r"(?:\b(?:salloc|srun): )?\berror: "
    r"(?:Job submit/allocate failed|Unable to allocate resources): (?P<msg>[^\n]*\S)"),)
SLURM_ALLOCATE_CANONICAL = "sbatch: error: Batch job submission failed: {msg}"
SALLOC_WORDINGS: tuple[re.Pattern[str], ...] = (re.compile(
    r"\bsalloc: error: (?!Job submit/allocate failed:)(?P<msg>[^\n]*\S)"),)
SALLOC_CANONICAL = "sbatch: error: {msg}"
#: Each family of other wordings with the form the records write (named groups fill it).
WORDINGS: tuple[tuple[tuple[re.Pattern[str], ...], str], ...] = (
    (CUDA_WORDINGS, CANONICAL.format("{msg}")),
    (NCCL_WORK_WORDINGS, NCCL_WORK_CANONICAL),
    (DEEPSPEED_SSH_WORDINGS, DEEPSPEED_SSH_CANONICAL),
    (COMMAND_NOT_FOUND_WORDINGS, COMMAND_NOT_FOUND_CANONICAL),
    (SLURM_ALLOCATE_WORDINGS, SLURM_ALLOCATE_CANONICAL),
    (SALLOC_WORDINGS, SALLOC_CANONICAL),
)
#: A line a glog-style logger wrote at warning level (``W0905 07:57:34.5 123 file.cc:199]``,
#: ``2024-09-05 07:57:34.555804: W external/.../file.cc:199]``, ``W external/...cc:206]``): the
#: library reports a condition it works around (XLA skips a device it cannot open), not the
#: failure; its CUDA wording is not given the records' form.
_WARNING_LINE = re.compile(
    r"^[ \t]*(?:\d{4}-\d\d-\d\d[ T][\d:.]+: )?W(?:\d{4} [\d:.]+ +\d+)? "
    r"[^\s\]]+\.(?:cc|cpp|c|h|py):\d+\]", re.M)
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
_BLANKS = re.compile(r"(?<=\S)[ \t]+")


#: What a post or a scraped page adds to a log: HTML entities (``&quot;``, ``&gt;``, ``&#39;``
#: of a page's ``<pre>`` block), colour codes whose ESC byte the paste lost (``[1;31m``,
#: ``[0m``), a GitHub reply's quote marks (``> `` before every line) and markdown fences.
_ENTITY = re.compile(r"&(?:quot|apos|amp|lt|gt|nbsp|#\d{1,5}|#[xX][0-9A-Fa-f]{1,4});")
_BARE_COLOUR = re.compile(r"(?<!\[)\[\d{1,3}(?:;\d{1,3})*m")
_QUOTE_MARKS = re.compile(r"^(?:>[ \t]?)+", re.M)
_FENCE = re.compile(r"^[ \t]*(?:```|~~~)[\w+.-]*[ \t]*$", re.M)
#: Share of a text's non-blank lines that start with ``>`` for it to be read as a quotation.
QUOTED_SHARE = 0.8


def posted_text(text: str) -> str:
    """``text`` as the job wrote it, when it was posted: entities decoded, ESC-less colour codes
    and fence lines dropped, and a quotation's ``> `` marks taken off when (nearly) every line
    has them (a log whose own lines start with ``>`` keeps them)."""
    if _ENTITY.search(text):
        text = html.unescape(text).replace("\xa0", " ")
    text = _BARE_COLOUR.sub("", text)
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if lines and sum(ln.lstrip().startswith(">") for ln in lines) >= QUOTED_SHARE * len(lines):
        text = _QUOTE_MARKS.sub("", text)
    return _FENCE.sub("", text)


#: A process label a launcher puts before each line (srun -l ``3: ``, torch's ``[rank3]:``,
#: torchrun's ``[default3]:``/``[trainer3]:``, mpirun's ``[1,3]<stderr>:``, Ray's ``(Worker
#: pid=1, ip=10.0.0.1) ``, PALS's ``HOST 84: ``): the blanks after it are the line's own.
_PROCESS_LABEL = re.compile(
    r"^(?: {0,3}\d+: |\[[A-Za-z_]+\d+\]: ?|\[\d+,\d+\]<(?:stdout|stderr)>: ?"
    r"|\((?:[\w.-]+ )?pid=\d+(?:, ip=[\d.]+)?\) |[A-Za-z][\w.-]*\d[\w.-]* \d+: )+")


def plain_spacing(text: str) -> str:
    """``text`` with typographic quotes as ASCII ones and each run of blanks after a line's
    first word as one space (the indentation is kept, also after a launcher's process label:
    ``[rank3]:     In '/path'`` keeps the blanks that make it a continuation line)."""
    lines = text.translate(_QUOTES).split("\n")
    for i, line in enumerate(lines):
        found = _PROCESS_LABEL.match(line)
        if found:
            rest = line[found.end():]
            head = found.end() + len(rest) - len(rest.lstrip(" \t"))
            lines[i] = line[:head] + _BLANKS.sub(" ", line[head:])
        else:
            lines[i] = _BLANKS.sub(" ", line)
    return "\n".join(lines)


def canonical_lines(text: str) -> list[str]:
    """The records' wording (``CUDA error: <message>``, ``Timeout at NCCL work: ...``) of each
    error ``text`` words another way and does not already say in that form, in order of
    appearance, each once."""
    found: dict[int, str] = {}
    for patterns, template in WORDINGS:
        for pattern in patterns:
            for m in pattern.finditer(text):
                if patterns is CUDA_WORDINGS and _WARNING_LINE.match(
                        text, text.rfind("\n", 0, m.start()) + 1):
                    continue
                groups = {k: v.strip() for k, v in m.groupdict().items() if v is not None}
                found.setdefault(m.start(), template.format(**groups))
    lines = dict.fromkeys(found[k] for k in sorted(found))
    return [line for line in lines if line not in text]


#: A message quoted inline in a note, table cell or chat (`` `msg` ``): an error's words (a
#: colon, or a failure word) of at least 12 characters between single backticks.
_QUOTED = re.compile(r"(?<![`\w])`(?P<span>[^`\n]{12,}?)`(?![`\w])")
_ERRORISH = re.compile(r":\s|\b(?:[Ee]rror|not found|[Ff]ailed|[Kk]illed|[Dd]enied|"
                       r"[Ii]nvalid|[Uu]nknown|[Uu]nable|[Cc]annot|died)\b")


def quoted_messages(text: str) -> list[str]:
    """The messages ``text`` quotes inline between backticks (a user's note, a troubleshooting
    table) that are not a line of their own already, each once: so a signature anchored at a
    line's start (``^apptainer: command not found``) reads the quoted message as a log line."""
    spans = (m.group("span").strip() for m in _QUOTED.finditer(text))
    lines = set(text.splitlines())
    found = dict.fromkeys(s for s in spans if _ERRORISH.search(s) and s not in lines)
    return list(found)


def normalised(evidence: FailureEvidence) -> FailureEvidence:
    """``evidence`` with what a post added taken off (:func:`posted_text`), plain spacing and
    quotes (:func:`plain_spacing`) in its logs,
    submission message and reasons, and the canonical wording of its logs' other-worded errors
    added as lines at the end of stderr (the same object when nothing changes)."""
    stdout = plain_spacing(posted_text(evidence.stdout))
    stderr = plain_spacing(posted_text(evidence.stderr))
    extra = canonical_lines(f"{stdout}\n{stderr}")
    extra += [q for q in quoted_messages(f"{stdout}\n{stderr}") if q not in extra]
    if extra:
        stderr = "\n".join([stderr.rstrip("\n"), *extra]) if stderr else "\n".join(extra)
    fields = {"stdout": stdout, "stderr": stderr,
              "submit_message": plain_spacing(posted_text(evidence.submit_message)),
              "reasons": [plain_spacing(r) for r in evidence.reasons]}
    if all(getattr(evidence, k) == v for k, v in fields.items()):
        return evidence
    return evidence.model_copy(update=fields)
