"""Helpers shared by the rendering tests: one JobSpec per template, every template."""

from __future__ import annotations

from typing import Any

from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.library import all_templates
from maple_flow.models import ClusterProfile, JobSpec, Template

TEMPLATE_IDS: list[str] = list(all_templates())


def case(template_id: str) -> tuple[Template, ClusterProfile]:
    template = all_templates()[template_id]
    return template, get_profile(template.cluster)


def spec_for(template: Template, profile: ClusterProfile, **fields: Any) -> JobSpec:
    """A spec that fits ``template``; ``fields`` override the defaults."""
    values: dict[str, Any] = {
        "cluster": profile.id,
        "framework": template.framework,
        "strategy": template.strategy,
        "nodes": 2,
        "gpus_per_node": profile.gpu.per_node,
        "entrypoint": "train.py",
    }
    values.update(fields)
    return JobSpec(**values)
