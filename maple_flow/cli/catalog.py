"""`maple clusters`, `maple templates`, `maple render`: browse the knowledge, write a script."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from maple_flow.cli.errors import user_errors
from maple_flow.errors import MapleError
from maple_flow.generate import GenerateResult, generate_from_spec
from maple_flow.knowledge.clusters import all_profiles, get_profile
from maple_flow.knowledge.library import all_templates, find_templates, get_template
from maple_flow.models import ClusterProfile, JobSpec, Template

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]

clusters_app = typer.Typer(
    help="The clusters maple_flow knows.\n\n"
    "Examples:\n\n"
    "    maple clusters                 # table of all clusters\n\n"
    "    maple clusters show polaris    # one profile with its sources and doubts\n\n"
    "    maple clusters --json          # machine-readable",
    invoke_without_command=True,
)
templates_app = typer.Typer(
    help="Launch templates: one per cluster and setup (pytorch ddp/fsdp, deepspeed zero3, "
    "accelerate ddp).\n\n"
    "Examples:\n\n"
    "    maple templates list --cluster vista\n\n"
    "    maple templates show aurora-deepspeed-zero3",
    no_args_is_help=True,
)


def _echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, sort_keys=False))


def cluster_row(profile: ClusterProfile) -> dict[str, Any]:
    """The summary of one cluster shown by `maple clusters`."""
    return {
        "id": profile.id, "center": profile.center, "scheduler": profile.scheduler,
        "gpu": profile.gpu.model, "gpus_per_node": profile.gpu.per_node,
        "queues": [q.name + ("*" if q.default else "") for q in profile.queues.items],
    }


@clusters_app.callback()
def clusters(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """List the clusters (the default queue is marked with *)."""
    if ctx.invoked_subcommand is not None:
        return
    rows = [cluster_row(p) for p in all_profiles().values()]
    if as_json:
        _echo_json(rows)
        return
    table = Table("id", "center", "scheduler", "GPU", "GPUs/node", "queues")
    for r in rows:
        table.add_row(r["id"], r["center"], r["scheduler"], r["gpu"], str(r["gpus_per_node"]),
                      ", ".join(r["queues"]))
    Console(width=160).print(table)


def _profile_text(profile: ClusterProfile) -> list[str]:
    gpu, launch = profile.gpu, profile.launch
    lines = [
        f"{profile.name} ({profile.center}), id {profile.id}, aliases: "
        f"{', '.join(profile.aliases)}",
        f"scheduler: {profile.scheduler}; GPU: {gpu.per_node} x {gpu.model} per node "
        f"({gpu.device_api}, backend {profile.network.backend})",
        f"launch: {launch.launcher}, {launch.style}; {launch.notes}",
        f"modules: {', '.join(profile.software.modules) or 'none'}",
        f"account: {profile.account.flag} (e.g. {profile.account.example}); "
        f"{profile.account.hint}",
        "queues:",
        *(f"  {q.name}{' (default)' if q.default else ''}: {q.kind}, {q.min_nodes}-"
          f"{q.max_nodes} nodes, {q.max_walltime}" for q in profile.queues.items),
        "quirks:", *(f"  - {q.text}" for q in profile.quirks),
        *_verification_text(profile),
        "sources:", *(f"  [{s.key}] {s.kind}: {s.title} <{s.url}>" for s in profile.sources),
        "doubts:",
        *(f"  - {group}: {d}" for group, ds in profile.doubts().items() for d in ds),
    ]
    return lines


def _verification_text(profile: ClusterProfile) -> list[str]:
    """Where `maple port --verify` stages jobs and runs its endpoint on the real cluster."""
    v = profile.verification
    if v is None:
        return ["verification: no shared workdir or endpoint host recorded for this cluster"]
    lines = ["verification:", f"  workdir: {v.workdir}",
             f"  endpoint host: {v.endpoint_host}; polls every {v.poll_s:g} s"]
    return lines + ([f"  {v.notes}"] if v.notes else [])


@clusters_app.command("show")
def show_cluster(
    cluster: Annotated[str, typer.Argument(help="Cluster id or alias, e.g. polaris, 'TACC LS6'.")],
    as_json: JsonOpt = False,
) -> None:
    """Show one cluster profile: hardware, queues, launch recipe, sources and doubts.

    Example: maple clusters show polaris
    """
    with user_errors(as_json):
        profile = get_profile(cluster)
    if as_json:
        _echo_json(profile.model_dump(mode="json"))
        return
    typer.echo("\n".join(_profile_text(profile)))


def template_row(template: Template) -> dict[str, Any]:
    """The summary of one template shown by `maple templates list`."""
    return {
        "id": template.id, "cluster": template.cluster, "framework": template.framework,
        "strategy": template.strategy, "launcher": template.launcher,
        "scheduler": template.scheduler, "derived": bool(template.derived_from),
    }


@templates_app.command("list")
def list_templates(
    cluster: Annotated[str | None, typer.Option(help="Only this cluster (id or alias).")] = None,
    learned: Annotated[bool, typer.Option(
        "--learned", help="The learned variants of the template store instead.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """List launch templates; "derived" marks setups the center does not document.

    Example: maple templates list --cluster vista
    """
    if learned:
        from maple_flow.cli.store import list_learned

        list_learned(cluster, as_json)
        return
    with user_errors(as_json):
        found = (find_templates(get_profile(cluster).id) if cluster
                 else list(all_templates().values()))
    rows = [template_row(t) for t in found]
    if as_json:
        _echo_json(rows)
        return
    table = Table("id", "launcher", "scheduler", "derived")
    for r in rows:
        table.add_row(r["id"], r["launcher"], r["scheduler"], "yes" if r["derived"] else "")
    Console(width=160).print(table)


@templates_app.command("show")
def show_template(
    template_id: Annotated[str, typer.Argument(help="Template id, e.g. polaris-pytorch-ddp.")],
    as_json: JsonOpt = False,
) -> None:
    """Show one template: description, sources, how it was derived, and its Jinja2 body.

    Example: maple templates show aurora-deepspeed-zero3
    """
    with user_errors(as_json):
        template = get_template(template_id)
    if as_json:
        _echo_json(template.model_dump(mode="json"))
        return
    typer.echo(f"{template.id}: {template.description}")
    typer.echo(f"sources: {', '.join(template.sources)}")
    if template.derived_from:
        typer.echo(f"derived: {template.derived_from}")
    typer.echo("body:\n" + template.body)


def parse_env(pairs: list[str]) -> dict[str, str]:
    """``["K=V", ...]`` as a dict; a pair without ``=`` is a user error."""
    env: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise MapleError(f"--env {pair!r} is not NAME=VALUE")
        env[name] = value
    return env


def build_spec(fields: dict[str, Any]) -> JobSpec:
    """A JobSpec from CLI values: given ones are ``said``; GPUs per node default to the node's."""
    given = {k: v for k, v in fields.items()
             if v is not None and v is not False and v != [] and v != {}}
    provenance = dict.fromkeys(given, "said")
    profile = get_profile(given["cluster"])
    if "gpus_per_node" not in given:
        given["gpus_per_node"] = profile.gpu.per_node
        provenance["gpus_per_node"] = "derived"
    return JobSpec(**given, provenance=provenance)


def _write(result: GenerateResult, output: Path | None, as_json: bool) -> None:
    if as_json:
        _echo_json(result.model_dump(mode="json"))
    elif output is None:
        typer.echo(result.script, nl=False)
    if output is not None:
        from maple_flow.safewrite import write_output

        write_output(output, result.script, mode=0o755)
    for finding in result.findings:
        typer.echo(f"warning: {finding.message}", err=True)


def render_command(
    cluster: Annotated[str, typer.Option(help="Cluster id or alias.")],
    entrypoint: Annotated[str, typer.Option(help="Training script (or module with --module).")],
    args: Annotated[list[str] | None, typer.Argument(help="Program arguments, after --.")] = None,
    framework: Annotated[
        str | None, typer.Option(help="pytorch (default), deepspeed or accelerate.")
    ] = None,
    strategy: Annotated[str | None, typer.Option(help="ddp (default), fsdp or zero3.")] = None,
    nodes: Annotated[int | None, typer.Option(help="Number of nodes (default 1).")] = None,
    gpus_per_node: Annotated[
        int | None, typer.Option(help="Ranks per node (default: every GPU of the node).")
    ] = None,
    walltime: Annotated[str | None, typer.Option(help="HH:MM:SS (default 00:30:00).")] = None,
    account: Annotated[str | None, typer.Option(help="Allocation to charge.")] = None,
    queue: Annotated[str | None, typer.Option(help="Queue/partition/QOS.")] = None,
    module: Annotated[bool, typer.Option("--module", help="Run with python -m.")] = False,
    env: Annotated[list[str] | None, typer.Option(help="NAME=VALUE, repeatable.")] = None,
    template: Annotated[str | None, typer.Option(help="Template id to use.")] = None,
    force: Annotated[bool, typer.Option(help="Write the script despite policy problems.")] = False,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write here.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Write a launch script for a training job.

    Examples:

        maple render --cluster polaris --nodes 2 --entrypoint train.py -- --epochs 3

        maple render --cluster vista --framework accelerate --nodes 4 \\
            --entrypoint pkg.train --module --account ABC123 -o job.sh

        maple render --cluster perlmutter --framework deepspeed --strategy zero3 \\
            --nodes 2 --queue regular --walltime 02:00:00 --env HF_HOME=/pscratch/hf \\
            --entrypoint train.py -- --deepspeed_config ds.json

    Policy problems (queue limits, GPUs per node, account format) are listed on stderr and
    exit with status 2 unless --force is given.
    """
    with user_errors(as_json):
        spec = build_spec({
            "cluster": cluster, "entrypoint": entrypoint, "args": list(args or []),
            "framework": framework, "strategy": strategy, "nodes": nodes,
            "gpus_per_node": gpus_per_node, "walltime": walltime, "account": account,
            "queue": queue, "module": module, "env": parse_env(list(env or [])),
        })
        result = generate_from_spec(spec, template, strict=not force)
    _write(result, output, as_json)


def register(app: typer.Typer) -> None:
    """Add `maple clusters`, `maple templates` and `maple render` to the root app."""
    app.add_typer(clusters_app, name="clusters")
    from maple_flow.cli.store import history_command

    templates_app.command("history")(history_command)
    app.add_typer(templates_app, name="templates")
    app.command("render")(render_command)
