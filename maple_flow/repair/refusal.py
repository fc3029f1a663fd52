"""Slurm's refusal lines: a submission, allocation or step creation refused for a reason.

Slurm words each refusal reason from one fixed table (src/common/slurm_errno.c), so a
record may answer a refused request only when one of its signatures reads that reason: a
record found by similarity for another reason (an invalid QOS for "Job dependency
problem") is not the answer, and must not change the script (issue 17, helper s32b1).
"""

from __future__ import annotations

import re

from maple_flow.repair.models import FailureRecord

#: A Slurm client's refusal, with the reason Slurm gave (the text after the colon).
REFUSAL = re.compile(
    r"(?:Batch job submission failed|Unable to allocate resources|Job submit/allocate failed"
    r"|allocation failure|Unable to create (?:step for job \d+|job step)): +(?P<reason>\S[^\n]*)")


def refusal_lines(log_text: str) -> list[str]:
    """The lines of ``log_text`` that say Slurm refused a request, and why."""
    return [ln for ln in log_text.splitlines() if REFUSAL.search(ln)]


def answers_refusal(record: FailureRecord, log_text: str) -> bool:
    """Whether ``record`` may answer the refusals of ``log_text``: there are none, or one of
    its signatures matches the log (it reads the reason Slurm gave)."""
    if not refusal_lines(log_text):
        return True
    return any(re.search(sig.pattern, log_text) for sig in record.signatures)
