"""`maple batch` and `maple revalidate`: porting and verification at scale."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from maple_flow.verify.progress import progress_printer

SETUP_NAMES = ("ddp", "fsdp", "zero3", "accelerate")


def batch_command(
    scripts: Annotated[list[Path], typer.Argument(help="Working scripts to port.", exists=True,
                                                  dir_okay=False)],
    to: Annotated[str, typer.Option("--to", help="Target clusters, comma-separated.")],
    verify: Annotated[bool, typer.Option("--verify", help="Verify every ported script.")] = False,
    repair: Annotated[bool, typer.Option(
        "--repair", help="With --verify: repair each failed pair (at most 5 attempts) as soon "
        "as its own verification is back, and learn the site fixes.")] = False,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output-dir", help="Write <script>/<cluster>.sh files here, with a manifest "
        "(maple-batch.json): rerunning the same command redoes only unfinished pairs.")] = None,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each verify job.")] = 300.0,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object: script -> cluster -> "
                                          "result.")] = False,
) -> None:
    """Port many scripts to many clusters in one batch (verification runs concurrently).

    A script that cannot be ported to a cluster is reported (exit 1) and the others go on.
    With -o every file is written whole or not at all; after an interruption, rerun the same
    command to finish.

    Example: maple batch jobs/*.sbatch --to polaris,aurora,vista --verify -o ported/
    """
    from maple_flow.store import open_existing
    from maple_flow.workflows.batchdir import unique_names
    from maple_flow.workflows.scale import batch_port, batch_to_dir, resolve_targets

    clusters = target_list(to, resolve_targets)
    if repair and not verify:
        raise typer.BadParameter("--repair needs --verify (repair starts from the failure)")
    from maple_flow.store import TemplateStore

    # attempts and learned variants are kept with --repair; else the store, when one exists
    store: TemplateStore | None = TemplateStore.open() if repair else open_existing()
    factory = progress_printer if verify and not as_json else None
    if output is not None:
        batch = batch_to_dir(scripts, clusters, output, verify=verify, timeout_s=timeout,
                             progress_factory=factory, store=store, repair=repair)
    else:
        progress = factory(len(scripts) * len(clusters)) if factory else None
        names = unique_names([p.resolve() for p in scripts], {})
        texts = {names[str(p.resolve())]: p.read_bytes().decode("utf-8", errors="replace")
                 for p in scripts}
        batch = batch_port(texts, clusters, verify=verify, timeout_s=timeout, progress=progress,
                           store=store, repair=repair)
    if as_json:
        typer.echo(json.dumps(_batch_json(batch), indent=2))
    else:
        _print_batch(batch, output)
    failed = batch.pairs_failed if verify else sum(len(e) for e in batch.errors.values())
    if failed:
        raise typer.Exit(1)


def target_list(to: str, resolve: Callable[[str], list[str]]) -> list[str]:
    """The clusters of a --to option; none or an unknown one is a usage error (exit 2)."""
    from maple_flow.errors import UnknownCluster

    try:
        return resolve(to)
    except UnknownCluster as exc:
        raise typer.BadParameter(str(exc), param_hint="'--to'") from None


def _batch_json(batch: Any) -> dict[str, Any]:
    data = {n: {c: r.to_dict() for c, r in per.items()} for n, per in batch.results.items()}
    for name, per in batch.resumed.items():
        for cluster, status in per.items():
            data.setdefault(name, {})[cluster] = {"status": status, "resumed": True}
    return {"results": data, "errors": batch.errors, "sources": batch.sources,
            "wall_s": round(batch.wall_s, 1)}


def _print_batch(batch: Any, output: Path | None) -> None:
    names = list(dict.fromkeys([*batch.results, *batch.resumed, *batch.errors]))
    for name in names:
        done = [f"{c} {r.status}" for c, r in batch.results.get(name, {}).items()]
        done += [f"{c} {s} (earlier run)" for c, s in batch.resumed.get(name, {}).items()]
        if done:
            where = f" -> {output / name}" if output else ""
            typer.echo(f"{name}{where}: " + ", ".join(done))
    for name, per in batch.errors.items():
        source = batch.sources.get(name, name)
        messages = set(per.values())
        if len(messages) == 1:
            typer.echo(f"error: {source} ({', '.join(per)}): {messages.pop()}", err=True)
            continue
        for cluster, message in per.items():
            typer.echo(f"error: {source} ({cluster}): {message}", err=True)
    resumed = sum(len(v) for v in batch.resumed.values())
    if resumed:
        typer.echo(f"{resumed} pair(s) were already done by an earlier run into {output}",
                   err=True)


def revalidate_command(
    clusters: Annotated[str, typer.Option(help="Clusters, comma-separated (default: all).")] = "",
    setups: Annotated[str, typer.Option(
        help="Setups among ddp,fsdp,zero3,accelerate (default: all).")] = "",
    out: Annotated[Path, typer.Option(help="Folder for matrix.md/.html/.json.")] = Path(
        "maple-revalidation"),
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each job.")] = 600.0,
    warm: Annotated[bool, typer.Option("--warm", help="Twin jobs in warm mode: one torch "
                                       "import per node, ranks forked (docs/twin.md).")] = False,
    repair: Annotated[bool, typer.Option(
        "--repair", help="Repair each template or variant that fails, and learn the fix.")
    ] = False,
) -> None:
    """Verify every template and every learned variant on every cluster's endpoint; write the
    matrix (Markdown, HTML, JSON); keep every run, the drift and the repairs in the store.

    workflows/nightly.sh runs this every night (see workflows/README.md).

    Example: maple revalidate --clusters polaris,delta --setups ddp --out matrix/
    """
    import time

    from maple_flow.knowledge.clusters import all_profiles, resolve_cluster
    from maple_flow.models import SETUPS
    from maple_flow.reports.matrix import write_matrix
    from maple_flow.store import TemplateStore
    from maple_flow.twin.warm import warm_mode
    from maple_flow.workflows.revalidate import revalidate_all
    from maple_flow.workflows.scale import matrix_targets

    names = [resolve_cluster(c) for c in clusters.split(",") if c.strip()] or list(all_profiles())
    chosen = [s.strip() for s in setups.split(",") if s.strip()] or list(SETUP_NAMES)
    bad = [s for s in chosen if s not in SETUP_NAMES]
    if bad:
        raise typer.BadParameter(f"unknown setups {bad}; choose from {', '.join(SETUP_NAMES)}")
    pairs = [SETUPS[SETUP_NAMES.index(s)] for s in chosen]
    start = time.monotonic()
    with TemplateStore.open() as store, warm_mode(warm):
        result = revalidate_all(matrix_targets(names, pairs), store, repair=repair,
                                timeout_s=timeout,
                                progress=progress_printer(len(names) * len(pairs)))
        where = store.path
    data = write_matrix(result.cells, out, time.monotonic() - start)
    typer.echo(f"{data['verified']}/{data['cells']} verified in {data['wall_s']} s; "
               f"wrote {out}/matrix.md, matrix.html, matrix.json")
    _print_revalidation(result, where)
    broken = [v for v in result.variants if v.after not in ("verified", "")]
    if data["verified"] != data["cells"] or broken:
        raise typer.Exit(1)


def _print_revalidation(result: Any, where: Path) -> None:
    """Where it was kept, the drift since the last one, the variants, the repairs."""
    typer.echo(f"recorded as revalidation #{result.run_id} in {where}; "
               + (f"{len(result.drift)} cell(s) changed" if result.drift else "no cell changed"))
    for change in result.drift:
        typer.echo(f"  {change}")
    for check in result.variants:
        typer.echo(f"  variant {check}")
    for line in result.repairs:
        typer.echo(f"  repair: {line}")


def register(app: typer.Typer) -> None:
    """Add `maple batch` and `maple revalidate` to the root app."""
    app.command("batch")(batch_command)
    app.command("revalidate")(revalidate_command)
