"""Typed rows of the store (what its queries return)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from maple_flow.models.common import Strict

Status = Literal["verified", "failed", "unverified"]
BatchStatus = Literal["pending", "running", "verified", "failed", "unverified", "generated",
                      "error"]


class StoredTemplate(Strict):
    """A template as the store keeps it: a seed from the library or a learned variant.

    A learned variant is its ``parent`` rendered, then ``fix_ops`` applied; ``verified_at``
    maps each endpoint where it last passed to the time it did.
    """

    id: str
    cluster: str
    framework: str
    strategy: str
    launch_model: str
    scheduler: str
    origin: Literal["seed", "learned"]
    parent: str | None = None
    fix_ops: list[dict[str, Any]] = Field(default_factory=list)
    causes: list[str] = Field(default_factory=list)
    description: str
    verified_at: dict[str, str] = Field(default_factory=dict)
    created_at: str
    #: A learned variant's scope: launch_model, stages, seed_sha256 (see repair.scope).
    conditions: dict[str, Any] = Field(default_factory=dict)
    #: A seed's content hash (None for a learned variant).
    source_sha256: str | None = None

    @property
    def verified(self) -> bool:
        """Whether it passed on some endpoint (and has not failed there since)."""
        return bool(self.verified_at)


class Verification(Strict):
    """One run of a template on an endpoint."""

    template_id: str
    endpoint: str
    status: Status
    timings: dict[str, Any] = Field(default_factory=dict)
    report: dict[str, Any] = Field(default_factory=dict)
    revalidation_id: int | None = None
    at: str


class RepairAttempt(Strict):
    """One attempt of the debug loop: the fix it applied and what came of it."""

    run_id: str
    attempt: int
    cluster: str
    template_id: str | None = None
    record_id: str | None = None
    ops: list[dict[str, Any]] = Field(default_factory=list)
    diff: str = ""
    log_excerpt: str = ""
    status: str
    at: str


class ScriptVerification(Strict):
    """One verification of a user's script in a chain (port, batch, verify, repair)."""

    run_id: str
    step: int
    cluster: str
    template_id: str | None = None
    endpoint: str
    status: Status
    script_sha256: str
    reasons: list[str] = Field(default_factory=list)
    report: dict[str, Any] = Field(default_factory=dict)
    elapsed_s: float | None = None
    at: str


class HistoryEntry(Strict):
    """One line of `maple templates history ID`."""

    when: str
    event: str
    endpoint: str = ""
    status: str = ""
    fixes: str = ""
    detail: str = ""


class BatchItem(Strict):
    """One script x target pair of a batch run."""

    run_id: str
    script_path: str
    sha256: str
    target: str
    status: BatchStatus
    output_path: str | None = None
    updated_at: str


class Revalidation(Strict):
    """One recorded run of the verification matrix: (cluster, framework, strategy) -> status."""

    id: int
    at: str
    cells: dict[tuple[str, str, str], str]


class Drift(Strict):
    """A matrix cell whose status changed since the previous revalidation."""

    cluster: str
    framework: str
    strategy: str
    before: str | None
    after: str

    def __str__(self) -> str:
        return (f"{self.cluster} {self.framework}/{self.strategy}: "
                f"{self.before or 'new'} -> {self.after}")
