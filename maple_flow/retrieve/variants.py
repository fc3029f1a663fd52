"""Learned variants as retrieval candidates: the seed's body, the lineage's fix ops, where
they apply, and why.

A learned variant renders as its seed (the root of its lineage) followed by the site fix
operations of every variant down to it, in order (``repair.scope.apply_variant``). The store
is read through its API only; the store itself imports no retrieval code.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from maple_flow.errors import MapleError, RenderError, TemplateNotFound
from maple_flow.models import Template
from maple_flow.store.errors import StoreWarning
from maple_flow.store.fixops import summary
from maple_flow.store.rows import source_sha256

if TYPE_CHECKING:
    from maple_flow.store.db import TemplateStore
    from maple_flow.store.records import StoredTemplate


@dataclass(frozen=True)
class Candidate:
    """A template retrieval can choose: a library seed, or a learned variant with the fix
    operations to apply after rendering it and the causes those fixes answered."""

    template: Template
    ops: tuple[dict[str, Any], ...] = ()
    causes: tuple[str, ...] = field(default=())
    #: Where a learned variant applies (``repair.scope.mismatch``), and its seed's content
    #: hash as the library has it now.
    conditions: dict[str, Any] = field(default_factory=dict)
    seed_sha256: str | None = None
    seed_id: str = ""

    @property
    def stale(self) -> bool:
        """A learned variant whose seed changed since it was last verified."""
        return (self.template.origin == "learned"
                and self.conditions.get("seed_sha256") != self.seed_sha256)

    @property
    def preferred(self) -> bool:
        """A verified learned variant: it outranks the seed it was learned from."""
        return self.template.origin == "learned" and bool(self.template.verified_at)

    def text(self) -> str:
        """What retrieval compares with the request: description, causes, setup."""
        t = self.template
        return " ".join([t.description, *self.causes, t.launcher, t.framework, t.strategy])


def _why(variant: StoredTemplate, root: str, ops: list[dict[str, Any]]) -> str:
    where = ", ".join(f"{e} at {at}" for e, at in sorted(variant.verified_at.items()))
    state = f"verified on {where}" if where else "not verified on any endpoint now"
    return (f"learned variant of {variant.parent} (fixes: {summary(ops)}), {state}; "
            f"rendered as {root} with those fixes applied")


def candidate(lineage: list[StoredTemplate], root: Template) -> Candidate:
    """The candidate of ``lineage[-1]`` (a learned variant) whose seed is ``root`` (pure)."""
    variant = lineage[-1]
    ops = [op for step in lineage[1:] for op in step.fix_ops]
    causes = [c for step in lineage[1:] for c in step.causes]
    template = root.model_copy(update={
        "id": variant.id, "description": variant.description, "origin": "learned",
        "parent": variant.parent, "verified_at": dict(variant.verified_at),
        "derived_from": _why(variant, root.id, ops)})
    return Candidate(template, tuple(ops), tuple(causes), dict(variant.conditions),
                     source_sha256(root), root.id)


def learned_candidate(store: TemplateStore, template_id: str) -> Candidate:
    """The stored variant ``template_id`` as a candidate; its seed must be in the library."""
    from maple_flow.knowledge.library import get_template

    lineage = store.lineage(template_id)
    if lineage[-1].origin != "learned":
        raise TemplateNotFound(f"{template_id} is a seed template, not a learned variant")
    return candidate(lineage, get_template(lineage[0].id))


def usable_variants(variants: Iterable[StoredTemplate]) -> list[StoredTemplate]:
    """The ``variants`` whose fix operations the repair knows and allows; each other one is
    skipped with a StoreWarning naming it (a row edited by hand or by another tool: the store
    checks only the operations' shape)."""
    found = list(variants)
    if not found:
        return []
    from maple_flow.repair.ops import validate_ops  # loaded only when there are variants

    kept = []
    for variant in found:
        try:
            validate_ops(variant.fix_ops)
        except MapleError as exc:
            why = str(exc).splitlines()[0][:200]
            warnings.warn(f"the learned variant {variant.id[:80]!r} has fix operations "
                          f"maple_flow does not allow ({why}); delete or repair that row; "
                          "skipped", StoreWarning, stacklevel=2)
            continue
        kept.append(variant)
    return kept


def learned_candidates(store: TemplateStore, cluster: str, framework: str, strategy: str,
                       launch_model: str | None = None) -> list[Candidate]:
    """Verified learned variants for one cluster x setup (and launch model, when given)
    whose seed is still in the library as it was when they were verified."""
    found = []
    for variant in usable_variants(store.variants(cluster, framework, strategy)):
        model = variant.conditions.get("launch_model")
        if not variant.verified or (launch_model and model and model != launch_model):
            continue
        try:
            chosen = learned_candidate(store, variant.id)
        except TemplateNotFound:
            continue  # its seed left the library: it cannot be rendered any more
        if not chosen.stale:
            found.append(chosen)
    return found


def check_cluster(found: Candidate, cluster: str) -> Candidate:
    """``found`` when it is for ``cluster``, else a RenderError saying what to use."""
    if found.template.cluster != cluster:
        raise RenderError(f"template {found.template.id} is for {found.template.cluster}, the "
                          f"job is for {cluster}; see `maple templates list --learned`")
    return found
