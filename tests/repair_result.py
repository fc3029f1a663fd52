"""Readers of the JSON-shaped result `maple repair --log` gives (maple_flow.repair.diagnose_log),
shared by the repair tests."""

from __future__ import annotations


def proposed_diff(result: dict[str, object]) -> str:
    """The diff of the proposed fix, or "" when none is proposed."""
    proposed = result.get("proposed") or {}
    return str(proposed.get("diff") or "") if isinstance(proposed, dict) else ""


def first_diagnosis(result: dict[str, object]) -> dict[str, object]:
    """The first diagnosis (there must be one)."""
    diagnoses = result["diagnoses"]
    assert isinstance(diagnoses, list) and diagnoses
    return diagnoses[0]  # type: ignore[no-any-return]
