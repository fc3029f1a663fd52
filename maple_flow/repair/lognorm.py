"""Other versions' wordings of one error, written the way the knowledge base writes it.

A CUDA runtime error is ``CUDA error: <message>`` in current PyTorch, but other versions and
libraries print the same error as ``cuda runtime error (N) : <message>`` (PyTorch < 1.5),
``THCudaCheck FAIL file=... error=N : <message>`` (THC), ``NCCL WARN Cuda failure N
'<message>'`` (NCCL), ``CUDA failure N: <message>`` (ONNX Runtime) or ``CUDA_ERROR_X:
<message>`` (the driver API). The records' signatures are written for the first form;
:func:`canonical_lines` gives that form of every other one, so one signature recognises all.
Pure: text in, lines out.
"""

from __future__ import annotations

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


def canonical_lines(text: str) -> list[str]:
    """``CUDA error: <message>`` for each CUDA error ``text`` words another way and does not
    already say in that form, in order of appearance, each once."""
    found: dict[int, str] = {}
    for pattern in CUDA_WORDINGS:
        for m in pattern.finditer(text):
            found.setdefault(m.start(), m.group("msg").strip())
    lines = dict.fromkeys(CANONICAL.format(found[k]) for k in sorted(found))
    return [line for line in lines if line not in text]


def normalised(evidence: FailureEvidence) -> FailureEvidence:
    """``evidence`` with the canonical wording of its logs' other-worded errors added as
    lines at the end of stderr (the same object when there are none)."""
    extra = canonical_lines(f"{evidence.stdout}\n{evidence.stderr}")
    if not extra:
        return evidence
    stderr = "\n".join([evidence.stderr.rstrip("\n"), *extra]) if evidence.stderr else \
        "\n".join(extra)
    return evidence.model_copy(update={"stderr": stderr})
