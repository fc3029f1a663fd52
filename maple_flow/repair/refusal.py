"""Slurm's refusal lines: a submission, allocation or step creation refused for a reason.

Slurm words each refusal reason from one fixed table (src/common/slurm_errno.c), so a
record may answer a refused request only when it reads that reason (a signature matches the
log, or its patterns or examples hold the reason's words): a record found by similarity for
another reason (an invalid QOS for "Job dependency problem") is not the answer, and must not
change the script (issue 17, helper s32b1). A reason that says nothing ("Unspecified error":
a site's submit filter prints its own message before it) leaves the choice to the other lines.
"""

from __future__ import annotations

import re

from maple_flow.repair.models import FailureRecord

#: A Slurm client's refusal, with the reason Slurm gave (the text after the colon).
REFUSAL = re.compile(
    r"(?:Batch job submission failed|Unable to allocate resources|Job submit/allocate failed"
    r"|allocation failure|Unable to create (?:step for job \d+|job step)): +(?P<reason>\S[^\n]*)")
#: Reasons that name no cause of their own.
_SILENT = re.compile(r"(?i)^(?:unspecified error|unexpected message received)\b")


def refusal_reasons(log_text: str) -> list[str]:
    """The reasons of the Slurm refusals in ``log_text`` that name a cause (lower case, up
    to a parenthesis or full stop)."""
    found = []
    for m in REFUSAL.finditer(log_text):
        reason = m.group("reason").strip()
        if not _SILENT.match(reason):
            found.append(re.split(r"[(.]", reason, maxsplit=1)[0].strip().lower())
    return [r for r in found if r]


def _reads(record: FailureRecord, reason: str) -> bool:
    texts = [sig.pattern.replace("\\", "") for sig in record.signatures] + list(record.examples)
    return any(reason in text.lower() for text in texts)


def answers_refusal(record: FailureRecord, log_text: str) -> bool:
    """Whether ``record`` may answer the refusals of ``log_text``: none names a cause, one of
    its signatures matches the log, or it reads one of the reasons given."""
    reasons = refusal_reasons(log_text)
    if not reasons or any(re.search(sig.pattern, log_text) for sig in record.signatures):
        return True
    return any(_reads(record, reason) for reason in reasons)
