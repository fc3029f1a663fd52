"""The history of one template as table rows (pure)."""

from __future__ import annotations

from maple_flow.store.fixops import summary
from maple_flow.store.records import HistoryEntry, RepairAttempt, StoredTemplate, Verification


def _created(template: StoredTemplate) -> HistoryEntry:
    if template.origin == "seed":
        return HistoryEntry(when=template.created_at, event="seeded",
                            detail="from the template library")
    return HistoryEntry(when=template.created_at, event="learned",
                        fixes=summary(template.fix_ops),
                        detail=f"variant of {template.parent}: {template.description}")


def _verified(v: Verification) -> HistoryEntry:
    took = v.timings.get("elapsed_s", v.timings.get("seconds"))
    detail = f"{took} s" if took is not None else ""
    if v.revalidation_id is not None:
        detail = f"revalidation #{v.revalidation_id}" + (f", {detail}" if detail else "")
    return HistoryEntry(when=v.at, event="verification", endpoint=v.endpoint, status=v.status,
                        detail=detail)


def _repair(a: RepairAttempt) -> HistoryEntry:
    record = f"record {a.record_id}" if a.record_id else "no matching record"
    return HistoryEntry(when=a.at, event=f"repair attempt {a.attempt}", status=a.status,
                        fixes=summary(a.ops), detail=f"run {a.run_id}, {record}")


def _child(child: StoredTemplate) -> HistoryEntry:
    return HistoryEntry(when=child.created_at, event="variant learned",
                        fixes=summary(child.fix_ops), detail=child.id)


def history_of(template: StoredTemplate, verifications: list[Verification],
               attempts: list[RepairAttempt], children: list[StoredTemplate]
               ) -> list[HistoryEntry]:
    """Creation first, then verifications, repair attempts and learned children by time."""
    events = [_verified(v) for v in verifications] + [_repair(a) for a in attempts]
    events += [_child(c) for c in children]
    return [_created(template), *sorted(events, key=lambda e: e.when)]
