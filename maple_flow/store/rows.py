"""Conversions between store rows and typed records (pure)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from maple_flow.models import ClusterProfile, Template
from maple_flow.store.records import RepairAttempt, StoredTemplate, Verification

TEMPLATE_COLUMNS = ("id, cluster, framework, strategy, launch_model, scheduler, origin, parent, "
                    "fix_ops, causes, description, verified_at, created_at, conditions, "
                    "source_sha256")


def source_sha256(template: Template) -> str:
    """Identity of a library template's content (a changed file re-seeds its row)."""
    return hashlib.sha256(template.model_dump_json().encode()).hexdigest()


def seed_row(template: Template, profile: ClusterProfile, at: str) -> dict[str, Any]:
    """The ``templates`` row of a library template."""
    return {
        "id": template.id, "cluster": template.cluster, "framework": template.framework,
        "strategy": template.strategy, "scheduler": template.scheduler,
        "launch_model": f"{template.launcher} {profile.launch.style}",
        "origin": "seed", "parent": None, "fix_ops": "[]", "ops_sha256": None, "causes": "[]",
        "description": template.description, "verified_at": "{}", "embedding": None,
        "embedding_key": None, "source_sha256": source_sha256(template), "created_at": at,
    }


def stored_template(row: dict[str, Any]) -> StoredTemplate:
    """A ``templates`` row (the TEMPLATE_COLUMNS) as a record."""
    data = dict(row)
    for key in ("fix_ops", "causes", "verified_at", "conditions"):
        data[key] = json.loads(data[key])
    return StoredTemplate.model_validate(data)


def verification(row: dict[str, Any]) -> Verification:
    """A ``verifications`` row as a record."""
    data = {k: v for k, v in row.items() if k != "id"}
    data["timings"], data["report"] = json.loads(row["timings"]), json.loads(row["report"])
    return Verification.model_validate(data)


def repair_attempt(row: dict[str, Any]) -> RepairAttempt:
    """A ``repair_attempts`` row as a record."""
    data = {k: v for k, v in row.items() if k != "id"}
    data["ops"] = json.loads(row["ops"])
    return RepairAttempt.model_validate(data)
