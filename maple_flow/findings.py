"""A problem found in a script (by shellcheck, the policy check or another checker): the
one type every checker reports in, apart from the checkers themselves."""

from __future__ import annotations

from typing import Literal

from maple_flow.models.common import Strict

Severity = Literal["error", "warning", "info", "style"]
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2, "style": 3}


class Finding(Strict):
    """One problem found in a script: by shellcheck, the policy check, or another checker."""

    source: str
    severity: Severity
    code: str
    message: str
    line: int | None = None

    def at_least(self, severity: Severity) -> bool:
        """Whether this finding is ``severity`` or worse (error < warning < info < style)."""
        return SEVERITY_ORDER[self.severity] <= SEVERITY_ORDER[severity]

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.severity} {self.code}: {self.message} ({self.source})"
