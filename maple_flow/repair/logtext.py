"""Bounded log text: what classification, the LLM prompt and reports read of a job's logs.

A failure is told at the end of a log (the traceback, the launcher's last words) and
sometimes at its start (the scheduler's or the module system's complaint), so a log is kept as
its first HEAD_LINES lines and its last TAIL_BYTES bytes, with one line saying what was left
out between them. Every line is cut to MAX_LINE_CHARS and control characters other than tab
become spaces, so a binary file or one pathological line costs no more than a normal log;
terminal colour sequences (``ESC[1;31m``, or ``^[[1;31m`` as pasted) are dropped, as they
split words.
``read_log`` reads only those two ends of a file from disk.
"""

from __future__ import annotations

import re
from pathlib import Path

from maple_flow.errors import MapleError
from maple_flow.repair.models import FailureEvidence

HEAD_LINES = 40
HEAD_BYTES = 16 * 1024
TAIL_BYTES = 128 * 1024
MAX_LINE_CHARS = 2000
#: The submission message is one or two lines from sbatch/qsub: its end is enough.
SUBMIT_BYTES = 8 * 1024
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
#: Terminal colour and cursor sequences, also as pasted into issue threads (``^[[1;36m``).
_ANSI = re.compile(r"(?:\x1b|\^\[)\[[0-9;?]*[A-Za-z]")
CUT_LINE = " [...]"
LEFT_OUT = "[... maple_flow left out {} bytes of this log ...]"


class LogUnreadable(MapleError):
    """A log file that cannot be read."""


def _clean(text: str) -> str:
    """CR-only and CRLF endings as newlines, terminal colour sequences gone, other control
    characters as spaces, every line at most MAX_LINE_CHARS."""
    text = _ANSI.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _CONTROL.sub(" ", text)
    return "\n".join(ln if len(ln) <= MAX_LINE_CHARS else ln[:MAX_LINE_CHARS] + CUT_LINE
                     for ln in text.split("\n"))


def _join(head: str, tail: str, omitted: int) -> str:
    head_lines = head.split("\n")[:HEAD_LINES]
    if len(head_lines) > 1 and not head.endswith("\n"):
        head_lines = head_lines[:-1]  # a partial last line is shown in full in the tail
    tail_lines = tail.split("\n")
    if omitted > 0 and len(tail_lines) > 1:
        tail_lines = tail_lines[1:]  # the first tail line is cut: drop it
    middle = LEFT_OUT.format(omitted)
    return _clean("\n".join([*head_lines, middle, *tail_lines]))


def bound_text(text: str, tail_bytes: int = TAIL_BYTES) -> str:
    """``text`` as classification reads it: its first lines and its last ``tail_bytes``
    (counted as characters), cleaned; a short text is only cleaned."""
    if len(text) <= HEAD_BYTES + tail_bytes:
        return _clean(text)
    head, tail = text[:HEAD_BYTES], text[-tail_bytes:]
    return _join(head, tail, len(text) - HEAD_BYTES - tail_bytes)


def read_log(path: Path, tail_bytes: int = TAIL_BYTES) -> str:
    """The bounded text of the log at ``path``: only its first HEAD_BYTES and last
    ``tail_bytes`` bytes are read, whatever its size (UTF-8, undecodable bytes replaced)."""
    try:
        with path.open("rb") as f:
            size = f.seek(0, 2)
            if size <= HEAD_BYTES + tail_bytes:
                f.seek(0)
                return _clean(f.read().decode("utf-8", errors="replace"))
            f.seek(0)
            head = f.read(HEAD_BYTES)
            f.seek(size - tail_bytes)
            tail = f.read(tail_bytes)
    except OSError as exc:
        raise LogUnreadable(f"cannot read the log {path}: {exc.strerror or exc}") from exc
    return _join(head.decode("utf-8", errors="replace"), tail.decode("utf-8", errors="replace"),
                 size - HEAD_BYTES - tail_bytes)


def is_cut(text: str) -> bool:
    """Whether bounding left part of ``text`` out (a line cut, or bytes between the ends)."""
    head, _, tail = LEFT_OUT.partition("{}")
    return re.search(re.escape(CUT_LINE) + "$", text, re.M) is not None or (
        head in text and tail in text)


def bound_evidence(evidence: FailureEvidence) -> FailureEvidence:
    """``evidence`` with its logs, submission message and reasons bounded (the same object
    when nothing needed cutting)."""
    fields = {
        "stdout": bound_text(evidence.stdout), "stderr": bound_text(evidence.stderr),
        "submit_message": bound_text(evidence.submit_message, SUBMIT_BYTES),
        "reasons": [bound_text(r, SUBMIT_BYTES) for r in evidence.reasons[:50]],
    }
    if all(getattr(evidence, k) == v for k, v in fields.items()):
        return evidence
    return evidence.model_copy(update=fields)
