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


def diagnose_first(script: str, log: str, cluster: str) -> tuple[str | None, dict]:
    """`maple repair --log`'s result for the log and script on the cluster, and the record
    id of its first diagnosis (None when there is none)."""
    from maple_flow.cli.repair import diagnose_log

    data = diagnose_log(script, log, cluster, None, False)
    found = data.get("diagnoses") or []
    return (found[0]["record_id"] if found else None), data


def family_of(record_id: str | None) -> str | None:
    """The knowledge-base family of a record id (None for None)."""
    from maple_flow.repair.kb import load_knowledge_base

    return load_knowledge_base().get(record_id).family if record_id else None
