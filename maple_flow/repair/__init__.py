"""Debug a failed launch: the failure knowledge base, the classifier, the typed fixes.

Pure: ``classify`` reads a failed job's evidence and returns diagnoses (knowledge-base record,
score, evidence lines, a typed Fix); ``apply_fix`` turns a script and a Fix into the patched
script. The repair loop that verifies again lives elsewhere. The patcher is imported on
first use of ``apply_fix`` or ``script_diff``.
"""

from typing import TYPE_CHECKING, Any

from maple_flow.repair.classify import answer, classify
from maple_flow.repair.kb import KnowledgeBaseError, failures_dir, load_knowledge_base
from maple_flow.repair.models import (
    Diagnosis,
    FailureEvidence,
    FailureRecord,
    Fix,
    KnowledgeBase,
    Reference,
    Signature,
)
from maple_flow.repair.ops import OP_KINDS, FixOp
from maple_flow.repair.text import FixNotApplicable

if TYPE_CHECKING:
    from maple_flow.repair.patch import apply_fix, script_diff


def __getattr__(name: str) -> Any:
    # the patcher (repair.patch and its ~60 modules) is imported on first use: a diagnosis
    # that proposes no edit never needs it (s40: `maple repair --log` latency)
    if name in ("apply_fix", "script_diff"):
        from maple_flow.repair import patch

        return getattr(patch, name)
    raise AttributeError(f"module 'maple_flow.repair' has no attribute {name!r}")

__all__ = [
    "OP_KINDS",
    "Diagnosis",
    "FailureEvidence",
    "FailureRecord",
    "Fix",
    "FixNotApplicable",
    "FixOp",
    "KnowledgeBase",
    "KnowledgeBaseError",
    "Reference",
    "Signature",
    "answer",
    "apply_fix",
    "classify",
    "failures_dir",
    "load_knowledge_base",
    "script_diff",
]
