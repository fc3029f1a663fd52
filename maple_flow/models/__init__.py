"""Typed models of maple_flow: cluster profiles, job specs, templates."""

from maple_flow.models.common import (
    FRAMEWORKS,
    SETUPS,
    STRATEGIES,
    Backend,
    Framework,
    Launcher,
    Scheduler,
    Strategy,
    format_walltime,
    walltime_seconds,
)
from maple_flow.models.job import JobSpec, Provenance
from maple_flow.models.profile import ClusterProfile, Queue
from maple_flow.models.template import Template

__all__ = [
    "FRAMEWORKS",
    "SETUPS",
    "STRATEGIES",
    "Backend",
    "ClusterProfile",
    "Framework",
    "JobSpec",
    "Launcher",
    "Provenance",
    "Queue",
    "Scheduler",
    "Strategy",
    "Template",
    "format_walltime",
    "walltime_seconds",
]
