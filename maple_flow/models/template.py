"""Template: a launch script for one cluster and one training setup, as Jinja2 text."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from maple_flow.models.common import Framework, Launcher, Scheduler, Strategy, Strict


class Template(Strict):
    """A launch template. ``body`` is Jinja2, rendered with StrictUndefined."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    cluster: str
    framework: Framework
    strategy: Strategy
    launcher: Launcher
    scheduler: Scheduler
    description: str = Field(min_length=10, description="what it does, for retrieval")
    body: str
    origin: Literal["seed", "learned"] = "seed"
    parent: str | None = None
    derived_from: str = Field(default="", description="how it was derived when undocumented")
    sources: list[str] = Field(default_factory=list, description="profile source keys")
    verified_at: dict[str, str] = Field(default_factory=dict, description="endpoint -> ISO time")
