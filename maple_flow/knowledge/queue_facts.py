"""Per-site queue and Python facts (templates/sites/queue_facts.yaml), each with its source."""

from __future__ import annotations

from functools import cache

from pydantic import Field, model_validator

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict

UNDOCUMENTED = "undocumented"


class SiteQueueFacts(Strict):
    """What one site documents about its partitions, node sharing and Python module."""

    gathered: bool
    gpu_partitions: list[str] = Field(default_factory=list)
    cpu_partitions: list[str] = Field(default_factory=list)
    default_partition: str = UNDOCUMENTED
    whole_node: bool | None = None
    python_modules: list[str] = Field(default_factory=list)
    default_qos: str = UNDOCUMENTED
    interactive_qos: str = UNDOCUMENTED
    sources: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _sourced(self) -> SiteQueueFacts:
        if self.gathered and not self.sources:
            raise ValueError("a gathered site needs its sources")
        if not self.gathered and (self.gpu_partitions or self.python_modules or self.sources):
            raise ValueError("a site not gathered carries no values")
        return self


class _File(Strict):
    sites: dict[str, SiteQueueFacts]


@cache
def queue_facts() -> dict[str, SiteQueueFacts]:
    """Every site's facts, by cluster id."""
    return template_data(_File, "sites", "queue_facts.yaml").sites


def gpu_partitions(site: str) -> list[str]:
    """The partitions with GPUs the site documents; empty when not gathered."""
    fact = queue_facts().get(site)
    return list(fact.gpu_partitions) if fact else []
