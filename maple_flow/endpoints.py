"""The endpoint registry: for each cluster, where its scripts are verified.

The shipped registry (``endpoints/registry.yaml``) points every cluster at the local twin;
a user file named by ``$MAPLE_ENDPOINTS`` overrides entries, e.g. with a Globus Compute
endpoint id deployed on the real cluster.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

import yaml
from pydantic import Field, ValidationError, model_validator

from maple_flow.errors import MapleError
from maple_flow.knowledge.clusters import CLUSTER_IDS, resolve_cluster
from maple_flow.models.common import Strict
from maple_flow.paths import endpoints_dir
from maple_flow.yamlio import load_yaml

ENDPOINTS_ENV = "MAPLE_ENDPOINTS"


class EndpointError(MapleError):
    """The registry is malformed, or an endpoint cannot be used."""


class Endpoint(Strict):
    """How to reach one cluster for verification."""

    type: Literal["twin", "globus-compute", "local"]
    endpoint_id: str | None = Field(default=None, pattern=r"^[0-9a-fA-F-]{36}$")
    workdir: str | None = Field(default=None, description=(
        "a folder every node of a job sees (local/GC; default: the profile's); '$VAR's are "
        "expanded on the cluster, '{account}' becomes the script's account"))
    on_timeout: Literal["cancel", "keep"] = Field(
        default="cancel", description="what to do with a job still queued or running when "
        "the wait ends (the twin always cancels)")
    poll_s: float | None = Field(default=None, gt=0, description=(
        "seconds between job-state polls (default: the profile's; the twin polls itself)"))

    @model_validator(mode="after")
    def _id_for_globus(self) -> Endpoint:
        if self.type == "globus-compute" and not self.endpoint_id:
            raise ValueError("a globus-compute endpoint needs endpoint_id (a UUID)")
        return self


def _read(path: Path) -> dict[str, Endpoint]:
    try:
        raw = load_yaml(path.read_text(encoding="utf-8")) or {}
        if not isinstance(raw, dict):
            raise EndpointError(f"{path}: expected a mapping of cluster -> endpoint")
        return {resolve_cluster(str(k)): Endpoint.model_validate(v) for k, v in raw.items()}
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        raise EndpointError(f"{path}: {exc}") from exc


def load_registry(user_file: Path | None = None) -> dict[str, Endpoint]:
    """The shipped registry, overridden by ``user_file`` or ``$MAPLE_ENDPOINTS``."""
    registry = _read(endpoints_dir() / "registry.yaml")
    env_file = os.environ.get(ENDPOINTS_ENV)
    override = user_file or (Path(env_file) if env_file else None)
    if override is not None:
        registry.update(_read(override))
    missing = [c for c in CLUSTER_IDS if c not in registry]
    if missing:
        raise EndpointError(f"the endpoint registry has no entry for {missing}")
    return registry
