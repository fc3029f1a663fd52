"""`maple endpoints`: where each cluster's scripts are verified, and whether it answers."""

from __future__ import annotations

import json
import shutil
from typing import Annotated

import typer

from maple_flow.endpoints import Endpoint, load_registry
from maple_flow.gcendpoint import config_path, endpoint_config_yaml
from maple_flow.knowledge.clusters import all_profiles, resolve_cluster
from maple_flow.verify.workdir import workdir_template

endpoints_app = typer.Typer(
    help="Where scripts are verified: the local twin, a login node, or a Globus Compute "
    "endpoint per cluster.\n\n"
    "Override the shipped registry with $MAPLE_ENDPOINTS=FILE.yaml, e.g.\n\n"
    "    polaris: {type: globus-compute, endpoint_id: 5b2d...}\n\n"
    "Example: maple endpoints check polaris",
    no_args_is_help=True,
)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def check_endpoint(cluster: str, endpoint: Endpoint) -> tuple[bool, str]:
    """Whether ``endpoint`` can take verification jobs now, and why (fast, no job is run)."""
    if endpoint.type == "twin":
        from maple_flow.twin import Twin

        ok, why = Twin().can_run(cluster)
        return ok, why
    if endpoint.type == "local":
        tool = "qsub" if all_profiles()[cluster].scheduler == "pbs" else "sbatch"
        found = shutil.which(tool)
        return bool(found), f"{tool} found at {found}" if found else f"{tool} is not on PATH"
    from maple_flow.verify.executors import EndpointUnavailable, globus_app
    from maple_flow.verify.gcready import check_ready, client_identity

    try:
        summary = check_ready()
        if client_identity() is None:
            globus_app()  # a stored login: are its tokens usable without a new login?
    except EndpointUnavailable as exc:
        return False, str(exc)
    return True, f"endpoint {endpoint.endpoint_id}: {summary}"


@endpoints_app.command("list")
def list_endpoints(as_json: JsonOpt = False) -> None:
    """Show the endpoint of every cluster.

    Example: maple endpoints list --json
    """
    registry = load_registry()
    profiles = all_profiles()
    rows = {c: {**e.model_dump(exclude_none=True),
                "workdir": workdir_template(e, profiles[c]) or "(the twin's)"}
            for c, e in registry.items()}
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    for cluster, entry in rows.items():
        extra = entry.get("endpoint_id", "")
        folder = entry["workdir"] if entry["type"] != "twin" else ""
        typer.echo(f"{cluster:<11} {entry['type']:<15} {extra} {folder}".rstrip())


@endpoints_app.command("check")
def check(
    clusters: Annotated[
        list[str] | None, typer.Argument(help="Cluster ids (default: all).")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Check each endpoint can take jobs: twin installed, scheduler on PATH, or for Globus
    Compute the credentials' form, the service's reachability (a few seconds at most) and
    the token store. Credentials themselves are checked by Globus Auth on first use.

    Example: maple endpoints check polaris delta
    """
    registry = load_registry()
    names = [resolve_cluster(c) for c in clusters] if clusters else list(registry)
    results = {c: check_endpoint(c, registry[c]) for c in names}
    if as_json:
        typer.echo(json.dumps({c: {"type": registry[c].type, "ok": ok, "detail": why}
                               for c, (ok, why) in results.items()}, indent=2))
    else:
        for c, (ok, why) in results.items():
            typer.echo(f"{c:<11} {registry[c].type:<15} {'ok' if ok else 'NOT READY':<9} {why}")
    if not all(ok for ok, _ in results.values()):
        raise typer.Exit(1)


@endpoints_app.command("write-configs")
def write_configs() -> None:
    """Regenerate endpoints/globus-compute/<cluster>/config.yaml from the profiles.

    Example: maple endpoints write-configs
    """
    for profile in all_profiles().values():
        path = config_path(profile.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(endpoint_config_yaml(profile), encoding="utf-8")
        typer.echo(f"wrote {path}")


def register(app: typer.Typer) -> None:
    """Add `maple endpoints` to the root app."""
    app.add_typer(endpoints_app, name="endpoints")
