"""Revalidation of what users get: every seed template and every learned variant, each on its
cluster's endpoint, as chains of the pipeline; a failure goes to repair (when asked), and
the drift and the repairs are reported and kept in the store.

A variant is rendered as its seed (as the library has it now) with its site fixes, even
when the seed changed since it was verified: this is how a changed seed's variants are
checked again; a pass marks them valid for the seed as it is now (``record_verification``),
a failure clears their verified_at, so retrieval stops offering them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from maple_flow.errors import MapleError
from maple_flow.models import JobSpec
from maple_flow.verify.run import VerifyTarget
from maple_flow.workflows.pipeline import Chain, Pipeline, Progress, default_loop

if TYPE_CHECKING:
    from maple_flow.reports.matrix import Cell
    from maple_flow.store import Drift, StoredTemplate, TemplateStore


@dataclass
class VariantCheck:
    """One learned variant revalidated: where it was, what it is now, and why."""

    variant_id: str
    cluster: str
    before: str  # verified | stale | unverified
    after: str   # verified | failed | unverified | not applicable
    reason: str = ""

    def __str__(self) -> str:
        why = f" ({self.reason})" if self.reason and self.after != "verified" else ""
        return f"{self.variant_id} on {self.cluster}: {self.before} -> {self.after}{why}"


@dataclass
class Revalidated:
    """The seed matrix, the variants, the repairs and the drift of one revalidation."""

    cells: list[Cell]
    variants: list[VariantCheck] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)
    drift: list[Drift] = field(default_factory=list)
    run_id: int | None = None


def _variant_spec(seed_target: VerifyTarget) -> JobSpec:
    assert seed_target.spec is not None
    return seed_target.spec


def variant_target(store: TemplateStore, variant: StoredTemplate, spec: JobSpec
                   ) -> tuple[VerifyTarget | None, str]:
    """The variant rendered for ``spec`` (its seed now, then its site fixes), or None and
    why it no longer applies to its seed."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.render import render
    from maple_flow.repair.scope import apply_variant, mismatch
    from maple_flow.retrieve.variants import learned_candidate

    try:
        found = learned_candidate(store, variant.id)
    except MapleError as exc:
        return None, str(exc)
    profile = get_profile(spec.cluster)
    script = render(spec, profile, found.template)
    scope = {**found.conditions, "seed_sha256": found.seed_sha256}  # checked again here
    why = mismatch(scope, script, spec.launch_model, found.seed_sha256)
    if why:
        return None, why
    applied = apply_variant(script, variant.id, list(found.ops), profile,
                            cause=found.template.description)
    if not applied.used:
        return None, applied.note
    return VerifyTarget.from_spec(applied.script, spec), ""


def _state(variant: StoredTemplate, store: TemplateStore) -> str:
    from maple_flow.retrieve.variants import learned_candidate

    try:
        if learned_candidate(store, variant.id).stale:
            return "stale"
    except MapleError:
        return "unverified"
    return "verified" if variant.verified else "unverified"


def revalidate_all(seeds: list[VerifyTarget], store: TemplateStore, *, repair: bool = False,
                   timeout_s: float = 600.0, progress: Progress | None = None,
                   **options: Any) -> Revalidated:
    """Verify ``seeds`` (one per cluster x setup, ``scale.matrix_targets``) and every learned
    variant of those setups in ``store``, as concurrent chains; with ``repair``, a failure is
    repaired and its site fixes learned. The matrix, each variant's verification and every
    step are kept in ``store``; the drift is against the previous revalidation."""
    from maple_flow.repair.loop import endpoint_name, template_of
    from maple_flow.reports.matrix import Cell

    chains = [Chain(t, template_of(t.script)) for t in seeds]
    checks: list[VariantCheck] = []
    variant_chains: list[tuple[StoredTemplate, Chain]] = []
    for target in seeds:
        spec = _variant_spec(target)
        for variant in store.variants(spec.cluster, spec.framework, spec.strategy):
            before = _state(variant, store)
            if before == "unverified":
                continue  # failed since, or never verified: nothing users get
            vt, why = variant_target(store, variant, spec)
            if vt is None:
                checks.append(VariantCheck(variant.id, spec.cluster, before, "not applicable",
                                           why))
                continue
            chain = Chain(vt, variant.id)
            variant_chains.append((variant, chain))
            checks.append(VariantCheck(variant.id, spec.cluster, before, ""))
    loop = default_loop(store) if repair else None
    Pipeline(loop, store, timeout_s, progress, **options).run(
        chains + [c for _, c in variant_chains])
    cells = [Cell(t.cluster, (t.framework, t.strategy), c.reports[0].status if c.reports
                  else "unverified", c.elapsed_s, t.spec.ranks if t.spec else 0,
                  "; ".join(c.reports[0].reasons)[:300] if c.reports else "not run")
             for t, c in zip(seeds, chains, strict=True)]
    drift = store.drift(cells)
    run = store.record_matrix(cells)
    by_id = {c.variant_id: c for c in checks}
    for variant, chain in variant_chains:
        first = chain.reports[0] if chain.reports else None
        check = by_id[variant.id]
        check.after = first.status if first else "unverified"
        check.reason = "; ".join(first.reasons)[:300] if first else "not run"
        if first is not None:
            store.record_verification(variant.id, endpoint_name(first), first.status,
                                      {"seconds": first.elapsed_s}, {"reason": check.reason},
                                      revalidation_id=run)
    repairs = [f"{c.target.cluster} {c.template_id}: {c.repair.status} after "
               f"{len(c.repair.attempts)} attempt(s)"
               + (f", learned {c.repair.variant_id}" if c.repair.variant_id else "")
               for c in chains + [c for _, c in variant_chains]
               if c.repair is not None and c.repair.attempts]
    return Revalidated(cells, checks, repairs, drift, run)
