"""`maple templates history ID`, `maple templates list --learned`, and the store side of
`maple revalidate` (every verification recorded, drift since the last run)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

if TYPE_CHECKING:
    from maple_flow.reports.matrix import Cell
    from maple_flow.store import StoredTemplate


def _fixes(template: StoredTemplate) -> str:
    from maple_flow.store.fixops import summary

    return summary(template.fix_ops)


def learned_row(template: StoredTemplate) -> dict[str, Any]:
    """The summary of one learned variant shown by `maple templates list --learned`."""
    return {"id": template.id, "parent": template.parent, "fixes": _fixes(template),
            "verified_at": template.verified_at, "created_at": template.created_at,
            "description": template.description}


def list_learned(cluster: str | None, as_json: bool) -> None:
    """Print the learned variants of the store (one cluster's with ``cluster``)."""
    from maple_flow.cli.errors import user_errors
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.retrieve.variants import usable_variants
    from maple_flow.store import default_path, open_existing

    rows: list[dict[str, Any]] = []
    with user_errors(as_json):
        cid = get_profile(cluster).id if cluster else None
        store, where = open_existing(readonly=True), default_path()
        if store is not None:
            with store:
                learned = usable_variants(store.templates(origin="learned", cluster=cid))
                rows = [learned_row(t) for t in learned]
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    if not rows:
        typer.echo(f"no learned variants yet in {where}")
        return
    table = Table("id", "parent", "fixes", "verified on", "learned")
    for r in rows:
        table.add_row(r["id"], r["parent"], r["fixes"], ", ".join(sorted(r["verified_at"]))
                      or "-", r["created_at"][:19])
    Console(width=160).print(table)


def history_command(
    template_id: Annotated[str, typer.Argument(help="Template or variant id, e.g. "
                                               "polaris-pytorch-ddp or polaris-pytorch-ddp.v1.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """What happened to a template: seeded or learned, verifications, repairs, variants.

    Reads the template store ($MAPLE_STORE, default ~/.local/share/maple_flow/store.db).

    Example: maple templates history polaris-pytorch-ddp
    """
    from maple_flow.cli.errors import user_errors
    from maple_flow.store import open_existing

    with user_errors(as_json):
        store = open_existing(readonly=True)
        if store is None:
            _nothing_recorded(template_id, as_json)
            return
        with store:
            entries = store.history(template_id)
    if as_json:
        typer.echo(json.dumps([e.model_dump() for e in entries], indent=2))
        return
    table = Table("when", "event", "endpoint", "status", "fixes", "detail")
    for e in entries:
        table.add_row(e.when[:19].replace("T", " "), e.event, e.endpoint, e.status, e.fixes,
                      e.detail)
    Console(width=160).print(table)


def _nothing_recorded(template_id: str, as_json: bool) -> None:
    """No store yet: a library template has an empty history; another id is unknown."""
    from maple_flow.knowledge.library import get_template
    from maple_flow.store import default_path

    get_template(template_id)  # TemplateNotFound for an id the library does not have
    if as_json:
        typer.echo("[]")
        return
    typer.echo(f"nothing recorded for {template_id}: there is no template store at "
               f"{default_path()} yet (repair, batch and revalidate create it)")


def record_revalidation(cells: list[Cell]) -> None:
    """Record a revalidation's cells in the store and print the drift since the last one."""
    from maple_flow.store import TemplateStore

    with TemplateStore.open() as store:
        last = store.last_revalidation()
        drift = store.drift(cells)
        run = store.record_matrix(cells)
        where = store.path
    if last is None:
        typer.echo(f"recorded as revalidation #{run} in {where} (the first: no drift to show)")
        return
    typer.echo(f"recorded as revalidation #{run} in {where}; since #{last.id} ({last.at[:19]}): "
               + (f"{len(drift)} cell(s) changed" if drift else "no cell changed"))
    for change in drift:
        typer.echo(f"  {change}")
